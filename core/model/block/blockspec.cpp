#include "core/model/block/blockspec.h"

#include "core/model/forwardcheck.h"
#include "core/text/messageid.h"

#include <algorithm>

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
    return s;
}

std::optional<Message> unsupportedChoice(const ModelFamily &f, const ModelConfig &c)
{
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
    if (qkNorm)
        normRows(norm, x, w, eps, x);
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
    if (!s.rotary || m_cos.rows() == n)
        return;
    const int have = std::min(int(m_cos.rows()), n);
    Matrix cos, sin;
    s.rotaryTables(have, n - have, cos, sin);
    m_cos.conservativeResize(n, s.headDim);
    m_sin.conservativeResize(n, s.headDim);
    m_cos.bottomRows(n - have) = cos;
    m_sin.bottomRows(n - have) = sin;
}

Eigen::Ref<const Matrix> RotaryTables::cos(int first, int count) const
{
    if (m_cos.rows() == 0)
        return m_cos;
    return m_cos.middleRows(first, count);
}

Eigen::Ref<const Matrix> RotaryTables::sin(int first, int count) const
{
    if (m_sin.rows() == 0)
        return m_sin;
    return m_sin.middleRows(first, count);
}

} // namespace attnlab::core::model
