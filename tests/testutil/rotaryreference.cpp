#include "rotaryreference.h"

#include "core/model/family/modelfamily.h"

#include <algorithm>
#include <cmath>

namespace attnlab::test {

using namespace attnlab::core::model;

ModelConfig rotaryConfig(const RotaryShape &s)
{
    ModelConfig c;
    c.family = findFamily(s.family);
    c.modelType = s.family;
    c.layers = s.layers;
    c.heads = s.heads;
    c.kvHeads = s.kvHeads;
    c.dModel = s.dModel;
    c.headDimension = s.headDim;
    c.dInner = s.dInner;
    c.maxPositions = s.positions;
    c.vocabSize = s.vocab;
    c.layerNormEps = 1e-6f;
    c.activation = "silu";
    c.ropeTheta = s.theta;
    c.ropeScaling = s.scaling;
    const bool qwen = s.family == "qwen2";
    c.qkvBias = qwen || s.attentionBias;
    c.outBias = !qwen && s.attentionBias;
    c.mlpBias = !qwen && s.mlpBias;
    c.tiedOutputHead = s.tied;
    c.experts = s.experts;
    c.expertsPerToken = s.expertsPerToken;
    c.expertInner = s.expertInner;
    c.renormaliseTopK = s.renormalise;
    c.sparseStep = s.sparseStep;
    c.denseLayers = s.denseLayers;
    return c;
}

std::shared_ptr<ModelWeights> makeRotary(const ModelConfig &c, unsigned seed)
{
    Builder b(seed);
    auto w = std::make_shared<ModelWeights>();
    w->config = c;
    const int d = c.dModel, dh = c.headDim(), q = c.heads * dh, kv = c.kvHeads * dh, inner = c.dInner;
    w->tokenEmbeddings = b.random(c.vocabSize, d, 0.6f);
    // RMSNorm has a weight only.
    auto rms = [&] { return LayerNormWeights {b.vector(d, 0.1f, 1.f), {}}; };
    for (int l = 0; l < c.layers; ++l) {
        LayerWeights L;
        L.attnNorm = rms();
        L.query = b.random(q, d, 0.4f);
        L.key = b.random(kv, d, 0.4f);
        L.value = b.random(kv, d, 0.4f);
        if (c.qkvBias) {
            L.queryBias = b.vector(q, 0.2f);
            L.keyBias = b.vector(kv, 0.2f);
            L.valueBias = b.vector(kv, 0.2f);
        }
        // QK-norm (Qwen3): one weight of d_head for q's heads, one for k's.
        if (!c.family->tensors.queryNorm.empty()) {
            L.queryNorm = LayerNormWeights {b.vector(dh, 0.3f, 1.f), {}};
            L.keyNorm = LayerNormWeights {b.vector(dh, 0.3f, 1.f), {}};
        }
        L.attnOut = b.random(d, q, 0.3f);
        if (c.outBias)
            L.attnOutBias = b.vector(d, 0.1f);
        L.mlpNorm = rms();
        if (c.sparseLayer(l)) {
            L.router = b.random(c.experts, d, 0.6f);
            for (int e = 0; e < c.experts; ++e)
                L.experts.push_back({b.random(c.expertInner, d, 0.4f), b.random(c.expertInner, d, 0.4f),
                    b.random(d, c.expertInner, 0.3f)});
            w->layers.push_back(L);
            continue;
        }
        L.mlpGate = b.random(inner, d, 0.4f);
        L.fcIn = b.random(inner, d, 0.4f);
        L.fcOut = b.random(d, inner, 0.3f);
        if (c.mlpBias) {
            L.mlpGateBias = b.vector(inner, 0.1f);
            L.fcInBias = b.vector(inner, 0.1f);
            L.fcOutBias = b.vector(d, 0.1f);
        }
        w->layers.push_back(L);
    }
    w->finalNorm = rms();
    if (!c.tiedOutputHead)
        w->outputHead = b.random(c.vocabSize, d, 0.5f);
    w->owner = b.owner();
    return w;
}

namespace {

// x·rsqrt(mean(x²) + ε)·γ.
Vec rmsNormRef(const Vec &x, const TensorView &gamma, double eps)
{
    double sq = 0;
    for (double v : x)
        sq += v * v;
    const double inv = 1 / std::sqrt(sq / double(x.size()) + eps);
    Vec y(x.size());
    for (size_t i = 0; i < x.size(); ++i)
        y[i] = at(gamma, int(i)) * (x[i] * inv);
    return y;
}

// nn.Linear of one row, with or without bias.
Vec linearRef(const Vec &x, const TensorView &w, const TensorView &b)
{
    Vec y(size_t(w.rows), 0.0);
    for (int o = 0; o < w.rows; ++o) {
        double s = b.empty() ? 0.0 : at(b, o);
        for (int i = 0; i < w.cols; ++i)
            s += at(w, o, i) * x[size_t(i)];
        y[size_t(o)] = s;
    }
    return y;
}

// Normalises each head's dh values of row `x` by its own RMS, times the shared weight `gamma`
// (Qwen3's q_norm / k_norm on the head dimension).
void headNormRef(Vec &x, int heads, int dh, const TensorView &gamma, double eps)
{
    for (int h = 0; h < heads; ++h) {
        const Vec part(x.begin() + h * dh, x.begin() + (h + 1) * dh);
        const Vec normed = rmsNormRef(part, gamma, eps);
        std::copy(normed.begin(), normed.end(), x.begin() + h * dh);
    }
}

// Rotates each head's dh values of row `x` at `position`: x·cos + rotate_half(x)·sin.
void rotateRef(Vec &x, int heads, int dh, int position, const Vec &inv)
{
    const int half = dh / 2;
    for (int h = 0; h < heads; ++h) {
        double *p = x.data() + size_t(h) * dh;
        for (int i = 0; i < half; ++i) {
            const double angle = position * inv[size_t(i)];
            const double a = p[i], b = p[i + half];
            p[i] = a * std::cos(angle) - b * std::sin(angle);
            p[i + half] = b * std::cos(angle) + a * std::sin(angle);
        }
    }
}

// Qwen3MoeMLP: down(silu(gate(x)) ⊙ up(x)) without biases.
Vec expertRef(const Vec &x, const ExpertWeights &e)
{
    Vec gate = linearRef(x, e.gate, {});
    const Vec up = linearRef(x, e.up, {});
    for (size_t i = 0; i < gate.size(); ++i)
        gate[i] = gate[i] / (1 + std::exp(-gate[i])) * up[i];
    return linearRef(gate, e.down, {});
}

// Qwen3MoeSparseMoeBlock of one row: router logits, softmax, top-k (equal probabilities: the lower
// index first), renormalised under norm_topk_prob, the chosen experts' weighted sum.
Vec sparseMlpRef(
    const Vec &x, const LayerWeights &L, const ModelConfig &c, Vec &logits, std::vector<int> &chosen, Vec &weights)
{
    logits = linearRef(x, L.router, {});
    const Vec p = softmaxRef(logits);
    std::vector<int> order(p.size());
    for (size_t e = 0; e < order.size(); ++e)
        order[e] = int(e);
    std::stable_sort(order.begin(), order.end(), [&p](int a, int b) { return p[size_t(a)] > p[size_t(b)]; });
    chosen.assign(order.begin(), order.begin() + c.expertsPerToken);
    weights.clear();
    double sum = 0;
    for (const int e : chosen) {
        weights.push_back(p[size_t(e)]);
        sum += p[size_t(e)];
    }
    if (c.renormaliseTopK)
        for (double &v : weights)
            v /= sum;
    Vec out(x.size(), 0.0);
    for (size_t j = 0; j < chosen.size(); ++j) {
        const Vec y = expertRef(x, L.experts[size_t(chosen[j])]);
        for (size_t i = 0; i < out.size(); ++i)
            out[i] += weights[j] * y[i];
    }
    return out;
}

} // namespace

Vec rotaryInverseFrequenciesRef(int dim, double theta, const RopeScaling &s)
{
    Vec inv(size_t(dim / 2));
    for (int i = 0; i < dim / 2; ++i)
        inv[size_t(i)] = 1.0 / std::pow(theta, double(2 * i) / dim);
    if (s.type != "llama3")
        return inv;
    const double lowWavelen = s.originalMaxPositions / s.lowFreqFactor;
    const double highWavelen = s.originalMaxPositions / s.highFreqFactor;
    for (double &f : inv) {
        const double wavelen = 2 * M_PI / f;
        if (wavelen < highWavelen)
            continue;
        if (wavelen > lowWavelen) {
            f /= s.factor;
            continue;
        }
        const double smooth
            = (s.originalMaxPositions / wavelen - s.lowFreqFactor) / (s.highFreqFactor - s.lowFreqFactor);
        f = (1 - smooth) * f / s.factor + smooth * f;
    }
    return inv;
}

Reference rotaryReference(const ModelWeights &w, const std::vector<int> &ids, const Mat &headMask,
    const std::function<bool(int, int)> &visible)
{
    const ModelConfig &c = w.config;
    const int n = int(ids.size()), d = c.dModel, dh = c.headDim(), H = c.heads, G = c.keyValueHeads();
    const Vec inv = rotaryInverseFrequenciesRef(dh, c.ropeTheta, c.ropeScaling);
    const size_t N = size_t(n), D = size_t(d), HD = size_t(H) * size_t(dh);
    Reference ref;
    Mat h(N, Vec(D));
    // Rotary positions rotate q and k; learned ones (a family that recombines GPT-2's positions
    // with this block) add their row to the token's embedding instead.
    const bool rotary = c.family->position == core::model::PositionKind::Rotary;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < d; ++j)
            h[size_t(i)][size_t(j)]
                = at(w.tokenEmbeddings, ids[size_t(i)], j) + (rotary ? 0.0 : at(w.positionEmbeddings, i, j));
    ref.inputs.push_back(h);
    for (int l = 0; l < c.layers; ++l) {
        const LayerWeights &L = w.layers[size_t(l)];
        Mat a(N), q(N), k(N), v(N);
        for (int i = 0; i < n; ++i) {
            a[size_t(i)] = rmsNormRef(h[size_t(i)], L.attnNorm.weight, c.layerNormEps);
            q[size_t(i)] = linearRef(a[size_t(i)], L.query, L.queryBias);
            k[size_t(i)] = linearRef(a[size_t(i)], L.key, L.keyBias);
            v[size_t(i)] = linearRef(a[size_t(i)], L.value, L.valueBias);
            // QK-norm before the rotation, as Qwen3Attention.forward does.
            if (!L.queryNorm.weight.empty()) {
                headNormRef(q[size_t(i)], H, dh, L.queryNorm.weight, c.layerNormEps);
                headNormRef(k[size_t(i)], G, dh, L.keyNorm.weight, c.layerNormEps);
            }
            if (rotary) {
                rotateRef(q[size_t(i)], H, dh, i, inv);
                rotateRef(k[size_t(i)], G, dh, i, inv);
            }
        }
        ref.attentionInputs.push_back(a);
        // Query head hh reads key/value head hh / (H / G); scores scaled by dh^-½, causal mask.
        Mat ctx(N, Vec(HD, 0.0));
        std::vector<Mat> weights(static_cast<size_t>(H));
        for (int hh = 0; hh < H; ++hh) {
            const int g = hh / (H / G);
            Mat wts(N, Vec(N, 0.0));
            for (int i = 0; i < n; ++i) {
                Vec z(size_t(i) + 1);
                for (int j = 0; j <= i; ++j) {
                    double s = 0;
                    for (int e = 0; e < dh; ++e)
                        s += q[size_t(i)][size_t(hh * dh + e)] * k[size_t(j)][size_t(g * dh + e)];
                    z[size_t(j)] = visible && !visible(i, j) ? -INFINITY : s / std::sqrt(double(dh));
                }
                const Vec p = softmaxRef(z);
                for (int j = 0; j <= i; ++j)
                    wts[size_t(i)][size_t(j)] = p[size_t(j)];
                for (int e = 0; e < dh; ++e) {
                    double s = 0;
                    for (int j = 0; j <= i; ++j)
                        s += p[size_t(j)] * v[size_t(j)][size_t(g * dh + e)];
                    ctx[size_t(i)][size_t(hh * dh + e)] = s * headMask[size_t(l)][size_t(hh)];
                }
            }
            weights[size_t(hh)] = wts;
        }
        ref.weights.push_back(weights);
        Mat out(N), routerLogits, routerWeights;
        std::vector<std::vector<int>> routerExperts;
        for (int i = 0; i < n; ++i) {
            out[size_t(i)] = linearRef(ctx[size_t(i)], L.attnOut, L.attnOutBias);
            for (int j = 0; j < d; ++j)
                h[size_t(i)][size_t(j)] += out[size_t(i)][size_t(j)];
            const Vec m = rmsNormRef(h[size_t(i)], L.mlpNorm.weight, c.layerNormEps);
            if (!L.router.empty()) {
                Vec logits, weights;
                std::vector<int> chosen;
                const Vec sparse = sparseMlpRef(m, L, c, logits, chosen, weights);
                for (int j = 0; j < d; ++j)
                    h[size_t(i)][size_t(j)] += sparse[size_t(j)];
                routerLogits.push_back(logits);
                routerExperts.push_back(chosen);
                routerWeights.push_back(weights);
                continue;
            }
            Vec gate = linearRef(m, L.mlpGate, L.mlpGateBias);
            const Vec up = linearRef(m, L.fcIn, L.fcInBias);
            for (size_t e = 0; e < gate.size(); ++e)
                gate[e] = gate[e] / (1 + std::exp(-gate[e])) * up[e];
            const Vec down = linearRef(gate, L.fcOut, L.fcOutBias);
            for (int j = 0; j < d; ++j)
                h[size_t(i)][size_t(j)] += down[size_t(j)];
        }
        ref.attentionOutputs.push_back(out);
        ref.routerLogits.push_back(routerLogits);
        ref.routerExperts.push_back(routerExperts);
        ref.routerWeights.push_back(routerWeights);
        ref.inputs.push_back(h);
    }
    const Vec x = rmsNormRef(h[size_t(n) - 1], w.finalNorm.weight, c.layerNormEps);
    const TensorView &head = c.tiedOutputHead ? w.tokenEmbeddings : w.outputHead;
    ref.probabilities = softmaxRef(linearRef(x, head, {}));
    return ref;
}

std::vector<int> rotaryIds()
{
    return {3, 17, 0, 28, 9, 3, 11, 21, 5};
}

} // namespace attnlab::test
