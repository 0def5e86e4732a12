#include "core/engine/flashtrace.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace attnlab::core::engine {

namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

double score(
    const Eigen::Ref<const Matrix> &q, const Eigen::Ref<const Matrix> &k, Eigen::Index i, Eigen::Index j, double scale)
{
    double s = 0;
    for (Eigen::Index c = 0; c < q.cols(); ++c)
        s += double(q(i, c)) * double(k(j, c));
    return s * scale;
}

bool tileHidden(const MaskMatrix &visible, Eigen::Index r0, Eigen::Index r1, Eigen::Index c0, Eigen::Index c1)
{
    for (Eigen::Index i = r0; i < r1; ++i)
        for (Eigen::Index j = c0; j < c1; ++j)
            if (visible(i, j))
                return false;
    return true;
}

Eigen::MatrixXd naiveAttention(const Eigen::Ref<const Matrix> &q, const Eigen::Ref<const Matrix> &k,
    const Eigen::Ref<const Matrix> &v, const MaskMatrix &visible, double scale)
{
    const Eigen::Index n = q.rows();
    Eigen::MatrixXd out = Eigen::MatrixXd::Zero(n, v.cols());
    std::vector<double> s(size_t(k.rows()));
    for (Eigen::Index i = 0; i < n; ++i) {
        double top = kNegInf;
        for (Eigen::Index j = 0; j < k.rows(); ++j) {
            s[size_t(j)] = visible(i, j) ? score(q, k, i, j, scale) : kNegInf;
            top = std::max(top, s[size_t(j)]);
        }
        if (top == kNegInf)
            continue; // no visible key: output 0
        double sum = 0;
        for (double &x : s) {
            x = x == kNegInf ? 0 : std::exp(x - top);
            sum += x;
        }
        for (Eigen::Index j = 0; j < k.rows(); ++j)
            out.row(i) += (s[size_t(j)] / sum) * v.row(j).cast<double>();
    }
    return out;
}

} // namespace

long long FlashTrace::naiveMatrixBytes() const
{
    return static_cast<long long>(output.rows()) * output.rows() * 4;
}

long long FlashTrace::tileBytes() const
{
    return static_cast<long long>(tileRows) * tileCols * 4;
}

bool isCausal(const MaskMatrix &visible)
{
    for (Eigen::Index i = 0; i < visible.rows(); ++i)
        for (Eigen::Index j = 0; j < visible.cols(); ++j)
            if (bool(visible(i, j)) != (j <= i))
                return false;
    return true;
}

FlashTiles countTiles(const MaskMatrix &visible, int tileRows, int tileCols)
{
    if (tileRows < 1 || tileCols < 1)
        throw std::invalid_argument("countTiles: a tile needs at least one row and one column");
    const Eigen::Index n = visible.rows();
    const Eigen::Index rowsPerTile = std::min<Eigen::Index>(tileRows, std::max<Eigen::Index>(n, 1));
    const Eigen::Index colsPerTile = std::min<Eigen::Index>(tileCols, std::max<Eigen::Index>(n, 1));
    FlashTiles t;
    for (Eigen::Index r0 = 0; r0 < n; r0 += rowsPerTile)
        for (Eigen::Index c0 = 0; c0 < visible.cols(); c0 += colsPerTile) {
            const Eigen::Index r1 = std::min(n, r0 + rowsPerTile), c1 = std::min(visible.cols(), c0 + colsPerTile);
            ++t.total;
            const Eigen::Index seen = (visible.block(r0, c0, r1 - r0, c1 - c0).array() != 0).count();
            if (seen == 0)
                ++t.skipped;
            else if (seen < (r1 - r0) * (c1 - c0))
                ++t.partial;
        }
    return t;
}

FlashTrace flashTrace(const Eigen::Ref<const Matrix> &q, const Eigen::Ref<const Matrix> &k,
    const Eigen::Ref<const Matrix> &v, const MaskMatrix &visible, double scale, int tileRows, int tileCols)
{
    const Eigen::Index n = q.rows();
    if (k.rows() != n || v.rows() != n || k.cols() != q.cols() || visible.rows() != n || visible.cols() != n)
        throw std::invalid_argument("flashTrace: q, k, v and the mask disagree in shape");
    if (tileRows < 1 || tileCols < 1)
        throw std::invalid_argument("flashTrace: a tile needs at least one row and one column");
    FlashTrace t;
    t.tileRows = int(std::min<Eigen::Index>(tileRows, std::max<Eigen::Index>(n, 1)));
    t.tileCols = int(std::min<Eigen::Index>(tileCols, std::max<Eigen::Index>(n, 1)));
    t.causal = isCausal(visible);
    t.scale = scale;
    t.output = Eigen::MatrixXd::Zero(n, v.cols());
    for (Eigen::Index r0 = 0; r0 < n; r0 += t.tileRows) {
        const Eigen::Index r1 = std::min(n, r0 + t.tileRows), rows = r1 - r0;
        std::vector<double> m(size_t(rows), kNegInf), l(size_t(rows), 0);
        Eigen::MatrixXd o = Eigen::MatrixXd::Zero(rows, v.cols());
        for (Eigen::Index c0 = 0; c0 < n; c0 += t.tileCols) {
            const Eigen::Index c1 = std::min(n, c0 + t.tileCols);
            if (tileHidden(visible, r0, r1, c0, c1))
                continue;
            for (Eigen::Index i = 0; i < rows; ++i) {
                // This tile's row: its maximum, then the rescaled running values.
                double tileMax = kNegInf;
                std::vector<double> s(size_t(c1 - c0), kNegInf);
                for (Eigen::Index j = c0; j < c1; ++j)
                    if (visible(r0 + i, j)) {
                        s[size_t(j - c0)] = score(q, k, r0 + i, j, scale);
                        tileMax = std::max(tileMax, s[size_t(j - c0)]);
                    }
                const double mNew = std::max(m[size_t(i)], tileMax);
                if (mNew == kNegInf)
                    continue; // nothing visible yet
                const double rescale = m[size_t(i)] == kNegInf ? 0 : std::exp(m[size_t(i)] - mNew);
                l[size_t(i)] *= rescale;
                o.row(i) *= rescale;
                for (Eigen::Index j = c0; j < c1; ++j) {
                    if (s[size_t(j - c0)] == kNegInf)
                        continue;
                    const double p = std::exp(s[size_t(j - c0)] - mNew);
                    l[size_t(i)] += p;
                    o.row(i) += p * v.row(j).cast<double>();
                }
                m[size_t(i)] = mNew;
            }
            t.steps.push_back({int(r0 / t.tileRows), int(c0 / t.tileCols), m, l, o});
        }
        for (Eigen::Index i = 0; i < rows; ++i)
            if (l[size_t(i)] > 0)
                t.output.row(r0 + i) = o.row(i) / l[size_t(i)];
    }
    t.naive = naiveAttention(q, k, v, visible, scale);
    return t;
}

} // namespace attnlab::core::engine
