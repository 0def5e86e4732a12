#include "ui/block/blockcard.h"

#include "ui/block/blockstagelook.h"
#include "ui/plot/matrixplot.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

using core::model::BlockStage;

BlockCard::BlockCard(BlockStage stage, QWidget *parent)
    : Retranslating<QFrame>(parent)
    , m_stage(stage)
    , m_title(new QLabel)
    , m_formula(new QLabel)
    , m_shape(new QLabel)
    , m_updatingLabel(new QLabel)
{
    setObjectName(QStringLiteral("BlockCard_") + blockStageKey(stage));
    setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(3);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setWordWrap(true); // "Residual stream out (output)" is wider than a card at 1280 × 720
    m_formula->setWordWrap(true);
    m_formula->setTextFormat(Qt::PlainText);
    m_shape->setTextFormat(Qt::PlainText);
    layout->addWidget(m_title);
    layout->addWidget(m_formula);
    layout->addWidget(m_shape);
    // The updating notice lies over the shape's line, outside the layout: showing it during an edit
    // must not resize the heatmap (at 1,024 tokens a resized card redraws 3 million cells).
    m_updatingLabel->setParent(this);
    m_updatingLabel->setObjectName(QStringLiteral("UpdatingLabel"));
    m_updatingLabel->setTextFormat(Qt::PlainText);
    m_updatingLabel->setStyleSheet(QStringLiteral("color: #b35900; font-weight: bold;"));
    m_updatingLabel->setAutoFillBackground(true);
    m_updatingLabel->hide();
    m_shape->installEventFilter(this);
    if (perHead()) {
        m_headArea = new QWidget;
        m_headGrid = new QGridLayout(m_headArea);
        m_headGrid->setContentsMargins(0, 0, 0, 0);
        m_headGrid->setSpacing(3);
        layout->addWidget(m_headArea, 1);
    } else {
        const BlockStageLook &look = blockStageLook(stage);
        m_plot = new MatrixPlot;
        m_plot->setPalette(look.palette);
        if (look.probability)
            m_plot->setFixedRange(0, 1);
        m_plot->setShowValues(false);
        m_plot->setMinimumSize(180, 160);
        m_plot->setExportName(blockStageKey(stage));
        connect(m_plot, &MatrixPlot::cellClicked, this, &BlockCard::cellClicked);
        connect(m_plot, &MatrixPlot::clicked, this, &BlockCard::activated);
        layout->addWidget(m_plot, 1);
    }
    retranslate();
}

void BlockCard::setMatrix(const core::Matrix &matrix, const QStringList &tokens, const core::model::ModelConfig &config)
{
    m_config = config;
    m_rows = int(matrix.rows());
    m_cols = int(matrix.cols());
    if (m_plot) {
        // Columns count from 0, as the inspector, the weight table and the scene board's matrices
        // count them. The plot shows every k-th label that fits its cells (MatrixPlot::labelStep):
        // fixed counts overprinted on a small card and wasted a large one; the inspector names
        // any row clicked.
        QStringList columns;
        for (int c = 0; c < m_cols; ++c)
            columns << QString::number(c);
        const QStringList &rows = tokens;
        m_plot->setMatrix(matrix, rows, columns);
    }
    refreshTexts();
}

bool BlockCard::setCells(const core::Matrix &matrix, const std::vector<int> &rows, int column)
{
    return m_plot && m_plot->setCells(matrix, rows, column);
}

void BlockCard::setHeads(const std::vector<core::Matrix> &pictures, const std::vector<bool> &ablated, int tokens,
    const core::model::ModelConfig &config)
{
    m_config = config;
    m_ablated = ablated;
    const int count = int(pictures.size());
    if (m_headPlots.size() != count) {
        // Another model: lay the pictures out anew, as square as the heads allow (12 heads: 4 × 3).
        qDeleteAll(m_headPlots);
        m_headPlots.clear();
        const int columns = std::max(1, int(std::ceil(std::sqrt(double(count)))));
        const BlockStageLook &look = blockStageLook(m_stage);
        for (int head = 0; head < count; ++head) {
            auto *plot = new MatrixPlot;
            plot->setPalette(look.palette);
            plot->setShowLabels(false);
            plot->setShowValues(false);
            plot->setShowColorScale(false);
            if (look.probability)
                plot->setFixedRange(0, 1);
            plot->setMinimumSize(56, 56);
            plot->setCursor(Qt::PointingHandCursor);
            connect(plot, &MatrixPlot::clicked, this, [this, head] { Q_EMIT headClicked(head); });
            m_headGrid->addWidget(plot, head / columns, head % columns);
            m_headPlots.append(plot);
        }
    }
    for (int h = 0; h < count; ++h)
        m_headPlots[h]->setMatrix(pictures[size_t(h)], QStringList(), QStringList());
    m_rows = count;
    m_cols = tokens;
    refreshTexts();
}

void BlockCard::setSelectedRow(int row)
{
    if (m_plot)
        m_plot->setHighlightedRow(row);
}

void BlockCard::setUpdating(core::model::BlockRowState state, const std::vector<int> &rows)
{
    // Only the notice changes: refreshing every text would also repaint each head's picture.
    m_updating = state;
    m_updatedRows = rows;
    refreshUpdatingLine();
}

QString BlockCard::updatingText() const
{
    using core::model::BlockRowState;
    if (m_updating == BlockRowState::Exact)
        return {};
    if (m_updating == BlockRowState::Rows && !m_updatedRows.empty()) {
        QStringList rows;
        for (const int r : m_updatedRows)
            rows << QString::number(r);
        return tr("Updating: only rows %1 show the edit so far; the others follow when the layer is recomputed.")
            .arg(rows.join(QStringLiteral(", ")));
    }
    return tr("Updating: these numbers are from before the edit until the layer is recomputed.");
}

QString BlockCard::updatingLine() const
{
    using core::model::BlockRowState;
    if (m_updating == BlockRowState::Exact)
        return {};
    if (m_updating != BlockRowState::Rows || m_updatedRows.empty())
        return tr("Updating…");
    // Runs of consecutive rows as ranges, counted from 0 as every matrix index is: "0–2, 1021–1023".
    QStringList runs;
    for (size_t i = 0; i < m_updatedRows.size();) {
        size_t j = i;
        while (j + 1 < m_updatedRows.size() && m_updatedRows[j + 1] == m_updatedRows[j] + 1)
            ++j;
        runs << (i == j ? QString::number(m_updatedRows[i])
                        : QStringLiteral("%1–%2").arg(m_updatedRows[i]).arg(m_updatedRows[j]));
        i = j + 1;
    }
    return tr("Updating: rows %1 done").arg(runs.join(QStringLiteral(", ")));
}

void BlockCard::refreshUpdatingLine()
{
    const QString line = updatingLine();
    m_updatingLabel->setGeometry(m_shape->geometry());
    m_updatingLabel->setText(
        m_updatingLabel->fontMetrics().elidedText(line, Qt::ElideRight, std::max(0, m_shape->width())));
    m_updatingLabel->setVisible(!line.isEmpty());
    m_updatingLabel->raise();
    m_updatingLabel->setToolTip(line.isEmpty() ? QString()
                                               : updatingText() + QLatin1Char(' ')
                + tr("The edit is shown at once where it can be computed quickly; the worker recomputes the whole "
                     "layer."));
}

bool BlockCard::eventFilter(QObject *watched, QEvent *event)
{
    // The layout moved or resized the shape's line: the notice over it follows.
    if (watched == m_shape && (event->type() == QEvent::Move || event->type() == QEvent::Resize))
        refreshUpdatingLine();
    return Retranslating<QFrame>::eventFilter(watched, event);
}

bool BlockCard::perHead() const
{
    return core::model::blockStageEntry(m_stage).width == core::model::StageWidth::PerHead;
}

QString BlockCard::title() const
{
    return m_title->text();
}

QString BlockCard::formula() const
{
    return m_formula->text();
}

QString BlockCard::shape() const
{
    return m_shape->text();
}

void BlockCard::mousePressEvent(QMouseEvent *event)
{
    QFrame::mousePressEvent(event);
    if (event->button() == Qt::LeftButton)
        Q_EMIT activated();
}

void BlockCard::retranslate()
{
    refreshTexts();
}

void BlockCard::refreshTexts()
{
    m_title->setText(blockStageTitle(m_stage));
    refreshUpdatingLine();
    if (!m_config) {
        m_formula->clear();
        m_shape->clear();
        m_explanation.clear();
        return;
    }
    const core::model::BlockStageForm form = core::model::blockStageForm(m_stage, *m_config);
    m_formula->setText(blockStageFormula(form));
    m_explanation = blockStageExplanation(form);
    m_shape->setText(perHead() ? tr("%1 heads, each %2×%2 weights").arg(m_rows).arg(m_cols)
                               : QStringLiteral("%1×%2").arg(m_rows).arg(m_cols));
    setToolTip(m_explanation);
    for (int h = 0; h < m_headPlots.size(); ++h) {
        const bool off = size_t(h) < m_ablated.size() && m_ablated[size_t(h)];
        m_headPlots[h]->setToolTip(off
                ? tr("Head %1 (switched off). Click to open it on the pipeline board.").arg(h + 1)
                : tr("Head %1. Click to open it on the pipeline board.").arg(h + 1));
        m_headPlots[h]->setFramed(off);
    }
}

} // namespace attnlab::ui
