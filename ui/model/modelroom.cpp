#include "ui/model/modelroom.h"

#include "ui/model/boardlink.h"
#include "ui/model/headview.h"
#include "ui/model/modelgridview.h"
#include "ui/model/modelsentence.h"
#include "ui/model/modelsession.h"
#include "ui/model/predictionpanel.h"

#include <QAction>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace attnlab::ui {

ModelRoom::ModelRoom(ModelSession *session, Document *document, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_link(new BoardLink(session, document, this))
    , m_sentence(new ModelSentence(session))
    , m_grid(new ModelGridView(session))
    , m_headView(new HeadView(session))
    , m_prediction(new PredictionPanel(session))
    , m_toolBar(new QToolBar)
    , m_stale(new QLabel)
    , m_headScroll(new QScrollArea)
    , m_panels(new QSplitter(Qt::Vertical))
{
    setObjectName(QStringLiteral("ModelRoom"));
    m_ablate = m_toolBar->addAction(
        QString(), this, [this] { m_session->toggleAblation(m_session->selectedLayer(), m_session->selectedHead()); });
    m_ablate->setCheckable(true);
    // Not QUndoStack::createUndoAction(): its "Undo %1" stays in the language it was made in.
    m_undo = m_toolBar->addAction(QString(), this, [this] { m_session->undo(); });
    m_redo = m_toolBar->addAction(QString(), this, [this] { m_session->redo(); });
    QUndoStack *stack = m_session->undoStack();
    m_undoStack = stack;
    m_undo->setEnabled(stack->canUndo());
    m_redo->setEnabled(stack->canRedo());
    connect(stack, &QUndoStack::canUndoChanged, m_undo, &QAction::setEnabled);
    connect(stack, &QUndoStack::canRedoChanged, m_redo, &QAction::setEnabled);
    connect(stack, &QUndoStack::undoTextChanged, this, &ModelRoom::refreshUndoTexts);
    connect(stack, &QUndoStack::redoTextChanged, this, &ModelRoom::refreshUndoTexts);
    m_toolBar->addSeparator();
    m_openOnBoard = m_toolBar->addAction(QString(), this, &ModelRoom::openOnBoard);
    m_openLayer = m_toolBar->addAction(
        QString(), this, [this] { Q_EMIT openLayerOnBoardRequested(m_session->selectedLayer()); });
    m_openLayer->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);

    m_stale->setObjectName(QStringLiteral("ModelStaleLabel"));
    m_stale->setWordWrap(true);
    m_stale->setTextFormat(Qt::PlainText);
    m_stale->setStyleSheet(QStringLiteral("QLabel { background: #fff3cd; color: #5c4400; padding: 3px 6px; }"));
    m_stale->hide();

    m_headScroll->setWidget(m_headView);
    m_headScroll->setWidgetResizable(true);
    m_headScroll->setFrameShape(QFrame::NoFrame);
    m_headScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *splitter = new QSplitter(Qt::Horizontal);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_grid);
    splitter->addWidget(m_headScroll);
    splitter->addWidget(m_prediction);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 2);
    // The grid needs room for its thumbnails; the head view for two columns of tokens.
    splitter->setSizes({420, 520, 340});

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_sentence);
    layout->addWidget(m_toolBar);
    layout->addWidget(m_stale);
    m_panels->setChildrenCollapsible(false);
    m_panels->addWidget(splitter);
    layout->addWidget(m_panels, 1);

    connect(m_session, &ModelSession::selectionChanged, this, &ModelRoom::refreshActions);
    connect(m_session, &ModelSession::headMaskChanged, this, &ModelRoom::refreshActions);
    connect(m_session, &ModelSession::computed, this, &ModelRoom::refreshActions);
    connect(m_session, &ModelSession::busyChanged, this, &ModelRoom::refreshActions);
    connect(m_session, &ModelSession::staleChanged, this, &ModelRoom::refreshStale);
    connect(m_session, &ModelSession::computed, this, [this] {
        if (m_session->isComputed())
            showPredictionToken();
    });
    retranslate();
}

void ModelRoom::addPanel(QWidget *panel, std::function<QString()> title, const QKeySequence &key)
{
    if (!m_tabs) {
        m_tabs = new QTabWidget;
        m_tabs->setObjectName(QStringLiteral("ModelRoomPanels"));
        m_tabs->setDocumentMode(true);
        m_panels->addWidget(m_tabs);
        m_panels->setStretchFactor(0, 3);
        m_panels->setStretchFactor(1, 2);
    }
    if (!title)
        title = [panel] { return panel->windowTitle(); };
    // A panel's shortcuts stay live while another tab is in front: the room is shown whenever
    // the panel could be.
    addActions(panel->actions());
    // Each page scrolls, so the tallest panel never takes the heads' height at 1280×720; the
    // splitter above still lets the user give the panels more.
    auto *page = new QScrollArea;
    page->setWidgetResizable(true);
    page->setFrameShape(QFrame::NoFrame);
    page->setWidget(panel);
    m_tabs->addTab(page, title());
    m_tabTitles.push_back(std::move(title));
    QAction *show = nullptr;
    if (!key.isEmpty()) {
        show = new QAction(this);
        show->setShortcut(key);
        show->setShortcutContext(Qt::WindowShortcut);
        connect(show, &QAction::triggered, this, [this, page] { m_tabs->setCurrentWidget(page); });
        addAction(show);
    }
    m_tabActions.push_back(show);
    retranslate();
    // The heads and the prediction keep 55 % of the height and the panels get 45 %, whatever the
    // window: the splitter shares out its height in proportion to these two numbers. The panels'
    // pages once got what their smallest content asked for, some hundred pixels at 1280×720, where
    // the lens header and the chart's lower bars scrolled out of sight; the heads, the grid and the
    // panels each scroll within their part.
    m_panels->setSizes({1100, 900});
}

QWidget *ModelRoom::tabPanel(int index) const
{
    return static_cast<QScrollArea *>(m_tabs->widget(index))->widget();
}

void ModelRoom::addToolBarAction(QAction *action)
{
    m_toolBar->addSeparator();
    m_toolBar->addAction(action);
}

void ModelRoom::refreshStale()
{
    m_stale->setText(m_session->staleReason());
    m_stale->setVisible(m_session->isStale());
}

void ModelRoom::showPredictionToken()
{
    // After the scroll area has laid out the view for the new tokens.
    QTimer::singleShot(0, this, [this] {
        const int token = m_headView->predictionToken();
        if (token < 0)
            return;
        const QRect r = m_headView->tokenRect(token, false);
        m_headScroll->ensureVisible(r.center().x(), r.center().y(), 0, r.height());
    });
}

void ModelRoom::retranslate()
{
    setToolTip(
        tr("A real GPT-2, BERT, Qwen2, Qwen3, Qwen3-MoE, Llama, Gemma 2 or Gemma 3 model: every layer's and head's "
           "attention, the selected head, and the prediction."));
    const QString head = ModelSession::headName(m_session->selectedLayer(), m_session->selectedHead());
    m_ablate->setText(tr("Switch Off Head %1").arg(head));
    m_ablate->setToolTip(tr("Ablate the selected head (its context becomes zero before W_O, as transformers' "
                            "head_mask = 0 did in GPT-2 and BERT until version 5 removed it; the other families never "
                            "had a head_mask) and see how the prediction changes. Ctrl+click a thumbnail does the "
                            "same."));
    m_undo->setToolTip(tr("Undo the last change to the model: a head switched off or on, or a weight edited on a "
                          "board (Ctrl+Z)"));
    m_redo->setToolTip(tr("Redo the change just undone (Ctrl+Shift+Z)"));
    m_openOnBoard->setText(tr("Open on Board"));
    m_openOnBoard->setToolTip(tr("Show the selected head on the pipeline board with the model's own numbers, linked "
                                 "to the model: step through Q, K, V, scores, softmax and output, and edit its "
                                 "weights there; each edit changes the model at once (one undo step)."));
    m_openLayer->setToolTip(tr("Show the whole block of the selected head's layer on the block board: the residual "
                               "stream, the norms, the heads, W_O, the MLP and the stream out (Ctrl+Shift+L)"));
    setWindowTitle(tr("Model room")); // names the group of the tabs' keys in Help → Keyboard Shortcuts
    for (int i = 0; m_tabs && i < m_tabs->count(); ++i) {
        const QString title = m_tabTitles[size_t(i)]();
        m_tabs->setTabText(i, title);
        QAction *show = m_tabActions[size_t(i)];
        m_tabs->setTabToolTip(i,
            show ? tr("%1 (%2)").arg(tabPanel(i)->toolTip(), show->shortcut().toString(QKeySequence::NativeText))
                 : tabPanel(i)->toolTip());
        if (show)
            show->setText(tr("Show %1").arg(title));
    }
    refreshStale();
    refreshActions();
    refreshUndoTexts();
}

void ModelRoom::refreshUndoTexts()
{
    // The entries' own texts are retranslated on the stack before the widgets hear of a switch.
    // The stack itself, not the session: a session being destroyed clears its stack from the
    // stack's destructor, after the session has stopped being a DocumentBase.
    if (!m_undoStack)
        return;
    const QString undo = m_undoStack->undoText();
    const QString redo = m_undoStack->redoText();
    m_undo->setText(undo.isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(undo));
    m_redo->setText(redo.isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(redo));
}

void ModelRoom::refreshActions()
{
    const bool ready = m_session->hasModel() && !m_session->isBusy();
    const int layer = m_session->selectedLayer();
    const int head = m_session->selectedHead();
    m_ablate->setEnabled(m_session->hasModel());
    m_ablate->setChecked(m_session->isAblated(layer, head));
    m_ablate->setText(m_session->isAblated(layer, head)
            ? tr("Switch On Head %1").arg(ModelSession::headName(layer, head))
            : tr("Switch Off Head %1").arg(ModelSession::headName(layer, head)));
    m_openOnBoard->setEnabled(ready && m_session->isComputed());
    m_openLayer->setEnabled(ready && m_session->isComputed());
    m_openLayer->setText(tr("Open Layer %1 on Board").arg(layer + 1));
}

int ModelRoom::boardLayer() const
{
    return m_link->layer();
}

int ModelRoom::boardHead() const
{
    return m_link->head();
}

bool ModelRoom::openOnBoard()
{
    if (!m_link->open(m_session->selectedLayer(), m_session->selectedHead()))
        return false;
    refreshActions();
    Q_EMIT openedOnBoard();
    return true;
}

} // namespace attnlab::ui
