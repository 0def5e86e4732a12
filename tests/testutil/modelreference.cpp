#include "modelreference.h"

#include "core/model/family/modelfamily.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace attnlab::test {

using namespace attnlab::core::model;

// ---- Tiny checkpoints built in memory -------------------------------------------------------

ModelConfig gpt2Config(int layers)
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

std::shared_ptr<ModelWeights> makeGpt2(const ModelConfig &c, unsigned seed)
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
        // GPT-2's layout: Conv1D weights (in × out), q, k and v side by side in c_attn.
        const TensorView qkv = b.random(d, 3 * d, 0.4f), qkvBias = b.vector(3 * d, 0.1f);
        L.query = conv1dColumns(qkv, 0, d);
        L.key = conv1dColumns(qkv, d, d);
        L.value = conv1dColumns(qkv, 2 * d, d);
        L.queryBias = vectorPart(qkvBias, 0, d);
        L.keyBias = vectorPart(qkvBias, d, d);
        L.valueBias = vectorPart(qkvBias, 2 * d, d);
        L.attnOut = conv1dColumns(b.random(d, d, 0.3f), 0, d);
        L.attnOutBias = b.vector(d, 0.1f);
        L.mlpNorm = b.norm(d);
        L.fcIn = conv1dColumns(b.random(d, c.dInner, 0.3f), 0, c.dInner);
        L.fcInBias = b.vector(c.dInner, 0.1f);
        L.fcOut = conv1dColumns(b.random(c.dInner, d, 0.3f), 0, d);
        L.fcOutBias = b.vector(d, 0.1f);
        w->layers.push_back(L);
    }
    w->owner = b.owner();
    return w;
}

std::shared_ptr<ModelWeights> makeBert(const ModelConfig &c, unsigned seed)
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

TensorView conv1dColumns(const TensorView &stored, int first, int count)
{
    TensorView v = stored;
    v.inputMajor = true;
    v.rows = count;
    v.cols = stored.rows;
    v.stride = stored.cols;
    v.data = stored.data + first;
    return v;
}

TensorView vectorPart(const TensorView &v, int first, int count)
{
    TensorView part = v;
    part.cols = count;
    part.data = v.data + first;
    return part;
}

// ---- The naive reference ---------------------------------------------------------------------

// Element i of the tensor, widened here independently of core/model's kernels.
double at(const TensorView &t, int i)
{
    if (t.type == ElementType::F32)
        return t.data[i];
    const std::uint16_t h = t.bits[i];
    if (t.type == ElementType::BF16) {
        const std::uint32_t bits = std::uint32_t(h) << 16;
        float f;
        std::memcpy(&f, &bits, 4);
        return f;
    }
    // IEEE half from its definition: sign · 2^(e−15) · 1.m, subnormals 2^−14 · 0.m.
    const int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    const double sign = (h & 0x8000) ? -1.0 : 1.0;
    if (e == 31)
        return m ? std::nan("") : sign * INFINITY;
    if (e == 0)
        return sign * std::ldexp(double(m), -24);
    return sign * std::ldexp(1.0 + m / 1024.0, e - 15);
}
double at(const TensorView &t, int r, int c)
{
    // The view's own description of its storage: row-major or input-major (transposed), rows
    // `ld` elements apart.
    const int ld = t.stride > 0 ? t.stride : t.inputMajor ? t.rows : t.cols;
    return t.inputMajor ? at(t, c * ld + r) : at(t, r * ld + c);
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

// y = x·Wᵀ + b with W outputs × inputs; an empty b adds nothing.
Vec linear(const Vec &x, const TensorView &w, const TensorView &b)
{
    Vec y(w.rows);
    for (int o = 0; o < w.rows; ++o) {
        double s = b.empty() ? 0.0 : at(b, o);
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
            q[i] = linear(a[i], L.query, L.queryBias);
            k[i] = linear(a[i], L.key, L.keyBias);
            v[i] = linear(a[i], L.value, L.valueBias);
        }
        r.attentionInputs.push_back(a);
        r.weights.emplace_back();
        const Mat ctx = attendRef(q, k, v, c.heads, true, headMask[l], r.weights.back());
        Mat attnOut(n);
        for (int i = 0; i < n; ++i) {
            attnOut[i] = linear(ctx[i], L.attnOut, L.attnOutBias);
            for (int j = 0; j < d; ++j)
                h[i][j] += attnOut[i][j];
            Vec f = linear(layerNormRef(h[i], L.mlpNorm, c.layerNormEps), L.fcIn, L.fcInBias);
            for (double &x : f)
                x = geluTanh(x);
            const Vec m = linear(f, L.fcOut, L.fcOutBias);
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
// kThumbnailSize tokens, else with b the smallest power of two that makes ⌈n/b⌉ ≤ kThumbnailSize,
// the maximum of each block of rows [i·b, (i+1)·b) and columns [j·b, (j+1)·b), cut at n.
Mat thumbnailOf(const Mat &w)
{
    const size_t n = w.size(), m = size_t(ForwardRunner::kThumbnailSize);
    size_t b = 1;
    while ((n + b - 1) / b > m)
        b *= 2;
    const size_t side = (n + b - 1) / b;
    Mat t(side, Vec(side, -INFINITY));
    for (size_t r = 0; r < n; ++r)
        for (size_t c = 0; c < n; ++c)
            t[r / b][c / b] = std::max(t[r / b][c / b], w[r][c]);
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

} // namespace attnlab::test
