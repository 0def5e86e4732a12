#include "lensreference.h"

#include <cmath>

namespace attnlab::test {

using core::model::LayerWeights;

namespace {

Vec addRows(const Vec &a, const Vec &b)
{
    Vec s(a.size());
    for (size_t j = 0; j < a.size(); ++j)
        s[j] = a[j] + b[j];
    return s;
}

// The MLP's inner activation and output (with bias) of one normed row.
void mlpReference(const ModelWeights &w, const LayerWeights &L, const Vec &in, Vec &act, Vec &out)
{
    // The plain MLPs of these references: GPT-2's gelu_new (tanh) or BERT's gelu (erf).
    const bool tanh = w.config.activation == "gelu_new";
    act = linear(in, L.fcIn, L.fcInBias);
    for (double &x : act)
        x = tanh ? geluTanh(x) : geluErf(x);
    out = linear(act, L.fcOut, L.fcOutBias);
}

BlockReference blockReference(const ModelWeights &w, const Reference &ref, int layer, bool preLn)
{
    const LayerWeights &L = w.layers[size_t(layer)];
    const double eps = w.config.layerNormEps;
    BlockReference b;
    b.input = ref.inputs[size_t(layer)];
    b.attnIn = ref.attentionInputs[size_t(layer)];
    b.attnOut = ref.attentionOutputs[size_t(layer)];
    for (size_t i = 0; i < b.input.size(); ++i) {
        Vec after = addRows(b.input[i], b.attnOut[i]);
        if (!preLn)
            after = layerNormRef(after, L.attnNorm, eps);
        const Vec mlpIn = preLn ? layerNormRef(after, L.mlpNorm, eps) : after;
        Vec act, out;
        mlpReference(w, L, mlpIn, act, out);
        Vec output = addRows(after, out);
        if (!preLn)
            output = layerNormRef(output, L.mlpNorm, eps);
        b.afterAttn.push_back(after);
        b.mlpIn.push_back(mlpIn);
        b.mlpAct.push_back(act);
        b.mlpOut.push_back(out);
        b.output.push_back(output);
    }
    return b;
}

// x · row `t` of the token embeddings.
double unembed(const ModelWeights &w, const Vec &x, int t)
{
    double s = 0;
    for (size_t j = 0; j < x.size(); ++j)
        s += x[j] * at(w.tokenEmbeddings, t, int(j));
    return s;
}

} // namespace

BlockReference gpt2BlockReference(const ModelWeights &w, const Reference &ref, int layer)
{
    return blockReference(w, ref, layer, true);
}

BlockReference bertBlockReference(const ModelWeights &w, const Reference &ref, int layer)
{
    return blockReference(w, ref, layer, false);
}

Vec gpt2HeadReference(const ModelWeights &w, const Vec &residual)
{
    const Vec x = layerNormRef(residual, w.finalNorm, w.config.layerNormEps);
    Vec logits(size_t(w.config.vocabSize));
    for (int t = 0; t < w.config.vocabSize; ++t)
        logits[size_t(t)] = unembed(w, x, t);
    return logits;
}

Vec bertHeadReference(const ModelWeights &w, const Vec &residual)
{
    Vec t = linear(residual, w.mlmDense, w.mlmDenseBias);
    for (double &x : t)
        x = geluErf(x);
    t = layerNormRef(t, w.mlmNorm, w.config.layerNormEps);
    Vec logits(size_t(w.config.vocabSize));
    for (int v = 0; v < w.config.vocabSize; ++v)
        logits[size_t(v)] = at(w.mlmBias, v) + unembed(w, t, v);
    return logits;
}

Mat gpt2LensReference(const ModelWeights &w, const Reference &ref, int position)
{
    Mat lens;
    for (const Mat &input : ref.inputs)
        lens.push_back(gpt2HeadReference(w, input[size_t(position)]));
    return lens;
}

Mat bertLensReference(const ModelWeights &w, const Reference &ref, int position)
{
    Mat lens;
    for (const Mat &input : ref.inputs)
        lens.push_back(bertHeadReference(w, input[size_t(position)]));
    return lens;
}

std::vector<PartReference> gpt2AttributionReference(
    const ModelWeights &w, const std::vector<int> &ids, const Mat &headMask, int token)
{
    const ModelConfig &c = w.config;
    const int n = int(ids.size()), p = n - 1, d = c.dModel, dh = d / c.heads;
    const Reference ref = gpt2Reference(w, ids, headMask);

    // ln_f with its scale frozen at the full residual x: share(v) = Σ (v − mean v)·γ·u / σ(x).
    const Vec &x = ref.inputs[size_t(c.layers)][size_t(p)];
    double mean = 0, var = 0;
    for (double v : x)
        mean += v / d;
    for (double v : x)
        var += (v - mean) * (v - mean) / d;
    const double sigma = std::sqrt(var + c.layerNormEps);
    const auto share = [&](const Vec &v) {
        double m = 0, s = 0;
        for (double e : v)
            m += e / d;
        for (int j = 0; j < d; ++j)
            s += (v[size_t(j)] - m) * at(w.finalNorm.weight, j) * at(w.tokenEmbeddings, token, j) / sigma;
        return s;
    };
    const auto vectorOf = [](const TensorView &t) {
        Vec v(size_t(t.cols));
        for (int j = 0; j < t.cols; ++j)
            v[size_t(j)] = at(t, j);
        return v;
    };

    std::vector<PartReference> parts {{"embeddings", share(ref.inputs[0][size_t(p)])}};
    double biases = 0;
    for (int l = 0; l < c.layers; ++l) {
        const LayerWeights &L = w.layers[size_t(l)];
        const Mat &a = ref.attentionInputs[size_t(l)];
        Mat q(n), k(n), v(n);
        for (int i = 0; i < n; ++i) {
            q[size_t(i)] = linear(a[size_t(i)], L.query, L.queryBias);
            k[size_t(i)] = linear(a[size_t(i)], L.key, L.keyBias);
            v[size_t(i)] = linear(a[size_t(i)], L.value, L.valueBias);
        }
        std::vector<Mat> weights;
        const Mat ctx = attendRef(q, k, v, c.heads, true, headMask[size_t(l)], weights);
        for (int h = 0; h < c.heads; ++h) {
            // The head's context row through its columns of W_O (outputs × inputs), no bias.
            Vec out(size_t(d), 0.0);
            for (int o = 0; o < d; ++o)
                for (int i = h * dh; i < (h + 1) * dh; ++i)
                    out[size_t(o)] += ctx[size_t(p)][size_t(i)] * at(L.attnOut, o, i);
            parts.push_back({std::to_string(l + 1) + "." + std::to_string(h + 1), share(out)});
        }
        const Vec after = addRows(ref.inputs[size_t(l)][size_t(p)], ref.attentionOutputs[size_t(l)][size_t(p)]);
        Vec act, out;
        mlpReference(w, L, layerNormRef(after, L.mlpNorm, c.layerNormEps), act, out);
        const Vec outBias = vectorOf(L.fcOutBias);
        for (int j = 0; j < d; ++j)
            out[size_t(j)] -= outBias[size_t(j)];
        parts.push_back({std::to_string(l + 1) + ".mlp", share(out)});
        biases += share(vectorOf(L.attnOutBias)) + share(outBias);
    }
    for (int j = 0; j < d; ++j)
        biases += at(w.finalNorm.bias, j) * at(w.tokenEmbeddings, token, j);
    parts.push_back({"biases", biases});
    return parts;
}

std::vector<PartReference> bertAttributionReference(
    const ModelWeights &w, const std::vector<int> &ids, int position, int token)
{
    const Reference ref = bertReference(w, ids, position, allOn(w.config));
    const Mat lens = bertLensReference(w, ref, position);
    std::vector<PartReference> parts {{"embeddings", lens[0][size_t(token)]}};
    for (size_t l = 1; l < lens.size(); ++l)
        parts.push_back({std::to_string(l), lens[l][size_t(token)] - lens[l - 1][size_t(token)]});
    return parts;
}

} // namespace attnlab::test
