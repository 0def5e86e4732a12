#include "ui/block/blockboard.h"

#include "ui/block/blockcard.h"
#include "ui/block/blockderivationtext.h"
#include "ui/block/blockstagelook.h"
#include "ui/block/routerpanel.h"
#include "ui/lessons/lessondialog.h"
#include "ui/lessons/lessonpages.h"
#include "ui/model/blockweightpanel.h"
#include "ui/model/modelroom.h"
#include "ui/model/modelsession.h"
#include "ui/model/predictionpanel.h"

#include <QAction>
#include <QGridLayout>
#include <QLabel>
#include <QPointer>
#include <QScreen>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace attnlab::ui {

using core::model::BlockStage;

BlockBoard::BlockBoard(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_heading(new QLabel)
    , m_layerLabel(new QLabel)
    , m_layerBox(new QSpinBox)
    , m_undo(new QAction(this))
    , m_redo(new QAction(this))
    , m_prediction(new PredictionPanel(session))
    , m_inspector(new QTextBrowser)
    , m_side(new QVBoxLayout)
    , m_router(new RouterPanel)
    , m_board(new QSplitter(Qt::Vertical))
{
    setObjectName(QStringLiteral("BlockBoard"));
    QFont big = m_heading->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    m_heading->setFont(big);
    m_heading->setTextFormat(Qt::PlainText);
    m_layerBox->setMinimum(1);
    m_layerBox->setEnabled(false);
    m_layerLabel->setBuddy(m_layerBox);
    auto *top = new QHBoxLayout;
    top->addWidget(m_heading, 1);
    top->addWidget(m_layerLabel);
    top->addWidget(m_layerBox);
    // The presenter steps through the layers with Ctrl+Page Up / Ctrl+Page Down (Page Up / Page Down
    // step the pipeline board).
    m_previousLayer = new QAction(this);
    m_previousLayer->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageUp));
    m_nextLayer = new QAction(this);
    m_nextLayer->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageDown));
    for (QAction *action : {m_previousLayer, m_nextLayer}) {
        auto *button = new QToolButton;
        button->setDefaultAction(action);
        top->addWidget(button);
        addAction(action);
    }
    // The board is a window of its own, where the main window's Ctrl+Z does not reach: a weight
    // edited here is undone here.
    QUndoStack *stack = m_session->undoStack();
    m_stack = stack;
    m_undo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
    m_redo->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
    m_undo->setEnabled(stack->canUndo());
    m_redo->setEnabled(stack->canRedo());
    top->addSpacing(12);
    for (QAction *action : {m_undo, m_redo}) {
        auto *button = new QToolButton;
        button->setDefaultAction(action);
        top->addWidget(button);
        addAction(action);
    }
    connect(m_undo, &QAction::triggered, stack, &QUndoStack::undo);
    connect(m_redo, &QAction::triggered, stack, &QUndoStack::redo);
    connect(stack, &QUndoStack::canUndoChanged, m_undo, &QAction::setEnabled);
    connect(stack, &QUndoStack::canRedoChanged, m_redo, &QAction::setEnabled);
    connect(stack, &QUndoStack::indexChanged, this, &BlockBoard::refreshUndo);
    connect(m_previousLayer, &QAction::triggered, this, [this] { openLayer(m_layer - 1); });
    connect(m_nextLayer, &QAction::triggered, this, [this] { openLayer(m_layer + 1); });

    auto *cards = new QWidget;
    auto *grid = new QGridLayout(cards);
    grid->setSpacing(8);
    for (int k = 0; k < core::model::kBlockStageCount; ++k) {
        const auto stage = BlockStage(k);
        auto *card = new BlockCard(stage);
        m_cards[size_t(k)] = card;
        const BlockStageLook &look = blockStageLook(stage);
        grid->addWidget(card, look.boardRow, look.boardColumn);
        connect(card, &BlockCard::cellClicked, this, [this, stage](int row, int col) { selectCell(stage, row, col); });
        connect(card, &BlockCard::activated, this, [this, stage] {
            if (!m_derivation || m_derivation->stage != stage)
                explainStage(stage);
        });
        connect(card, &BlockCard::headClicked, this, [this](int head) {
            if (m_layer >= 0)
                Q_EMIT openHeadRequested(m_layer, head);
        });
    }
    auto *scroll = new QScrollArea;
    scroll->setWidget(cards);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // The router sits under the cards outside their scroll area (shown on sparse MLP layers only):
    // below two rows of cards it was off screen, so a learner opening an MoE layer had to know to
    // scroll down to find it. The cards scroll above it instead.
    m_board->addWidget(scroll);
    m_board->addWidget(m_router);
    m_board->setChildrenCollapsible(false);
    m_board->setStretchFactor(0, 1);
    m_board->setStretchFactor(1, 1);

    m_inspector->setObjectName(QStringLiteral("BlockInspector"));
    m_inspector->setOpenLinks(false);
    // The explained stage's lesson page ("lesson:norms"), with the session's numbers.
    connect(m_inspector, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        const QString page = lessonOfLink(url);
        if (!page.isEmpty())
            openLesson(page, m_session, this);
    });
    auto *side = new QWidget;
    side->setLayout(m_side);
    m_side->setContentsMargins(0, 0, 0, 0);
    m_side->addWidget(m_inspector, 1);
    // The layer's weights, edited cell by cell: each edit is an undo step on the session.
    auto *weights = new BlockWeightPanel(m_session);
    m_side->addWidget(weights, 1);
    connect(this, &BlockBoard::layerOpened, weights, &BlockWeightPanel::setLayer);
    // The prediction is the final-normed last row times the unembedding: its lesson sits above it.
    m_side->addWidget(new LessonButton(QStringLiteral("unembedding"), session, this));
    m_side->addWidget(m_prediction);

    auto *splitter = new QSplitter(Qt::Horizontal);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_board);
    splitter->addWidget(side);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({1100, 300});

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);

    connect(m_layerBox, &QSpinBox::valueChanged, this, [this](int value) {
        if (value - 1 != m_layer)
            openLayer(value - 1);
    });
    // The board reads a finished pass after every other view has (its read makes the session busy),
    // and a hidden board waits until it is shown: generation and edits finish passes one after another.
    connect(m_session, &ModelSession::computed, this, [this] {
        QTimer::singleShot(0, this, [this] {
            m_dirty = !isVisible();
            if (!m_dirty)
                reload();
        });
    });
    connect(m_session, &ModelSession::blockCellChanging, this, &BlockBoard::updateForCell);
    // Another model: the board keeps its layer where the model has one (the next pass fills it).
    connect(m_session, &ModelSession::modelLoaded, this, [this] {
        if (m_layer >= 0)
            m_layer = std::min(m_layer, m_session->config()->layers - 1);
        m_derivation.reset();
        m_explained.reset();
    });
    retranslate();
}

bool BlockBoard::openLayer(int layer)
{
    const core::model::ModelConfig *config = m_session->config();
    if (!config || !m_session->isComputed() || layer < 0 || layer >= config->layers)
        return false;
    const bool changed = layer != m_layer;
    m_layer = layer;
    if (changed) {
        m_derivation.reset();
        m_explained.reset();
    }
    reload();
    Q_EMIT layerOpened(layer);
    return true;
}

void BlockBoard::showEvent(QShowEvent *event)
{
    Retranslating<QWidget>::showEvent(event);
    if (m_dirty) {
        m_dirty = false;
        reload();
    }
}

void BlockBoard::reload()
{
    if (m_layer < 0 || !m_session->isComputed())
        return;
    if (m_loading) { // the read running shows its layer, then reads again (showLoaded)
        m_reloadAgain = true;
        return;
    }
    // A whole layer at a thousand tokens takes longer than a frame: every head's weights and the
    // MLP are computed on the session's worker.
    auto read = std::make_shared<Read>();
    read->layer = m_layer;
    QPointer<BlockBoard> self(this);
    m_loading = m_session->readOnWorker(
        [read](const core::model::ForwardRunner &runner) {
            if (read->layer >= runner.layersDone())
                return;
            read->stages = core::model::blockStages(runner, read->layer);
            for (int h = 0; h < runner.heads(); ++h)
                read->pictures.push_back(runner.attentionThumbnail(read->layer, h));
            read->done = true;
        },
        [self, read] {
            if (self)
                self->showRead(*read);
        });
    if (!m_loading)
        m_dirty = true; // a pass is running: its computed() brings the board up to date
}

void BlockBoard::showRead(const Read &read)
{
    m_loading = false;
    const core::model::ForwardRunner *runner = m_session->runner();
    if (m_reloadAgain || read.layer != m_layer || !runner) {
        m_reloadAgain = false;
        reload();
        return;
    }
    if (!read.done)
        return;
    const core::model::ModelConfig &config = runner->config();
    m_stages = read.stages;
    m_tokens = m_session->displayTokens();
    clearUpdating();
    std::vector<bool> ablated;
    for (int h = 0; h < config.heads; ++h)
        ablated.push_back(m_session->isAblated(m_layer, h));
    for (BlockCard *card : m_cards) {
        if (card->perHead())
            card->setHeads(read.pictures, ablated, runner->tokenCount(), config);
        else if (const core::Matrix *m = core::model::blockStageMatrix(m_stages, card->stage()))
            card->setMatrix(*m, m_tokens, config);
    }
    const bool routerWasHidden = m_router->isHidden();
    m_router->setRouting(m_stages.routing, m_stages.moe, m_stages.mlpOut, m_tokens);
    if (routerWasHidden && m_router->hasRouting())
        shareWithRouter();
    {
        const QSignalBlocker block(m_layerBox);
        m_layerBox->setMaximum(runner->layers());
        m_layerBox->setValue(m_layer + 1);
        m_layerBox->setEnabled(true);
    }
    m_previousLayer->setEnabled(m_layer > 0);
    m_nextLayer->setEnabled(m_layer + 1 < runner->layers());
    // The derived cell follows the new numbers (or goes when the text got shorter).
    if (m_derivation && !selectCell(m_derivation->stage, m_derivation->row, m_derivation->col))
        m_derivation.reset();
    retranslate();
    Q_EMIT stagesShown(m_layer);
}

std::vector<int> BlockBoard::rowsToUpdate() const
{
    const core::model::ForwardRunner *runner = m_session->runner();
    if (!runner)
        return {};
    const int n = runner->tokenCount();
    int prediction = runner->predictionPosition();
    if (prediction < 0 || prediction >= n)
        prediction = n - 1;
    std::vector<int> rows;
    for (const int centre : {prediction, m_derivation ? m_derivation->row : -1})
        if (centre >= 0)
            for (int r = std::max(0, centre - 2); r <= std::min(n - 1, centre + 2); ++r)
                rows.push_back(r);
    return rows;
}

void BlockBoard::updateForCell(int layer, core::model::BlockTensor tensor, int row, int col, float before, float after)
{
    // The stages shown must be those of the session's finished pass: a board still reading, or
    // one that skipped a pass while hidden, waits for the worker instead.
    const core::model::ForwardRunner *runner = m_session->runner();
    if (!runner || layer != m_layer || m_loading || m_dirty || !isVisible()
        || m_stages.input.rows() != runner->tokenCount()) {
        // An edit of this layer or one below that the cards do not take leaves them behind the
        // runner: later edits wait for the worker's re-read too (a read running reads after it).
        if (layer <= m_layer && !m_loading)
            m_dirty = true;
        return;
    }
    const core::model::BlockUpdate update
        = core::model::updateBlockStages(*runner, layer, m_stages, {tensor, row, col, before, after}, rowsToUpdate());
    const core::model::ModelConfig &config = runner->config();
    for (BlockCard *card : m_cards) {
        const BlockStage stage = card->stage();
        if (!update.changes(stage))
            continue;
        // Only what changed is recoloured: at a thousand tokens mlp_act alone has three million cells.
        const core::Matrix *m = core::model::blockStageMatrix(m_stages, stage);
        const core::model::BlockRowState state = update.stateOf(stage);
        if (m && state != core::model::BlockRowState::Stale) {
            const bool part = state == core::model::BlockRowState::Rows || update.columnOf(stage) >= 0;
            const std::vector<int> rows = state == core::model::BlockRowState::Rows ? update.rows : std::vector<int> {};
            if (!part || !card->setCells(*m, rows, update.columnOf(stage)))
                card->setMatrix(*m, m_tokens, config);
        }
        card->setUpdating(update.stateOf(stage), update.rows);
    }
    m_updating = !update.complete();
    refreshInspector();
}

void BlockBoard::clearUpdating()
{
    for (BlockCard *card : m_cards)
        card->setUpdating(core::model::BlockRowState::Exact);
    m_updating = false;
}

bool BlockBoard::selectCell(BlockStage stage, int row, int col)
{
    const core::model::ForwardRunner *runner = m_session->runner();
    const core::Matrix *m = core::model::blockStageMatrix(m_stages, stage);
    if (!runner || m_layer < 0 || !m || row < 0 || col < 0 || row >= m->rows() || col >= m->cols())
        return false;
    m_derivation = core::model::deriveBlockCell(*runner, m_layer, m_stages, stage, row, col);
    m_explained = stage;
    for (BlockCard *c : m_cards)
        c->setSelectedRow(c->stage() == stage ? row : -1);
    refreshInspector();
    Q_EMIT cellSelected(stage, row, col);
    return true;
}

void BlockBoard::explainStage(BlockStage stage)
{
    m_derivation.reset();
    m_explained = stage;
    for (BlockCard *c : m_cards)
        c->setSelectedRow(-1);
    refreshInspector();
}

QString BlockBoard::inspectorText() const
{
    return m_inspector->toPlainText();
}

void BlockBoard::shareWithRouter()
{
    // Half the height for the router, or its minimum when that is more (its plots are not squeezed);
    // the cards scroll in the rest.
    const int router = std::max(m_router->minimumSizeHint().height(), m_board->height() / 2);
    // Before the first layout the splitter's height is not known: the sizes then act as proportions.
    const int total = std::max(m_board->height(), 2 * router);
    m_board->setSizes({total - router, router});
}

QSize BlockBoard::defaultWindowSize(const QRect &available)
{
    // The frame and title bar lie outside the size set here: leave them room, and the window
    // fits the screen's free area whatever its size.
    const int width = std::min(1500, available.width() * 94 / 100);
    const int height = std::min(940, available.height() * 92 / 100);
    return {width, height};
}

void BlockBoard::followRoom(ModelRoom *room)
{
    connect(room, &ModelRoom::openLayerOnBoardRequested, this, [this](int layer) {
        if (!openLayer(layer))
            return;
        if (isWindow() && !isVisible()) {
            const QRect available = this->screen()->availableGeometry();
            resize(defaultWindowSize(available));
            move(available.center() - rect().center());
        }
        show();
        raise();
        activateWindow();
    });
    connect(this, &BlockBoard::openHeadRequested, room, [this, room](int layer, int head) {
        m_session->setSelectedHead(layer, head);
        if (room->openOnBoard())
            room->window()->activateWindow();
    });
}

void BlockBoard::refreshInspector()
{
    QString html;
    if (m_explained) {
        const BlockCard *c = card(*m_explained);
        html += QStringLiteral("<h3>%1</h3><p><i>%2</i></p><p>%3</p>")
                    .arg(c->title().toHtmlEscaped(), c->formula().toHtmlEscaped(), c->explanation().toHtmlEscaped());
        if (const char *lessons = blockStageLook(*m_explained).lesson)
            for (const QString &lesson : QString::fromLatin1(lessons).split(QLatin1Char(' ')))
                html += QStringLiteral("<p><a href=\"lesson:%1\">%2</a></p>")
                            .arg(lesson, tr("Lesson: %1").arg(lessonTitle(lesson)).toHtmlEscaped());
    }
    if (m_updating)
        html += QStringLiteral("<p><b>%1</b></p>")
                    .arg(tr("The board is updating after an edit: some numbers below may still be from before it.")
                             .toHtmlEscaped());
    if (m_derivation) {
        const QString token = m_derivation->row < m_tokens.size() ? m_tokens.at(m_derivation->row) : QString();
        html += BlockDerivationText::html(*m_derivation, token);
    }
    if (html.isEmpty())
        html = QStringLiteral("<p>%1</p>")
                   .arg(m_layer < 0 ? tr("Open a layer from the model room (Open Layer on Board).")
                                    : tr("Click a cell to see how its number is computed."));
    m_inspector->setHtml(html);
}

void BlockBoard::retranslate()
{
    const core::model::ModelConfig *config = m_session->config();
    if (m_layer >= 0 && config)
        m_heading->setText(tr("Layer %1 of %2, the whole block").arg(m_layer + 1).arg(m_session->modelName()));
    else
        m_heading->setText(tr("Block Board"));
    m_layerLabel->setText(tr("&Layer:"));
    m_previousLayer->setText(tr("Previous Layer"));
    m_previousLayer->setToolTip(tr("Show the block of the layer below (Ctrl+Page Up)"));
    m_nextLayer->setText(tr("Next Layer"));
    m_nextLayer->setToolTip(tr("Show the block of the layer above (Ctrl+Page Down)"));
    m_layerBox->setToolTip(tr("Which layer's block the board shows (1 is the layer nearest the embeddings)"));
    m_inspector->setToolTip(
        tr("How the clicked cell's number is computed, step by step, with the model's own numbers"));
    setWindowTitle(tr("Block Board"));
    refreshUndo();
    refreshInspector();
}

void BlockBoard::refreshUndo()
{
    const QUndoStack *stack = m_stack;
    if (!stack)
        return;
    m_undo->setText(tr("Undo"));
    m_undo->setToolTip(stack->canUndo() ? tr("Undo “%1” (Ctrl+Z)").arg(stack->undoText())
                                        : tr("Undo the last change to the model (Ctrl+Z)"));
    m_redo->setText(tr("Redo"));
    m_redo->setToolTip(stack->canRedo() ? tr("Redo “%1” (Ctrl+Shift+Z)").arg(stack->redoText())
                                        : tr("Redo the change just undone (Ctrl+Shift+Z)"));
}

} // namespace attnlab::ui
