#include "ui/plot/stageinfo.h"

#include <QCoreApplication>

#include <cmath>

namespace attnlab::ui {

namespace {
QString tr(const char *text)
{
    // lupdate files a tr() call in a namespace-level function under the namespace's name.
    return QCoreApplication::translate("attnlab::ui", text);
}
const QChar kMinus(0x2212);
} // namespace

bool isSquareStage(core::Stage stage)
{
    return stage == core::StageScores || stage == core::StageScaled || stage == core::StageMasked
        || stage == core::StageWeights;
}

bool isProbabilityStage(core::Stage stage)
{
    return stage == core::StageWeights;
}

bool showsMask(core::Stage stage)
{
    return stage == core::StageMasked || stage == core::StageWeights;
}

bool flagsRowsWithoutKeys(core::Stage stage)
{
    return stage == core::StageMasked || stage == core::StageWeights || stage == core::StageContext;
}

QStringList tokenLabels(const core::Scene &scene)
{
    QStringList out;
    for (const std::string &t : scene.tokens)
        out << QString::fromStdString(t);
    return out;
}

QString stageDisplayName(core::Stage stage)
{
    switch (stage) {
    case core::StageQRotated:
        return tr("Q rotated");
    case core::StageKRotated:
        return tr("K rotated");
    case core::StageScores:
        return tr("scores");
    case core::StageScaled:
        return tr("scaled scores");
    case core::StageMasked:
        return tr("masked scores");
    case core::StageWeights:
        return tr("weights");
    case core::StageContext:
        return tr("context");
    case core::StageConcat:
        return tr("concat");
    case core::StageOutput:
        return tr("output");
    default:
        return QString::fromLatin1(core::stageName(stage)); // X, Q, K, V are the same in every language
    }
}

QString stageTitle(const core::Scene &scene, core::Stage stage)
{
    switch (stage) {
    case core::StageX:
        // A head from a model reads what its layer hands it (ln_1's output, BERT's layer input).
        if (scene.hasInputX())
            return tr("X (given: what this layer's attention reads)");
        return scene.positional == core::PositionalEncoding::Sinusoidal ? tr("X = embeddings + positions")
                                                                        : tr("X = embeddings");
    case core::StageQ:
        return scene.direct ? tr("Q (given)") : scene.bq.size() > 0 ? tr("Q = X·W_Q + b_Q") : tr("Q = X·W_Q");
    case core::StageK:
        return scene.direct ? tr("K (given)") : scene.bk.size() > 0 ? tr("K = X·W_K + b_K") : tr("K = X·W_K");
    case core::StageV:
        return scene.direct ? tr("V (given)") : scene.bv.size() > 0 ? tr("V = X·W_V + b_V") : tr("V = X·W_V");
    case core::StageQRotated:
        return tr("Q rotated (RoPE)");
    case core::StageKRotated:
        return tr("K rotated (RoPE)");
    case core::StageScores:
        return !scene.direct && scene.positional == core::PositionalEncoding::Rope ? tr("scores = Q_rot·K_rotᵀ")
                                                                                   : tr("scores = Q·Kᵀ");
    case core::StageScaled:
        switch (scene.scale) {
        case core::ScaleKind::SqrtDk:
            return tr("scaled = scores ÷ √d_k");
        case core::ScaleKind::None:
            return tr("scaled = scores (not scaled)");
        case core::ScaleKind::Custom:
            return tr("scaled = scores ÷ %1").arg(QString::number(double(scene.customDivisor), 'g', 4));
        }
        break;
    case core::StageMasked:
        return tr("masked = scaled, hidden keys → −∞");
    case core::StageWeights:
        return tr("weights = softmax(masked)");
    case core::StageContext:
        return tr("context = weights·V");
    case core::StageConcat:
        return tr("concat = [context of every head]");
    case core::StageOutput:
        if (!scene.hasOutputWeights())
            return tr("output = concat");
        return scene.bo.size() > 0 ? tr("output = concat·W_O + b_O") : tr("output = concat·W_O");
    default:
        break;
    }
    return QString::fromLatin1(core::stageName(stage));
}

QString shapeText(int rows, int columns)
{
    return QStringLiteral("%1×%2").arg(rows).arg(columns);
}

QString rowAxisTitle(core::Stage stage)
{
    return isSquareStage(stage) ? tr("query (who looks)") : tr("token");
}

QString columnAxisTitle(const core::Scene &scene, core::Stage stage)
{
    if (isSquareStage(stage))
        return tr("key (looked at)");
    switch (stage) {
    case core::StageX:
        return tr("feature (d_model)");
    case core::StageQ:
    case core::StageK:
    case core::StageQRotated:
    case core::StageKRotated:
        return tr("feature (d_k)");
    case core::StageV:
    case core::StageContext:
        return tr("feature (d_v)");
    case core::StageConcat:
        return tr("feature (heads × d_v)");
    case core::StageOutput:
        return scene.hasOutputWeights() ? tr("feature (d_model)") : tr("feature (heads × d_v)");
    default:
        break;
    }
    return tr("feature");
}

QString formatCellValue(double value, int decimals)
{
    if (std::isinf(value))
        return value < 0 ? QString(kMinus) + QChar(0x221E) : QString(QChar(0x221E));
    const QString text = QString::number(std::abs(value), 'f', decimals);
    // A value that rounds to zero shows no sign.
    const bool negative = value < 0 && std::abs(value) >= 0.5 * std::pow(10.0, -decimals);
    return negative ? kMinus + text : text;
}

QString formatExactValue(double value)
{
    if (std::isinf(value))
        return formatCellValue(value, 0);
    QString text = QString::number(std::abs(value), 'g', 7);
    return value < 0 ? kMinus + text : text;
}

} // namespace attnlab::ui
