// A scene with a memory (cross-attention): Q from X, K and V from the memory, scores and weights
// n × s, no mask; against a naive float64 computation of our own, through compute() and update().
// With attention variants (MemoryVariants): QK-norm, the soft cap and the sink logit act on
// cross-attention as on self-attention (K_norm is the memory's rows, capped n × s, sink n × 1);
// the sliding window, a band along one sequence, is refused naming variants.sliding_window, by
// validate(), by the scene reader and by the pipeline.

#include "core/scene/derivation.h"
#include "core/scene/pipeline.h"
#include "core/scene/sceneio.h"
#include "core/scene/stagetable.h"

#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

using namespace attnlab::core;
using attnlab::test::addBiases;
using attnlab::test::giveInputX;
using attnlab::test::randomScene;

namespace {

using Dense = Eigen::MatrixXd;

// A two-head scene: 3 query tokens with a given X, and a memory of 5 source rows.
Scene crossScene(std::mt19937 &rng, int queries = 3, int keys = 5)
{
    Scene s = randomScene(rng, queries, 6, 2, 3);
    giveInputX(s);
    addBiases(rng, s);
    std::normal_distribution<float> normal(0.f, 1.f);
    s.memory.x = Matrix::NullaryExpr(keys, s.dModel, [&] { return normal(rng); });
    s.memory.tokens.clear();
    for (int i = 0; i < keys; ++i)
        s.memory.tokens.push_back("src" + std::to_string(i));
    return s;
}

struct Reference {
    std::vector<Dense> q, k, v, weights, context;
    Dense output;
};

// Cross-attention written out with loops in double: nothing is shared with the pipeline.
Reference naiveCross(const Scene &s)
{
    const Dense x = s.x.cast<double>(), m = s.memory.x.cast<double>();
    const int n = int(x.rows()), keys = int(m.rows()), dk = s.dK, d = s.dModel;
    Reference r;
    Dense concat = Dense::Zero(n, s.heads * dk);
    for (int h = 0; h < s.heads; ++h) {
        Dense q(n, dk), k(keys, dk), v(keys, dk);
        for (int c = 0; c < dk; ++c) {
            const int w = h * dk + c;
            for (int i = 0; i < n; ++i) {
                double acc = s.bq.size() ? double(s.bq(w)) : 0.0;
                for (int t = 0; t < d; ++t)
                    acc += x(i, t) * double(s.wq(t, w));
                q(i, c) = acc;
            }
            for (int j = 0; j < keys; ++j) {
                double ak = s.bk.size() ? double(s.bk(w)) : 0.0, av = s.bv.size() ? double(s.bv(w)) : 0.0;
                for (int t = 0; t < d; ++t) {
                    ak += m(j, t) * double(s.wk(t, w));
                    av += m(j, t) * double(s.wv(t, w));
                }
                k(j, c) = ak;
                v(j, c) = av;
            }
        }
        Dense weights(n, keys), context = Dense::Zero(n, dk);
        for (int i = 0; i < n; ++i) {
            double largest = -1e300;
            std::vector<double> scaled(size_t(keys), 0.0);
            for (int j = 0; j < keys; ++j) {
                for (int c = 0; c < dk; ++c)
                    scaled[size_t(j)] += q(i, c) * k(j, c);
                scaled[size_t(j)] /= std::sqrt(double(dk));
                largest = std::max(largest, scaled[size_t(j)]);
            }
            double sum = 0;
            for (int j = 0; j < keys; ++j)
                sum += std::exp(scaled[size_t(j)] - largest);
            for (int j = 0; j < keys; ++j) {
                weights(i, j) = std::exp(scaled[size_t(j)] - largest) / sum;
                for (int c = 0; c < dk; ++c)
                    context(i, c) += weights(i, j) * v(j, c);
            }
        }
        concat.middleCols(h * dk, dk) = context;
        r.q.push_back(q);
        r.k.push_back(k);
        r.v.push_back(v);
        r.weights.push_back(weights);
        r.context.push_back(context);
    }
    r.output = Dense::Zero(n, d);
    for (int i = 0; i < n; ++i)
        for (int c = 0; c < d; ++c) {
            double acc = s.bo.size() ? double(s.bo(c)) : 0.0;
            for (int t = 0; t < s.heads * dk; ++t)
                acc += concat(i, t) * double(s.wo(t, c));
            r.output(i, c) = acc;
        }
    return r;
}

double gap(const Matrix &a, const Dense &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return 1e30;
    return (a.cast<double>() - b).cwiseAbs().maxCoeff();
}

void expectMatchesReference(const Stages &st, const Reference &r)
{
    constexpr double tol = 2e-5;
    ASSERT_EQ(st.heads.size(), r.q.size());
    for (size_t h = 0; h < r.q.size(); ++h) {
        EXPECT_LE(gap(st.heads[h].q, r.q[h]), tol) << "Q of head " << h;
        EXPECT_LE(gap(st.heads[h].k, r.k[h]), tol) << "K of head " << h;
        EXPECT_LE(gap(st.heads[h].v, r.v[h]), tol) << "V of head " << h;
        EXPECT_LE(gap(st.heads[h].weights, r.weights[h]), tol) << "weights of head " << h;
        EXPECT_LE(gap(st.heads[h].context, r.context[h]), tol) << "context of head " << h;
    }
    EXPECT_LE(gap(st.output, r.output), 1e-4);
}

// crossScene with QK-norm (with weights), a soft cap and a sink logit per head switched on.
Scene crossVariantsScene(std::mt19937 &rng, int queries = 3, int keys = 5)
{
    Scene s = crossScene(rng, queries, keys);
    std::normal_distribution<float> normal(0.f, 1.f);
    AttentionVariants &v = s.variants;
    v.qkNorm = true;
    v.qNormWeight = RowVector::NullaryExpr(s.dK, [&] { return 1.f + 0.3f * normal(rng); });
    v.kNormWeight = RowVector::NullaryExpr(s.dK, [&] { return 1.f + 0.3f * normal(rng); });
    v.qkNormEpsilon = Scalar(1e-5);
    v.softCap = Scalar(1.5); // small, so that the cap bends the scores of this scene
    v.sinkLogit = true;
    v.sinkLogits = RowVector(2);
    v.sinkLogits << Scalar(0.4), Scalar(-1.1);
    return s;
}

// One head of the reference with variants.
struct VariantsHead {
    Dense kNormed, capped, sink, weights, context;
};
struct VariantsReference {
    std::vector<VariantsHead> heads;
    Dense output;
};

Dense rmsNorm(const Dense &rows, const RowVector &weight, double epsilon)
{
    Dense out(rows.rows(), rows.cols());
    for (Eigen::Index r = 0; r < rows.rows(); ++r) {
        const double meanSquare = rows.row(r).squaredNorm() / double(rows.cols());
        for (Eigen::Index c = 0; c < rows.cols(); ++c)
            out(r, c) = rows(r, c) / std::sqrt(meanSquare + epsilon) * double(weight[c]);
    }
    return out;
}

// naiveCross's Q, K and V, then the variants written out in double: QK-norm on the rows of Q and
// K, scores ÷ √d_k, tanh(· ÷ c)·c, and a softmax whose denominator also holds e^sink.
VariantsReference naiveVariants(const Scene &s)
{
    const Reference plain = naiveCross(s);
    const int n = int(s.x.rows()), dk = s.dK;
    const double cap = double(s.variants.softCap), epsilon = double(s.variants.qkNormEpsilon);
    VariantsReference r;
    Dense concat(n, s.heads * dk);
    for (int h = 0; h < s.heads; ++h) {
        const Dense qn = rmsNorm(plain.q[size_t(h)], s.variants.qNormWeight, epsilon);
        VariantsHead out;
        out.kNormed = rmsNorm(plain.k[size_t(h)], s.variants.kNormWeight, epsilon);
        out.capped = (qn * out.kNormed.transpose() / std::sqrt(double(dk)) / cap).array().tanh() * cap;
        const double sinkTerm = std::exp(double(s.variants.sinkLogits[h]));
        const Eigen::ArrayXd sums = out.capped.array().exp().rowwise().sum() + sinkTerm;
        out.weights = out.capped.array().exp().colwise() / sums;
        out.sink = (sinkTerm / sums).matrix();
        out.context = out.weights * plain.v[size_t(h)];
        concat.middleCols(h * dk, dk) = out.context;
        r.heads.push_back(out);
    }
    r.output = concat * s.wo.cast<double>();
    if (s.bo.size() > 0)
        r.output.rowwise() += s.bo.cast<double>();
    return r;
}

void expectVariantsMatch(const Stages &st, const VariantsReference &r)
{
    constexpr double tol = 5e-5;
    ASSERT_EQ(st.heads.size(), r.heads.size());
    for (size_t h = 0; h < r.heads.size(); ++h) {
        const HeadStages &hs = st.heads[h];
        const VariantsHead &want = r.heads[h];
        EXPECT_LE(gap(hs.kNormed, want.kNormed), tol) << "K_norm of head " << h;
        EXPECT_LE(gap(hs.capped, want.capped), tol) << "capped of head " << h;
        EXPECT_LE(gap(hs.sink, want.sink), tol) << "sink of head " << h;
        EXPECT_LE(gap(hs.weights, want.weights), tol) << "weights of head " << h;
        EXPECT_LE(gap(hs.context, want.context), tol) << "context of head " << h;
    }
    EXPECT_LE(gap(st.output, r.output), 2e-4);
}

std::string problemIn(const std::vector<Problem> &problems, const std::string &path)
{
    for (const Problem &p : problems)
        if (p.path == path)
            return p.message.english();
    return "(no problem at " + path + ")";
}

} // namespace

TEST(MemoryPipeline, KAndVComeFromTheMemoryAndWeightsAreQueriesByKeys)
{
    std::mt19937 rng(35);
    const Scene s = crossScene(rng);
    ASSERT_TRUE(validate(s).empty());
    Pipeline p;
    const Stages &st = p.compute(s);
    ASSERT_EQ(st.heads[0].scores.rows(), 3);
    ASSERT_EQ(st.heads[0].scores.cols(), 5);
    ASSERT_EQ(st.heads[0].weights.cols(), 5);
    ASSERT_EQ(st.heads[0].k.rows(), 5);
    expectMatchesReference(st, naiveCross(s));
    for (Eigen::Index r = 0; r < 3; ++r)
        EXPECT_NEAR(st.heads[1].weights.row(r).sum(), 1.f, 1e-5f);
    // Nothing is masked across the memory: every key of every row is finite in `masked`.
    EXPECT_TRUE(st.heads[0].masked.allFinite());
}

TEST(MemoryPipeline, TheStageTableDeclaresThatOnlyKAndVReadTheMemory)
{
    std::mt19937 rng(1);
    const Scene s = crossScene(rng);
    EXPECT_FALSE(readsMemory(s, StageQ));
    EXPECT_TRUE(readsMemory(s, StageK));
    EXPECT_TRUE(readsMemory(s, StageV));
    EXPECT_FALSE(readsMemory(s, StageScores));
    Scene self = s;
    self.memory = {};
    EXPECT_FALSE(readsMemory(self, StageK));
}

TEST(MemoryPipeline, EditsUpdateToTheSameNumbersAsTheReference)
{
    std::mt19937 rng(7);
    Scene s = crossScene(rng, 4, 6);
    Pipeline p;
    p.compute(s);
    // A cell of W_K (head 1), of X (a query row), of W_Q, and the scale.
    s.wk(2, 4) += 0.75f;
    p.update(s, {Edit::Target::WK, 2, 4});
    expectMatchesReference(p.stages(), naiveCross(s));
    s.x(1, 3) -= 1.5f;
    p.update(s, {Edit::Target::X, 1, 3});
    expectMatchesReference(p.stages(), naiveCross(s));
    s.wq(0, 1) *= -2.f;
    p.update(s, {Edit::Target::WQ, 0, 1});
    expectMatchesReference(p.stages(), naiveCross(s));
    s.bv(5) += 1.f;
    p.update(s, {Edit::Target::BV, -1, 5});
    expectMatchesReference(p.stages(), naiveCross(s));
}

TEST(MemoryPipeline, AMemoryThenItsRemovalRecomputeSelfAttention)
{
    std::mt19937 rng(11);
    Scene s = crossScene(rng);
    Pipeline p;
    p.compute(s);
    Scene self = s;
    self.memory = {};
    p.update(self, {Edit::Target::Everything});
    EXPECT_EQ(p.stages().heads[0].weights.cols(), 3);
    Pipeline fresh;
    EXPECT_LE(attnlab::test::maxDiff(p.stages().output, fresh.compute(self).output), 0.f);
}

TEST(MemoryPipeline, TheDerivationOfAKeyReadsTheMemoryRow)
{
    std::mt19937 rng(5);
    const Scene s = crossScene(rng);
    Pipeline p;
    const Stages &st = p.compute(s);
    const ProjectionDerivation k = deriveProjection(s, st, StageK, 1, 4, 2);
    EXPECT_NEAR(k.terms.sum + k.bias, st.heads[1].k(4, 2), 1e-5);
    EXPECT_NEAR(k.terms.left[0], s.memory.x(4, 0), 0);
    const ProjectionDerivation q = deriveProjection(s, st, StageQ, 0, 2, 1);
    EXPECT_NEAR(q.terms.left[0], s.x(2, 0), 0);
}

TEST(MemoryValidation, AMalformedMemoryIsRefusedNamingTheField)
{
    std::mt19937 rng(3);
    auto problemAt = [](const Scene &s, const std::string &path) {
        for (const Problem &p : validate(s))
            if (p.path == path)
                return p.message.english();
        return std::string();
    };
    Scene wide = crossScene(rng);
    wide.memory.x.conservativeResize(Eigen::NoChange, 7);
    EXPECT_NE(problemAt(wide, "memory.X").find("d_model = 6 wide, not 7"), std::string::npos);
    Scene nan = crossScene(rng);
    nan.memory.x(2, 1) = std::numeric_limits<float>::quiet_NaN();
    EXPECT_NE(problemAt(nan, "memory.X[2][1]"), "");
    Scene count = crossScene(rng);
    count.memory.tokens.pop_back();
    EXPECT_NE(problemAt(count, "memory.tokens").find("5 rows, 4 tokens"), std::string::npos);
    Scene causal = crossScene(rng);
    causal.mask = MaskKind::Causal;
    EXPECT_NE(problemAt(causal, "mask").find("masks nothing"), std::string::npos);
    Scene rope = crossScene(rng);
    rope.positional = PositionalEncoding::Rope;
    EXPECT_NE(problemAt(rope, "positional_encoding"), "");
    // The pipeline refuses what validate() refuses rather than compute a wrong shape.
    Pipeline p;
    EXPECT_THROW(p.compute(count), std::invalid_argument);
}

TEST(MemoryVariants, QkNormSoftCapAndSinkActOnCrossAttentionAsAFloat64ReferenceSays)
{
    std::mt19937 rng(31);
    const Scene s = crossVariantsScene(rng);
    const std::vector<Problem> problems = validate(s);
    ASSERT_TRUE(problems.empty()) << formatProblem("", problems.front());
    Pipeline p;
    const Stages &st = p.compute(s);
    const HeadStages &h = st.heads[1];
    // K_norm keeps K's rows (the memory's); capped is queries × keys; the sink one per query.
    EXPECT_EQ(h.kNormed.rows(), 5);
    EXPECT_EQ(h.qNormed.rows(), 3);
    EXPECT_EQ(h.capped.rows(), 3);
    EXPECT_EQ(h.capped.cols(), 5);
    EXPECT_EQ(h.sink.rows(), 3);
    EXPECT_EQ(h.sink.cols(), 1);
    expectVariantsMatch(st, naiveVariants(s));
    // No score leaves [−c, c], and each row's weights and sink share add up to 1.
    EXPECT_LE(h.capped.cwiseAbs().maxCoeff(), s.variants.softCap);
    for (Eigen::Index r = 0; r < 3; ++r)
        EXPECT_NEAR(double(h.weights.row(r).sum() + h.sink(r, 0)), 1.0, 1e-5);
}

TEST(MemoryVariants, EditsUpdateToTheSameNumbersAsTheReference)
{
    std::mt19937 rng(8);
    Scene s = crossVariantsScene(rng, 4, 6);
    Pipeline p;
    p.compute(s);
    s.wk(1, 5) += 0.8f; // a key column of head 1: K, K_norm and everything after
    p.update(s, {Edit::Target::WK, 1, 5});
    expectVariantsMatch(p.stages(), naiveVariants(s));
    s.x(2, 0) -= 1.25f; // a query row: only Q's side changes
    p.update(s, {Edit::Target::X, 2, 0});
    expectVariantsMatch(p.stages(), naiveVariants(s));
    s.variants.softCap = Scalar(3); // a variant: the whole scene again
    p.update(s, {Edit::Target::Everything});
    expectVariantsMatch(p.stages(), naiveVariants(s));
}

TEST(MemoryVariants, KNormRowsAreLabelledWithTheSourceTokens)
{
    std::mt19937 rng(2);
    const Scene s = crossVariantsScene(rng);
    EXPECT_EQ(rowTokens(s, StageKNormed), s.memory.tokens);
    EXPECT_EQ(rowTokens(s, StageK), s.memory.tokens);
    EXPECT_EQ(rowTokens(s, StageQNormed), s.tokens);
    EXPECT_EQ(rowTokens(s, StageCapped), s.tokens);
    EXPECT_EQ(rowTokens(s, StageSink), s.tokens);
    EXPECT_FALSE(readsMemory(s, StageKNormed)); // computed from K, not projected from the memory
    Scene self = s;
    self.memory = {};
    EXPECT_EQ(rowTokens(self, StageKNormed), self.tokens);
}

TEST(MemoryVariants, ASlidingWindowWithAMemoryIsRefusedNamingTheField)
{
    std::mt19937 rng(4);
    Scene s = crossVariantsScene(rng);
    s.variants.slidingWindow = 2;
    const std::string why = problemIn(validate(s), "variants.sliding_window");
    EXPECT_NE(why.find("not 2"), std::string::npos) << why;
    EXPECT_NE(why.find("two sequences"), std::string::npos) << why;
    // The same window without the memory is a self-attention scene's, and valid.
    Scene self = s;
    self.memory = {};
    EXPECT_TRUE(validate(self).empty());
    // The pipeline refuses what validate() refuses rather than compute something wrong.
    Pipeline p;
    EXPECT_THROW(p.compute(s), std::invalid_argument);
    // And the scene reader names the same field.
    const LoadResult file = parseScene(R"({"format": "attnlab.scene", "version": 1, "title": "cross",
  "tokens": ["The", "cat"], "d_model": 2, "heads": 1, "d_k": 2, "X": [[1, 0], [0, 1]],
  "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]],
  "memory": {"tokens": ["猫", "吃", "鱼"], "X": [[1, 2], [3, 4], [5, 6]]},
  "variants": {"sliding_window": 2, "soft_cap": 5}})");
    EXPECT_FALSE(file.ok());
    EXPECT_NE(problemIn(file.problems, "variants.sliding_window").find("two sequences"), std::string::npos)
        << problemIn(file.problems, "variants.sliding_window");
}

TEST(MemoryVariants, AMemoryAndVariantsSurviveARoundTripThroughAFile)
{
    std::mt19937 rng(12);
    const Scene s = crossVariantsScene(rng);
    const LoadResult back = parseScene(writeScene(s));
    ASSERT_TRUE(back.ok()) << (back.problems.empty() ? "" : formatProblem("", back.problems.front()));
    EXPECT_EQ(back.scene->memory, s.memory);
    EXPECT_EQ(back.scene->variants, s.variants);
}
