#include "testutil.h"

#include "core/scene/positional.h"

#include <algorithm>
#include <filesystem>
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

void addBiases(std::mt19937 &rng, core::Scene &s, float sigma)
{
    std::normal_distribution<float> normal(0.f, sigma);
    auto fill = [&](core::RowVector &v, int length) {
        v.resize(length);
        for (int i = 0; i < length; ++i)
            v(i) = normal(rng);
    };
    fill(s.bq, s.heads * s.dK);
    fill(s.bk, s.heads * s.dK);
    fill(s.bv, s.heads * s.dK);
    if (s.wo.size() > 0)
        fill(s.bo, s.dModel);
}

void giveInputX(core::Scene &s)
{
    const std::vector<int> rows = core::embeddingRows(s);
    s.x.resize(s.tokenCount(), s.dModel);
    for (size_t i = 0; i < rows.size(); ++i)
        s.x.row(Eigen::Index(i)) = s.embeddings.row(rows[i]);
    if (s.positional == core::PositionalEncoding::Sinusoidal)
        s.x += core::sinusoidalEncoding(s.tokenCount(), s.dModel);
    s.positional = core::PositionalEncoding::None;
    s.vocabulary.clear();
    s.embeddings.resize(0, 0);
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

core::LoadResult loadExampleFile(const std::string &name)
{
    const std::string path = std::string(ATTNLAB_SOURCE_DIR) + "/resources/examples/" + name + ".attn.json";
    core::LoadResult r = core::loadSceneFile(path);
    EXPECT_TRUE(r.problems.empty()) << path;
    return r;
}

std::vector<std::string> exampleFileNames()
{
    const std::string suffix = ".attn.json";
    std::vector<std::string> names;
    for (const auto &entry :
        std::filesystem::directory_iterator(std::string(ATTNLAB_SOURCE_DIR) + "/resources/examples")) {
        const std::string file = entry.path().filename().string();
        if (file.size() > suffix.size() && file.compare(file.size() - suffix.size(), suffix.size(), suffix) == 0)
            names.push_back(file.substr(0, file.size() - suffix.size()));
    }
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace attnlab::test
