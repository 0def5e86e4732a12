#include "core/model/block/blockmath.h"

#include "core/model/kernels/halfmatrix.h"
#include "core/model/kernels/quantblocks.h"
#include "core/model/kernels/quantmatrix.h"
#include "core/model/kernels/skinny.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace attnlab::core::model {

void layerNormRows(const Eigen::Ref<const Matrix> &in, const LayerNormWeights &w, Scalar eps, Eigen::Ref<Matrix> out)
{
    const auto gamma = w.weight.vector().array();
    const auto beta = w.bias.vector().array();
    for (Eigen::Index r = 0; r < in.rows(); ++r) {
        const auto x = in.row(r).array();
        const Scalar mean = x.mean();
        const Scalar variance = (x - mean).square().mean();
        const Scalar inv = Scalar(1) / std::sqrt(variance + eps);
        out.row(r) = (((x - mean) * inv) * gamma + beta).matrix();
    }
}

void rmsNormRows(const Eigen::Ref<const Matrix> &in, const LayerNormWeights &w, Scalar eps, Eigen::Ref<Matrix> out,
    Scalar weightOffset)
{
    // Gemma adds the offset to the weight in float32 first (`output * (1.0 + self.weight.float())`).
    const RowVector scale = w.weight.vector().array() + weightOffset;
    const auto gamma = scale.array();
    for (Eigen::Index r = 0; r < in.rows(); ++r) {
        const auto x = in.row(r).array();
        const Scalar variance = x.square().mean();
        const Scalar inv = Scalar(1) / std::sqrt(variance + eps);
        // The weight multiplies the normalised row (not the other way round), as in transformers.
        out.row(r) = (gamma * (x * inv)).matrix();
    }
}

ScoreScale::ScoreScale(ScoreScaling scaling, int headDim, double queryPreAttnScalar, Scalar softcap)
    : m_divide(scaling == ScoreScaling::DivideBySqrtHead)
    , m_divisor(std::sqrt(Scalar(headDim)))
    , m_factor(Scalar(std::pow(
          scaling == ScoreScaling::TimesInverseSqrtQueryPreAttnScalar ? queryPreAttnScalar : double(headDim), -0.5)))
    , m_softcap(softcap)
{
}

void ScoreScale::softmaxRow(Eigen::Ref<Matrix> w, Eigen::Index row, Eigen::Index visible, Eigen::Index from,
    Eigen::Index gapFrom, Eigen::Index gapTo) const
{
    if (from > 0)
        w.row(row).head(from).setZero();
    auto scores = w.row(row).segment(from, visible - from).array();
    if (m_divide)
        scores /= m_divisor;
    else
        scores *= m_factor;
    // Gemma's soft-capping after the scaling and before the mask (modeling_gemma2's
    // eager_attention_forward: `/ softcap`, `tanh`, `* softcap`, then `+ causal_mask`); masked keys
    // get exactly 0 whatever their capped score, so capping only the visible ones is the same.
    if (m_softcap > 0)
        scores = (scores / m_softcap).tanh() * m_softcap;
    // Evicted keys: −∞ after the cap, out of the maximum (the query itself is always visible, so
    // it is finite), then exactly 0 after the exp (Eigen's vectorised exp clamps its argument, so
    // exp(−∞) would be a denormal).
    if (gapTo > gapFrom)
        scores.segment(gapFrom - from, gapTo - gapFrom).setConstant(-std::numeric_limits<Scalar>::infinity());
    const Scalar top = scores.maxCoeff();
    scores = (scores - top).exp();
    if (gapTo > gapFrom)
        scores.segment(gapFrom - from, gapTo - gapFrom).setZero();
    scores /= scores.sum();
    if (visible < w.cols())
        w.row(row).tail(w.cols() - visible).setZero();
}

void normRows(NormKind kind, const Eigen::Ref<const Matrix> &in, const LayerNormWeights &w, Scalar eps,
    Eigen::Ref<Matrix> out, Scalar weightOffset)
{
    switch (kind) {
    case NormKind::LayerNorm:
        layerNormRows(in, w, eps, out);
        return;
    case NormKind::RmsNorm:
        rmsNormRows(in, w, eps, out, weightOffset);
        return;
    }
}

namespace {

struct NamedActivation {
    const char *name;
    Activation function;
};

// transformers' ACT2FN names for the functions implemented here.
constexpr NamedActivation kActivations[] = {
    {"gelu", Activation::GeluErf},
    {"gelu_python", Activation::GeluErf},
    {"gelu_new", Activation::GeluTanh},
    {"gelu_pytorch_tanh", Activation::GeluTanh},
    {"gelu_fast", Activation::GeluTanh},
    {"relu", Activation::Relu},
    {"quick_gelu", Activation::QuickGelu},
    {"silu", Activation::Silu},
    {"swish", Activation::Silu},
};

} // namespace

std::optional<Activation> activationNamed(const std::string &name)
{
    for (const NamedActivation &a : kActivations)
        if (name == a.name)
            return a.function;
    return std::nullopt;
}

std::string activationNames()
{
    std::string names;
    for (const NamedActivation &a : kActivations)
        names += (names.empty() ? "" : ", ") + std::string(a.name);
    return names;
}

void activate(Activation f, Eigen::Ref<Matrix> m)
{
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        auto a = m.row(r).array();
        switch (f) {
        case Activation::GeluTanh: {
            const Scalar k = Scalar(std::sqrt(2.0 / 3.14159265358979323846));
            a = Scalar(0.5) * a * (Scalar(1) + (k * (a + Scalar(0.044715) * a.cube())).tanh());
            break;
        }
        case Activation::GeluErf: {
            const Scalar invSqrt2 = Scalar(0.70710678118654752440);
            for (Eigen::Index i = 0; i < a.size(); ++i)
                a(i) = Scalar(0.5) * a(i) * (Scalar(1) + std::erf(a(i) * invSqrt2));
            break;
        }
        case Activation::Relu:
            a = a.max(Scalar(0));
            break;
        case Activation::QuickGelu:
            a = a * (Scalar(1) / (Scalar(1) + (Scalar(-1.702) * a).exp()));
            break;
        case Activation::Silu:
            a = a / (Scalar(1) + (-a).exp());
            break;
        }
    }
}

RowVector rotaryInverseFrequencies(int headDim, double theta, const RopeScaling &scaling)
{
    if (headDim < 2 || headDim % 2 != 0)
        throw std::invalid_argument("rotary embeddings need an even head size, not " + std::to_string(headDim));
    // transformers: 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim)), all in float32.
    const int half = headDim / 2;
    const float base = float(theta);
    RowVector inv(half);
    for (int i = 0; i < half; ++i)
        inv(i) = 1.0f / std::pow(base, float(2 * i) / float(headDim));
    if (scaling.type == "default")
        return inv;
    // _compute_linear_scaling_rope_parameters: `inv_freq /= factor` on the float32 tensor.
    if (scaling.type == "linear") {
        const float factor = float(scaling.factor);
        for (int i = 0; i < half; ++i)
            inv(i) /= factor;
        return inv;
    }
    if (scaling.type != "llama3")
        throw std::invalid_argument("unknown rope_scaling type \"" + scaling.type + "\"");
    // _compute_llama3_parameters, with its float32 tensors and Python scalars.
    const float factor = float(scaling.factor), low = float(scaling.lowFreqFactor);
    const double oldContext = scaling.originalMaxPositions;
    const float lowWavelen = float(oldContext / scaling.lowFreqFactor);
    const float highWavelen = float(oldContext / scaling.highFreqFactor);
    const float span = float(scaling.highFreqFactor - scaling.lowFreqFactor);
    const float twoPi = float(2 * 3.14159265358979323846);
    for (int i = 0; i < half; ++i) {
        const float wavelen = (1.0f / inv(i)) * twoPi;
        const float scaled = wavelen > lowWavelen ? inv(i) / factor : inv(i);
        const bool medium = !(wavelen < highWavelen) && !(wavelen > lowWavelen);
        if (medium) {
            const float smooth = ((1.0f / wavelen) * float(oldContext) - low) / span;
            inv(i) = (1.0f - smooth) * scaled / factor + smooth * scaled;
        } else {
            inv(i) = scaled;
        }
    }
    return inv;
}

void rotaryTables(const RowVector &inverseFrequencies, int firstPosition, int count, Matrix &cos, Matrix &sin)
{
    const Eigen::Index half = inverseFrequencies.size();
    cos.resize(count, 2 * half);
    sin.resize(count, 2 * half);
    for (int p = 0; p < count; ++p) {
        const float position = float(firstPosition + p);
        for (Eigen::Index i = 0; i < half; ++i) {
            const float angle = inverseFrequencies(i) * position;
            cos(p, i) = cos(p, i + half) = std::cos(angle);
            sin(p, i) = sin(p, i + half) = std::sin(angle);
        }
    }
}

void applyRotary(Eigen::Ref<Matrix> x, const Eigen::Ref<const Matrix> &cos, const Eigen::Ref<const Matrix> &sin)
{
    const Eigen::Index half = x.cols() / 2;
    for (Eigen::Index r = 0; r < x.rows(); ++r) {
        for (Eigen::Index i = 0; i < half; ++i) {
            const Scalar a = x(r, i), b = x(r, i + half);
            // q·cos + rotate_half(q)·sin with rotate_half(q) = [−q₂, q₁].
            x(r, i) = a * cos(r, i) + (-b) * sin(r, i);
            x(r, i + half) = b * cos(r, i + half) + a * sin(r, i + half);
        }
    }
}

// Resizes `m` to rows × cols; when that allocates a large block, asks Linux to back it with
// huge pages before it is first touched. The attention weights of a long text take hundreds of
// megabytes, and faulting them in 4 KiB pages cost about as much as the products on the
// (virtual) machine we measure on (docs/performance.md).
void resizeLarge(Matrix &m, Eigen::Index rows, Eigen::Index cols)
{
    if (m.rows() == rows && m.cols() == cols)
        return;
    m.resize(rows, cols);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t huge = std::uintptr_t(2) << 20;
    const auto begin = reinterpret_cast<std::uintptr_t>(m.data());
    const std::uintptr_t end = begin + std::uintptr_t(m.size()) * sizeof(Scalar);
    const std::uintptr_t first = (begin + huge - 1) & ~(huge - 1), last = end & ~(huge - 1);
    if (last > first)
        madvise(reinterpret_cast<void *>(first), last - first, MADV_HUGEPAGE); // a hint: failure is harmless
#endif
}

void growRows(Matrix &m, int rows, int cols, int limit)
{
    constexpr int kFirstCapacity = 64;
    if (m.rows() >= rows && m.cols() == cols)
        return;
    const int capacity = std::min(limit, std::max({rows, int(2 * m.rows()), kFirstCapacity}));
    m.conservativeResize(capacity, cols);
}

namespace {

// Whether `count` outputs of a float32 row-major projection (W outputs × inputs) of `rows` rows —
// the logit lens's unembedding, a decoding step — go through the kernel that reads the weights
// where they lie (kernels/skinny.h) rather than a general product, which does as well for many
// rows or for weights that stay in the cache. An input-major weight (a Conv1D's, in × out) stays
// with the general product: its few-row products are matrix-vector products, which BLAS does
// without packing.
bool isSkinny(Eigen::Index rows, const TensorView &w, int count)
{
    return !w.inputMajor && !w.isHalf() && !w.isQuantized() && rows <= kernels::kSkinnyRows
        && long(count) * w.cols >= kernels::kSkinnyMinWeights;
}

// Outputs [first, first + count) of that projection into `out` (rows(x) × count).
void projectSkinny(const Eigen::Ref<const Matrix> &x, const TensorView &w, int first, int count, Eigen::Ref<Matrix> out)
{
    const kernels::SkinnyInput in {x.data(), size_t(x.rows()), size_t(x.cols()), size_t(x.outerStride())};
    const kernels::SkinnyOutput to {out.data(), size_t(count), size_t(out.outerStride())};
    kernels::skinnyDot(in, w.data + size_t(first) * size_t(w.ld()), size_t(w.ld()), to);
}

// x·Wᵀ for outputs [first, first + count) of a float32 view: the same physical product as the
// file's orientation gives (x·W for an input-major W).
void projectFloat(const Eigen::Ref<const Matrix> &x, const TensorView &w, int first, int count, Eigen::Ref<Matrix> out)
{
    if (w.inputMajor)
        out.noalias() = x * w.matrix().middleCols(first, count);
    else
        out.noalias() = x * w.matrix().middleRows(first, count).transpose();
}

} // namespace

void project(const Eigen::Ref<const Matrix> &x, const TensorView &w, const TensorView &bias, Eigen::Ref<Matrix> out)
{
    const int count = w.rows;
    if (w.isQuantized())
        kernels::projectQuantized(x, w, 0, count, out);
    else if (w.isHalf())
        kernels::projectHalf(x, w, 0, count, out);
    else if (isSkinny(x.rows(), w, count))
        projectSkinny(x, w, 0, count, out);
    else
        projectFloat(x, w, 0, count, out);
    if (!bias.empty())
        out.rowwise() += bias.vector();
}

void projectSlice(
    const Eigen::Ref<const Matrix> &x, const TensorView &w, const TensorView &bias, int first, int count, Matrix &out)
{
    if (w.isQuantized()) {
        out.resize(x.rows(), count);
        kernels::projectQuantized(x, w, first, count, out);
    } else if (w.isHalf()) {
        out.resize(x.rows(), count);
        kernels::projectHalf(x, w, first, count, out);
    } else if (isSkinny(x.rows(), w, count)) {
        out.resize(x.rows(), count);
        projectSkinny(x, w, first, count, out);
    } else {
        out.resize(x.rows(), count);
        projectFloat(x, w, first, count, out);
    }
    if (!bias.empty())
        out.rowwise() += bias.vector().segment(first, count);
}

void projectRow(const Eigen::Ref<const RowVector> &x, const TensorView &w, RowVector &out)
{
    out.resize(w.rows);
    if (w.isQuantized())
        kernels::projectQuantized(x, w, 0, w.rows, out);
    else if (w.isHalf())
        kernels::projectHalf(x, w, 0, w.rows, out);
    else if (isSkinny(1, w, w.rows))
        projectSkinny(x, w, 0, w.rows, out);
    else
        projectFloat(x, w, 0, w.rows, out);
}

void embeddingRows(const TensorView &table, const std::vector<int> &ids, int from, Eigen::Ref<Matrix> out)
{
    if (table.isQuantized())
        return kernels::dequantizeRows(table, ids.data() + from, out);
    if (table.isHalf())
        return kernels::widenRows(table, ids.data() + from, out);
    const auto t = table.matrix();
    for (Eigen::Index r = 0; r < out.rows(); ++r)
        out.row(r) = t.row(ids[size_t(from + r)]);
}

void addTableRows(const TensorView &table, int firstRow, Eigen::Ref<Matrix> out)
{
    if (table.isHalf() || table.isQuantized()) {
        std::vector<int> rows(size_t(out.rows()));
        std::iota(rows.begin(), rows.end(), firstRow);
        if (table.isQuantized())
            return kernels::addDequantizedRows(table, rows.data(), out);
        return kernels::addWidenedRows(table, rows.data(), out);
    }
    out += table.matrix().middleRows(firstRow, out.rows());
}

void addTableRowToEach(const TensorView &table, int row, Eigen::Ref<Matrix> out)
{
    if (table.isHalf() || table.isQuantized()) {
        const std::vector<int> rows(size_t(out.rows()), row);
        if (table.isQuantized())
            return kernels::addDequantizedRows(table, rows.data(), out);
        return kernels::addWidenedRows(table, rows.data(), out);
    }
    out.rowwise() += table.matrix().row(row);
}

void addSinusoidalPositions(int first, Eigen::Ref<Matrix> rows)
{
    const Eigen::Index d = rows.cols(), half = (d + 1) / 2;
    for (Eigen::Index r = 0; r < rows.rows(); ++r) {
        const double p = double(first + r);
        for (Eigen::Index j = 0; j < half; ++j) {
            // numpy: pos / np.power(10000, 2 * (j // 2) / dim) at column 2j (sin) and 2j + 1 (cos).
            const double angle = p / std::pow(10000.0, double(2 * j) / double(d));
            rows(r, j) += Scalar(std::sin(angle));
            if (half + j < d)
                rows(r, half + j) += Scalar(std::cos(angle));
        }
    }
}

void addBias(Eigen::Ref<Matrix> out, const TensorView &bias)
{
    out.rowwise() += bias.vector();
}

TensorView tensorRows(const TensorView &t, int first, int count)
{
    TensorView band = t;
    band.rows = count;
    band.stride = t.ld();
    // Rows are outputs: stored rows of a row-major view, stored columns of an input-major one.
    if (t.isQuantized()) { // row-major whole rows of blocks
        band.quant = t.quant + size_t(first) * t.rowBytes;
        return band;
    }
    const size_t offset = t.inputMajor ? size_t(first) : size_t(first) * size_t(t.ld());
    if (t.isHalf())
        band.bits = t.bits + offset;
    else
        band.data = t.data + offset;
    return band;
}

TensorView tensorColumns(const TensorView &t, int first, int count)
{
    TensorView band = t;
    band.cols = count;
    band.stride = t.ld();
    // Columns are inputs: stored columns of a row-major view, stored rows of an input-major one.
    if (t.isQuantized()) { // a window of each row: its blocks are read from quantCol on
        band.quantCol = t.quantCol + first;
        return band;
    }
    const size_t offset = t.inputMajor ? size_t(first) * size_t(t.ld()) : size_t(first);
    if (t.isHalf())
        band.bits = t.bits + offset;
    else
        band.data = t.data + offset;
    return band;
}

std::int64_t tensorBytes(const TensorView &t)
{
    if (t.empty())
        return 0;
    const std::int64_t n = std::int64_t(t.rows) * t.cols;
    if (t.isQuantized())
        return n / kernels::quantBlockSize(t.type) * std::int64_t(kernels::quantBlockBytes(t.type));
    return n * (t.isHalf() ? 2 : 4);
}

Matrix tensorCopy(const TensorView &t)
{
    return tensorBlock(t, 0, 0, t.rows, t.cols);
}

Matrix storedCopy(const TensorView &t)
{
    if (t.isQuantized())
        return kernels::dequantizeBlock(t, 0, 0, t.rows, t.cols);
    if (t.isHalf())
        return kernels::widenBlock(t, 0, 0, t.storedRows(), t.storedCols());
    return t.matrix();
}

Matrix tensorBlock(const TensorView &t, int row, int col, int rows, int cols)
{
    if (t.isQuantized())
        return kernels::dequantizeBlock(t, row, col, rows, cols);
    if (t.inputMajor) {
        if (t.isHalf())
            return kernels::widenBlock(t, col, row, cols, rows).transpose();
        return t.matrix().block(col, row, cols, rows).transpose();
    }
    if (t.isHalf())
        return kernels::widenBlock(t, row, col, rows, cols);
    return t.matrix().block(row, col, rows, cols);
}

RowVector vectorSegment(const TensorView &t, int first, int count)
{
    if (t.isQuantized())
        return kernels::dequantizeBlock(t, 0, first, 1, count);
    if (t.isHalf())
        return kernels::widenBlock(t, 0, first, 1, count);
    return t.vector().segment(first, count);
}

} // namespace attnlab::core::model
