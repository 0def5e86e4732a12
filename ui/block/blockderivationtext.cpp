#include "ui/block/blockderivationtext.h"

#include "ui/block/blockstagelook.h"

namespace attnlab::ui {

using namespace core::model;

namespace {

QString line(const QString &text)
{
    return QStringLiteral("<p style='margin:2px 0'>%1</p>").arg(text);
}

// A number put in place of a letter inside a formula: a negative one in parentheses, so that
// x − μ reads (-0.86 − (-0.13)) and e^(−x) reads e^(−(-0.71)), not − -0.13 or e^(−-0.71).
QString operand(double value)
{
    const QString text = BlockDerivationText::number(value);
    return value < 0 ? QStringLiteral("(%1)").arg(text) : text;
}

// `result` is the card's own number: the steps are redone in double precision from the model's
// float32 numbers, and the last digit of their end could differ from the number the heading shows.
QString normHtml(const NormStep &n, double result)
{
    QString out;
    const QString d = QString::number(n.width);
    if (n.centred()) {
        out += line(BlockDerivationText::tr("LayerNorm of the row (%1 numbers):").arg(d));
        out += line(BlockDerivationText::tr("mean μ = Σx / %1 = %2").arg(d, BlockDerivationText::number(n.mean)));
        out += line(BlockDerivationText::tr("variance σ² = Σ(x − μ)² / %1 = %2")
                        .arg(d, BlockDerivationText::number(n.variance)));
        out += line(QStringLiteral("√(σ² + ε) = √(%1 + %2) = %3")
                        .arg(BlockDerivationText::number(n.variance), BlockDerivationText::number(n.eps),
                            BlockDerivationText::number(n.denominator)));
        out += line(QStringLiteral("(x − μ) / √(σ² + ε) = (%1 − %2) / %3 = %4")
                        .arg(BlockDerivationText::number(n.x), operand(n.mean),
                            BlockDerivationText::number(n.denominator), BlockDerivationText::number(n.normalized)));
    } else {
        out += line(BlockDerivationText::tr("RMSNorm of the row (%1 numbers), without centring:").arg(d));
        out += line(BlockDerivationText::tr("mean square mean(x²) = Σx² / %1 = %2")
                        .arg(d, BlockDerivationText::number(n.variance)));
        out += line(QStringLiteral("√(mean(x²) + ε) = √(%1 + %2) = %3")
                        .arg(BlockDerivationText::number(n.variance), BlockDerivationText::number(n.eps),
                            BlockDerivationText::number(n.denominator)));
        out += line(QStringLiteral("x / √(mean(x²) + ε) = %1 / %2 = %3")
                        .arg(BlockDerivationText::number(n.x), BlockDerivationText::number(n.denominator),
                            BlockDerivationText::number(n.normalized)));
    }
    const double scaled = n.hasBias ? n.normalized * (n.offset + n.weight) : result;
    if (n.offset != 0)
        out += line(BlockDerivationText::tr("times %1 + γ = %1 + %2 = %3: %4")
                        .arg(BlockDerivationText::number(n.offset), BlockDerivationText::number(n.weight),
                            BlockDerivationText::number(n.offset + n.weight), BlockDerivationText::number(scaled)));
    else
        out += line(BlockDerivationText::tr("times the weight γ = %1: %2")
                        .arg(BlockDerivationText::number(n.weight), BlockDerivationText::number(scaled)));
    if (n.hasBias)
        out += line(BlockDerivationText::tr("plus the bias β = %1: %2")
                        .arg(BlockDerivationText::number(n.bias), BlockDerivationText::number(result)));
    return out;
}

QString activationHtml(const ActivationStep &a, double result)
{
    const QString x = operand(a.x);
    const QString fx = BlockDerivationText::number(a.gated ? a.activated : result);
    const QString formula = QString::fromUtf8(activationLook(a.function).formula).arg(x, fx);
    QString out;
    if (a.gated) {
        out += line((a.biased ? BlockDerivationText::tr("gate: the row times W_gate plus b_gate at this column = %1")
                              : BlockDerivationText::tr("gate: the row times W_gate at this column = %1"))
                        .arg(BlockDerivationText::number(a.x)));
        out += line(formula);
        out += line((a.biased ? BlockDerivationText::tr("up: the row times W_up plus b_up at this column = %1")
                              : BlockDerivationText::tr("up: the row times W_up at this column = %1"))
                        .arg(BlockDerivationText::number(a.up)));
        out += line(QStringLiteral("%1 × %2 = %3").arg(fx, operand(a.up), BlockDerivationText::number(result)));
    } else {
        out += line(BlockDerivationText::tr("pre-activation: the row times W₁ (plus b₁) at this column = %1")
                        .arg(BlockDerivationText::number(a.x)));
        out += line(formula);
    }
    return out;
}

} // namespace

QString BlockDerivationText::number(double value)
{
    return QString::number(value, 'g', 6);
}

QString BlockDerivationText::html(const CellDerivation &d, const QString &token)
{
    QString out = QStringLiteral("<p><b>%1</b></p>")
                      .arg(tr("%1, token “%2”, column %3 = %4")
                               .arg(blockStageKey(d.stage), token.toHtmlEscaped())
                               .arg(d.col)
                               .arg(number(d.value)));
    const BlockStageEntry &entry = blockStageEntry(d.stage);
    if (d.operation == BlockOperation::ResidualOfNorm && d.residual && d.norm) {
        // Sandwich norms (Gemma): the sub-layer's output is normalised first, then added.
        const QString added = QString::fromUtf8(blockStageLook(entry.added.value()).symbol);
        out += line(tr("the norm of %1 (the sub-layer's output) first:").arg(added));
        out += normHtml(*d.norm, d.residual->second);
        out += line(tr("residual sum: %1 + norm(%2) = %3 + %4 = %5")
                        .arg(QString::fromUtf8(blockStageLook(entry.from.value()).symbol), added,
                            number(d.residual->first), operand(d.residual->second), number(d.value)));
        return out;
    }
    if (d.residual) {
        // The stream and what the sub-layer adds to it, by their letters in the cards' formulas.
        out += line(tr("residual sum: %1 + %2 = %3 + %4 = %5")
                        .arg(QString::fromUtf8(blockStageLook(entry.from.value()).symbol),
                            QString::fromUtf8(blockStageLook(entry.added.value()).symbol), number(d.residual->first),
                            operand(d.residual->second),
                            number(d.norm ? d.residual->sum : d.value))); // post-norm: the norm comes after
    }
    if (d.norm)
        out += normHtml(*d.norm, d.value);
    if (d.activation)
        out += activationHtml(*d.activation, d.value);
    switch (d.operation) {
    case BlockOperation::Stream:
        out += line(tr("This is the residual stream as the layer below left it (layer 1 reads the embeddings)."));
        break;
    case BlockOperation::Identity:
        out += line(tr("Under post-norm this stage is the stage before it, unchanged."));
        break;
    case BlockOperation::Concat:
        out += line(tr("Column %1 of head %2's context vector (its attention weights times its values): open the "
                       "head on the pipeline board to derive it.")
                        .arg(d.headColumn)
                        .arg(d.head + 1));
        break;
    case BlockOperation::Projection:
        if (d.projection) {
            const QString products = number(d.projection->hasBias ? d.projection->products : d.value);
            const QString terms = QString::number(d.projection->terms);
            out += line(QCoreApplication::translate("BlockDerivationText", blockStageLook(d.stage).products)
                            .arg(terms, products));
            if (d.projection->hasBias)
                out += line(tr("plus the bias %1: %2").arg(number(d.projection->bias), number(d.value)));
        }
        break;
    case BlockOperation::Attention:
    case BlockOperation::Norm:
    case BlockOperation::Residual:
    case BlockOperation::ResidualNorm:
    case BlockOperation::ResidualOfNorm:
    case BlockOperation::Activation:
    case BlockOperation::GatedActivation:
        break;
    }
    return out;
}

} // namespace attnlab::ui
