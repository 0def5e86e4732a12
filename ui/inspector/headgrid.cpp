#include "ui/inspector/headgrid.h"

#include "ui/document/document.h"
#include "ui/plot/matrixplot.h"
#include "ui/plot/stageinfo.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

namespace attnlab::ui {

namespace {

constexpr int kMostThumbnailValues = 4;

} // namespace

HeadGrid::HeadGrid(Document *document, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_document(document)
    , m_grid(new QGridLayout)
    , m_queryLabel(new QLabel(this))
    , m_query(new QComboBox(this))
    , m_hint(new QLabel(this))
    , m_compare(new MatrixPlot(this))
{
    m_queryLabel->setBuddy(m_query);
    m_hint->setWordWrap(true);
    m_compare->setFixedRange(0, 1);
    m_compare->setExportName(QStringLiteral("compare-heads"));
    m_compare->setMinimumHeight(140);

    auto *compareRow = new QHBoxLayout;
    compareRow->addWidget(m_queryLabel);
    compareRow->addWidget(m_query);
    compareRow->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_hint);
    layout->addLayout(m_grid, 3);
    layout->addLayout(compareRow);
    layout->addWidget(m_compare, 2);

    connect(m_query, &QComboBox::activated, this, [this](int row) {
        Selection s = m_document->selection();
        s.row = row;
        m_document->setSelection(s);
    });
    connect(m_document, &Document::sceneReset, this, &HeadGrid::rebuild);
    connect(m_document, &Document::stagesChanged, this, [this](const core::Update &update) {
        if (int(m_document->stages().heads.size()) != m_plots.size()
            || m_query->count() != m_document->scene().tokenCount())
            rebuild();
        else if (update.touches(core::StageWeights))
            refresh();
    });
    connect(m_document, &Document::currentHeadChanged, this, &HeadGrid::refresh);
    connect(m_document, &Document::selectionChanged, this, &HeadGrid::refresh);

    retranslate();
    rebuild();
}

int HeadGrid::comparedRow() const
{
    const int n = m_document->scene().tokenCount();
    const int row = m_document->selection().row;
    return row >= 0 && row < n ? row : 0;
}

void HeadGrid::rebuild()
{
    for (MatrixPlot *p : m_plots) {
        m_grid->removeWidget(p);
        p->hide();
        p->deleteLater(); // rebuild() can run inside a signal a plot is still handling
    }
    m_plots.clear();
    const int heads = int(m_document->stages().heads.size());
    // As square as possible, wider than tall: 2 heads side by side, 4 as 2×2, 8 as 4×2.
    const int columns = std::max(1, int(std::ceil(std::sqrt(double(heads)))));
    for (int h = 0; h < heads; ++h) {
        auto *plot = new MatrixPlot(this);
        plot->setShowColorScale(false);
        plot->setFixedRange(0, 1);
        plot->setExportName(QStringLiteral("head-%1-weights").arg(h + 1));
        plot->setCursor(Qt::PointingHandCursor);
        connect(plot, &MatrixPlot::clicked, this, [this, h] { m_document->setCurrentHead(h); });
        m_grid->addWidget(plot, h / columns, h % columns);
        m_plots.append(plot);
    }
    const QStringList tokens = tokenLabels(m_document->scene());
    m_query->clear();
    m_query->addItems(tokens);
    retranslate();
}

void HeadGrid::refresh()
{
    const core::Stages &stages = m_document->stages();
    const core::Scene &scene = m_document->scene();
    const QStringList tokens = tokenLabels(scene);
    const int row = comparedRow();
    const int current = m_document->currentHead();
    const int heads = std::min(int(stages.heads.size()), int(m_plots.size()));
    const int n = scene.tokenCount();
    core::Matrix across(heads, n);
    QStringList headNames;
    for (int h = 0; h < heads; ++h) {
        const core::Matrix &w = stages.heads[size_t(h)].weights;
        MatrixPlot *plot = m_plots[h];
        // A thumbnail has room for the numbers of a short sentence only; past that they overlap.
        plot->setShowValues(n <= kMostThumbnailValues);
        plot->setMatrix(w, tokens, tokens);
        plot->setTitle(h == current ? tr("Head %1 (current)").arg(h + 1) : tr("Head %1").arg(h + 1));
        plot->setFramed(h == current);
        plot->setHighlightedRow(m_document->selection().row);
        plot->setToolTip(tr("Weights of head %1 (row = query, column = key). Click to make it the current "
                            "head; right-click to export.")
                             .arg(h + 1));
        if (row < w.rows())
            across.row(h) = w.row(row);
        headNames << tr("head %1").arg(h + 1);
    }
    m_compare->setMatrix(across, headNames, tokens);
    m_compare->setTitle(tr("Where “%1” looks, in each head").arg(tokens.value(row)));
    m_query->setCurrentIndex(row);
}

void HeadGrid::retranslate()
{
    m_queryLabel->setText(tr("Compare heads for &query:"));
    m_query->setToolTip(tr("The query token whose weights are compared across the heads (the selected row)"));
    m_compare->setToolTip(tr("One row per head: the weights the chosen query gives to each key. "
                             "Right-click to export."));
    m_hint->setText(tr("In this scene each head has its own W_Q, W_K and W_V columns, so each can attend to "
                       "something different (a model with grouped-query attention shares W_K and W_V between several "
                       "heads). Click a head to follow it on the board."));
    refresh();
}

} // namespace attnlab::ui
