#include "ui/board/pipelineboard.h"

#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"
#include "ui/plot/stagelook.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QShortcut>
#include <QStyle>
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
    , m_restore(new QShortcut(QKeySequence(Qt::Key_Escape), this, nullptr, nullptr, Qt::WidgetWithChildrenShortcut))
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

    // Esc brings the board back; only while a card is enlarged, so that Esc stays free otherwise.
    m_restore->setEnabled(false);
    connect(m_restore, &QShortcut::activated, this, [this] { setEnlargedStage(std::nullopt); });
    // With more tokens the cards need more room, and fewer fit side by side.
    const auto recount = [this] { QTimer::singleShot(0, this, &PipelineBoard::updateColumns); };
    connect(m_document, &Document::sceneReset, this, recount);
    connect(m_document, &Document::sceneChanged, this, recount);
    // Cards ask for more room once their heatmaps have measured their labels.
    m_canvas->installEventFilter(this);

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
    updateColumns();
}

void PipelineBoard::setAutoWeightsRange(bool autoRange)
{
    m_autoRange = autoRange;
    for (StageCard *c : std::as_const(m_cards))
        c->setAutoWeightsRange(autoRange);
}

void PipelineBoard::setEnlargedStage(std::optional<core::Stage> stage)
{
    if (stage && (!card(*stage) || !m_steps->isRevealed(*stage)))
        stage.reset();
    if (stage == m_enlarged)
        return;
    const bool was = isEnlarged();
    m_enlarged = stage;
    m_restore->setEnabled(isEnlarged());
    // Like a click, enlarging makes the card the current one (while stepping, that would hide
    // what the class has seen).
    if (stage && m_steps->showsAll())
        m_steps->setCurrentStage(*stage);
    rebuild();
    if (was != isEnlarged())
        Q_EMIT enlargedChanged(isEnlarged());
}

void PipelineBoard::toggleEnlarged()
{
    if (isEnlarged())
        setEnlargedStage(std::nullopt);
    else
        setEnlargedStage(m_steps->currentStage());
}

void PipelineBoard::setSequentialMap(const QString &name)
{
    m_sequentialMap = name;
    for (StageCard *c : std::as_const(m_cards))
        c->setSequentialMap(name);
}

int PipelineBoard::columnsForWidth(int width, int cardWidth)
{
    const int card = std::max(cardWidth, kReadableCardWidth);
    if (width >= 4 * card)
        return 4;
    return width >= 2 * card ? 2 : 1;
}

int PipelineBoard::widestCardNeeded() const
{
    int widest = 0;
    for (StageCard *c : std::as_const(m_cards))
        widest = std::max(widest, c->minimumSizeHint().width() + m_grid->horizontalSpacing());
    return widest;
}

bool PipelineBoard::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_canvas && event->type() == QEvent::LayoutRequest)
        QTimer::singleShot(0, this, &PipelineBoard::updateColumns);
    return Retranslating<QWidget>::eventFilter(watched, event);
}

void PipelineBoard::updateColumns()
{
    const int columns = columnsForWidth(width() - layout()->contentsMargins().left()
            - layout()->contentsMargins().right() - style()->pixelMetric(QStyle::PM_ScrollBarExtent),
        widestCardNeeded());
    if (columns != m_columns) {
        m_columns = columns;
        rebuild();
    }
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
    // The cards get the scroll area's viewport: the board less its margins and a scroll bar.
    const int margins = layout()->contentsMargins().left() + layout()->contentsMargins().right();
    const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    const int columns = columnsForWidth(event->size().width() - margins - scrollBar, widestCardNeeded());
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
    if (m_enlarged && !stages.contains(*m_enlarged)) {
        m_enlarged.reset();
        m_restore->setEnabled(false);
        Q_EMIT enlargedChanged(false);
    }

    int row = -1, column = 0, lastPhase = -1, columns = 0;
    for (int i = 0; i < stages.size(); ++i) {
        const core::Stage stage = stages.at(i);
        StageCard *c = card(stage);
        if (!c) {
            c = new StageCard(m_document, stage, m_canvas);
            c->setZoom(m_zoom);
            c->setSequentialMap(m_sequentialMap);
            c->setAutoWeightsRange(m_autoRange);
            connect(c, &StageCard::enlargeRequested, this, [this](core::Stage s) {
                setEnlargedStage(m_enlarged == s ? std::nullopt : std::optional<core::Stage>(s));
            });
            // While stepping, a click must not step back and hide what the class has seen.
            connect(c, &StageCard::activated, this, [this](core::Stage s) {
                if (m_steps->showsAll())
                    m_steps->setCurrentStage(s);
            });
            m_cards.insert(stage, c);
        }
        c->setStepNumber(i + 1);
        if (m_enlarged) {
            // Alone on the board: the other cards keep their state, out of sight.
            c->setVisible(stage == *m_enlarged);
            if (stage == *m_enlarged) {
                c->setMinimumFloor(QSize(kMinCardWidth, kMinCardHeight));
                m_grid->addWidget(c, 0, 0);
            }
            continue;
        }
        c->setVisible(true);
        c->setMinimumFloor(QSize(kMinCardWidth, m_columns < 4 ? kWrappedCardHeight : kMinCardHeight));
        const int phase = stageLook(stage).boardRow;
        if (phase != lastPhase || column == m_columns) {
            ++row;
            column = 0;
            lastPhase = phase;
        }
        m_grid->addWidget(c, row, column++);
        columns = std::max(columns, column);
    }
    if (m_enlarged) {
        row = 0;
        columns = 1;
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
    // An enlarged card follows the steps, so a class can walk the pipeline card by card.
    const bool stepped = current != m_lastCurrent;
    m_lastCurrent = current;
    if (stepped && m_enlarged && *m_enlarged != current && card(current) && m_steps->isRevealed(current)) {
        m_enlarged = current;
        rebuild();
        return;
    }
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
