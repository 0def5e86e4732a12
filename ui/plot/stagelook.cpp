#include "ui/plot/stagelook.h"

#include "core/scene/stagetable.h"
#include "core/text/chain.h"
#include "ui/plot/stageshapes.h"

#include <QCoreApplication>

namespace attnlab::ui {

namespace {

// The texts keep the translation contexts of the views that first showed them, so the
// translations stay where they are: the card's and the figures' (the explanation panel's lines
// are in stageshapes.cpp).
struct Card {
    Q_DECLARE_TR_FUNCTIONS(attnlab::ui::StageCard)
};
struct Figure {
    Q_DECLARE_TR_FUNCTIONS(attnlab::ui)
};

// X: the input vectors.
QString xFormula(const core::Scene &s)
{
    // A head from a model reads what its layer hands it (ln_1's output, BERT's layer input).
    if (s.hasMemory())
        return Card::tr("X (given: the decoder's rows, from which Q comes)");
    if (s.hasInputX())
        return Card::tr("X (given: what this layer's attention reads)");
    return s.positional == core::PositionalEncoding::Sinusoidal ? Card::tr("X = embedding of each token + position")
                                                                : Card::tr("X = embedding of each token");
}
QString xFigure(const core::Scene &s)
{
    if (s.hasMemory())
        return Figure::tr("X (given: the decoder's rows, from which Q comes)");
    if (s.hasInputX())
        return Figure::tr("X (given: what this layer's attention reads)");
    return s.positional == core::PositionalEncoding::Sinusoidal ? Figure::tr("X = embeddings + positions")
                                                                : Figure::tr("X = embeddings");
}
// The memory: cross-attention's keys and values are projected from it.
QString memoryFormula(const core::Scene &)
{
    return Card::tr("memory (given: the encoder's output, the X of K and V)");
}
QString memoryFigure(const core::Scene &)
{
    return Figure::tr("memory (the encoder's output)");
}
QString dModelAxis(const core::Scene &)
{
    return Figure::tr("feature (d_model)");
}

// Q, K, V: the projections.
QString qFormula(const core::Scene &s)
{
    return s.direct       ? Card::tr("Q (given directly)")
        : s.bq.size() > 0 ? Card::tr("Q = X·W_Q + b_Q")
                          : Card::tr("Q = X·W_Q");
}
QString kFormula(const core::Scene &s)
{
    if (s.hasMemory()) // cross-attention: the encoder's output is the X of K and V
        return s.bk.size() > 0 ? Card::tr("K = memory·W_K + b_K (memory: the encoder's output)")
                               : Card::tr("K = memory·W_K (memory: the encoder's output)");
    return s.direct       ? Card::tr("K (given directly)")
        : s.bk.size() > 0 ? Card::tr("K = X·W_K + b_K")
                          : Card::tr("K = X·W_K");
}
QString vFormula(const core::Scene &s)
{
    if (s.hasMemory())
        return s.bv.size() > 0 ? Card::tr("V = memory·W_V + b_V (memory: the encoder's output)")
                               : Card::tr("V = memory·W_V (memory: the encoder's output)");
    return s.direct       ? Card::tr("V (given directly)")
        : s.bv.size() > 0 ? Card::tr("V = X·W_V + b_V")
                          : Card::tr("V = X·W_V");
}
QString qFigure(const core::Scene &s)
{
    return s.direct       ? Figure::tr("Q (given)")
        : s.bq.size() > 0 ? Figure::tr("Q = X·W_Q + b_Q")
                          : Figure::tr("Q = X·W_Q");
}
QString kFigure(const core::Scene &s)
{
    if (s.hasMemory())
        return s.bk.size() > 0 ? Figure::tr("K = memory·W_K + b_K") : Figure::tr("K = memory·W_K");
    return s.direct       ? Figure::tr("K (given)")
        : s.bk.size() > 0 ? Figure::tr("K = X·W_K + b_K")
                          : Figure::tr("K = X·W_K");
}
QString vFigure(const core::Scene &s)
{
    if (s.hasMemory())
        return s.bv.size() > 0 ? Figure::tr("V = memory·W_V + b_V") : Figure::tr("V = memory·W_V");
    return s.direct       ? Figure::tr("V (given)")
        : s.bv.size() > 0 ? Figure::tr("V = X·W_V + b_V")
                          : Figure::tr("V = X·W_V");
}
QString dkAxis(const core::Scene &)
{
    return Figure::tr("feature (d_k)");
}
QString dvAxis(const core::Scene &)
{
    return Figure::tr("feature (d_v)");
}

// Q_rot, K_rot: RoPE, in the scene's pairing.
QString qRotatedFormula(const core::Scene &s)
{
    return rotatesHalf(s) ? Card::tr("Q_rot = RoPE(Q), pairs (i, i + %1)").arg(s.keyDim() / 2)
                          : Card::tr("Q_rot = RoPE(Q), rotated by position");
}
QString kRotatedFormula(const core::Scene &s)
{
    return rotatesHalf(s) ? Card::tr("K_rot = RoPE(K), pairs (i, i + %1)").arg(s.keyDim() / 2)
                          : Card::tr("K_rot = RoPE(K), rotated by position");
}
QString qRotatedFigure(const core::Scene &s)
{
    return rotatesHalf(s) ? Figure::tr("Q rotated (RoPE, rotate-half)") : Figure::tr("Q rotated (RoPE)");
}
QString kRotatedFigure(const core::Scene &s)
{
    return rotatesHalf(s) ? Figure::tr("K rotated (RoPE, rotate-half)") : Figure::tr("K rotated (RoPE)");
}

// scores, scaled, masked, weights.
QString scoresFormula(const core::Scene &s)
{
    return usesRope(s) ? Card::tr("scores = Q_rot·K_rotᵀ") : Card::tr("scores = Q·Kᵀ");
}
QString scoresFigure(const core::Scene &s)
{
    return usesRope(s) ? Figure::tr("scores = Q_rot·K_rotᵀ") : Figure::tr("scores = Q·Kᵀ");
}
QString scaledFormula(const core::Scene &s)
{
    switch (s.scale) {
    case core::ScaleKind::SqrtDk:
        return Card::tr("scaled = scores ÷ √%1").arg(s.keyDim());
    case core::ScaleKind::None:
        return Card::tr("scaled = scores (no scaling)");
    case core::ScaleKind::Custom:
        return Card::tr("scaled = scores ÷ %1").arg(QString::number(double(core::divisor(s)), 'g', 3));
    }
    return QString();
}
QString scaledTip(const core::Scene &s)
{
    if (s.scale != core::ScaleKind::SqrtDk)
        return scaledFormula(s);
    const core::Chain c = core::Chain().symbol("√d_k").equals().root(s.keyDim()).equals().number(core::divisor(s));
    return Card::tr("scaled = scores ÷ √d_k, with %1").arg(QString::fromStdString(c.text()));
}
QString scaledFigure(const core::Scene &s)
{
    switch (s.scale) {
    case core::ScaleKind::SqrtDk:
        return Figure::tr("scaled = scores ÷ √d_k");
    case core::ScaleKind::None:
        return Figure::tr("scaled = scores (not scaled)");
    case core::ScaleKind::Custom:
        return Figure::tr("scaled = scores ÷ %1").arg(QString::number(double(s.customDivisor), 'g', 4));
    }
    return QString();
}
QString maskedFormula(const core::Scene &s)
{
    if (s.variants.slidingWindow > 0)
        return Card::tr("masked: −∞ outside the window i − %1 < j ≤ i").arg(s.variants.slidingWindow);
    return s.mask == core::MaskKind::None ? Card::tr("masked = scaled (no mask)")
                                          : Card::tr("masked = scaled, −∞ where hidden");
}
QString maskedFigure(const core::Scene &)
{
    return Figure::tr("masked = scaled, hidden keys → −∞");
}
QString weightsFormula(const core::Scene &)
{
    return Card::tr("weights = softmax(masked)");
}
QString weightsFigure(const core::Scene &)
{
    return Figure::tr("weights = softmax(masked)");
}

// The attention variants' stages (core/scene/variants/variants.h): QK-norm, soft cap, sink.
QString qNormFormula(const core::Scene &)
{
    return Card::tr("Q_norm = Q ÷ rms(row) · w_q");
}
QString kNormFormula(const core::Scene &)
{
    return Card::tr("K_norm = K ÷ rms(row) · w_k");
}
QString qNormFigure(const core::Scene &)
{
    return Figure::tr("Q after QK-norm (RMSNorm per row)");
}
QString kNormFigure(const core::Scene &)
{
    return Figure::tr("K after QK-norm (RMSNorm per row)");
}
QString cappedFormula(const core::Scene &s)
{
    return Card::tr("capped = tanh(scaled ÷ %1)·%1").arg(softCapText(s));
}
QString cappedFigure(const core::Scene &s)
{
    return Figure::tr("capped = tanh(scaled ÷ c)·c, c = %1").arg(softCapText(s));
}
QString sinkFormula(const core::Scene &)
{
    return Card::tr("sink = e^s ÷ (Σ e^masked + e^s)");
}
QString sinkFigure(const core::Scene &)
{
    return Figure::tr("the sink logit's share of each row");
}
QString shareAxis(const core::Scene &)
{
    return Figure::tr("sink share");
}

// context, concat, output.
QString contextFormula(const core::Scene &)
{
    return Card::tr("context = weights·V");
}
QString contextFigure(const core::Scene &)
{
    return Figure::tr("context = weights·V");
}
QString concatFormula(const core::Scene &)
{
    return Card::tr("concat = [context of each head]");
}
QString concatFigure(const core::Scene &)
{
    return Figure::tr("concat = [context of every head]");
}
QString headsAxis(const core::Scene &)
{
    return Figure::tr("feature (heads × d_v)");
}
bool combinesHeads(const core::Scene &s)
{
    return s.headCount() > 1 || s.hasOutputWeights();
}
QString outputFormula(const core::Scene &s)
{
    if (!s.hasOutputWeights())
        return Card::tr("output = concat");
    return s.bo.size() > 0 ? Card::tr("output = concat·W_O + b_O") : Card::tr("output = concat·W_O");
}
QString outputFigure(const core::Scene &s)
{
    if (!s.hasOutputWeights())
        return Figure::tr("output = concat");
    return s.bo.size() > 0 ? Figure::tr("output = concat·W_O + b_O") : Figure::tr("output = concat·W_O");
}
QString outputAxis(const core::Scene &s)
{
    return s.hasOutputWeights() ? dModelAxis(s) : headsAxis(s);
}

} // namespace

const std::vector<StageLook> &stageLooks()
{
    using D = Derivation;
    using W = WorksheetUse;
    using E = WorkedExample;
    // clang-format off
    static const std::vector<StageLook> looks = {
        {core::StageX, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "X — input vectors"), nullptr,
            xFormula, nullptr, xFigure, "x", "x-given", xShapes, 0, nullptr,
            false, false, false, false, dModelAxis, D::Embedding, true, W::None, E::None},
        {core::StageMemory, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "Memory — the encoder's output"),
            QT_TRANSLATE_NOOP("attnlab::ui", "memory"),
            memoryFormula, nullptr, memoryFigure, "memory", nullptr, memoryShapes, 0, nullptr,
            false, false, false, false, dModelAxis, D::Memory, true, W::None, E::None},
        {core::StageQ, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "Q — queries"), nullptr,
            qFormula, nullptr, qFigure, "qkv", nullptr, projectionShapes, 0, nullptr,
            false, false, false, false, dkAxis, D::Projection, true, W::None, E::None},
        {core::StageK, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "K — keys"), nullptr,
            kFormula, nullptr, kFigure, "qkv", nullptr, projectionShapes, 0, nullptr,
            false, false, false, false, dkAxis, D::Projection, true, W::None, E::None},
        {core::StageV, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "V — values"), nullptr,
            vFormula, nullptr, vFigure, "qkv", nullptr, projectionShapes, 0, nullptr,
            false, false, false, false, dvAxis, D::Projection, true, W::None, E::None},
        {core::StageQNormed, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "Q after QK-norm"),
            QT_TRANSLATE_NOOP("attnlab::ui", "Q normed"),
            qNormFormula, nullptr, qNormFigure, "qknorm", nullptr, normShapes, 1, nullptr,
            false, false, false, false, dkAxis, D::Variant, true, W::None, E::None},
        {core::StageKNormed, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "K after QK-norm"),
            QT_TRANSLATE_NOOP("attnlab::ui", "K normed"),
            kNormFormula, nullptr, kNormFigure, "qknorm", nullptr, normShapes, 1, nullptr,
            false, false, false, false, dkAxis, D::Variant, true, W::None, E::None},
        {core::StageQRotated, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "Q rotated (RoPE)"),
            QT_TRANSLATE_NOOP("attnlab::ui", "Q rotated"),
            qRotatedFormula, nullptr, qRotatedFigure, "rope", nullptr, rotationShapes, 1, nullptr,
            false, false, false, false, dkAxis, D::Rotation, true, W::None, E::None},
        {core::StageKRotated, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "K rotated (RoPE)"),
            QT_TRANSLATE_NOOP("attnlab::ui", "K rotated"),
            kRotatedFormula, nullptr, kRotatedFigure, "rope", nullptr, rotationShapes, 1, nullptr,
            false, false, false, false, dkAxis, D::Rotation, true, W::None, E::None},
        {core::StageScores, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "Scores"),
            QT_TRANSLATE_NOOP("attnlab::ui", "scores"),
            scoresFormula, nullptr, scoresFigure, "scores", nullptr, scoresShapes, 2, nullptr,
            true, false, false, false, nullptr, D::Score, true, W::Blank, E::DotProduct},
        {core::StageScaled, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "Scaled scores"),
            QT_TRANSLATE_NOOP("attnlab::ui", "scaled scores"),
            scaledFormula, scaledTip, scaledFigure, "scaled", nullptr, scaledShapes, 2, nullptr,
            true, false, false, false, nullptr, D::Score, true, W::Blank, E::Division},
        {core::StageCapped, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "Soft-capped scores"),
            QT_TRANSLATE_NOOP("attnlab::ui", "capped scores"),
            cappedFormula, nullptr, cappedFigure, "softcap", nullptr, cappedShapes, 2, nullptr,
            true, false, false, false, nullptr, D::Variant, true, W::None, E::None},
        {core::StageMasked, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "Masked scores"),
            QT_TRANSLATE_NOOP("attnlab::ui", "masked scores"),
            maskedFormula, nullptr, maskedFigure, "masked", nullptr, maskedShapes, 2, nullptr,
            true, false, true, true, nullptr, D::Softmax, false, W::BlankWhenMasked, E::None},
        {core::StageWeights, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "Attention weights"),
            QT_TRANSLATE_NOOP("attnlab::ui", "weights"),
            weightsFormula, nullptr, weightsFigure, "weights", nullptr, weightsShapes, 2, nullptr,
            true, true, true, true, nullptr, D::Softmax, false, W::Blank, E::Softmax},
        {core::StageSink, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "Sink share"),
            QT_TRANSLATE_NOOP("attnlab::ui", "sink share"),
            sinkFormula, nullptr, sinkFigure, "sink", nullptr, sinkShapes, 2, nullptr,
            false, true, false, false, shareAxis, D::Variant, false, W::None, E::None},
        {core::StageContext, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "Context vectors"),
            QT_TRANSLATE_NOOP("attnlab::ui", "context"),
            contextFormula, nullptr, contextFigure, "context", nullptr, contextShapes, 3, nullptr,
            false, false, false, true, dvAxis, D::Mix, false, W::Blank, E::WeightedSum},
        {core::StageConcat, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "Concatenated heads"),
            QT_TRANSLATE_NOOP("attnlab::ui", "concat"),
            concatFormula, nullptr, concatFigure, "concat", nullptr, concatShapes, 3, combinesHeads,
            false, false, false, false, headsAxis, D::Concat, false, W::None, E::None},
        {core::StageOutput, QT_TRANSLATE_NOOP("attnlab::ui::StageCard", "Output"),
            QT_TRANSLATE_NOOP("attnlab::ui", "output"),
            outputFormula, nullptr, outputFigure, "output", nullptr, outputShapes, 3, combinesHeads,
            false, false, false, false, outputAxis, D::Output, true, W::None, E::None},
    };
    // clang-format on
    return looks;
}

const StageLook &stageLook(core::Stage stage)
{
    for (const StageLook &look : stageLooks())
        if (look.stage == stage)
            return look;
    return stageLooks().front();
}

QString stageCardTitle(core::Stage stage)
{
    return QCoreApplication::translate("attnlab::ui::StageCard", stageLook(stage).title);
}

QList<core::Stage> boardStages(const core::Scene &scene)
{
    QList<core::Stage> stages;
    for (const StageLook &look : stageLooks())
        if (core::hasStage(scene, look.stage) && (!look.onBoard || look.onBoard(scene)))
            stages << look.stage;
    return stages;
}

QString explanationPage(core::Stage stage, const core::Scene &scene)
{
    const StageLook &look = stageLook(stage);
    // Under a sliding window the mask is mostly the window's: its own page says how it works.
    if (stage == core::StageMasked && scene.variants.slidingWindow > 0)
        return QStringLiteral("window");
    // Cross-attention's X is the decoder's rows: the memory page tells where Q and K, V come from.
    if (stage == core::StageX && scene.hasMemory())
        return QStringLiteral("memory");
    return QString::fromLatin1(look.givenXPage && scene.hasInputX() ? look.givenXPage : look.page);
}

} // namespace attnlab::ui
