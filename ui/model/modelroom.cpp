#include "ui/model/modeldock.h"

#include "core/model/headscene.h"
#include "ui/document/document.h"
#include "ui/model/headview.h"
#include "ui/model/modelgridview.h"
#include "ui/model/modelsentence.h"
#include "ui/model/modelsession.h"
#include "ui/model/predictionpanel.h"

#include <QAction>
#include <QScrollArea>
#include <QSplitter>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

namespace attnlab::ui {

ModelDock::ModelDock(ModelSession *session, Document *document, QWidget *parent)
    : Retranslating<QDockWidget>(parent)
    , m_session(session)
    , m_document(document)
    , m_sentence(new ModelSentence(session))
    , m_grid(new ModelGridView(session))
    , m_headView(new HeadView(session))
    , m_prediction(new PredictionPanel(session))
    , m_toolBar(new QToolBar)
{
    setObjectName(QStringLiteral("ModelDock"));
    m_ablate = m_toolBar->addAction(
        QString(), this, [this] { m_session->toggleAblation(m_session->selectedLayer(), m_session->selectedHead()); });
    m_ablate->setCheckable(true);
    m_undo = m_session->undoStack()->createUndoAction(this);
    m_redo = m_session->undoStack()->createRedoAction(this);
    m_toolBar->addAction(m_undo);
    m_toolBar->addAction(m_redo);
    m_toolBar->addSeparator();
    m_openOnBoard = m_toolBar->addAction(QString(), this, &ModelDock::openOnBoard);
    m_apply = m_toolBar->addAction(QString(), this, &ModelDock::applyToModel);
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);

    auto *headScroll = new QScrollArea;
    headScroll->setWidget(m_headView);
    headScroll->setWidgetResizable(true);
    headScroll->setFrameShape(QFrame::NoFrame);
    auto *splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(m_grid);
    splitter->addWidget(headScroll);
    splitter->addWidget(m_prediction);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 2);
    // The grid needs room for its thumbnails; the head view for two columns of tokens.
    splitter->setSizes({420, 520, 340});

    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_sentence);
    layout->addWidget(m_toolBar);
    layout->addWidget(splitter, 1);
    setWidget(page);

    connect(m_session, &ModelSession::selectionChanged, this, &ModelDock::refreshActions);
    connect(m_session, &ModelSession::headMaskChanged, this, &ModelDock::refreshActions);
    connect(m_session, &ModelSession::computed, this, &ModelDock::refreshActions);
    connect(m_session, &ModelSession::busyChanged, this, &ModelDock::refreshActions);
    connect(m_session, &ModelSession::modelLoaded, this, [this] {
        m_boardLayer = m_boardHead = -1;
        refreshActions();
    });
    connect(m_document, &Document::sceneReset, this, [this] {
        if (!m_loadingBoard)
            m_boardLayer = m_boardHead = -1; // another scene replaced the model's head
        refreshActions();
    });
    retranslate();
}

void ModelDock::retranslate()
{
    setWindowTitle(tr("Model"));
    setToolTip(tr("A real GPT-2 or BERT model: every layer's and head's attention, the selected head, and the "
                  "prediction."));
    const QString head = ModelSession::headName(m_session->selectedLayer(), m_session->selectedHead());
    m_ablate->setText(tr("Switch Off Head %1").arg(head));
    m_ablate->setToolTip(tr("Ablate the selected head (its output becomes zero, as transformers' head_mask = 0 does) "
                            "and see how the prediction changes. Ctrl+click a thumbnail does the same."));
    m_undo->setToolTip(tr("Undo the last intervention on the model (Ctrl+Z in the grid)"));
    m_redo->setToolTip(tr("Redo the intervention just undone (Ctrl+Shift+Z in the grid)"));
    m_openOnBoard->setText(tr("Open on Board"));
    m_openOnBoard->setToolTip(tr("Show the selected head on the pipeline board with the model's own numbers: "
                                 "step through Q, K, V, scores, softmax and output, and edit them."));
    m_apply->setText(tr("Apply to Model"));
    m_apply->setToolTip(tr("Give the model the weights edited on the board for that head; the layers above and the "
                           "prediction follow (undoable)."));
    refreshActions();
}

void ModelDock::refreshActions()
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
    m_apply->setEnabled(ready && m_boardLayer >= 0);
    if (m_boardLayer >= 0)
        m_apply->setText(tr("Apply Board to Head %1").arg(ModelSession::headName(m_boardLayer, m_boardHead)));
    else
        m_apply->setText(tr("Apply to Model"));
}

bool ModelDock::openOnBoard()
{
    const core::model::ForwardRunner *runner = m_session->runner();
    if (!runner || !m_session->isComputed())
        return false;
    const int layer = m_session->selectedLayer();
    const int head = m_session->selectedHead();
    std::vector<std::string> tokens;
    for (const QString &t : m_session->displayTokens())
        tokens.push_back(t.toStdString());
    core::Scene scene = core::model::headScene(*runner, layer, head, tokens);
    m_loadingBoard = true;
    m_document->load(scene);
    m_loadingBoard = false;
    m_boardLayer = layer;
    m_boardHead = head;
    refreshActions();
    return true;
}

bool ModelDock::applyToModel()
{
    if (m_boardLayer < 0 || !m_session->runner())
        return false;
    const core::Scene &scene = m_document->scene();
    const int d = m_session->config()->dModel;
    const int dh = m_session->config()->headDim();
    if (scene.heads != 1 || scene.wq.rows() != d || scene.wq.cols() != dh || scene.wk.rows() != d
        || scene.wv.rows() != d || scene.wk.cols() != dh || scene.wv.cols() != dh)
        return false;
    m_session->applyHeadWeights(m_boardLayer, m_boardHead, scene);
    return true;
}

} // namespace attnlab::ui
