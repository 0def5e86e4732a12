#include "testutil.h"

#include <limits>

namespace attnlab::test {

core::Scene randomScene(std::mt19937 &rng, int tokens, int dModel, int heads, int dK, core::PositionalEncoding pe,
    const RandomSceneOptions &options)
{
    std::normal_distribution<float> normal(0.f, options.sigma);
    auto fill = [&](core::Matrix &m, int r, int c) {
        m.resize(r, c);
        for (int i = 0; i < r; ++i)
            for (int j = 0; j < c; ++j)
                m(i, j) = normal(rng);
    };
    core::Scene s;
    s.title = "random";
    const int vocab
        = options.distinct ? tokens : std::max(1, options.vocabulary > 0 ? options.vocabulary : tokens - tokens / 4);
    for (int i = 0; i < vocab; ++i)
        s.vocabulary.push_back("t" + std::to_string(i));
    std::uniform_int_distribution<int> pick(0, vocab - 1);
    for (int i = 0; i < tokens; ++i)
        s.tokens.push_back(s.vocabulary[size_t(options.distinct ? i : pick(rng))]);
    s.dModel = dModel;
    s.heads = heads;
    s.dK = dK;
    s.positional = pe;
    fill(s.embeddings, vocab, dModel);
    fill(s.wq, dModel, heads * dK);
    fill(s.wk, dModel, heads * dK);
    fill(s.wv, dModel, heads * dK);
    if (heads > 1)
        fill(s.wo, heads * dK, dModel);
    return s;
}

double maxDiff(const core::Matrix &a, const core::Matrix &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return std::numeric_limits<double>::infinity();
    double worst = 0;
    for (Eigen::Index r = 0; r < a.rows(); ++r)
        for (Eigen::Index c = 0; c < a.cols(); ++c) {
            const double x = a(r, c), y = b(r, c);
            if (std::isinf(x) || std::isinf(y)) {
                if (x != y)
                    return std::numeric_limits<double>::infinity();
                continue;
            }
            if (std::isnan(x) || std::isnan(y))
                return std::numeric_limits<double>::infinity();
            worst = std::max(worst, std::abs(x - y));
        }
    return worst;
}

} // namespace attnlab::test
