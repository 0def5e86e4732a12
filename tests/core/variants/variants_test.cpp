// The scene's attention variants against a naive float64 reference written from the models'
// definitions (Qwen3's RMSNorm, Gemma 2's soft-capping, masking_utils' sliding window, gpt-oss'
// sink), and their scene file round trip.
#include "core/json/jsonprinter.h"
#include "core/scene/pipeline.h"
#include "core/scene/sceneio.h"
#include "core/scene/stagesjson.h"
#include "core/scene/stagetable.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace attnlab::core;

namespace {

using Rows = std::vector<std::vector<double>>;

Scene randomScene(int n, int dk, unsigned seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.f, 1.5f);
    Scene s;
    s.direct = true;
    for (int i = 0; i < n; ++i)
        s.tokens.push_back("t" + std::to_string(i));
    s.q = Matrix::NullaryExpr(n, dk, [&] { return normal(rng); });
    s.k = Matrix::NullaryExpr(n, dk, [&] { return normal(rng); });
    s.v = Matrix::NullaryExpr(n, dk, [&] { return normal(rng); });
    s.mask = MaskKind::Causal;
    return s;
}

Rows toRows(const Matrix &m)
{
    Rows out(size_t(m.rows()), std::vector<double>(size_t(m.cols())));
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            out[size_t(r)][size_t(c)] = double(m(r, c));
    return out;
}

// Everything in double, one loop per step, in the order the models run them.
struct Reference {
    Rows weights, context;
    std::vector<double> sink;
};

Reference reference(const Scene &s)
{
    const AttentionVariants &v = s.variants;
    Rows q = toRows(s.q), k = toRows(s.k), val = toRows(s.v);
    const size_t n = q.size(), d = q[0].size();
    auto norm = [&](Rows &rows, const RowVector &w) {
        for (auto &row : rows) {
            double ms = 0;
            for (double x : row)
                ms += x * x;
            ms /= double(d);
            for (size_t c = 0; c < d; ++c)
                row[c]
                    = row[c] / std::sqrt(ms + double(v.qkNormEpsilon)) * (w.size() ? double(w[Eigen::Index(c)]) : 1.0);
        }
    };
    if (v.qkNorm) {
        norm(q, v.qNormWeight);
        norm(k, v.kNormWeight);
    }
    Reference out;
    out.weights.assign(n, std::vector<double>(n, 0.0));
    out.context.assign(n, std::vector<double>(val[0].size(), 0.0));
    for (size_t i = 0; i < n; ++i) {
        std::vector<double> logit(n);
        std::vector<bool> seen(n);
        for (size_t j = 0; j < n; ++j) {
            double dot = 0;
            for (size_t c = 0; c < d; ++c)
                dot += q[i][c] * k[j][c];
            double x = dot / std::sqrt(double(d));
            if (v.softCap > 0)
                x = std::tanh(x / double(v.softCap)) * double(v.softCap);
            logit[j] = x;
            bool visible = j <= i; // the scene's causal mask
            if (v.slidingWindow > 0)
                visible = visible && (int(j) > int(i) - v.slidingWindow || (v.firstTokenSink && j == 0));
            seen[j] = visible;
        }
        const double sinkLogit = v.sinkLogit ? (v.sinkLogits.size() ? double(v.sinkLogits[0]) : 0.0) : 0.0;
        double sum = v.sinkLogit ? std::exp(sinkLogit) : 0.0;
        for (size_t j = 0; j < n; ++j)
            if (seen[j])
                sum += std::exp(logit[j]);
        for (size_t j = 0; j < n; ++j)
            out.weights[i][j] = seen[j] ? std::exp(logit[j]) / sum : 0.0;
        out.sink.push_back(v.sinkLogit ? std::exp(sinkLogit) / sum : 0.0);
        for (size_t j = 0; j < n; ++j)
            for (size_t c = 0; c < val[0].size(); ++c)
                out.context[i][c] += out.weights[i][j] * val[j][c];
    }
    return out;
}

void expectMatches(const Scene &s)
{
    ASSERT_TRUE(validate(s).empty());
    Pipeline p;
    const Stages &st = p.compute(s);
    const Reference ref = reference(s);
    const HeadStages &h = st.heads[0];
    for (Eigen::Index i = 0; i < h.weights.rows(); ++i) {
        for (Eigen::Index j = 0; j < h.weights.cols(); ++j)
            EXPECT_NEAR(h.weights(i, j), ref.weights[size_t(i)][size_t(j)], 2e-6) << i << "," << j;
        for (Eigen::Index c = 0; c < h.context.cols(); ++c)
            EXPECT_NEAR(h.context(i, c), ref.context[size_t(i)][size_t(c)], 1e-5) << i << "," << c;
        if (s.variants.sinkLogit) {
            EXPECT_NEAR(h.sink(i, 0), ref.sink[size_t(i)], 2e-6) << i;
        }
    }
}

} // namespace

TEST(AttentionVariants, OffByDefaultLeavesTheStagesAsBefore)
{
    Scene s = randomScene(5, 4, 1);
    EXPECT_FALSE(s.variants.isActive());
    Pipeline p;
    const Stages &st = p.compute(s);
    EXPECT_EQ(st.heads[0].qNormed.size(), 0);
    EXPECT_EQ(st.heads[0].capped.size(), 0);
    EXPECT_EQ(st.heads[0].sink.size(), 0);
    for (const StageEntry &e : stageTable())
        EXPECT_EQ(hasStage(s, e.id), stageMatrix(st, e.id, 0).size() > 0) << e.name;
    expectMatches(s);
}

TEST(AttentionVariants, SlidingWindowHidesKeysOutsideTheBand)
{
    Scene s = randomScene(6, 4, 2);
    s.variants.slidingWindow = 2;
    expectMatches(s);
    Pipeline p;
    const HeadStages &h = p.compute(s).heads[0];
    // Query 4 sees keys 3 and 4 only: 4 − 2 < j ≤ 4.
    for (Eigen::Index j = 0; j < 6; ++j)
        EXPECT_EQ(h.weights(4, j) > 0, j == 3 || j == 4) << j;
    EXPECT_TRUE(std::isinf(h.masked(4, 2)));
}

TEST(AttentionVariants, SlidingWindowIsCausalEvenWithoutAMask)
{
    Scene s = randomScene(4, 2, 3);
    s.mask = MaskKind::None;
    s.variants.slidingWindow = 3;
    Pipeline p;
    const HeadStages &h = p.compute(s).heads[0];
    EXPECT_EQ(h.weights(1, 2), 0.f);
    EXPECT_GT(h.weights(3, 1), 0.f);
    EXPECT_EQ(h.weights(3, 0), 0.f);
}

TEST(AttentionVariants, FirstTokenAsSinkKeepsKeyZeroVisible)
{
    Scene s = randomScene(6, 4, 4);
    s.variants.slidingWindow = 2;
    s.variants.firstTokenSink = true;
    expectMatches(s);
    Pipeline p;
    const HeadStages &h = p.compute(s).heads[0];
    EXPECT_GT(h.weights(5, 0), 0.f);
    EXPECT_EQ(h.weights(5, 1), 0.f);
}

TEST(AttentionVariants, SoftCapMatchesTanhAfterScalingAndBeforeTheMask)
{
    Scene s = randomScene(5, 4, 5);
    s.q *= 4; // scores well past the cap
    s.variants.softCap = 2;
    expectMatches(s);
    Pipeline p;
    const HeadStages &h = p.compute(s).heads[0];
    ASSERT_EQ(h.capped.rows(), 5);
    // float rounds tanh of a large argument to 1, so a cell reaches the cap but never passes it.
    EXPECT_LE(h.capped.cwiseAbs().maxCoeff(), 2.f);
    EXPECT_GT(h.scaled.cwiseAbs().maxCoeff(), 4.f);
    EXPECT_NEAR(h.capped(1, 0), std::tanh(h.scaled(1, 0) / 2.0) * 2.0, 1e-6);
    // The cap is applied to hidden cells too; the mask then hides them.
    EXPECT_NEAR(h.capped(0, 3), std::tanh(h.scaled(0, 3) / 2.0) * 2.0, 1e-6);
}

TEST(AttentionVariants, QkNormMatchesRmsNormWithWeights)
{
    Scene s = randomScene(4, 4, 6);
    s.variants.qkNorm = true;
    s.variants.qNormWeight = RowVector::LinSpaced(4, 0.5f, 2.0f);
    s.variants.kNormWeight = RowVector::LinSpaced(4, 1.5f, 0.25f);
    expectMatches(s);
    Pipeline p;
    const HeadStages &h = p.compute(s).heads[0];
    // With unit weights each normed row has mean square 1 (up to ε).
    s.variants.qNormWeight.resize(0);
    const HeadStages &unit = p.compute(s).heads[0];
    EXPECT_NEAR(unit.qNormed.row(2).squaredNorm() / 4.0, 1.0, 1e-4);
    EXPECT_EQ(h.qNormed.cols(), 4);
}

TEST(AttentionVariants, QkNormRunsBeforeRope)
{
    Scene s = randomScene(3, 4, 7);
    s.positional = PositionalEncoding::Rope;
    s.variants.qkNorm = true;
    Pipeline p;
    const HeadStages &h = p.compute(s).heads[0];
    // Rotation keeps a row's length: the rotated row is as long as the normed one.
    EXPECT_NEAR(h.qRotated.row(2).norm(), h.qNormed.row(2).norm(), 1e-5);
    EXPECT_GT(std::abs(h.qRotated.row(2).norm() - h.q.row(2).norm()), 1e-3);
}

TEST(AttentionVariants, SinkLogitTakesWeightButNoValue)
{
    Scene s = randomScene(5, 4, 8);
    s.variants.sinkLogit = true;
    s.variants.sinkLogits = RowVector::Constant(1, 1.5f);
    expectMatches(s);
    Pipeline p;
    const HeadStages &h = p.compute(s).heads[0];
    for (Eigen::Index i = 0; i < 5; ++i)
        EXPECT_NEAR(h.weights.row(i).sum() + h.sink(i, 0), 1.0, 1e-6);
    EXPECT_GT(h.sink(0, 0), 0.1f);
}

TEST(AttentionVariants, AllTogetherMatchTheReference)
{
    Scene s = randomScene(7, 6, 9);
    s.variants.qkNorm = true;
    s.variants.softCap = 3;
    s.variants.slidingWindow = 3;
    s.variants.firstTokenSink = true;
    s.variants.sinkLogit = true;
    expectMatches(s);
}

// --dump writes the variants' own stages where the scene has them, so a row whose weights sum to
// less than 1 shows where the rest went (the sink), and the normed and capped matrices are there.
TEST(AttentionVariants, TheDumpWritesTheVariantsStages)
{
    Scene s = randomScene(4, 4, 10);
    Pipeline p;
    const nlohmann::json plain = nlohmann::json::parse(stagesToJson(s, p.compute(s)));
    for (const char *key : {"Q_norm", "K_norm", "capped", "sink"})
        EXPECT_FALSE(plain["heads"][0].contains(key)) << key;
    s.variants.qkNorm = true;
    s.variants.softCap = 3;
    s.variants.sinkLogit = true;
    s.variants.sinkLogits = RowVector::Constant(1, 0.5f);
    const Stages &st = p.compute(s);
    const std::string text = stagesToJson(s, st);
    const nlohmann::ordered_json dump = nlohmann::ordered_json::parse(text);
    // Laid out as every other dump (the JSON printer's own layout).
    EXPECT_EQ(json::print(dump), text);
    const nlohmann::ordered_json &head = dump["heads"][0];
    std::vector<std::string> keys;
    for (auto it = head.begin(); it != head.end(); ++it)
        keys.push_back(it.key());
    EXPECT_EQ(keys,
        (std::vector<std::string> {
            "Q", "K", "V", "Q_norm", "K_norm", "scores", "scaled", "capped", "masked", "weights", "sink", "context"}));
    const HeadStages &h = st.heads[0];
    EXPECT_NEAR(head["Q_norm"][2][1].get<double>(), h.qNormed(2, 1), 1e-5);
    EXPECT_NEAR(head["K_norm"][3][0].get<double>(), h.kNormed(3, 0), 1e-5);
    EXPECT_NEAR(head["capped"][1][0].get<double>(), h.capped(1, 0), 1e-5);
    for (int i = 0; i < 4; ++i) {
        double row = head["sink"][i][0].get<double>();
        for (int j = 0; j <= i; ++j)
            row += head["weights"][i][j].get<double>();
        EXPECT_NEAR(row, 1.0, 1e-5) << "row " << i;
    }
}

TEST(AttentionVariants, UpdateAfterAnEditEqualsAFullCompute)
{
    Scene s = randomScene(5, 4, 10);
    s.direct = false;
    s.dModel = 4;
    s.dK = 4;
    s.heads = 1;
    s.x = Matrix::Random(5, 4);
    s.wq = Matrix::Random(4, 4);
    s.wk = Matrix::Random(4, 4);
    s.wv = Matrix::Random(4, 4);
    s.variants.qkNorm = true;
    s.variants.softCap = 1;
    s.variants.sinkLogit = true;
    ASSERT_TRUE(validate(s).empty());
    Pipeline p;
    p.compute(s);
    s.wq(1, 2) += 0.5f;
    p.update(s, {Edit::Target::WQ, 1, 2});
    s.x(3, 1) -= 0.7f;
    p.update(s, {Edit::Target::X, 3, 1});
    Pipeline fresh;
    const Stages &want = fresh.compute(s);
    for (Stage stage : allStages()) {
        const Matrix &got = stageMatrix(p.stages(), stage, 0), &expected = stageMatrix(want, stage, 0);
        ASSERT_EQ(got.rows(), expected.rows()) << stageName(stage);
        ASSERT_EQ(got.cols(), expected.cols()) << stageName(stage);
        for (Eigen::Index i = 0; i < got.size(); ++i) {
            if (std::isinf(expected.data()[i]))
                EXPECT_EQ(got.data()[i], expected.data()[i]) << stageName(stage);
            else
                EXPECT_NEAR(got.data()[i], expected.data()[i], 1e-5) << stageName(stage);
        }
    }
}

TEST(AttentionVariants, BadValuesAreRefusedNamingTheField)
{
    Scene s = randomScene(3, 2, 11);
    s.variants.softCap = std::nanf("");
    std::vector<Problem> problems = validate(s);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].path, "variants.soft_cap");
    s.variants.softCap = 0;
    s.variants.slidingWindow = -1;
    problems = validate(s);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].path, "variants.sliding_window");
}

TEST(AttentionVariantsFile, RoundTripKeepsEverySwitch)
{
    Scene s = randomScene(4, 2, 12);
    s.variants.qkNorm = true;
    s.variants.qNormWeight = RowVector::Constant(2, 0.5f);
    s.variants.softCap = 2.5f;
    s.variants.slidingWindow = 2;
    s.variants.firstTokenSink = true;
    s.variants.sinkLogit = true;
    s.variants.sinkLogits = RowVector::Constant(1, -0.75f);
    const std::string text = writeScene(s);
    EXPECT_NE(text.find("\"variants\""), std::string::npos);
    const LoadResult loaded = parseScene(text);
    ASSERT_TRUE(loaded.scene) << (loaded.problems.empty() ? "" : loaded.problems[0].path);
    EXPECT_EQ(loaded.scene->variants, s.variants);
}

TEST(AttentionVariantsFile, AFileWithoutVariantsLoadsWithEverySwitchOff)
{
    const Scene s = randomScene(3, 2, 13);
    const std::string text = writeScene(s);
    EXPECT_EQ(text.find("variants"), std::string::npos);
    const LoadResult loaded = parseScene(text);
    ASSERT_TRUE(loaded.scene);
    EXPECT_FALSE(loaded.scene->variants.isActive());
}

TEST(AttentionVariantsFile, BadValuesNameTheMember)
{
    const std::string base = writeScene(randomScene(3, 2, 14));
    const std::pair<const char *, const char *> cases[] = {
        {"{\"sliding_window\": 0}", "variants.sliding_window"},
        {"{\"sliding_window\": -3}", "variants.sliding_window"},
        {"{\"soft_cap\": 0}", "variants.soft_cap"},
        {"{\"soft_cap\": -1.5}", "variants.soft_cap"},
        {"{\"qk_norm_epsilon\": 0}", "variants.qk_norm_epsilon"},
        {"{\"qk_norm\": 1}", "variants.qk_norm"},
        {"{\"windw\": 2}", "variants.windw"},
    };
    for (const auto &[value, path] : cases) {
        std::string text = base;
        text.insert(text.find("\"mask\""), std::string("\"variants\": ") + value + ",\n  ");
        const LoadResult loaded = parseScene(text);
        EXPECT_FALSE(loaded.scene) << value;
        ASSERT_FALSE(loaded.problems.empty()) << value;
        EXPECT_EQ(loaded.problems[0].path, path) << value;
    }
}
