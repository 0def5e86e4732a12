// A scene with a memory (cross-attention): Q from X, K and V from the memory, scores and weights
// n × s, no mask; against a naive float64 computation of our own, through compute() and update().

#include "core/scene/derivation.h"
#include "core/scene/pipeline.h"
#include "core/scene/stagetable.h"

#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

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
