// Forward passes of GPT-2 and BERT against an independent naive reference written here with
// plain loops in double precision (no Eigen, no production code), following transformers'
// modeling_gpt2.py and modeling_bert.py.

#include "core/model/forward.h"
#include "core/model/headscene.h"
#include "core/model/topk.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;

namespace {

// ---- Tiny checkpoints built in memory -------------------------------------------------------

struct Storage {
    std::vector<std::unique_ptr<std::vector<float>>> buffers;
};

class Builder {
public:
    explicit Builder(unsigned seed)
        : m_rng(seed)
        , m_storage(std::make_shared<Storage>())
    {
    }

    TensorView random(int rows, int cols, float sigma, float mean = 0)
    {
        std::normal_distribution<float> dist(mean, sigma);
        auto buffer = std::make_unique<std::vector<float>>(size_t(rows) * cols);
        for (float &v : *buffer)
            v = dist(m_rng);
        TensorView t {buffer->data(), rows, cols};
        m_storage->buffers.push_back(std::move(buffer));
        return t;
    }
    TensorView vector(int length, float sigma, float mean = 0) { return random(1, length, sigma, mean); }
    LayerNormWeights norm(int d) { return {vector(d, 0.1f, 1.f), vector(d, 0.1f)}; }
    std::shared_ptr<const void> owner() const { return m_storage; }

private:
    std::mt19937 m_rng;
    std::shared_ptr<Storage> m_storage;
};

ModelConfig gpt2Config(int layers = 3)
{
    ModelConfig c;
    c.family = findFamily("gpt2");
    c.modelType = "gpt2";
    c.layers = layers;
    c.heads = 4;
    c.dModel = 16;
    c.dInner = 24;
    c.maxPositions = 10;
    c.vocabSize = 23;
    c.layerNormEps = 1e-5f;
    c.activation = "gelu_new";
    return c;
}

ModelConfig bertConfig()
{
    ModelConfig c;
    c.family = findFamily("bert");
    c.modelType = "bert";
    c.layers = 2;
    c.heads = 2;
    c.dModel = 8;
    c.dInner = 20;
    c.maxPositions = 12;
    c.vocabSize = 19;
    c.typeVocabSize = 2;
    c.layerNormEps = 1e-12f;
    c.activation = "gelu";
    return c;
}

std::shared_ptr<ModelWeights> makeGpt2(const ModelConfig &c, unsigned seed = 7)
{
    Builder b(seed);
    auto w = std::make_shared<ModelWeights>();
    w->config = c;
    const int d = c.dModel;
    w->tokenEmbeddings = b.random(c.vocabSize, d, 0.5f);
    w->positionEmbeddings = b.random(c.maxPositions, d, 0.3f);
    w->finalNorm = b.norm(d);
    for (int l = 0; l < c.layers; ++l) {
        LayerWeights L;
        L.attnNorm = b.norm(d);
        L.attnWeight = b.random(d, 3 * d, 0.4f);
        L.attnBias = b.vector(3 * d, 0.1f);
        L.attnOut = b.random(d, d, 0.3f);
        L.attnOutBias = b.vector(d, 0.1f);
        L.mlpNorm = b.norm(d);
        L.fcIn = b.random(d, c.dInner, 0.3f);
        L.fcInBias = b.vector(c.dInner, 0.1f);
        L.fcOut = b.random(c.dInner, d, 0.3f);
        L.fcOutBias = b.vector(d, 0.1f);
        w->layers.push_back(L);
    }
    w->owner = b.owner();
    return w;
}

std::shared_ptr<ModelWeights> makeBert(const ModelConfig &c, unsigned seed = 11)
{
    Builder b(seed);
    auto w = std::make_shared<ModelWeights>();
    w->config = c;
    const int d = c.dModel;
    w->tokenEmbeddings = b.random(c.vocabSize, d, 0.5f);
    w->positionEmbeddings = b.random(c.maxPositions, d, 0.3f);
    w->tokenTypeEmbeddings = b.random(c.typeVocabSize, d, 0.3f);
    w->embeddingNorm = b.norm(d);
    for (int l = 0; l < c.layers; ++l) {
        LayerWeights L;
        L.query = b.random(d, d, 0.5f);
        L.queryBias = b.vector(d, 0.1f);
        L.key = b.random(d, d, 0.5f);
        L.keyBias = b.vector(d, 0.1f);
        L.value = b.random(d, d, 0.5f);
        L.valueBias = b.vector(d, 0.1f);
        L.attnOut = b.random(d, d, 0.4f);
        L.attnOutBias = b.vector(d, 0.1f);
        L.attnNorm = b.norm(d);
        L.fcIn = b.random(c.dInner, d, 0.4f);
        L.fcInBias = b.vector(c.dInner, 0.1f);
        L.fcOut = b.random(d, c.dInner, 0.4f);
        L.fcOutBias = b.vector(d, 0.1f);
        L.mlpNorm = b.norm(d);
        w->layers.push_back(L);
    }
    w->mlmDense = b.random(d, d, 0.5f);
    w->mlmDenseBias = b.vector(d, 0.1f);
    w->mlmNorm = b.norm(d);
    w->mlmBias = b.vector(c.vocabSize, 0.2f);
    w->owner = b.owner();
    return w;
}

// ---- The naive reference ---------------------------------------------------------------------

using Vec = std::vector<double>;
using Mat = std::vector<Vec>; // rows

double at(const TensorView &t, int r, int c)
{
    return t.data[size_t(r) * t.cols + c];
}
double at(const TensorView &t, int i)
{
    return t.data[i];
}

Vec layerNormRef(const Vec &x, const LayerNormWeights &w, double eps)
{
    const size_t d = x.size();
    double mean = 0;
    for (double v : x)
        mean += v;
    mean /= d;
    double var = 0;
    for (double v : x)
        var += (v - mean) * (v - mean);
    var /= d; // biased, as torch's LayerNorm
    Vec y(d);
    for (size_t i = 0; i < d; ++i)
        y[i] = (x[i] - mean) / std::sqrt(var + eps) * at(w.weight, int(i)) + at(w.bias, int(i));
    return y;
}

double geluTanh(double x)
{
    return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
}
double geluErf(double x)
{
    return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
}

// y = x·W + b with W in × out (Conv1D).
Vec conv1d(const Vec &x, const TensorView &w, const TensorView &b)
{
    Vec y(w.cols);
    for (int o = 0; o < w.cols; ++o) {
        double s = at(b, o);
        for (int i = 0; i < w.rows; ++i)
            s += x[i] * at(w, i, o);
        y[o] = s;
    }
    return y;
}

// y = x·Wᵀ + b with W out × in (nn.Linear).
Vec linear(const Vec &x, const TensorView &w, const TensorView &b)
{
    Vec y(w.rows);
    for (int o = 0; o < w.rows; ++o) {
        double s = at(b, o);
        for (int i = 0; i < w.cols; ++i)
            s += x[i] * at(w, o, i);
        y[o] = s;
    }
    return y;
}

Vec softmaxRef(const Vec &z)
{
    double top = -INFINITY;
    for (double v : z)
        top = std::max(top, v);
    Vec p(z.size());
    double sum = 0;
    for (size_t i = 0; i < z.size(); ++i)
        sum += p[i] = std::exp(z[i] - top);
    for (double &v : p)
        v /= sum;
    return p;
}

struct Reference {
    std::vector<Mat> inputs; // per layer + final
    std::vector<Mat> attentionInputs; // per layer
    std::vector<Mat> attentionOutputs; // per layer: merge(ctx)·W_O + b_O (before the residual)
    std::vector<std::vector<Mat>> weights; // [layer][head], before the head mask
    Vec probabilities;
};

// Attention of one layer: q, k, v are n × d (all heads side by side).
Mat attendRef(
    const Mat &q, const Mat &k, const Mat &v, int heads, bool causal, const Vec &headMask, std::vector<Mat> &weights)
{
    const int n = int(q.size()), d = int(q[0].size()), dh = d / heads;
    Mat ctx(n, Vec(d, 0.0));
    weights.assign(heads, Mat());
    for (int h = 0; h < heads; ++h) {
        Mat w(n, Vec(n, 0.0));
        for (int i = 0; i < n; ++i) {
            const int visible = causal ? i + 1 : n;
            Vec z(visible);
            for (int j = 0; j < visible; ++j) {
                double s = 0;
                for (int c = 0; c < dh; ++c)
                    s += q[i][h * dh + c] * k[j][h * dh + c];
                z[j] = s / std::sqrt(double(dh));
            }
            const Vec p = softmaxRef(z);
            for (int j = 0; j < visible; ++j)
                w[i][j] = p[j];
            for (int c = 0; c < dh; ++c) {
                double s = 0;
                for (int j = 0; j < n; ++j)
                    s += w[i][j] * headMask[h] * v[j][h * dh + c];
                ctx[i][h * dh + c] = s;
            }
        }
        weights[h] = w;
    }
    return ctx;
}

Reference gpt2Reference(const ModelWeights &w, const std::vector<int> &ids, const Mat &headMask)
{
    const ModelConfig &c = w.config;
    const int n = int(ids.size()), d = c.dModel;
    Reference r;
    Mat h(n, Vec(d));
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < d; ++j)
            h[i][j] = at(w.tokenEmbeddings, ids[i], j) + at(w.positionEmbeddings, i, j);
    for (int l = 0; l < c.layers; ++l) {
        const LayerWeights &L = w.layers[l];
        r.inputs.push_back(h);
        Mat a(n), q(n), k(n), v(n);
        for (int i = 0; i < n; ++i) {
            a[i] = layerNormRef(h[i], L.attnNorm, c.layerNormEps);
            const Vec qkv = conv1d(a[i], L.attnWeight, L.attnBias);
            q[i].assign(qkv.begin(), qkv.begin() + d);
            k[i].assign(qkv.begin() + d, qkv.begin() + 2 * d);
            v[i].assign(qkv.begin() + 2 * d, qkv.end());
        }
        r.attentionInputs.push_back(a);
        r.weights.emplace_back();
        const Mat ctx = attendRef(q, k, v, c.heads, true, headMask[l], r.weights.back());
        Mat attnOut(n);
        for (int i = 0; i < n; ++i) {
            attnOut[i] = conv1d(ctx[i], L.attnOut, L.attnOutBias);
            for (int j = 0; j < d; ++j)
                h[i][j] += attnOut[i][j];
            Vec f = conv1d(layerNormRef(h[i], L.mlpNorm, c.layerNormEps), L.fcIn, L.fcInBias);
            for (double &x : f)
                x = geluTanh(x);
            const Vec m = conv1d(f, L.fcOut, L.fcOutBias);
            for (int j = 0; j < d; ++j)
                h[i][j] += m[j];
        }
        r.attentionOutputs.push_back(attnOut);
    }
    r.inputs.push_back(h);
    const Vec x = layerNormRef(h[n - 1], w.finalNorm, c.layerNormEps);
    Vec logits(c.vocabSize);
    for (int t = 0; t < c.vocabSize; ++t) {
        double s = 0;
        for (int j = 0; j < d; ++j)
            s += x[j] * at(w.tokenEmbeddings, t, j);
        logits[t] = s;
    }
    r.probabilities = softmaxRef(logits);
    return r;
}

Reference bertReference(const ModelWeights &w, const std::vector<int> &ids, int position, const Mat &headMask)
{
    const ModelConfig &c = w.config;
    const int n = int(ids.size()), d = c.dModel;
    Reference r;
    Mat h(n);
    for (int i = 0; i < n; ++i) {
        Vec e(d);
        for (int j = 0; j < d; ++j)
            e[j] = at(w.tokenEmbeddings, ids[i], j) + at(w.tokenTypeEmbeddings, 0, j) + at(w.positionEmbeddings, i, j);
        h[i] = layerNormRef(e, w.embeddingNorm, c.layerNormEps);
    }
    for (int l = 0; l < c.layers; ++l) {
        const LayerWeights &L = w.layers[l];
        r.inputs.push_back(h);
        r.attentionInputs.push_back(h);
        Mat q(n), k(n), v(n);
        for (int i = 0; i < n; ++i) {
            q[i] = linear(h[i], L.query, L.queryBias);
            k[i] = linear(h[i], L.key, L.keyBias);
            v[i] = linear(h[i], L.value, L.valueBias);
        }
        r.weights.emplace_back();
        const Mat ctx = attendRef(q, k, v, c.heads, false, headMask[l], r.weights.back());
        Mat attnOut(n);
        for (int i = 0; i < n; ++i) {
            attnOut[i] = linear(ctx[i], L.attnOut, L.attnOutBias);
            Vec s(d);
            for (int j = 0; j < d; ++j)
                s[j] = attnOut[i][j] + h[i][j];
            const Vec a = layerNormRef(s, L.attnNorm, c.layerNormEps);
            Vec f = linear(a, L.fcIn, L.fcInBias);
            for (double &x : f)
                x = geluErf(x);
            Vec o = linear(f, L.fcOut, L.fcOutBias);
            for (int j = 0; j < d; ++j)
                o[j] += a[j];
            h[i] = layerNormRef(o, L.mlpNorm, c.layerNormEps);
        }
        r.attentionOutputs.push_back(attnOut);
    }
    r.inputs.push_back(h);
    Vec t = linear(h[position], w.mlmDense, w.mlmDenseBias);
    for (double &x : t)
        x = geluErf(x);
    t = layerNormRef(t, w.mlmNorm, c.layerNormEps);
    Vec logits(c.vocabSize);
    for (int v = 0; v < c.vocabSize; ++v) {
        double s = at(w.mlmBias, v);
        for (int j = 0; j < d; ++j)
            s += t[j] * at(w.tokenEmbeddings, v, j);
        logits[v] = s;
    }
    r.probabilities = softmaxRef(logits);
    return r;
}

Mat allOn(const ModelConfig &c)
{
    return Mat(c.layers, Vec(c.heads, 1.0));
}

double maxDiff(const Matrix &a, const Mat &b)
{
    if (a.rows() != Eigen::Index(b.size()))
        return INFINITY;
    double m = 0;
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
        if (a.cols() != Eigen::Index(b[i].size()))
            return INFINITY;
        for (Eigen::Index j = 0; j < a.cols(); ++j)
            m = std::max(m, std::abs(double(a(i, j)) - b[i][j]));
    }
    return m;
}

double maxDiff(const RowVector &a, const Vec &b)
{
    if (a.size() != Eigen::Index(b.size()))
        return INFINITY;
    double m = 0;
    for (Eigen::Index i = 0; i < a.size(); ++i)
        m = std::max(m, std::abs(double(a[i]) - b[i]));
    return m;
}

// ForwardRunner::attentionThumbnail's documented picture of a weights matrix: itself up to
// kThumbnailSize tokens, else the maximum of each block of rows [i·n/m, (i+1)·n/m) and columns
// [j·n/m, (j+1)·n/m).
Mat thumbnailOf(const Mat &w)
{
    const size_t n = w.size(), m = size_t(ForwardRunner::kThumbnailSize);
    if (n <= m)
        return w;
    Mat t(m, Vec(m, -INFINITY));
    for (size_t r = 0; r < n; ++r)
        for (size_t c = 0; c < n; ++c) {
            // The block of row r is the i with i·n/m ≤ r < (i+1)·n/m.
            size_t i = r * m / n, j = c * m / n;
            while ((i + 1) * n / m <= r)
                ++i;
            while (i * n / m > r)
                --i;
            while ((j + 1) * n / m <= c)
                ++j;
            while (j * n / m > c)
                --j;
            t[i][j] = std::max(t[i][j], w[r][c]);
        }
    return t;
}

void expectMatchesReference(const ForwardRunner &run, const Reference &ref)
{
    const int L = run.layers();
    ASSERT_EQ(run.layersDone(), L);
    for (int l = 0; l <= L; ++l)
        EXPECT_LE(maxDiff(run.layerInput(l), ref.inputs[l]), 2e-4) << "layer input " << l;
    for (int l = 0; l < L; ++l) {
        EXPECT_LE(maxDiff(run.attentionInput(l), ref.attentionInputs[l]), 2e-5) << "attention input " << l;
        for (int h = 0; h < run.heads(); ++h) {
            EXPECT_LE(maxDiff(run.attentionWeights(l, h), ref.weights[l][h]), 2e-5) << "layer " << l << " head " << h;
            EXPECT_LE(maxDiff(run.attentionThumbnail(l, h), thumbnailOf(ref.weights[l][h])), 2e-5)
                << "thumbnail of layer " << l << " head " << h;
        }
    }
    EXPECT_LE(maxDiff(run.probabilities(), ref.probabilities), 2e-6);
}

std::vector<int> gpt2Ids()
{
    return {3, 17, 0, 22, 9, 3, 11};
}
std::vector<int> bertIds()
{
    return {1, 5, 18, 4, 4, 9, 2, 13};
}

} // namespace

// ---- Semantics ------------------------------------------------------------------------------

TEST(ModelForward, Gpt2MatchesTheNaiveReference)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    EXPECT_TRUE(run.isComplete());
    EXPECT_EQ(run.predictionPosition(), 6);
    expectMatchesReference(run, gpt2Reference(*w, gpt2Ids(), allOn(w->config)));
}

TEST(ModelForward, LongTextsMatchTheReferenceToo)
{
    // Past 128 tokens the causal products run in blocks of query rows, and past 64 the heads run
    // in parallel: both must give the same numbers.
    ModelConfig c = gpt2Config(2);
    c.maxPositions = 300;
    auto w = makeGpt2(c);
    std::vector<int> ids(300);
    for (int i = 0; i < 300; ++i)
        ids[i] = (i * 7 + 3) % c.vocabSize;
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(ids));
    expectMatchesReference(run, gpt2Reference(*w, ids, allOn(c)));

    ModelConfig bc = bertConfig();
    bc.maxPositions = 100;
    auto b = makeBert(bc);
    std::vector<int> bids(100);
    for (int i = 0; i < 100; ++i)
        bids[i] = (i * 5 + 1) % bc.vocabSize;
    ForwardRunner bert(b);
    ASSERT_TRUE(bert.run(bids, 40));
    expectMatchesReference(bert, bertReference(*b, bids, 40, allOn(bc)));
    // Beyond kThumbnailSize tokens only thumbnails are kept: kThumbnailSize² per head.
    EXPECT_EQ(run.attentionThumbnail(0, 0).rows(), ForwardRunner::kThumbnailSize);
    EXPECT_EQ(run.attentionThumbnail(0, 0).cols(), ForwardRunner::kThumbnailSize);
    EXPECT_EQ(run.attentionWeights(0, 0).rows(), 300);
}

TEST(ModelForward, BertMatchesTheNaiveReferenceAtTheGivenPosition)
{
    auto w = makeBert(bertConfig());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(bertIds(), 3));
    EXPECT_EQ(run.predictionPosition(), 3);
    expectMatchesReference(run, bertReference(*w, bertIds(), 3, allOn(w->config)));
    // The prediction depends on the position: elsewhere it differs.
    const Reference other = bertReference(*w, bertIds(), 5, allOn(w->config));
    EXPECT_GT(maxDiff(run.probabilities(), other.probabilities), 1e-3);
}

TEST(ModelForward, MovingThePredictionRecomputesOnlyTheHead)
{
    auto w = makeBert(bertConfig());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(bertIds(), 3));
    run.setPredictionPosition(5);
    EXPECT_EQ(run.restartedFrom(), run.layers());
    EXPECT_EQ(run.predictionPosition(), 5);
    EXPECT_LE(maxDiff(run.probabilities(), bertReference(*w, bertIds(), 5, allOn(w->config)).probabilities), 2e-6);
    EXPECT_THROW(run.setPredictionPosition(8), std::invalid_argument);
}

TEST(ModelForward, TheTanhAndErfGeluDifferSoTheActivationMatters)
{
    // A GPT-2 configured with the exact GELU must no longer match the tanh reference.
    ModelConfig c = gpt2Config();
    c.activation = "gelu";
    auto w = makeGpt2(c);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const Reference ref = gpt2Reference(*w, gpt2Ids(), allOn(c));
    EXPECT_GT(maxDiff(run.layerInput(c.layers), ref.inputs[c.layers]), 1e-5);
}

TEST(ModelForward, WeightRowsSumToOneAndCausalCellsAreZero)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const int n = run.tokenCount();
    for (int l = 0; l < run.layers(); ++l)
        for (int h = 0; h < run.heads(); ++h) {
            const Matrix &a = run.attentionWeights(l, h);
            ASSERT_EQ(a.rows(), n);
            ASSERT_EQ(a.cols(), n);
            for (int i = 0; i < n; ++i) {
                EXPECT_NEAR(a.row(i).sum(), 1.0, 1e-5);
                for (int j = 0; j < n; ++j)
                    if (j > i)
                        EXPECT_EQ(a(i, j), 0.f);
                    else
                        EXPECT_GT(a(i, j), 0.f);
            }
        }
    EXPECT_NEAR(run.probabilities().sum(), 1.0, 1e-5);

    auto b = makeBert(bertConfig());
    ForwardRunner bert(b);
    ASSERT_TRUE(bert.run(bertIds(), 0));
    for (int l = 0; l < bert.layers(); ++l)
        for (int h = 0; h < bert.heads(); ++h) {
            const Matrix &a = bert.attentionWeights(l, h);
            EXPECT_GT(a.minCoeff(), 0.f); // no mask: every key is seen
            for (int i = 0; i < a.rows(); ++i)
                EXPECT_NEAR(a.row(i).sum(), 1.0, 1e-5);
        }
}

// ---- Interventions --------------------------------------------------------------------------

TEST(ModelForward, AblatingAHeadMatchesTheReferenceWithThatHeadZeroed)
{
    for (bool gpt2 : {true, false}) {
        auto w = gpt2 ? makeGpt2(gpt2Config()) : makeBert(bertConfig());
        const ModelConfig &c = w->config;
        const std::vector<int> ids = gpt2 ? gpt2Ids() : bertIds();
        ForwardRunner run(w);
        ASSERT_TRUE(run.run(ids, gpt2 ? -1 : 2));
        const RowVector before = run.probabilities();
        const Matrix patternBefore = run.attentionWeights(1, 1);

        Matrix mask = Matrix::Ones(c.layers, c.heads);
        mask(1, 1) = 0;
        ASSERT_TRUE(run.setHeadMask(mask));
        Mat refMask = allOn(c);
        refMask[1][1] = 0;
        const Reference ref = gpt2 ? gpt2Reference(*w, ids, refMask) : bertReference(*w, ids, 2, refMask);
        expectMatchesReference(run, ref);
        EXPECT_GT((run.probabilities() - before).cwiseAbs().maxCoeff(), 1e-4) << "ablation changes the prediction";
        // The ablated head still shows the pattern it would have had.
        EXPECT_LE((run.attentionWeights(1, 1) - patternBefore).cwiseAbs().maxCoeff(), 1e-6);
    }
}

TEST(ModelForward, ChangingTheHeadMaskRestartsFromTheFirstChangedLayer)
{
    auto w = makeGpt2(gpt2Config(4));
    const ModelConfig &c = w->config;
    ForwardRunner run(w);
    std::vector<int> visited;
    const ForwardProgress record = [&](int layer, int) {
        visited.push_back(layer);
        return true;
    };
    ASSERT_TRUE(run.run(gpt2Ids(), -1, record));
    EXPECT_EQ(visited, (std::vector<int> {0, 1, 2, 3, 4}));
    const RowVector original = run.probabilities();

    Matrix mask = Matrix::Ones(c.layers, c.heads);
    mask(2, 3) = 0;
    mask(3, 0) = 0;
    visited.clear();
    ASSERT_TRUE(run.setHeadMask(mask, record));
    EXPECT_EQ(run.restartedFrom(), 2);
    EXPECT_EQ(visited, (std::vector<int> {2, 3, 4}));

    // Equal to a full computation with the same mask.
    ForwardRunner fresh(w);
    fresh.setHeadMask(mask);
    EXPECT_EQ(fresh.restartedFrom(), c.layers); // nothing to run yet
    ASSERT_TRUE(fresh.run(gpt2Ids()));
    for (int l = 0; l <= c.layers; ++l)
        EXPECT_LE((run.layerInput(l) - fresh.layerInput(l)).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_LE((run.probabilities() - fresh.probabilities()).cwiseAbs().maxCoeff(), 1e-7);
    EXPECT_GT((run.probabilities() - original).cwiseAbs().maxCoeff(), 1e-4);

    // The same mask again: nothing runs.
    visited.clear();
    ASSERT_TRUE(run.setHeadMask(mask, record));
    EXPECT_EQ(run.restartedFrom(), c.layers);
    EXPECT_TRUE(visited.empty());

    // Switching the heads back on restores the original prediction.
    ASSERT_TRUE(run.setHeadMask(Matrix::Ones(c.layers, c.heads), record));
    EXPECT_EQ(run.restartedFrom(), 2);
    EXPECT_LE((run.probabilities() - original).cwiseAbs().maxCoeff(), 1e-7);
}

TEST(ModelForward, CancelKeepsFinishedLayersAndResumeCompletes)
{
    auto w = makeGpt2(gpt2Config(3));
    ForwardRunner run(w);
    const ForwardProgress stopAt2 = [](int layer, int) { return layer < 2; };
    EXPECT_FALSE(run.run(gpt2Ids(), -1, stopAt2));
    EXPECT_FALSE(run.isComplete());
    EXPECT_EQ(run.layersDone(), 2);
    EXPECT_EQ(run.probabilities().size(), 0);
    EXPECT_NO_THROW(run.attentionWeights(1, 0));
    EXPECT_THROW(run.attentionWeights(2, 0), std::out_of_range);
    EXPECT_THROW(run.attentionThumbnail(2, 0), std::out_of_range);

    const ForwardProgress stopBeforePrediction = [](int layer, int layers) { return layer < layers; };
    EXPECT_FALSE(run.resume(stopBeforePrediction));
    EXPECT_EQ(run.restartedFrom(), 2);
    EXPECT_EQ(run.layersDone(), 3);
    EXPECT_FALSE(run.isComplete());

    EXPECT_TRUE(run.resume());
    EXPECT_TRUE(run.isComplete());
    expectMatchesReference(run, gpt2Reference(*w, gpt2Ids(), allOn(w->config)));
}

// ---- Input errors ---------------------------------------------------------------------------

TEST(ModelForward, BadInputIsAnErrorAndChangesNothing)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const RowVector before = run.probabilities();

    try {
        run.run(std::vector<int>(11, 1)); // maxPositions is 10
        FAIL() << "no error for 11 tokens";
    } catch (const std::invalid_argument &e) {
        EXPECT_NE(std::string(e.what()).find("at most 10"), std::string::npos) << e.what();
    }
    EXPECT_NO_THROW(run.run(std::vector<int>(10, 1)));
    EXPECT_THROW(run.run({}), std::invalid_argument);
    EXPECT_THROW(run.run({1, 23}), std::invalid_argument); // vocabulary is 23
    EXPECT_THROW(run.run({1, -1}), std::invalid_argument);
    EXPECT_THROW(run.run({1, 2}, 2), std::invalid_argument);
    EXPECT_THROW(run.setHeadMask(Matrix::Ones(3, 3)), std::invalid_argument);
    Matrix nan = Matrix::Ones(3, 4);
    nan(0, 0) = NAN;
    EXPECT_THROW(run.setHeadMask(nan), std::invalid_argument);

    ASSERT_TRUE(run.run(gpt2Ids()));
    EXPECT_LE((run.probabilities() - before).cwiseAbs().maxCoeff(), 0.f);
}

TEST(ModelForward, InconsistentWeightsAreRefusedByName)
{
    auto w = makeGpt2(gpt2Config());
    w->layers[1].attnWeight.cols -= 1;
    try {
        ForwardRunner run(w);
        FAIL() << "no error";
    } catch (const std::invalid_argument &e) {
        EXPECT_NE(std::string(e.what()).find("h.1.attn.c_attn.weight"), std::string::npos) << e.what();
    }
    auto b = makeBert(bertConfig());
    b->layers[0].mlpNorm.bias = TensorView();
    try {
        ForwardRunner run(b);
        FAIL() << "no error";
    } catch (const std::invalid_argument &e) {
        EXPECT_NE(std::string(e.what()).find("encoder.layer.0.output.LayerNorm.bias"), std::string::npos) << e.what();
    }
    auto act = makeGpt2(gpt2Config());
    act->config.activation = "swish";
    EXPECT_THROW(ForwardRunner {act}, std::invalid_argument);

    // A BERT without its masked-LM head still shows attention, but cannot predict.
    auto bare = makeBert(bertConfig());
    bare->mlmDense = bare->mlmDenseBias = bare->mlmBias = TensorView();
    bare->mlmNorm = LayerNormWeights();
    ForwardRunner run(bare);
    EXPECT_FALSE(run.canPredict());
    ASSERT_TRUE(run.run(bertIds()));
    EXPECT_TRUE(run.isComplete());
    EXPECT_EQ(run.probabilities().size(), 0);
    run.setPredictionPosition(2);
    EXPECT_EQ(run.probabilities().size(), 0);
}

// ---- Top k ----------------------------------------------------------------------------------

TEST(ModelForward, TopKSortsByProbabilityThenSmallerId)
{
    RowVector p(6);
    p << 0.1f, 0.3f, 0.05f, 0.3f, 0.2f, 0.05f;
    const auto top = topK(p, 4);
    ASSERT_EQ(top.size(), 4u);
    const int ids[] = {1, 3, 4, 0};
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(top[i].id, ids[i]);
        EXPECT_EQ(top[i].probability, p[ids[i]]);
    }
    EXPECT_EQ(topK(p, 0).size(), 0u);
    const auto all = topK(p, 99);
    ASSERT_EQ(all.size(), 6u);
    EXPECT_EQ(all[4].id, 2);
    EXPECT_EQ(all[5].id, 5);
}

TEST(ModelForward, TopKOfAPredictionIsTheModelsOwnProbabilities)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(gpt2Ids()));
    const Reference ref = gpt2Reference(*w, gpt2Ids(), allOn(w->config));
    const auto top = topK(run.probabilities(), 5);
    ASSERT_EQ(top.size(), 5u);
    int best = 0;
    for (int i = 1; i < int(ref.probabilities.size()); ++i)
        if (ref.probabilities[i] > ref.probabilities[best])
            best = i;
    EXPECT_EQ(top[0].id, best);
    double sum = 0;
    for (const auto &t : top) {
        EXPECT_NEAR(t.probability, ref.probabilities[t.id], 2e-6);
        sum += t.probability;
    }
    EXPECT_LT(sum, 1.0); // not renormalised over the five
}

// ---- One head as a scene --------------------------------------------------------------------

namespace {

// Weights and output of a one-head scene with given X, computed naively from the scene's fields.
void naiveSceneHead(const Scene &s, Mat &weights, Mat &output)
{
    const int n = s.tokenCount(), d = s.dModel, dk = s.dK;
    Mat q(n, Vec(dk)), k(n, Vec(dk)), v(n, Vec(dk));
    for (int i = 0; i < n; ++i)
        for (int c = 0; c < dk; ++c) {
            double sq = s.bq[c], sk = s.bk[c], sv = s.bv[c];
            for (int j = 0; j < d; ++j) {
                sq += double(s.x(i, j)) * s.wq(j, c);
                sk += double(s.x(i, j)) * s.wk(j, c);
                sv += double(s.x(i, j)) * s.wv(j, c);
            }
            q[i][c] = sq;
            k[i][c] = sk;
            v[i][c] = sv;
        }
    weights.assign(n, Vec(n, 0.0));
    output.assign(n, Vec(d, 0.0));
    for (int i = 0; i < n; ++i) {
        const int visible = s.mask == MaskKind::Causal ? i + 1 : n;
        Vec z(visible);
        for (int j = 0; j < visible; ++j) {
            double dot = 0;
            for (int c = 0; c < dk; ++c)
                dot += q[i][c] * k[j][c];
            z[j] = dot / std::sqrt(double(dk));
        }
        const Vec p = softmaxRef(z);
        for (int j = 0; j < visible; ++j)
            weights[i][j] = p[j];
        for (int o = 0; o < d; ++o) {
            double out = s.bo[o];
            for (int c = 0; c < dk; ++c) {
                double ctx = 0;
                for (int j = 0; j < n; ++j)
                    ctx += weights[i][j] * v[j][c];
                out += ctx * s.wo(c, o);
            }
            output[i][o] = out;
        }
    }
}

} // namespace

TEST(ModelForward, AHeadSceneRecomputesTheModelsOwnWeights)
{
    for (bool gpt2 : {true, false}) {
        auto w = gpt2 ? makeGpt2(gpt2Config()) : makeBert(bertConfig());
        const ModelConfig &c = w->config;
        const std::vector<int> ids = gpt2 ? gpt2Ids() : bertIds();
        ForwardRunner run(w);
        ASSERT_TRUE(run.run(ids));
        std::vector<std::string> tokens;
        for (int id : ids)
            tokens.push_back("t" + std::to_string(id));
        const Reference ref
            = gpt2 ? gpt2Reference(*w, ids, allOn(c)) : bertReference(*w, ids, int(ids.size()) - 1, allOn(c));
        const int n = int(ids.size()), d = c.dModel;

        for (int layer = 0; layer < c.layers; ++layer) {
            // The heads' outputs, each with W_O's rows of that head, add up to the layer's
            // attention output once the shared b_O is counted once.
            Mat sum(n, Vec(d, 0.0));
            for (int head = 0; head < c.heads; ++head) {
                const Scene s = headScene(run, layer, head, tokens);
                ASSERT_TRUE(s.hasInputX());
                EXPECT_EQ(s.heads, 1);
                EXPECT_EQ(s.dK, c.headDim());
                EXPECT_EQ(s.wq.rows(), d);
                EXPECT_EQ(s.wq.cols(), c.headDim());
                EXPECT_EQ(s.wo.rows(), c.headDim());
                EXPECT_EQ(s.wo.cols(), d);
                EXPECT_EQ(s.bo.size(), d);
                EXPECT_EQ(s.mask, gpt2 ? MaskKind::Causal : MaskKind::None);
                EXPECT_EQ(s.positional, PositionalEncoding::None);
                EXPECT_EQ(s.tokens, tokens);
                Mat weights, output;
                naiveSceneHead(s, weights, output);
                EXPECT_LE(maxDiff(run.attentionWeights(layer, head), weights), 2e-5)
                    << (gpt2 ? "gpt2" : "bert") << " layer " << layer << " head " << head;
                for (int i = 0; i < n; ++i)
                    for (int o = 0; o < d; ++o)
                        sum[i][o] += output[i][o] - (head > 0 ? double(s.bo[o]) : 0.0);
            }
            double diff = 0;
            for (int i = 0; i < n; ++i)
                for (int o = 0; o < d; ++o)
                    diff = std::max(diff, std::abs(sum[i][o] - ref.attentionOutputs[layer][i][o]));
            EXPECT_LE(diff, 1e-4) << "layer " << layer;
        }
    }
}

TEST(ModelForward, AHeadSceneIsTitledFromOne)
{
    auto w = makeGpt2(gpt2Config());
    ForwardRunner run(w);
    ASSERT_TRUE(run.run({1, 2, 3}));
    const Scene s = headScene(run, 2, 3, {"a", "b", "c"});
    EXPECT_EQ(s.title, "GPT-2 layer 3 head 4");
    EXPECT_THROW(headScene(run, 3, 0, {"a", "b", "c"}), std::invalid_argument);
    EXPECT_THROW(headScene(run, 0, 4, {"a", "b", "c"}), std::invalid_argument);
    EXPECT_THROW(headScene(run, 0, 0, {"a", "b"}), std::invalid_argument);
}

// ---- Editing a head's weights -----------------------------------------------------------------

namespace {

// A copy of `t` in new storage kept alive by `keep`, so the copy can be changed.
TensorView copyOf(const TensorView &t, std::vector<std::shared_ptr<std::vector<float>>> &keep)
{
    keep.push_back(std::make_shared<std::vector<float>>(t.data, t.data + size_t(t.rows) * t.cols));
    return {keep.back()->data(), t.rows, t.cols};
}

float &cell(TensorView &t, int r, int c)
{
    return const_cast<float *>(t.data)[size_t(r) * t.cols + c];
}

} // namespace

TEST(ModelForward, EditingAHeadsWeightsMatchesTheReferenceOnEditedTensors)
{
    for (bool gpt2 : {true, false}) {
        auto w = gpt2 ? makeGpt2(gpt2Config()) : makeBert(bertConfig());
        const ModelConfig &c = w->config;
        const std::vector<int> ids = gpt2 ? gpt2Ids() : bertIds();
        const int layer = 1, head = 1, d = c.dModel, dh = c.headDim(), first = head * dh;
        ForwardRunner run(w);
        ASSERT_TRUE(run.run(ids));
        const RowVector original = run.probabilities();
        std::vector<std::string> tokens(ids.size(), "t");

        // On the board: W_Q doubled, b_V shifted, one cell of W_O and of b_O changed.
        Scene s = headScene(run, layer, head, tokens);
        s.wq *= 2.f;
        s.bv.array() += 0.5f;
        s.wo(0, 2) += 1.f;
        s.bo[3] -= 0.7f;
        ASSERT_TRUE(run.setHeadWeights(layer, head, s));
        EXPECT_EQ(run.restartedFrom(), layer);
        EXPECT_TRUE(run.hasEditedWeights());

        // The same edit made directly on copies of the checkpoint's tensors, in their layout.
        std::vector<std::shared_ptr<std::vector<float>>> keep;
        auto edited = std::make_shared<ModelWeights>(*w);
        LayerWeights &L = edited->layers[layer];
        if (gpt2) {
            L.attnWeight = copyOf(L.attnWeight, keep);
            L.attnBias = copyOf(L.attnBias, keep);
            L.attnOut = copyOf(L.attnOut, keep);
            L.attnOutBias = copyOf(L.attnOutBias, keep);
            for (int r = 0; r < d; ++r)
                for (int j = 0; j < dh; ++j)
                    cell(L.attnWeight, r, first + j) *= 2.f;
            for (int j = 0; j < dh; ++j)
                cell(L.attnBias, 0, 2 * d + first + j) += 0.5f;
            cell(L.attnOut, first + 0, 2) += 1.f;
        } else {
            L.query = copyOf(L.query, keep);
            L.valueBias = copyOf(L.valueBias, keep);
            L.attnOut = copyOf(L.attnOut, keep);
            L.attnOutBias = copyOf(L.attnOutBias, keep);
            for (int j = 0; j < dh; ++j)
                for (int i = 0; i < d; ++i)
                    cell(L.query, first + j, i) *= 2.f;
            for (int j = 0; j < dh; ++j)
                cell(L.valueBias, 0, first + j) += 0.5f;
            cell(L.attnOut, 2, first + 0) += 1.f; // out × in: W_O(0, 2) is weight[2][first]
        }
        cell(L.attnOutBias, 0, 3) -= 0.7f;
        const Reference ref
            = gpt2 ? gpt2Reference(*edited, ids, allOn(c)) : bertReference(*edited, ids, int(ids.size()) - 1, allOn(c));
        expectMatchesReference(run, ref);
        EXPECT_GT((run.probabilities() - original).cwiseAbs().maxCoeff(), 1e-4);

        // The board reopens the edited head; the checkpoint itself is untouched.
        const Scene again = headScene(run, layer, head, tokens);
        EXPECT_LE((again.wq - s.wq).cwiseAbs().maxCoeff(), 0.f);
        EXPECT_LE((again.bo - s.bo).cwiseAbs().maxCoeff(), 0.f);
        const Scene pristine = headScene(*w, run.attentionInput(layer), layer, head, tokens);
        EXPECT_GT((pristine.wq - s.wq).cwiseAbs().maxCoeff(), 0.f);

        Scene bad = s;
        bad.wq.conservativeResize(d, dh - 1);
        EXPECT_THROW(run.setHeadWeights(layer, head, bad), std::invalid_argument);
        EXPECT_THROW(run.setHeadWeights(layer, c.heads, s), std::invalid_argument);

        ASSERT_TRUE(run.resetWeights());
        EXPECT_EQ(run.restartedFrom(), layer);
        EXPECT_FALSE(run.hasEditedWeights());
        EXPECT_LE((run.probabilities() - original).cwiseAbs().maxCoeff(), 1e-7);
    }
}
