#include "ui/experiments/experimentswindow.h"

#include "ui/experiments/abcomparison.h"
#include "ui/experiments/flashexperiment.h"
#include "ui/experiments/sqrtdkexperiment.h"
#include "ui/experiments/sqrtdkfigure.h"
#include "ui/experiments/temperatureexperiment.h"
#include "ui/export/chartexport.h"
#include "ui/export/exportformat.h"
#include "ui/plot/matrixplot.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace attnlab::ui {

ExperimentsWindow::ExperimentsWindow(Document *document, QWidget *parent)
    : Retranslating<QWidget>(parent, Qt::Window)
    , m_tabs(new QTabWidget(this))
    , m_sqrtDk(new SqrtDkExperiment(document, this))
    , m_temperature(new TemperatureExperiment(document, this))
    , m_ab(new AbComparison(document, this))
    , m_flash(new FlashExperiment(document, this))
    , m_export(new QPushButton(this))
    , m_close(new QPushButton(this))
{
    m_tabs->addTab(m_sqrtDk, QString());
    m_tabs->addTab(m_temperature, QString());
    m_tabs->addTab(m_ab, QString());
    m_tabs->addTab(m_flash, QString());
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_close->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_W));

    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_export);
    buttons->addWidget(m_close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);
    layout->addLayout(buttons);

    // Ctrl+1 … Ctrl+4 switch tabs, for presenters.
    for (int i = 0; i < 4; ++i) {
        auto *action = new QAction(this);
        action->setShortcut(QKeySequence(Qt::CTRL | (Qt::Key_1 + i)));
        connect(action, &QAction::triggered, this, [this, i] { m_tabs->setCurrentIndex(i); });
        addAction(action);
    }
    connect(m_export, &QPushButton::clicked, this, &ExperimentsWindow::exportCurrent);
    connect(m_close, &QPushButton::clicked, this, &QWidget::close);
    // The FlashAttention tab's grid is no chart: nothing to export there.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) { m_export->setEnabled(tab != FlashTab); });
    resize(1200, 700);
    retranslate();
}

void ExperimentsWindow::showTab(Tab tab)
{
    m_tabs->setCurrentIndex(int(tab));
}

void ExperimentsWindow::exportCurrent()
{
    switch (m_tabs->currentIndex()) {
    case SqrtDkTab:
        exportChartInteractively(m_sqrtDk->figure(), this, QStringLiteral("why-sqrt-dk"));
        break;
    case TemperatureTab:
        exportChartInteractively(m_temperature->weightsPlot(), this, QStringLiteral("temperature-weights"));
        break;
    case AbTab:
        exportChartInteractively(m_ab->differencePlot(), this, QStringLiteral("ab-difference"));
        break;
    case FlashTab:
        break;
    }
}

void ExperimentsWindow::retranslate()
{
    setWindowTitle(tr("Experiments — Attention Lab"));
    m_tabs->setTabText(SqrtDkTab, tr("Why √d_k"));
    m_tabs->setTabText(TemperatureTab, tr("Temperature"));
    m_tabs->setTabText(AbTab, tr("A/B comparison"));
    m_tabs->setTabToolTip(SqrtDkTab, tr("Why the scores are divided by √d_k, shown with random vectors (Ctrl+1)"));
    m_tabs->setTabToolTip(TemperatureTab, tr("What the divisor does to the weights of the current scene (Ctrl+2)"));
    m_tabs->setTabToolTip(AbTab, tr("The current scene against a copy with one change (Ctrl+3)"));
    m_tabs->setTabText(FlashTab, tr("FlashAttention"));
    m_tabs->setTabToolTip(FlashTab,
        tr("The current head computed tile by tile, as FlashAttention does, without the n × n matrix (Ctrl+4)"));
    m_export->setText(tr("&Export chart…"));
    m_export->setToolTip(tr("Save the main chart of this tab as %1 (Ctrl+E); right-click any chart to export that one")
                             .arg(exportFormatList(ExportContent::Picture)));
    m_close->setText(tr("&Close"));
    m_close->setToolTip(tr("Close the experiments window (Ctrl+W)"));
}

} // namespace attnlab::ui
