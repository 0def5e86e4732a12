#include "gemmareference.h"

#include <cmath>

namespace attnlab::test {

using namespace attnlab::core::model;

namespace {

// Gemma's RMSNorm: x·rsqrt(mean(x²) + ε)·(1 + w), of `count` values from `x`.
void gemmaNorm(const double *x, double *y, int count, const TensorView &w, double eps)
{
    double sq = 0;
    for (int i = 0; i < count; ++i)
        sq += x[i] * x[i];
    const double inv = 1 / std::sqrt(sq / count + eps);
    for (int i = 0; i < count; ++i)
        y[i] = x[i] * inv * (1 + at(w, i));
}

Vec gemmaNorm(const Vec &x, const TensorView &w, double eps)
{
    Vec y(x.size());
    gemmaNorm(x.data(), y.data(), int(x.size()), w, eps);
    return y;
}

void rotate(Vec &x, int heads, int dh, int position, double theta, double factor)
{
    const int half = dh / 2;
    for (int h = 0; h < heads; ++h) {
        double *p = x.data() + size_t(h) * dh;
        for (int i = 0; i < half; ++i) {
            const double angle = position * (1.0 / std::pow(theta, double(2 * i) / dh)) / factor;
            const double a = p[i], b = p[i + half];
            p[i] = a * std::cos(angle) - b * std::sin(angle);
            p[i + half] = b * std::cos(angle) + a * std::sin(angle);
        }
    }
}

double cap(double x, double c)
{
    return c > 0 ? std::tanh(x / c) * c : x;
}

} // namespace

GemmaReference gemmaReference(
    const ModelWeights &w, const GemmaReferenceSpec &spec, const std::vector<int> &ids, const GemmaQkNorms &qkNorms)
{
    const ModelConfig &c = w.config;
    const int n = int(ids.size()), d = c.dModel, dh = c.headDim(), H = c.heads, G = c.keyValueHeads();
    const double eps = c.layerNormEps;
    const size_t N = size_t(n), D = size_t(d);
    GemmaReference ref;
    Mat h(N, Vec(D));
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < d; ++j)
            h[size_t(i)][size_t(j)] = at(w.tokenEmbeddings, ids[size_t(i)], j) * std::sqrt(double(d));
    ref.inputs.push_back(h);
    for (int l = 0; l < c.layers; ++l) {
        const LayerWeights &L = w.layers[size_t(l)];
        const bool sliding = spec.sliding[size_t(l)];
        const double theta = sliding && spec.localTheta > 0 ? spec.localTheta : spec.theta;
        const double factor = sliding ? 1 : spec.linearFactor;
        Mat a(N), q(N), k(N), v(N);
        for (int i = 0; i < n; ++i) {
            a[size_t(i)] = gemmaNorm(h[size_t(i)], L.attnNorm.weight, eps);
            q[size_t(i)] = linear(a[size_t(i)], L.query, {});
            k[size_t(i)] = linear(a[size_t(i)], L.key, {});
            v[size_t(i)] = linear(a[size_t(i)], L.value, {});
            if (spec.qkNorm) {
                for (int hh = 0; hh < H; ++hh) {
                    double *p = q[size_t(i)].data() + size_t(hh) * dh;
                    gemmaNorm(p, p, dh, qkNorms.query[size_t(l)], eps);
                }
                for (int g = 0; g < G; ++g) {
                    double *p = k[size_t(i)].data() + size_t(g) * dh;
                    gemmaNorm(p, p, dh, qkNorms.key[size_t(l)], eps);
                }
            }
            rotate(q[size_t(i)], H, dh, i, theta, factor);
            rotate(k[size_t(i)], G, dh, i, theta, factor);
        }
        ref.attentionInputs.push_back(a);
        ref.qRot.push_back(q);
        ref.kRot.push_back(k);
        Mat ctx(N, Vec(size_t(H * dh), 0.0));
        std::vector<Mat> weights(size_t(H), Mat(N, Vec(N, 0.0)));
        for (int hh = 0; hh < H; ++hh) {
            const int g = hh / (H / G);
            for (int i = 0; i < n; ++i) {
                // masking_utils: causal kv_idx ≤ q_idx and, sliding, kv_idx > q_idx − window.
                const int from = sliding ? std::max(0, i - spec.window + 1) : 0;
                Vec z;
                for (int j = from; j <= i; ++j) {
                    double s = 0;
                    for (int e = 0; e < dh; ++e)
                        s += q[size_t(i)][size_t(hh * dh + e)] * k[size_t(j)][size_t(g * dh + e)];
                    z.push_back(cap(s * std::pow(spec.queryPreAttnScalar, -0.5), spec.attnSoftcap));
                }
                const Vec p = softmaxRef(z);
                for (int j = from; j <= i; ++j)
                    weights[size_t(hh)][size_t(i)][size_t(j)] = p[size_t(j - from)];
                for (int e = 0; e < dh; ++e) {
                    double s = 0;
                    for (int j = from; j <= i; ++j)
                        s += p[size_t(j - from)] * v[size_t(j)][size_t(g * dh + e)];
                    ctx[size_t(i)][size_t(hh * dh + e)] = s;
                }
            }
        }
        ref.weights.push_back(weights);
        Mat out(N), after(N), mlpIn(N), mlpOut(N);
        for (int i = 0; i < n; ++i) {
            out[size_t(i)] = linear(ctx[size_t(i)], L.attnOut, {});
            const Vec post = gemmaNorm(out[size_t(i)], L.attnPostNorm.weight, eps);
            for (int j = 0; j < d; ++j)
                h[size_t(i)][size_t(j)] += post[size_t(j)];
            after[size_t(i)] = h[size_t(i)];
            mlpIn[size_t(i)] = gemmaNorm(h[size_t(i)], L.mlpNorm.weight, eps);
            Vec gate = linear(mlpIn[size_t(i)], L.mlpGate, {});
            const Vec up = linear(mlpIn[size_t(i)], L.fcIn, {});
            for (size_t e = 0; e < gate.size(); ++e)
                gate[e] = geluTanh(gate[e]) * up[e];
            mlpOut[size_t(i)] = linear(gate, L.fcOut, {});
            const Vec post2 = gemmaNorm(mlpOut[size_t(i)], L.mlpPostNorm.weight, eps);
            for (int j = 0; j < d; ++j)
                h[size_t(i)][size_t(j)] += post2[size_t(j)];
        }
        ref.attentionOutputs.push_back(out);
        ref.afterAttn.push_back(after);
        ref.mlpIn.push_back(mlpIn);
        ref.mlpOut.push_back(mlpOut);
        ref.inputs.push_back(h);
    }
    const Vec x = gemmaNorm(h[N - 1], w.finalNorm.weight, eps);
    ref.logits = linear(x, w.tokenEmbeddings, {});
    for (double &z : ref.logits)
        z = cap(z, spec.finalSoftcap);
    ref.probabilities = softmaxRef(ref.logits);
    return ref;
}

} // namespace attnlab::test
