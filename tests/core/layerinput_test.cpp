// A given X (layer-input mode) and the biases b_Q, b_K, b_V, b_O: validation, the pipeline's
// numbers against a naive computation, the scene file keys and the --dump JSON.

#include "core/scene/pipeline.h"
#include "core/scene/sceneio.h"
#include "core/scene/stagesjson.h"

#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

using namespace attnlab::core;
using attnlab::test::addBiases;
using attnlab::test::giveInputX;
using attnlab::test::maxDiff;
using attnlab::test::randomScene;

namespace {

// Whether some problem has exactly this path and a message containing `part`.
bool hasProblem(const std::vector<Problem> &problems, const std::string &path, const std::string &part)
{
    for (const Problem &p : problems)
        if (p.path == path && p.message.english().find(part) != std::string::npos)
            return true;
    return false;
}

std::string describe(const std::vector<Problem> &problems)
{
    std::string out;
    for (const Problem &p : problems)
        out += p.path + ": " + p.message.english() + "\n";
    return out.empty() ? "no problems" : out;
}

// A valid two-head scene with a given X and every bias.
Scene layerScene(std::mt19937 &rng, int tokens = 5)
{
    Scene s = randomScene(rng, tokens, 6, 2, 3);
    giveInputX(s);
    addBiases(rng, s);
    return s;
}

// The attention of a model-mode scene without RoPE, written out with plain loops in double
// precision, independent of the pipeline: output = concat·W_O + b_O (or concat).
Matrix naiveOutput(const Scene &s, Matrix *q0 = nullptr)
{
    const int n = s.tokenCount(), dm = s.dModel, h = s.heads, dk = s.dK;
    std::vector<std::vector<double>> x(size_t(n), std::vector<double>(size_t(dm), 0.0));
    const std::vector<int> rows = embeddingRows(s);
    for (int i = 0; i < n; ++i)
        for (int c = 0; c < dm; ++c)
            x[size_t(i)][size_t(c)] = s.hasInputX() ? s.x(i, c) : s.embeddings(rows[size_t(i)], c);
    auto bias = [](const RowVector &b, int c) { return b.size() ? double(b(c)) : 0.0; };
    auto proj = [&](const Matrix &w, const RowVector &b, int i, int c) {
        double sum = bias(b, c);
        for (int m = 0; m < dm; ++m)
            sum += x[size_t(i)][size_t(m)] * w(m, c);
        return sum;
    };
    const MaskMatrix visible = effectiveMask(s);
    const double d = divisor(s);
    Matrix concat(n, h * dk);
    if (q0)
        q0->resize(n, dk);
    for (int j = 0; j < h; ++j) {
        for (int i = 0; i < n; ++i) {
            std::vector<double> score(size_t(n), -std::numeric_limits<double>::infinity());
            double top = -std::numeric_limits<double>::infinity();
            for (int k = 0; k < n; ++k) {
                if (!visible(i, k))
                    continue;
                double dot = 0;
                for (int c = j * dk; c < (j + 1) * dk; ++c)
                    dot += proj(s.wq, s.bq, i, c) * proj(s.wk, s.bk, k, c);
                score[size_t(k)] = dot / d;
                top = std::max(top, score[size_t(k)]);
            }
            double total = 0;
            for (double &e : score) {
                e = std::isinf(e) ? 0.0 : std::exp(e - top);
                total += e;
            }
            for (int c = j * dk; c < (j + 1) * dk; ++c) {
                double sum = 0;
                for (int k = 0; k < n; ++k)
                    sum += score[size_t(k)] / total * proj(s.wv, s.bv, k, c);
                concat(i, c) = Scalar(sum);
                if (q0 && j == 0)
                    (*q0)(i, c) = Scalar(proj(s.wq, s.bq, i, c));
            }
        }
    }
    if (s.wo.size() == 0)
        return concat;
    Matrix out(n, dm);
    for (int i = 0; i < n; ++i)
        for (int c = 0; c < dm; ++c) {
            double sum = bias(s.bo, c);
            for (int m = 0; m < h * dk; ++m)
                sum += double(concat(i, m)) * s.wo(m, c);
            out(i, c) = Scalar(sum);
        }
    return out;
}

} // namespace

TEST(LayerInputScene, AGivenXWithBiasesIsValid)
{
    std::mt19937 rng(1);
    const Scene s = layerScene(rng);
    EXPECT_TRUE(s.hasInputX());
    EXPECT_TRUE(validate(s).empty()) << describe(validate(s));
}

TEST(LayerInputScene, AGivenXMayHaveRotaryPositionsThatTurnQAndKOnly)
{
    // A head of a rotary model: X holds no positions, Q and K are rotated by the model's pairing
    // and frequencies.
    std::mt19937 rng(21);
    Scene s = randomScene(rng, 5, 6, 1, 4);
    giveInputX(s);
    addBiases(rng, s);
    s.positional = PositionalEncoding::Rope;
    s.ropeConvention = RotaryConvention::HalfSplit;
    s.ropeFrequencies = (RowVector(2) << 1.0f, 0.125f).finished();
    ASSERT_TRUE(validate(s).empty()) << describe(validate(s));
    Pipeline p;
    p.compute(s);
    EXPECT_EQ(p.stages().x, s.x) << "RoPE leaves X alone";
    const HeadStages &h = p.stages().heads.at(0);
    ASSERT_EQ(h.qRotated.rows(), 5);
    for (int i = 0; i < 5; ++i)
        for (int pair = 0; pair < 2; ++pair) {
            // rotate-half: dimension `pair` turns with `pair` + 2 by the angle i·θ_pair.
            const double angle = i * double(s.ropeFrequencies(pair)), c = std::cos(angle), sn = std::sin(angle);
            const double a = h.q(i, pair), b = h.q(i, pair + 2);
            EXPECT_NEAR(h.qRotated(i, pair), a * c - b * sn, 1e-5);
            EXPECT_NEAR(h.qRotated(i, pair + 2), a * sn + b * c, 1e-5);
        }
    const LoadResult r = parseScene(writeScene(s));
    ASSERT_TRUE(r.ok()) << describe(r.problems);
    EXPECT_TRUE(*r.scene == s);
}

TEST(LayerInputScene, ValidateNamesEachProblem)
{
    std::mt19937 rng(2);
    const Scene good = layerScene(rng);
    struct Case {
        const char *name;
        void (*spoil)(Scene &);
        const char *path;
        const char *message;
    };
    const Case cases[] = {
        {"X one row short", [](Scene &s) { s.x.conservativeResize(s.x.rows() - 1, s.x.cols()); }, "X",
            "expected a 5×6 matrix"},
        {"X too narrow", [](Scene &s) { s.x.conservativeResize(s.x.rows(), 4); }, "X", "got 5×4"},
        {"X not finite", [](Scene &s) { s.x(2, 5) = std::numeric_limits<Scalar>::quiet_NaN(); }, "X[2][5]", "finite"},
        {"X too large", [](Scene &s) { s.x(0, 1) = 2e6f; }, "X[0][1]", "between"},
        {"X with embeddings",
            [](Scene &s) {
                s.vocabulary = {"a"};
                s.embeddings = Matrix::Zero(1, s.dModel);
            },
            "embeddings", "together with \"X\""},
        {"X with sinusoidal positions", [](Scene &s) { s.positional = PositionalEncoding::Sinusoidal; },
            "positional_encoding", "must be \"none\" or \"rope\""},
        {"b_Q too short", [](Scene &s) { s.bq.conservativeResize(5); }, "b_Q", "expected 6 numbers"},
        {"b_K too long", [](Scene &s) { s.bk.conservativeResize(7); }, "b_K", "got 7"},
        {"b_V not finite", [](Scene &s) { s.bv(4) = std::numeric_limits<Scalar>::infinity(); }, "b_V[4]", "finite"},
        {"b_O of the wrong length", [](Scene &s) { s.bo.conservativeResize(3); }, "b_O", "d_model = 6"},
    };
    for (const Case &c : cases) {
        Scene s = good;
        c.spoil(s);
        const std::vector<Problem> problems = validate(s);
        EXPECT_TRUE(hasProblem(problems, c.path, c.message)) << c.name << ": " << describe(problems);
    }
}

TEST(LayerInputScene, AnOutputBiasNeedsOutputWeights)
{
    std::mt19937 rng(3);
    Scene s = randomScene(rng, 4, 4, 1, 4); // one head: no W_O
    s.bo = RowVector::Ones(4);
    EXPECT_TRUE(hasProblem(validate(s), "b_O", "needs \"W_O\"")) << describe(validate(s));
    s.bo.resize(0);
    EXPECT_TRUE(validate(s).empty()) << describe(validate(s));
}

TEST(LayerInputScene, DirectModeRefusesXAndBiases)
{
    Scene s;
    s.direct = true;
    s.tokens = {"a", "b"};
    s.q = s.k = s.v = Matrix::Ones(2, 2);
    ASSERT_TRUE(validate(s).empty()) << describe(validate(s));
    s.x = Matrix::Ones(2, 2);
    s.bk = RowVector::Ones(2);
    const std::vector<Problem> problems = validate(s);
    EXPECT_TRUE(hasProblem(problems, "X", "direct-mode")) << describe(problems);
    EXPECT_TRUE(hasProblem(problems, "b_K", "direct-mode")) << describe(problems);
}

TEST(LayerInputScene, ScenesDifferInXAndInEachBias)
{
    std::mt19937 rng(4);
    const Scene a = layerScene(rng);
    RowVector Scene::*biases[] = {&Scene::bq, &Scene::bk, &Scene::bv, &Scene::bo};
    for (RowVector Scene::*b : biases) {
        Scene c = a;
        (c.*b)(1) += 1;
        EXPECT_FALSE(c == a);
        (c.*b).resize(0);
        EXPECT_FALSE(c == a);
    }
    Scene c = a;
    c.x(3, 2) += 1;
    EXPECT_FALSE(c == a);
    EXPECT_TRUE(Scene(a) == a);
}

TEST(LayerInputPipeline, BiasesAddToQKVAndOutputAsANaiveComputationDoes)
{
    std::mt19937 rng(5);
    // Repeated tokens and no positions: the pipeline projects each distinct row once, and the
    // bias must still reach every row.
    Scene s = randomScene(rng, 9, 6, 2, 3, PositionalEncoding::None, {1.f, 3});
    addBiases(rng, s);
    s.mask = MaskKind::Causal;
    Pipeline p;
    p.compute(s);
    Matrix q0;
    const Matrix expected = naiveOutput(s, &q0);
    EXPECT_LE(maxDiff(p.stages().heads[0].q, q0), 1e-4);
    EXPECT_LE(maxDiff(p.stages().output, expected), 1e-3);

    // The biases matter: without them the numbers differ.
    Scene plain = s;
    plain.bq.resize(0);
    plain.bk.resize(0);
    plain.bv.resize(0);
    plain.bo.resize(0);
    Pipeline without;
    without.compute(plain);
    EXPECT_GT(maxDiff(without.stages().output, p.stages().output), 1e-2);
    EXPECT_LE(maxDiff(without.stages().output, naiveOutput(plain)), 1e-3);
}

TEST(LayerInputPipeline, TheXStageIsTheGivenX)
{
    std::mt19937 rng(6);
    const Scene s = layerScene(rng);
    Pipeline p;
    p.compute(s);
    EXPECT_EQ(p.stages().x, s.x);
    EXPECT_LE(maxDiff(p.stages().output, naiveOutput(s)), 1e-3);
}

TEST(LayerInputPipeline, AGivenXEqualsTheEmbeddingLookupItReplaces)
{
    std::mt19937 rng(7);
    Scene embedded = randomScene(rng, 6, 4, 2, 2, PositionalEncoding::Sinusoidal);
    addBiases(rng, embedded);
    Scene given = embedded;
    giveInputX(given);
    Pipeline a, b;
    a.compute(embedded);
    b.compute(given);
    EXPECT_LE(maxDiff(a.stages().x, b.stages().x), 1e-6);
    EXPECT_LE(maxDiff(a.stages().output, b.stages().output), 1e-5);
}

TEST(LayerInputPipeline, ABiasOnlyOutsideTheHeadsIsAddedOnce)
{
    // b_O on a W_O that is the identity: output = concat + b_O exactly.
    std::mt19937 rng(8);
    Scene s = randomScene(rng, 3, 4, 2, 2);
    s.wo = Matrix::Identity(4, 4);
    s.bo = (RowVector(4) << 1, -2, 3, 0.5f).finished();
    Pipeline p;
    p.compute(s);
    Matrix expected = p.stages().concat;
    expected.rowwise() += s.bo;
    EXPECT_LE(maxDiff(p.stages().output, expected), 1e-6);
}

TEST(LayerInputFile, OldFilesLoadWithoutXOrBiases)
{
    const LoadResult r = loadSceneFile(ATTNLAB_SOURCE_DIR "/resources/examples/cat-eats-fish.attn.json");
    ASSERT_TRUE(r.ok()) << describe(r.problems);
    EXPECT_FALSE(r.scene->hasInputX());
    EXPECT_EQ(r.scene->bq.size() + r.scene->bk.size() + r.scene->bv.size() + r.scene->bo.size(), 0);
}

TEST(LayerInputFile, LoadSaveLoadKeepsXAndBiases)
{
    std::mt19937 rng(9);
    Scene s = layerScene(rng, 4);
    s.title = "layer 3, head 2";
    s.mask = MaskKind::Causal;
    const std::string text = writeScene(s);
    EXPECT_NE(text.find("\"X\": ["), std::string::npos);
    EXPECT_NE(text.find("\"b_O\": ["), std::string::npos);
    EXPECT_EQ(text.find("\"embeddings\""), std::string::npos) << "X replaces the embeddings";
    const LoadResult r = parseScene(text);
    ASSERT_TRUE(r.ok()) << describe(r.problems);
    EXPECT_TRUE(*r.scene == s);
    EXPECT_EQ(writeScene(*r.scene), text);
}

TEST(LayerInputFile, BiasesRoundTripInAnEmbeddingScene)
{
    std::mt19937 rng(10);
    Scene s = randomScene(rng, 4, 4, 1, 2, PositionalEncoding::Rope);
    s.bq = (RowVector(2) << 0.25f, -1).finished();
    s.bv = (RowVector(2) << 3, 1e-7f).finished();
    const LoadResult r = parseScene(writeScene(s));
    ASSERT_TRUE(r.ok()) << describe(r.problems);
    EXPECT_TRUE(*r.scene == s);
    EXPECT_EQ(r.scene->bk.size(), 0);
}

namespace {

const char *kLayerFile = R"({
  "format": "attnlab.scene", "version": 1,
  "tokens": ["the", "cat", "sat"],
  "d_model": 2, "heads": 1, "d_k": 2,
  "X": [[1, 0], [0, 1], [1, 1]],
  "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]],
  "b_Q": [0.5, -0.5], "b_V": [1, 2]
})";

std::string layerVariant(const std::string &from, const std::string &to)
{
    std::string text = kLayerFile;
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
}

} // namespace

TEST(LayerInputFile, ReadsXAndBiases)
{
    const LoadResult r = parseScene(kLayerFile);
    ASSERT_TRUE(r.ok()) << describe(r.problems);
    EXPECT_TRUE(r.scene->hasInputX());
    EXPECT_TRUE(r.scene->vocabulary.empty());
    EXPECT_FLOAT_EQ(r.scene->x(2, 1), 1.f);
    EXPECT_FLOAT_EQ(r.scene->bq(1), -0.5f);
    EXPECT_FLOAT_EQ(r.scene->bv(1), 2.f);
    EXPECT_EQ(r.scene->bk.size(), 0);
    Pipeline p;
    p.compute(*r.scene);
    EXPECT_FLOAT_EQ(p.stages().heads[0].q(0, 0), 1.5f); // [1 0]·I + [0.5 −0.5]
    EXPECT_FLOAT_EQ(p.stages().heads[0].q(0, 1), -0.5f);
}

TEST(LayerInputFile, ErrorsNameTheJsonPath)
{
    struct Case {
        std::string text, path, message;
    };
    const Case cases[] = {
        {layerVariant("[1, 1]]", "[1, \"1\"]]"), "X[2][1]", "expected a number"},
        {layerVariant("[1, 1]]", "[1, 1, 1]]"), "X[2]", "has 3 numbers"},
        {layerVariant("[1, 1]]", "[1, 1], [0, 0]]"), "X", "expected a 3×2 matrix"},
        {layerVariant("\"X\": [[1, 0], [0, 1], [1, 1]],", "\"X\": {},"), "X", "expected an array of rows"},
        {layerVariant("\"b_Q\": [0.5, -0.5]", "\"b_Q\": [0.5]"), "b_Q", "expected 2 numbers"},
        {layerVariant("\"b_Q\": [0.5, -0.5]", "\"b_Q\": []"), "b_Q", "at least one number"},
        {layerVariant("\"b_V\": [1, 2]", "\"b_V\": 3"), "b_V", "expected an array of numbers"},
        {layerVariant("\"b_V\": [1, 2]", "\"b_V\": [1, null]"), "b_V[1]", "expected a number"},
        {layerVariant("\"b_V\": [1, 2]", "\"b_V\": [1, 2], \"b_O\": [0, 0]"), "b_O", "needs \"W_O\""},
        {layerVariant("\"tokens\"", "\"positional_encoding\": \"sinusoidal\", \"tokens\""), "positional_encoding",
            "must be \"none\""},
        {layerVariant("\"X\"", "\"embeddings\": {\"the\": [1, 0]}, \"X\""), "embeddings", "together with \"X\""},
        {layerVariant("\"X\": [[1, 0], [0, 1], [1, 1]],", ""), "embeddings", "is missing (or give \"X\""},
        {layerVariant("\"b_V\": [1, 2]", "\"b_V\": [1, 2], \"b_V\": [1, 2]"), "b_V", "more than once"},
    };
    for (const Case &c : cases) {
        const LoadResult r = parseScene(c.text);
        ASSERT_FALSE(r.ok()) << c.path;
        EXPECT_TRUE(hasProblem(r.problems, c.path, c.message)) << c.path << ": " << describe(r.problems);
    }
}

TEST(LayerInputFile, DirectModeFilesRefuseXAndBiases)
{
    const std::string text = R"({"tokens": ["a"], "direct": {"Q": [[1]], "K": [[1]], "V": [[1]]},
                                "X": [[1]], "b_Q": [1]})";
    const LoadResult r = parseScene(text);
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(hasProblem(r.problems, "X", "direct-mode")) << describe(r.problems);
    EXPECT_TRUE(hasProblem(r.problems, "b_Q", "direct-mode")) << describe(r.problems);
}

TEST(LayerInputDump, AGivenXAndBiasesDumpTheirStages)
{
    const LoadResult r = parseScene(kLayerFile);
    ASSERT_TRUE(r.ok()) << describe(r.problems);
    Pipeline p;
    const std::string json = stagesToJson(*r.scene, p.compute(*r.scene));
    // X as given, Q with b_Q added, V with b_V added.
    EXPECT_NE(json.find("\"X\": [\n    [1, 0],\n    [0, 1],\n    [1, 1]\n  ]"), std::string::npos) << json;
    EXPECT_NE(json.find("\"Q\": [\n        [1.5, -0.5],\n        [0.5, 0.5],\n        [1.5, 0.5]\n      ]"),
        std::string::npos)
        << json;
    EXPECT_NE(json.find("\"V\": [\n        [2, 2],\n        [1, 3],\n        [2, 3]\n      ]"), std::string::npos)
        << json;
}
