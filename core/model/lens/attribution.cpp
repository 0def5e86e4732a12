#include "core/model/lens/attribution.h"

#include "core/model/block/blockmath.h"
#include "core/model/block/blockspec.h"
#include "core/model/lens/block.h"
#include "core/model/lens/lens.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace attnlab::core::model {

namespace {

// From this many MLP weights per layer (d_model · d_inner) the layers' shares are computed in
// parallel: GPT-2 small has 2.4M.
constexpr std::int64_t kParallelLayerSize = std::int64_t(1) << 18;

// The final norm with its scale frozen at the full residual `x`: a linear map of a part c to its
// share of the logit, (c − centre(c))·g with g = γ ⊙ u / scale, in double precision.
class FrozenNorm {
public:
    FrozenNorm(bool centres, const RowVector &x, const RowVector &gamma, const RowVector &unembedding, double eps)
        : m_centres(centres)
    {
        const Eigen::RowVectorXd xd = x.cast<double>();
        const double mean = m_centres ? xd.mean() : 0.0;
        const double scale = std::sqrt((xd.array() - mean).square().mean() + eps);
        m_g = (gamma.cast<double>().array() * unembedding.cast<double>().array() / scale).matrix();
        m_gSum = m_g.sum();
    }
    double operator()(const Eigen::Ref<const RowVector> &part) const
    {
        const Eigen::RowVectorXd c = part.cast<double>();
        return c.dot(m_g) - (m_centres ? c.mean() * m_gSum : 0.0);
    }

private:
    bool m_centres;
    Eigen::RowVectorXd m_g;
    double m_gSum = 0;
};

RowVector tensorRow(const TensorView &t, int length)
{
    if (t.empty())
        return RowVector::Zero(length);
    return tensorCopy(t);
}

// One row of the unembedding (the decoder's row of the token).
RowVector unembeddingRow(const ModelWeights &w, int token)
{
    Matrix row(1, w.config.dModel);
    embeddingRows(unembedding(w), {token}, 0, row);
    return row;
}

Attribution perLayer(const ForwardRunner &runner, int token)
{
    const LogitLens lens = logitLens(runner);
    Attribution a;
    a.perHead = false;
    a.parts.push_back({AttributionPart::Kind::Embeddings, -1, -1, double(lens.logits(0, token))});
    for (int l = 1; l < lens.logits.rows(); ++l)
        a.parts.push_back({AttributionPart::Kind::Layer, l - 1, -1,
            double(lens.logits(l, token)) - double(lens.logits(l - 1, token))});
    return a;
}

// Every head's context at the prediction row `p` of layer `l` (1 × heads·d_head), times its value
// in the head mask. A causal model's pass keeps every token's keys and values (rotated keys under
// rotary positions) in its cache, so only row p's query is projected here and its attention row
// taken over keys 0…p, as the pass did; a model without the cache recomputes each head's
// weights and values (headContext).
RowVector contextsAtRow(const ForwardRunner &runner, int l, int p)
{
    const ModelConfig &c = runner.config();
    const int dh = c.headDim(), width = c.heads * dh;
    RowVector contexts(width);
    if (!runner.blockSpec().causal) {
        for (int h = 0; h < c.heads; ++h)
            contexts.segment(h * dh, dh) = headContext(runner, l, h, {p});
        return contexts;
    }
    // What attention reads at row p, as the pass computes it row by row.
    Matrix a;
    attentionInput(runner.blockSpec(), runner.layerWeights(l), runner.layerInput(l).row(p), a);
    return causalContextRows(runner, l, a, {p}, runner.cachedKeys(l), runner.cachedValues(l));
}

// One layer's shares: each head's, the MLP's (without its output bias) and its two output biases'.
struct LayerShares {
    std::vector<double> heads;
    double mlp = 0, biases = 0;
};

LayerShares layerShares(const ForwardRunner &runner, int l, const FrozenNorm &share)
{
    const ModelConfig &c = runner.config();
    const int p = runner.predictionPosition(), d = c.dModel, dh = c.headDim();
    const LayerWeights &L = runner.layerWeights(l);
    LayerShares s;
    const RowVector contexts = contextsAtRow(runner, l, p);
    Matrix headOut(c.heads, d);
    if (L.attnOut.inputMajor) {
        // W_O stored in × out (a Conv1D weight): head h's output is its context through the
        // stored rows of that head alone.
        for (int h = 0; h < c.heads; ++h)
            project(contexts.segment(h * dh, dh), tensorColumns(L.attnOut, h * dh, dh), TensorView {}, headOut.row(h));
    } else {
        // W_O stored out × in, a head's inputs are columns: row h holds head h's context in its
        // own columns, zeros elsewhere, and one product gives every head's output.
        Matrix perHeadInput = Matrix::Zero(c.heads, c.heads * dh);
        for (int h = 0; h < c.heads; ++h)
            perHeadInput.block(h, h * dh, 1, dh) = contexts.segment(h * dh, dh);
        project(perHeadInput, L.attnOut, TensorView {}, headOut);
    }
    for (int h = 0; h < c.heads; ++h)
        s.heads.push_back(share(headOut.row(h)));
    const RowVector outBias = tensorRow(L.attnOutBias, d);

    // The MLP reads the residual after attention, normed.
    const RowVector afterAttn = runner.layerInput(l).row(p) + headOut.colwise().sum() + outBias;
    Matrix mlpIn(1, d), act, mlpOut;
    mlpInput(runner.blockSpec(), L, afterAttn, mlpIn);
    mlpRows(runner, l, mlpIn, false, act, mlpOut);
    s.mlp = share(mlpOut.row(0));
    s.biases = share(outBias) + share(tensorRow(L.fcOutBias, d));
    return s;
}

// False when `progress` cancelled.
bool perHead(const ForwardRunner &runner, int token, const ForwardProgress &progress, Attribution &a)
{
    const ModelWeights &w = runner.weights();
    const ModelConfig &c = w.config;
    const int p = runner.predictionPosition(), d = c.dModel;
    const RowVector x = runner.layerInput(c.layers).row(p);
    const RowVector u = unembeddingRow(w, token);
    const FrozenNorm share(
        runner.blockSpec().normCentres(), x, tensorRow(w.finalNorm.weight, d), u, double(c.layerNormEps));

    // Layers in parallel (each only reads the runner) when they are large enough to pay for the
    // threads; OpenBLAS runs single-threaded inside.
    std::vector<LayerShares> layers(size_t(c.layers));
    const bool parallel = std::int64_t(c.dModel) * c.dInner >= kParallelLayerSize;
    // Progress is asked between groups of as many layers as run at once.
    int group = 1;
#ifdef _OPENMP
    if (parallel)
        group = std::max(1, omp_get_max_threads());
#endif
    for (int first = 0; first < c.layers; first += group) {
        if (progress && !progress(first, c.layers))
            return false;
        const int end = std::min(c.layers, first + group);
        (void)parallel;
#ifdef _OPENMP // a build without OpenMP stays free of unknown-pragma warnings
#pragma omp parallel for schedule(dynamic) if (parallel)
#endif
        for (int l = first; l < end; ++l)
            layers[size_t(l)] = layerShares(runner, l, share);
    }
    if (progress && !progress(c.layers, c.layers))
        return false;

    a.perHead = true;
    a.parts.push_back({AttributionPart::Kind::Embeddings, -1, -1, share(runner.layerInput(0).row(p))});
    double biases = 0;
    for (int l = 0; l < c.layers; ++l) {
        const LayerShares &s = layers[size_t(l)];
        for (int h = 0; h < c.heads; ++h)
            a.parts.push_back({AttributionPart::Kind::Head, l, h, s.heads[size_t(h)]});
        a.parts.push_back({AttributionPart::Kind::Mlp, l, -1, s.mlp});
        biases += s.biases;
    }
    // The final norm's bias and the output head's bias of the token go straight to the logit.
    biases += tensorRow(w.finalNorm.bias, d).cast<double>().dot(u.cast<double>());
    a.parts.push_back({AttributionPart::Kind::Biases, -1, -1, biases});
    return true;
}

} // namespace

std::string partName(const AttributionPart &part)
{
    const std::string layer = std::to_string(part.layer + 1);
    switch (part.kind) {
    case AttributionPart::Kind::Embeddings:
        return "embeddings";
    case AttributionPart::Kind::Head:
        return layer + "." + std::to_string(part.head + 1);
    case AttributionPart::Kind::Mlp:
        return layer + ".mlp";
    case AttributionPart::Kind::Layer:
        return layer;
    case AttributionPart::Kind::Biases:
        break;
    }
    return "biases";
}

bool attributionIsPerHead(const ModelConfig &config)
{
    // Per head needs the logit linear in each head's output through the frozen final norm: no
    // norm of the sub-layers' outputs (Gemma's sandwich norms) and no cap of the logits.
    if (!isPreNorm(*config.family))
        return false;
    const BlockSpec spec = BlockSpec::of(config);
    return !spec.sandwichNorms && !(spec.finalSoftcap > 0);
}

Attribution attributeLogit(const ForwardRunner &runner, int token)
{
    Attribution a;
    attributeLogit(runner, token, {}, a);
    return a;
}

bool attributeLogit(const ForwardRunner &runner, int token, const ForwardProgress &progress, Attribution &out)
{
    if (!runner.canPredict() || !runner.isComplete())
        throw std::invalid_argument("the attribution needs a complete pass of a model that can predict");
    if (token < 0 || token >= runner.config().vocabSize)
        throw std::invalid_argument("token " + std::to_string(token) + " is outside the vocabulary");
    Attribution a;
    if (attributionIsPerHead(runner.config())) {
        if (!perHead(runner, token, progress, a))
            return false;
    } else {
        a = perLayer(runner, token);
    }
    a.token = token;
    a.logit = double(runner.logits()(token));
    out = std::move(a);
    return true;
}

} // namespace attnlab::core::model
