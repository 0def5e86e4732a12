#include "ui/block/blockstagetext.h"

namespace attnlab::ui {

using core::model::BlockStage;
using core::model::ModelConfig;

namespace {

bool preNorm(const ModelConfig &c)
{
    return c.family->placement == core::model::NormPlacement::PreLn;
}

bool gated(const ModelConfig &c)
{
    return c.family->mlp == core::model::MlpKind::GatedSilu;
}

// "LN₁(x)" written out for the family's norm.
QString normFormula(const ModelConfig &c, const QString &index, const QString &of)
{
    if (c.family->norm == core::model::NormKind::RmsNorm)
        return QStringLiteral("RMSNorm%1(%2) = %2 / √(mean(%2²) + ε) · γ").arg(index, of);
    return QStringLiteral("LN%1(%2) = (%2 − μ) / √(σ² + ε) · γ + β").arg(index, of);
}

} // namespace

QString BlockStageText::key(BlockStage stage)
{
    switch (stage) {
    case BlockStage::Input:
        return QStringLiteral("input");
    case BlockStage::AttnIn:
        return QStringLiteral("attn_in");
    case BlockStage::Heads:
        return QStringLiteral("heads");
    case BlockStage::Concat:
        return QStringLiteral("concat");
    case BlockStage::AttnOut:
        return QStringLiteral("attn_out");
    case BlockStage::AfterAttn:
        return QStringLiteral("after_attn");
    case BlockStage::MlpIn:
        return QStringLiteral("mlp_in");
    case BlockStage::MlpAct:
        return QStringLiteral("mlp_act");
    case BlockStage::MlpOut:
        return QStringLiteral("mlp_out");
    case BlockStage::Output:
        return QStringLiteral("output");
    }
    return QString();
}

QString BlockStageText::title(BlockStage stage)
{
    QString name;
    switch (stage) {
    case BlockStage::Input:
        name = tr("Residual stream in");
        break;
    case BlockStage::AttnIn:
        name = tr("Attention input");
        break;
    case BlockStage::Heads:
        name = tr("Heads");
        break;
    case BlockStage::Concat:
        name = tr("Heads side by side");
        break;
    case BlockStage::AttnOut:
        name = tr("Attention output");
        break;
    case BlockStage::AfterAttn:
        name = tr("After attention");
        break;
    case BlockStage::MlpIn:
        name = tr("MLP input");
        break;
    case BlockStage::MlpAct:
        name = tr("MLP activation");
        break;
    case BlockStage::MlpOut:
        name = tr("MLP output");
        break;
    case BlockStage::Output:
        name = tr("Residual stream out");
        break;
    }
    return QStringLiteral("%1 (%2)").arg(name, key(stage));
}

QString BlockStageText::activationName(core::model::Activation activation)
{
    switch (activation) {
    case core::model::Activation::GeluErf:
        return QStringLiteral("GELU (erf)");
    case core::model::Activation::GeluTanh:
        return QStringLiteral("GELU (tanh)");
    case core::model::Activation::Relu:
        return QStringLiteral("ReLU");
    case core::model::Activation::QuickGelu:
        return QStringLiteral("QuickGELU");
    case core::model::Activation::Silu:
        return QStringLiteral("SiLU");
    }
    return QString();
}

QString BlockStageText::normName(core::model::NormKind kind)
{
    return kind == core::model::NormKind::RmsNorm ? QStringLiteral("RMSNorm") : QStringLiteral("LayerNorm");
}

QString BlockStageText::formula(BlockStage stage, const ModelConfig &c)
{
    const QString act = activationName(core::model::modelActivation(c));
    switch (stage) {
    case BlockStage::Input:
        return QStringLiteral("x");
    case BlockStage::AttnIn:
        return preNorm(c) ? QStringLiteral("a = ") + normFormula(c, QStringLiteral("₁"), QStringLiteral("x"))
                          : QStringLiteral("a = x");
    case BlockStage::Heads:
        return QStringLiteral("headₕ = softmax(Qₕ·Kₕᵀ / √d_head)·Vₕ");
    case BlockStage::Concat:
        return QStringLiteral("concat = [head₁ … head_H]");
    case BlockStage::AttnOut:
        return c.outBias ? QStringLiteral("attn_out = concat·W_O + b_O") : QStringLiteral("attn_out = concat·W_O");
    case BlockStage::AfterAttn:
        return preNorm(c) ? QStringLiteral("h = x + attn_out") : QStringLiteral("h = LN₁(x + attn_out)");
    case BlockStage::MlpIn:
        return preNorm(c) ? QStringLiteral("m = ") + normFormula(c, QStringLiteral("₂"), QStringLiteral("h"))
                          : QStringLiteral("m = h");
    case BlockStage::MlpAct:
        if (gated(c))
            return QStringLiteral("act = %1(m·W_gate)·(m·W_up)").arg(act);
        return c.mlpBias ? QStringLiteral("act = %1(m·W₁ + b₁)").arg(act) : QStringLiteral("act = %1(m·W₁)").arg(act);
    case BlockStage::MlpOut:
        if (gated(c))
            return QStringLiteral("mlp_out = act·W_down");
        return c.mlpBias ? QStringLiteral("mlp_out = act·W₂ + b₂") : QStringLiteral("mlp_out = act·W₂");
    case BlockStage::Output:
        return preNorm(c) ? QStringLiteral("y = h + mlp_out") : QStringLiteral("y = LN₂(h + mlp_out)");
    }
    return QString();
}

QString BlockStageText::explanation(BlockStage stage, const ModelConfig &c)
{
    const QString norm = normName(c.family->norm);
    switch (stage) {
    case BlockStage::Input:
        return tr("The residual stream as this layer receives it: one row of numbers per token. Every layer "
                  "reads it and adds its own results to it, so it carries everything the layers below have "
                  "written.");
    case BlockStage::AttnIn:
        if (!preNorm(c))
            return tr("This model normalises after each sub-layer (post-norm, as BERT does), so attention reads "
                      "the residual stream itself.");
        if (c.family->norm == core::model::NormKind::LayerNorm)
            return tr("Attention does not read the stream directly: LayerNorm first rescales each token's row to a "
                      "standard size, then multiplies each column by a learned weight γ and adds a bias β.");
        return tr("Attention does not read the stream directly: RMSNorm first rescales each token's row to a "
                  "standard size, then multiplies each column by a learned weight γ.");
    case BlockStage::Heads:
        return tr("Every head mixes the rows of the attention input by its own weights. Click a head to open its "
                  "Q, K, V, weights and context on the pipeline board.");
    case BlockStage::Concat:
        return tr("The context vectors of all heads placed next to each other, head 1 on the left. A switched-off "
                  "head contributes zeros.");
    case BlockStage::AttnOut:
        return tr("One matrix W_O mixes the heads' columns and brings them back to the width of the stream: this "
                  "is what attention adds to the residual stream.");
    case BlockStage::AfterAttn:
        if (!preNorm(c))
            return tr("The attention output is added to the stream, and the sum goes through LayerNorm straight "
                      "away: post-norm.");
        return tr("The residual connection: the attention output is simply added to the stream, cell by cell.");
    case BlockStage::MlpIn:
        if (!preNorm(c))
            return tr("Under post-norm the MLP reads the normalised stream as it is after attention.");
        return tr("Before the MLP, a second %1 rescales each row of the stream, with weights of its own.").arg(norm);
    case BlockStage::MlpAct:
        if (gated(c))
            return tr("The MLP widens each row to %1 numbers twice: a gate that goes through SiLU and an up "
                      "projection; the product of the two is what the last matrix reads.")
                .arg(c.dInner);
        return tr("The MLP widens each row to %1 numbers and bends each one with %2: negative values are "
                  "mostly cut away, positive ones pass.")
            .arg(c.dInner)
            .arg(activationName(core::model::modelActivation(c)));
    case BlockStage::MlpOut:
        return tr("The last matrix of the MLP brings the wide row back to the width of the stream.");
    case BlockStage::Output:
        if (!preNorm(c))
            return tr("The MLP output is added to the stream and the sum is normalised again; this is what the "
                      "next layer receives.");
        return tr("The second residual connection: the MLP output is added to the stream. This is what the next "
                  "layer receives.");
    }
    return QString();
}

} // namespace attnlab::ui
