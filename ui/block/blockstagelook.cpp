#include "ui/block/blockstagelook.h"

#include <QCoreApplication>
#include <QLocale>

#include <stdexcept>

namespace attnlab::ui {

using core::model::BlockOperation;
using core::model::BlockStage;
using core::model::BlockStageForm;

namespace {

// The texts keep the translation context of the class that first held them.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(BlockStageText)
};

QString utf8(const char *text)
{
    return QString::fromUtf8(text);
}

QString symbol(BlockStage stage)
{
    return utf8(blockStageLook(stage).symbol);
}

// "₁" for the block's first norm, "₂" for its second.
QString subscript(int number)
{
    return QString(QChar(0x2080 + number));
}

// The norm of `form` applied to `of`, written out: "LN₁(x) = (x − μ) / √(σ² + ε) · γ + β".
QString normWrittenOut(const BlockStageForm &form, const QString &of)
{
    const QString applied = utf8(form.norm->symbol) + subscript(form.entry->norm) + QStringLiteral("(%1)").arg(of);
    // Concatenated, not arg(): QString::arg() reads "%1²" as the escape %12 (² is a digit to Qt).
    // Gemma's norms multiply by (1 + γ) (BlockSpec::normOffset).
    const QString weight = form.normOffset != 0
        ? QStringLiteral("(%1 + γ)").arg(QLocale::c().toString(form.normOffset, 'g', 6))
        : QStringLiteral("γ");
    if (form.norm->centred)
        return applied + QStringLiteral(" = (") + of + QStringLiteral(" − μ) / √(σ² + ε) · ") + weight
            + QStringLiteral(" + β");
    return applied + QStringLiteral(" = ") + of + QStringLiteral(" / √(mean(") + of + QStringLiteral("²) + ε) · ")
        + weight;
}

QString input(const BlockStageForm &f)
{
    if (!f.preNorm)
        return Text::tr("The hidden state as this layer receives it: one row of numbers per token. This model "
                        "normalises after each sub-layer (post-norm, as BERT does): each adds its result to the "
                        "stream and the sum is normalised at once, so the stream is rescaled at every step rather "
                        "than a running sum of what the layers below wrote.");
    return Text::tr("The residual stream as this layer receives it: one row of numbers per token. Every layer "
                    "reads it and adds its own results to it, so it carries everything the layers below have "
                    "written.");
}

QString attnIn(const BlockStageForm &f)
{
    if (f.operation == BlockOperation::Identity)
        return Text::tr("This model normalises after each sub-layer (post-norm, as BERT does), so attention reads "
                        "the residual stream itself.");
    if (f.norm->centred)
        return Text::tr("Attention does not read the stream directly: LayerNorm first subtracts each token's row's "
                        "mean and divides the row by its standard deviation, then multiplies each column by a "
                        "learned weight γ and adds a bias β.");
    if (f.normOffset != 0)
        return Text::tr("Attention does not read the stream directly: RMSNorm first divides each token's row by its "
                        "root mean square (no mean is subtracted), then multiplies each column by %1 + γ, a learned "
                        "weight γ plus %1 (Gemma's input_layernorm): a weight of 0 leaves the row as it is.")
            .arg(QLocale().toString(f.normOffset));
    return Text::tr("Attention does not read the stream directly: RMSNorm first divides each token's row by its root "
                    "mean square (no mean is subtracted), then multiplies each column by a learned weight γ.");
}

QString heads(const BlockStageForm &)
{
    return Text::tr("Every head mixes the rows of the attention input by its own weights. Click a head to open its "
                    "Q, K, V, weights and context on the pipeline board.");
}

QString concat(const BlockStageForm &)
{
    return Text::tr("The context vectors of all heads placed next to each other, head 1 on the left. A switched-off "
                    "head contributes zeros.");
}

QString attnOut(const BlockStageForm &)
{
    return Text::tr("One matrix W_O mixes the heads' columns and brings them back to the width of the stream: this "
                    "is what attention adds to the residual stream.");
}

QString afterAttn(const BlockStageForm &f)
{
    if (f.operation == BlockOperation::ResidualOfNorm)
        return Text::tr("Before it is added to the stream, the attention output goes through a norm of its own "
                        "(Gemma's post_attention_layernorm, an RMSNorm with its own weights γ′, multiplying by "
                        "1 + γ′): the stream grows by rows of a controlled size, whatever attention produced.");
    if (f.operation == BlockOperation::ResidualNorm)
        return Text::tr("The attention output is added to the stream, and the sum goes through LayerNorm straight "
                        "away: post-norm.");
    return Text::tr("The residual connection: the attention output is simply added to the stream, cell by cell.");
}

QString mlpIn(const BlockStageForm &f)
{
    if (f.operation == BlockOperation::Identity)
        return Text::tr("Under post-norm the MLP reads the normalised stream as it is after attention.");
    if (f.norm->centred)
        return Text::tr("Before the MLP, a second %1 centres and rescales each row of the stream, with weights of "
                        "its own.")
            .arg(utf8(f.norm->name));
    if (f.normOffset != 0)
        return Text::tr("Before the MLP, a second %1 rescales each row of the stream, with weights of its own, "
                        "multiplying by %2 + γ (Gemma's pre_feedforward_layernorm).")
            .arg(utf8(f.norm->name))
            .arg(QLocale().toString(f.normOffset));
    return Text::tr("Before the MLP, a second %1 rescales each row of the stream, with weights of its own.")
        .arg(utf8(f.norm->name));
}

QString mlpAct(const BlockStageForm &f)
{
    if (f.gated)
        return Text::tr("The MLP widens each row to %1 numbers twice: a gate that goes through %2 and an up "
                        "projection; their elementwise product is what the last matrix reads.")
            .arg(f.columns)
            .arg(utf8(activationLook(f.activation).name));
    return Text::tr("The MLP widens each row to %1 numbers and bends each one with %2: negative values are "
                    "mostly cut away, positive ones pass.")
        .arg(f.columns)
        .arg(utf8(activationLook(f.activation).name));
}

QString mlpOut(const BlockStageForm &)
{
    return Text::tr("The last matrix of the MLP brings the wide row back to the width of the stream.");
}

QString output(const BlockStageForm &f)
{
    if (f.operation == BlockOperation::ResidualOfNorm)
        return Text::tr("The MLP output goes through a norm of its own first (Gemma's post_feedforward_layernorm, "
                        "weights γ′, multiplying by 1 + γ′) and is then added to the stream; this is what the next "
                        "layer receives.");
    if (f.operation == BlockOperation::ResidualNorm)
        return Text::tr("The MLP output is added to the stream and the sum is normalised again; this is what the "
                        "next layer receives.");
    return Text::tr("The second residual connection: the MLP output is added to the stream. This is what the next "
                    "layer receives.");
}

} // namespace

const std::vector<BlockStageLook> &blockStageLooks()
{
    using S = BlockStage;
    using P = MatrixPlot::Palette;
    constexpr auto signedStage = P::Diverging;
    // clang-format off
    static const std::vector<BlockStageLook> looks = {
        {S::Input, QT_TRANSLATE_NOOP("BlockStageText", "Residual stream in"), "x",
            nullptr, nullptr, nullptr, nullptr, input, nullptr, 0, 0, signedStage, false, "residual"},
        {S::AttnIn, QT_TRANSLATE_NOOP("BlockStageText", "Attention input"), "a",
            nullptr, nullptr, nullptr, nullptr, attnIn, nullptr, 0, 1, signedStage, false, "norms"},
        {S::Heads, QT_TRANSLATE_NOOP("BlockStageText", "Heads"), "headₕ",
            nullptr, nullptr, nullptr, nullptr, heads, nullptr, 0, 2, P::Sequential, true, "gqa positionleak ropescaling"},
        {S::Concat, QT_TRANSLATE_NOOP("BlockStageText", "Heads side by side"), "concat",
            nullptr, nullptr, nullptr, nullptr, concat, nullptr, 0, 3, signedStage, false, nullptr},
        {S::AttnOut, QT_TRANSLATE_NOOP("BlockStageText", "Attention output"), "attn_out",
            "W_O", "b_O", nullptr, nullptr, attnOut,
            QT_TRANSLATE_NOOP("BlockDerivationText", "concat's row (%1 numbers) times this column of W_O, summed: %2"),
            0, 4, signedStage, false, nullptr},
        {S::AfterAttn, QT_TRANSLATE_NOOP("BlockStageText", "After attention"), "h",
            nullptr, nullptr, nullptr, nullptr, afterAttn, nullptr, 1, 0, signedStage, false, "prepostnorm"},
        {S::MlpIn, QT_TRANSLATE_NOOP("BlockStageText", "MLP input"), "m",
            nullptr, nullptr, nullptr, nullptr, mlpIn, nullptr, 1, 1, signedStage, false, "norms"},
        {S::MlpAct, QT_TRANSLATE_NOOP("BlockStageText", "MLP activation"), "act",
            "W₁", "b₁", "W_up", "W_gate", mlpAct, nullptr, 1, 2, signedStage, false, "activations"},
        {S::MlpOut, QT_TRANSLATE_NOOP("BlockStageText", "MLP output"), "mlp_out",
            "W₂", "b₂", "W_down", nullptr, mlpOut,
            QT_TRANSLATE_NOOP("BlockDerivationText",
                "mlp_act's row (%1 numbers) times this column of the MLP's output matrix, summed: %2"),
            1, 3, signedStage, false, nullptr},
        {S::Output, QT_TRANSLATE_NOOP("BlockStageText", "Residual stream out"), "y",
            nullptr, nullptr, nullptr, nullptr, output, nullptr, 1, 4, signedStage, false, "residual"},
    };
    // clang-format on
    return looks;
}

const BlockStageLook &blockStageLook(BlockStage stage)
{
    const std::vector<BlockStageLook> &looks = blockStageLooks();
    const auto k = size_t(stage);
    if (k >= looks.size() || looks[k].stage != stage)
        throw std::invalid_argument("not a block stage");
    return looks[k];
}

QString blockStageKey(BlockStage stage)
{
    return QString::fromLatin1(core::model::blockStageEntry(stage).key);
}

QString blockStageTitle(BlockStage stage)
{
    return QStringLiteral("%1 (%2)").arg(
        QCoreApplication::translate("BlockStageText", blockStageLook(stage).title), blockStageKey(stage));
}

// One head h's attention as this block computes it: QK-norm on q and k, RoPE on them under rotary
// positions, the divisor √d_head or √s (s = query_pre_attn_scalar), the cap c·tanh(·/c), the mask
// M (0 where the key is seen, −∞ elsewhere: causal, and under a sliding window only the last w
// keys), and under grouped-query attention the key/value head g that G query heads share (h and g
// counted from 1).
namespace {
QString attentionFormula(const BlockStageForm &f)
{
    const bool shared = f.queriesPerKv > 1;
    QString q = QStringLiteral("Qₕ");
    QString k = shared ? QStringLiteral("K_g") : QStringLiteral("Kₕ");
    const QString v = shared ? QStringLiteral("V_g") : QStringLiteral("Vₕ");
    if (f.qkNorm) {
        q = QStringLiteral("q_norm(%1)").arg(q);
        k = QStringLiteral("k_norm(%1)").arg(k);
    }
    const QString scores
        = f.rotary ? QStringLiteral("RoPE(%1)·RoPE(%2)ᵀ").arg(q, k) : QStringLiteral("%1·%2ᵀ").arg(q, k);
    QString scaled = QStringLiteral("%1 / %2").arg(
        scores, f.queryPreAttnScalar > 0 ? QStringLiteral("√s") : QStringLiteral("√d_head"));
    if (f.softcap > 0)
        scaled = QStringLiteral("c·tanh(%1 / c)").arg(scaled);
    QString text = QStringLiteral("softmax(%1%2)·%3").arg(scaled, f.causal ? QStringLiteral(" + M") : QString(), v);
    if (shared)
        text += QStringLiteral(", g = ⌈h / %1⌉").arg(f.queriesPerKv);
    if (f.queryPreAttnScalar > 0)
        text += QStringLiteral(", s = %1").arg(QLocale::c().toString(f.queryPreAttnScalar, 'g', 6));
    if (f.softcap > 0)
        text += QStringLiteral(", c = %1").arg(QLocale::c().toString(f.softcap, 'g', 6));
    if (f.window > 0)
        text += QStringLiteral("; %1: i − %2 < j ≤ i")
                    .arg(f.everyLayerWindowed ? QStringLiteral("M") : Text::tr("M on sliding layers"))
                    .arg(f.window);
    return text;
}
} // namespace

QString blockStageFormula(const BlockStageForm &f)
{
    const BlockStage stage = f.entry->id;
    const BlockStageLook &look = blockStageLook(stage);
    const QString is = symbol(stage) + QStringLiteral(" = ");
    const QString from = f.entry->from ? symbol(*f.entry->from) : QString();
    const QString sum = f.entry->added ? QStringLiteral("%1 + %2").arg(from, symbol(*f.entry->added)) : QString();
    const QString act = utf8(activationLook(f.activation).name);
    switch (f.operation) {
    case BlockOperation::Stream:
        return symbol(stage);
    case BlockOperation::Identity:
        return is + from;
    case BlockOperation::Norm:
        return is + normWrittenOut(f, from);
    case BlockOperation::Attention:
        return is + attentionFormula(f);
    case BlockOperation::Concat:
        return is + QStringLiteral("[head₁ … head_H]");
    case BlockOperation::Residual:
        return is + sum;
    case BlockOperation::ResidualNorm:
        return is + utf8(f.norm->symbol) + subscript(f.entry->norm) + QStringLiteral("(%1)").arg(sum);
    case BlockOperation::ResidualOfNorm: {
        // Gemma's post_attention_layernorm / post_feedforward_layernorm: its own weights γ′, (1 + γ′).
        const QString added = symbol(*f.entry->added);
        const QString weight = f.normOffset != 0
            ? QStringLiteral("(%1 + γ′)").arg(QLocale::c().toString(f.normOffset, 'g', 6))
            : QStringLiteral("γ′");
        if (f.norm->centred)
            return is + from + QStringLiteral(" + (") + added + QStringLiteral(" − μ) / √(σ² + ε) · ") + weight;
        return is + from + QStringLiteral(" + ") + added + QStringLiteral(" / √(mean(") + added
            + QStringLiteral("²) + ε) · ") + weight;
    }
    case BlockOperation::Projection:
        // The gated MLP's biases (Llama's mlp_bias) have no symbols in the look table.
        if (f.gated)
            return is + QStringLiteral("%1·%2").arg(from, utf8(look.gatedMatrix))
                + (f.bias ? QStringLiteral(" + b_down") : QString());
        return is + QStringLiteral("%1·%2").arg(from, utf8(look.matrix))
            + (f.bias ? QStringLiteral(" + ") + utf8(look.bias) : QString());
    case BlockOperation::Activation:
        return is
            + QStringLiteral("%1(%2·%3%4)")
                  .arg(act, from, utf8(look.matrix), f.bias ? QStringLiteral(" + ") + utf8(look.bias) : QString());
    case BlockOperation::GatedActivation:
        // ⊙: elementwise, where · is a matrix product.
        return is
            + QStringLiteral("%1(%2·%3%5) ⊙ (%2·%4%6)")
                  .arg(act, from, utf8(look.gate), utf8(look.gatedMatrix),
                      f.bias ? QStringLiteral(" + b_gate") : QString(), f.bias ? QStringLiteral(" + b_up") : QString());
    }
    return QString();
}

QString blockStageExplanation(const BlockStageForm &form)
{
    return blockStageLook(form.entry->id).explanation(form);
}

const ActivationLook &activationLook(core::model::Activation activation)
{
    using A = core::model::Activation;
    static const std::vector<ActivationLook> looks = {
        {A::GeluErf, "GELU (erf)", "GELU(x) = 0.5·x·(1 + erf(x / √2)) = 0.5·%1·(1 + erf(%1 / √2)) = %2"},
        {A::GeluTanh, "GELU (tanh)",
            "GELU(x) = 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))) = 0.5·%1·(1 + tanh(√(2/π)·(%1 + 0.044715·%1³))) = "
            "%2"},
        {A::Relu, "ReLU", "ReLU(x) = max(0, x) = max(0, %1) = %2"},
        {A::QuickGelu, "QuickGELU", "x·σ(1.702·x) = %1·σ(1.702·%1) = %2"},
        {A::Silu, "SiLU", "SiLU(x) = x / (1 + e^(−x)) = %1 / (1 + e^(−%1)) = %2"},
    };
    for (const ActivationLook &look : looks)
        if (look.activation == activation)
            return look;
    throw std::invalid_argument("not an activation");
}

} // namespace attnlab::ui
