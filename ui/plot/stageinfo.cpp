#include "ui/plot/stageinfo.h"

#include "ui/plot/stagelook.h"

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
    return stageLook(stage).square;
}

bool isProbabilityStage(core::Stage stage)
{
    return stageLook(stage).probability;
}

bool showsMask(core::Stage stage)
{
    return stageLook(stage).showsMask;
}

bool flagsRowsWithoutKeys(core::Stage stage)
{
    return stageLook(stage).flagsRowsWithoutKeys;
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
    const char *name = stageLook(stage).shortName;
    // X, Q, K, V are the same in every language.
    return name ? QCoreApplication::translate("attnlab::ui", name) : QString::fromLatin1(core::stageName(stage));
}

QString stageTitle(const core::Scene &scene, core::Stage stage)
{
    return stageLook(stage).figureTitle(scene);
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
    const StageLook &look = stageLook(stage);
    return look.square ? tr("key (looked at)") : look.featureAxis(scene);
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
