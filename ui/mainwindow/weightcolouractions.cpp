#include "ui/mainwindow/weightcolouractions.h"

#include "ui/board/pipelineboard.h"
#include "ui/board/presentationview.h"
#include "ui/export/exportactions.h"
#include "ui/plot/colormaps.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QSettings>

namespace attnlab::ui {

namespace {
const QString kColorMapKey = QStringLiteral("view/weightsColorMap");
const QString kWeightsRangeKey = QStringLiteral("view/weightsRange");
} // namespace

WeightColourActions::WeightColourActions(QMenu *parentMenu, PipelineBoard *board, PresentationView *presentationView,
    ExportActions *exportActions, QObject *parent)
    : QObject(parent)
    , m_board(board)
    , m_presentationView(presentationView)
    , m_exportActions(exportActions)
    , m_menu(parentMenu->addMenu(QString()))
{
    auto *group = new QActionGroup(this);
    for (const QString &name : sequentialMapNames()) {
        QAction *a = m_menu->addAction(QString());
        a->setData(name);
        a->setCheckable(true);
        a->setChecked(name == m_sequentialMap);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, name] { setSequentialMap(name); });
    }
    // Which values the weights' colours span.
    m_menu->addSeparator();
    auto *ranges = new QActionGroup(this);
    m_fixedRange = m_menu->addAction(QString(), this, [this] { setAutoWeightsRange(false); });
    m_autoRange = m_menu->addAction(QString(), this, [this] { setAutoWeightsRange(true); });
    for (QAction *a : {m_fixedRange, m_autoRange}) {
        a->setCheckable(true);
        ranges->addAction(a);
    }
    m_fixedRange->setChecked(!m_autoWeightsRange);
    m_autoRange->setChecked(m_autoWeightsRange);
    m_menu->setToolTipsVisible(true);
}

void WeightColourActions::setSequentialMap(const QString &name)
{
    if (!sequentialMapNames().contains(name))
        return;
    m_sequentialMap = name;
    m_board->setSequentialMap(name);
    m_presentationView->setSequentialMap(name);
    m_exportActions->setColorMap(name);
    for (QAction *a : m_menu->actions())
        if (!a->data().toString().isEmpty())
            a->setChecked(a->data().toString() == name);
}

void WeightColourActions::setAutoWeightsRange(bool autoRange)
{
    m_autoWeightsRange = autoRange;
    m_board->setAutoWeightsRange(autoRange);
    m_presentationView->setAutoWeightsRange(autoRange);
    m_fixedRange->setChecked(!autoRange);
    m_autoRange->setChecked(autoRange);
}

void WeightColourActions::readSettings()
{
    QSettings settings;
    setSequentialMap(settings.value(kColorMapKey, QStringLiteral("viridis")).toString());
    setAutoWeightsRange(settings.value(kWeightsRangeKey).toString() == QStringLiteral("auto"));
}

void WeightColourActions::writeSettings() const
{
    QSettings settings;
    settings.setValue(kColorMapKey, m_sequentialMap);
    settings.setValue(kWeightsRangeKey, m_autoWeightsRange ? QStringLiteral("auto") : QStringLiteral("fixed"));
}

void WeightColourActions::retranslate()
{
    m_menu->setTitle(tr("&Colours of the Weights"));
    m_menu->setToolTip(tr("The colour map of the attention weights, on screen and in exports"));
    m_fixedRange->setText(tr("Weights &Fixed 0–1"));
    m_fixedRange->setToolTip(tr("The weights' colours span 0 to 1, so cards and scenes compare directly"));
    m_autoRange->setText(tr("Weights &Auto 0–max"));
    m_autoRange->setToolTip(
        tr("The weights' colours span 0 to the largest weight, so small differences in long rows show"));
    for (QAction *a : m_menu->actions()) {
        const QString name = a->data().toString();
        if (name.isEmpty())
            continue;
        if (name == QStringLiteral("viridis")) {
            a->setText(tr("&Viridis"));
            a->setToolTip(tr("Dark purple to yellow; readable by most colour-blind viewers"));
        } else if (name == QStringLiteral("cividis")) {
            a->setText(tr("&Cividis (colour-blind safe)"));
            a->setToolTip(tr("Blue to yellow, designed for viewers with colour-vision deficiency"));
        } else if (name == QStringLiteral("grayscale")) {
            a->setText(tr("&Grayscale (for black-and-white printing)"));
            a->setToolTip(tr("Black to white, for handouts printed without colour"));
        } else {
            a->setText(name);
        }
    }
}

} // namespace attnlab::ui
