#include "core/model/block/blockspec.h"

#include "core/model/forwardcheck.h"
#include "core/text/messageid.h"

#include <algorithm>
#include <cmath>

namespace attnlab::core::model {

BlockSpec BlockSpec::of(const ModelConfig &c)
{
    const ModelFamily &f = *c.family;
    BlockSpec s;
    s.norm = f.norm;
    s.eps = c.layerNormEps;
    s.preNorm = f.placement == NormPlacement::PreLn;
    s.heads = c.heads;
    s.kvHeads = c.keyValueHeads();
    s.headDim = c.headDim();
    s.scoreScaling = f.scoreScaling;
    s.causal = f.causal;
    s.rotary = f.position == PositionKind::Rotary;
    if (s.rotary)
        s.inverseFrequencies = rotaryInverseFrequencies(s.headDim, c.ropeTheta, c.ropeScaling);
    s.qkNorm = f.qkNorm == QkNorm::PerHead;
    s.gatedMlp = f.mlp == MlpKind::GatedSilu;
    s.expertsPerToken = c.expertsPerToken;
    s.renormaliseTopK = c.renormaliseTopK;
    const std::string act = c.activation.empty() ? f.config.activationFallback : c.activation;
    const std::optional<Activation> a = activationNamed(act);
    if (!a)
        throw ForwardError(Message(MessageId::ForwardActivation, act, activationNames()));
    s.activation = *a;
    s.dModel = c.dModel;
    s.dInner = c.dInner;
    s.normOffset = f.normWeightOffset;
    s.sandwichNorms = !f.tensors.attnPostNorm.empty();
    s.crossAttention = f.crossAttention;
    if (f.scaledEmbeddings || c.scaledEmbeddings)
        s.embeddingScale = Scalar(std::sqrt(double(c.dModel)));
    s.queryPreAttnScalar = c.queryPreAttnScalar;
    s.attnSoftcap = Scalar(c.attnSoftcap);
    s.finalSoftcap = Scalar(c.finalSoftcap);
    s.layerWindows.assign(size_t(c.layers), 0);
    for (size_t l = 0; l < c.slidingLayers.size() && l < s.layerWindows.size(); ++l)
        s.layerWindows[l] = c.slidingLayers[l] ? c.slidingWindow : 0;
    // Gemma 3's sliding layers: rope_local_base_freq without rope_scaling (its rotary_emb_local is
    // built from a config copy with rope_scaling = {"rope_type": "default"}), or transformers v5's
    // rope_parameters["sliding_attention"], which may scale.
    if (s.rotary && c.localRopeTheta > 0)
        s.localInverseFrequencies = rotaryInverseFrequencies(s.headDim, c.localRopeTheta, c.localRopeScaling);
    return s;
}

BlockSpec BlockSpec::layer(int l) const
{
    BlockSpec s = *this;
    s.window = l >= 0 && size_t(l) < layerWindows.size() ? layerWindows[size_t(l)] : 0;
    if (s.window > 0 && localInverseFrequencies.size() > 0) {
        s.inverseFrequencies = localInverseFrequencies;
        s.ropeSet = 1;
    }
    return s;
}

BlockSpec::VisibleKeys BlockSpec::visibleKeys(Eigen::Index p) const
{
    VisibleKeys v {firstKey(p)};
    if (cacheWindow <= 0)
        return v;
    // [from, p] ∩ ([0, sinks) ∪ [p − W + 1, p]): the sinks the layer's window lets through, a gap,
    // then the last W keys.
    const Eigen::Index windowStart = std::max<Eigen::Index>(v.from, p - cacheWindow + 1);
    const Eigen::Index sinksEnd = std::min<Eigen::Index>(cacheSinks, windowStart);
    if (sinksEnd <= v.from) {
        v.from = windowStart;
    } else {
        v.gapFrom = sinksEnd;
        v.gapTo = windowStart;
    }
    return v;
}

void capLogits(const BlockSpec &s, Scalar *logits, Eigen::Index count)
{
    if (!(s.finalSoftcap > 0))
        return;
    auto x = Eigen::Map<Eigen::Array<Scalar, Eigen::Dynamic, 1>>(logits, count);
    x = (x / s.finalSoftcap).tanh() * s.finalSoftcap;
}

BlockSpec BlockSpec::crossSpec() const
{
    BlockSpec s = *this;
    s.causal = false;
    s.window = 0;
    s.layerWindows.clear();
    s.kvHeads = heads;
    s.rotary = false;
    s.qkNorm = false;
    return s;
}

std::optional<Message> unsupportedChoice(const ModelFamily &f, const ModelConfig &c)
{
    // An encoder-decoder's rows run in core/translate, which gives the decoder its encoder's
    // output and adds the sinusoidal positions; the decoder-only passes do neither.
    if (f.crossAttention || f.position == PositionKind::Sinusoidal)
        return Message(MessageId::ForwardEncoderDecoder, f.name);
    if (f.position == PositionKind::None)
        return Message(MessageId::ForwardNoPositions, f.name);
    if (f.position == PositionKind::Rotary && f.rotary.convention != RotaryConvention::HalfSplit)
        return Message(MessageId::ForwardRotaryInterleaved, f.name);
    if (f.position == PositionKind::Rotary && c.headDim() % 2 != 0)
        return Message(MessageId::ForwardRotaryOddHeadDim, c.headDim());
    // The tensor table holds a weight for the QK-norm and no bias.
    if (f.qkNorm != QkNorm::None && f.norm == NormKind::LayerNorm)
        return Message(MessageId::ForwardQkNormCentred, f.name);
    if (f.placement == NormPlacement::PreLn && f.tensors.finalNorm.empty())
        return Message(MessageId::ForwardPreNormWithoutFinalNorm, f.name);
    return std::nullopt;
}

void BlockSpec::rotaryTables(int first, int count, Matrix &cos, Matrix &sin) const
{
    if (rotary)
        model::rotaryTables(inverseFrequencies, first, count, cos, sin);
}

void BlockSpec::prepareHead(const LayerNormWeights &w, Eigen::Ref<Matrix> x, const Eigen::Ref<const Matrix> &cos,
    const Eigen::Ref<const Matrix> &sin) const
{
    // The block's norm with its weight offset: Gemma 3's q_norm and k_norm are Gemma3RMSNorms (1 + w).
    if (qkNorm)
        normRows(norm, x, w, eps, x, normOffset);
    if (rotary)
        applyRotary(x, cos, sin);
}

void BlockSpec::prepareQueries(const LayerWeights &L, Eigen::Ref<Matrix> q, const Eigen::Ref<const Matrix> &cos,
    const Eigen::Ref<const Matrix> &sin) const
{
    if (!qkNorm && !rotary)
        return;
    for (int h = 0; h < heads; ++h)
        prepareHead(L.queryNorm, q.middleCols(h * headDim, headDim), cos, sin);
}

void BlockSpec::prepareKeys(const LayerWeights &L, Eigen::Ref<Matrix> k, const Eigen::Ref<const Matrix> &cos,
    const Eigen::Ref<const Matrix> &sin) const
{
    if (!qkNorm && !rotary)
        return;
    for (int g = 0; g < kvHeads; ++g)
        prepareHead(L.keyNorm, k.middleCols(g * headDim, headDim), cos, sin);
}

void BlockSpec::rotateKeys(
    Eigen::Ref<Matrix> k, const Eigen::Ref<const Matrix> &cos, const Eigen::Ref<const Matrix> &sin) const
{
    if (!rotary)
        return;
    for (int g = 0; g < kvHeads; ++g)
        applyRotary(k.middleCols(g * headDim, headDim), cos, sin);
}

void RotaryTables::cover(const BlockSpec &s, int n)
{
    for (int set = 0; set < 2; ++set) {
        const RowVector &frequencies = set == 0 ? s.inverseFrequencies : s.localInverseFrequencies;
        Matrix &mc = m_cos[set], &ms = m_sin[set];
        if (!s.rotary || frequencies.size() == 0 || mc.rows() == n)
            continue;
        const int have = std::min(int(mc.rows()), n);
        Matrix cos, sin;
        model::rotaryTables(frequencies, have, n - have, cos, sin);
        mc.conservativeResize(n, s.headDim);
        ms.conservativeResize(n, s.headDim);
        mc.bottomRows(n - have) = cos;
        ms.bottomRows(n - have) = sin;
    }
}

Eigen::Ref<const Matrix> RotaryTables::cos(int first, int count, int set) const
{
    if (m_cos[set].rows() == 0)
        return m_cos[set];
    return m_cos[set].middleRows(first, count);
}

Eigen::Ref<const Matrix> RotaryTables::sin(int first, int count, int set) const
{
    if (m_sin[set].rows() == 0)
        return m_sin[set];
    return m_sin[set].middleRows(first, count);
}

} // namespace attnlab::core::model
