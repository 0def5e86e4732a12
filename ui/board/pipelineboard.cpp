#include "ui/board/pipelineboard.h"

#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QShortcut>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace attnlab::ui {

namespace {

constexpr int kMinCardWidth = 200;
constexpr int kMinCardHeight = 150;
// A card narrower than this leaves a 3×3 heatmap too little room for its cell values.
constexpr int kReadableCardWidth = 225;
// Once the cards wrap, the board scrolls; this keeps each heatmap tall enough to read.
constexpr int kWrappedCardHeight = 210;

// The row of the board a stage sits on: the phases of the computation.
int phaseOf(core::Stage stage)
{
    switch (stage) {
    case core::StageX:
    case core::StageQ:
    case core::StageK:
    case core::StageV:
        return 0;
    case core::StageQRotated:
    case core::StageKRotated:
        return 1;
    case core::StageScores:
    case core::StageScaled:
    case core::StageMasked:
    case core::StageWeights:
        return 2;
    default:
        return 3;
    }
}

} // namespace

PipelineBoard::PipelineBoard(Document *document, StepController *steps, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_document(document)
    , m_steps(steps)
    , m_stepLabel(new QLabel(this))
    , m_headLabel(new QLabel(this))
    , m_head(new QComboBox(this))
    , m_nextHead(new QAction(this))
    , m_previousHead(new QAction(this))
    , m_scroll(new QScrollArea(this))
    , m_canvas(new QWidget)
    , m_grid(new QGridLayout(m_canvas))
{
    setFocusPolicy(Qt::StrongFocus);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 4);
    layout->setSpacing(2);

    auto *bar = new QHBoxLayout;
    bar->setSpacing(2);
    for (QAction *action : {steps->firstAction(), steps->previousAction(), steps->nextAction(), steps->playAction(),
             steps->showAllAction()}) {
        auto *button = new QToolButton(this);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        button->setAutoRaise(true);
        bar->addWidget(button);
    }
    bar->addSpacing(12);
    bar->addWidget(m_stepLabel, 1);
    // A long status must not widen the board and squeeze the docks beside it.
    m_stepLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_stepLabel->setMinimumWidth(40);
    bar->addWidget(m_headLabel);
    bar->addWidget(m_head);
    m_headLabel->setBuddy(m_head);
    m_nextHead->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketRight));
    m_previousHead->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketLeft));
    connect(m_nextHead, &QAction::triggered, this,
        [this] { m_document->setCurrentHead((m_document->currentHead() + 1) % m_document->scene().headCount()); });
    connect(m_previousHead, &QAction::triggered, this, [this] {
        const int heads = m_document->scene().headCount();
        m_document->setCurrentHead((m_document->currentHead() + heads - 1) % heads);
    });
    connect(m_head, &QComboBox::activated, m_document, &Document::setCurrentHead);
    connect(m_document, &Document::currentHeadChanged, this, &PipelineBoard::refreshHeads);
    connect(m_document, &Document::sceneReset, this, &PipelineBoard::refreshHeads);
    connect(m_document, &Document::sceneChanged, this, &PipelineBoard::refreshHeads);
    layout->addLayout(bar);

    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(6);
    m_scroll->setWidget(m_canvas);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    layout->addWidget(m_scroll, 1);

    // The arrow keys step while the board has the focus; elsewhere they stay with the editors.
    auto *left = new QShortcut(QKeySequence(Qt::Key_Left), this, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    auto *right = new QShortcut(QKeySequence(Qt::Key_Right), this, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(left, &QShortcut::activated, m_steps, &StepController::previous);
    connect(right, &QShortcut::activated, m_steps, &StepController::next);
    auto *home = new QShortcut(QKeySequence(Qt::Key_Home), this, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    auto *end = new QShortcut(QKeySequence(Qt::Key_End), this, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(home, &QShortcut::activated, m_steps, &StepController::first);
    connect(end, &QShortcut::activated, m_steps, [this] { m_steps->setShowAll(!m_steps->showsAll()); });

    connect(m_steps, &StepController::stagesChanged, this, &PipelineBoard::rebuild);
    connect(m_steps, &StepController::changed, this, &PipelineBoard::refreshSteps);
    retranslate();
    rebuild();
}

QList<StageCard *> PipelineBoard::cards() const
{
    QList<StageCard *> list;
    for (core::Stage s : m_steps->stages())
        if (StageCard *c = card(s))
            list << c;
    return list;
}

void PipelineBoard::setZoom(double zoom)
{
    m_zoom = zoom;
    for (StageCard *c : std::as_const(m_cards))
        c->setZoom(zoom);
}

void PipelineBoard::setSequentialMap(const QString &name)
{
    m_sequentialMap = name;
    for (StageCard *c : std::as_const(m_cards))
        c->setSequentialMap(name);
}

int PipelineBoard::columnsForWidth(int width)
{
    if (width >= 4 * kReadableCardWidth)
        return 4;
    return width >= 2 * kReadableCardWidth ? 2 : 1;
}

void PipelineBoard::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Steps taken while the board was hidden (in presentation mode) could not scroll it; once
    // it is laid out again, bring the current card into view.
    QTimer::singleShot(0, this, [this] {
        if (StageCard *c = card(m_steps->currentStage()))
            m_scroll->ensureWidgetVisible(c, 0, 0);
    });
}

void PipelineBoard::elideStepLabel()
{
    m_stepLabel->setText(
        m_stepLabel->fontMetrics().elidedText(m_stepText, Qt::ElideRight, std::max(40, m_stepLabel->width())));
}

void PipelineBoard::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    elideStepLabel();
    const int columns = columnsForWidth(event->size().width());
    if (columns != m_columns) {
        m_columns = columns;
        rebuild();
    }
}

void PipelineBoard::rebuild()
{
    const QList<core::Stage> stages = m_steps->stages();
    // Cards of stages the scene no longer has go; the others are kept (their heatmaps too).
    for (auto it = m_cards.begin(); it != m_cards.end();) {
        if (!stages.contains(it.key())) {
            delete it.value();
            it = m_cards.erase(it);
        } else {
            m_grid->removeWidget(it.value());
            ++it;
        }
    }
    for (int c = 0; c < m_grid->columnCount(); ++c)
        m_grid->setColumnStretch(c, 0);
    for (int r = 0; r < m_grid->rowCount(); ++r)
        m_grid->setRowStretch(r, 0);

    int row = -1, column = 0, lastPhase = -1, columns = 0;
    for (int i = 0; i < stages.size(); ++i) {
        const core::Stage stage = stages.at(i);
        StageCard *c = card(stage);
        if (!c) {
            c = new StageCard(m_document, stage, m_canvas);
            c->setZoom(m_zoom);
            c->setSequentialMap(m_sequentialMap);
            // While stepping, a click must not step back and hide what the class has seen.
            connect(c, &StageCard::activated, this, [this](core::Stage s) {
                if (m_steps->showsAll())
                    m_steps->setCurrentStage(s);
            });
            m_cards.insert(stage, c);
        }
        c->setMinimumSize(kMinCardWidth, m_columns < 4 ? kWrappedCardHeight : kMinCardHeight);
        const int phase = phaseOf(stage);
        if (phase != lastPhase || column == m_columns) {
            ++row;
            column = 0;
            lastPhase = phase;
        }
        c->setStepNumber(i + 1);
        m_grid->addWidget(c, row, column++);
        columns = std::max(columns, column);
    }
    for (int c = 0; c < columns; ++c)
        m_grid->setColumnStretch(c, 1);
    for (int r = 0; r <= row; ++r)
        m_grid->setRowStretch(r, 1);
    refreshSteps();
}

void PipelineBoard::refreshSteps()
{
    const core::Stage current = m_steps->currentStage();
    for (auto it = m_cards.cbegin(); it != m_cards.cend(); ++it) {
        it.value()->setRevealed(m_steps->isRevealed(it.key()));
        it.value()->setCurrent(it.key() == current);
    }
    m_stepText = m_steps->showsAll()
        ? tr("All %1 stages shown; current: %2").arg(m_steps->stepCount()).arg(StageCard::stageTitle(current))
        : tr("Stage %1 of %2: %3")
              .arg(m_steps->step() + 1)
              .arg(m_steps->stepCount())
              .arg(StageCard::stageTitle(current));
    elideStepLabel();
    if (StageCard *c = card(current))
        m_scroll->ensureWidgetVisible(c, 0, 0);
}

void PipelineBoard::refreshHeads()
{
    const int heads = m_document->scene().headCount();
    if (m_head->count() != heads) {
        m_head->clear();
        for (int h = 0; h < heads; ++h)
            m_head->addItem(tr("%1 of %2").arg(h + 1).arg(heads));
    }
    m_head->setCurrentIndex(m_document->currentHead());
    m_head->setVisible(heads > 1);
    m_headLabel->setVisible(heads > 1);
    m_nextHead->setEnabled(heads > 1);
    m_previousHead->setEnabled(heads > 1);
}

void PipelineBoard::retranslate()
{
    m_headLabel->setText(tr("&Head:"));
    m_head->setToolTip(tr("The head whose Q, K, V, scores, weights and context the cards show "
                          "(Ctrl+] next head, Ctrl+[ previous head)"));
    m_nextHead->setText(tr("Next &Head"));
    m_nextHead->setToolTip(tr("Show the next attention head (Ctrl+])"));
    m_previousHead->setText(tr("Previous H&ead"));
    m_previousHead->setToolTip(tr("Show the previous attention head (Ctrl+[)"));
    m_head->clear(); // refilled in the current language
    refreshHeads();
    m_stepLabel->setToolTip(tr("The stage the class has reached; later stages stay hidden until reached"));
    refreshSteps();
}

} // namespace attnlab::ui
