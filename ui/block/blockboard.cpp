#include "ui/block/blockboard.h"

#include "ui/block/blockcard.h"
#include "ui/block/blockderivationtext.h"
#include "ui/block/blockstagetext.h"
#include "ui/model/modelroom.h"
#include "ui/model/modelsession.h"

#include <QAction>
#include <QGridLayout>
#include <QLabel>
#include <QScreen>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace attnlab::ui {

using core::model::BlockStage;

namespace {

// Two rows, as the block runs: attention on top, the MLP below.
constexpr int kCardsPerRow = 5;

} // namespace

BlockBoard::BlockBoard(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_heading(new QLabel)
    , m_layerLabel(new QLabel)
    , m_layerBox(new QSpinBox)
    , m_inspector(new QTextBrowser)
    , m_side(new QVBoxLayout)
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
    // The presenter steps through the layers with Page Up / Page Down.
    m_previousLayer = new QAction(this);
    m_previousLayer->setShortcut(QKeySequence(Qt::Key_PageUp));
    m_nextLayer = new QAction(this);
    m_nextLayer->setShortcut(QKeySequence(Qt::Key_PageDown));
    for (QAction *action : {m_previousLayer, m_nextLayer}) {
        auto *button = new QToolButton;
        button->setDefaultAction(action);
        top->addWidget(button);
        addAction(action);
    }
    connect(m_previousLayer, &QAction::triggered, this, [this] { openLayer(m_layer - 1); });
    connect(m_nextLayer, &QAction::triggered, this, [this] { openLayer(m_layer + 1); });

    auto *cards = new QWidget;
    auto *grid = new QGridLayout(cards);
    grid->setSpacing(8);
    for (int k = 0; k < core::model::kBlockStageCount; ++k) {
        const auto stage = BlockStage(k);
        auto *card = new BlockCard(stage);
        m_cards[size_t(k)] = card;
        grid->addWidget(card, k / kCardsPerRow, k % kCardsPerRow);
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

    m_inspector->setObjectName(QStringLiteral("BlockInspector"));
    m_inspector->setOpenLinks(false);
    auto *side = new QWidget;
    side->setLayout(m_side);
    m_side->setContentsMargins(0, 0, 0, 0);
    m_side->addWidget(m_inspector, 1);

    auto *splitter = new QSplitter(Qt::Horizontal);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(scroll);
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
    // A hidden board waits until it is shown: generation and edits finish passes one after another.
    connect(m_session, &ModelSession::computed, this, [this] {
        m_dirty = !isVisible();
        if (!m_dirty)
            reload();
    });
    connect(m_session, &ModelSession::modelLoaded, this, [this] {
        m_layer = -1;
        m_derivation.reset();
        m_explained.reset();
    });
    retranslate();
}

bool BlockBoard::openLayer(int layer)
{
    const core::model::ForwardRunner *runner = m_session->runner();
    if (!runner || !m_session->isComputed() || layer < 0 || layer >= runner->layersDone())
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
    const core::model::ForwardRunner *runner = m_session->runner();
    if (m_layer < 0 || !runner || !m_session->isComputed() || m_layer >= runner->layersDone())
        return;
    const core::model::ModelConfig &config = runner->config();
    m_stages = core::model::blockStages(*runner, m_layer);
    m_tokens = m_session->displayTokens();
    for (BlockCard *card : m_cards) {
        if (const core::Matrix *m = core::model::blockStageMatrix(m_stages, card->stage()))
            card->setMatrix(*m, m_tokens, config);
    }
    std::vector<core::Matrix> pictures;
    std::vector<bool> ablated;
    for (int h = 0; h < config.heads; ++h) {
        pictures.push_back(runner->attentionThumbnail(m_layer, h));
        ablated.push_back(m_session->isAblated(m_layer, h));
    }
    card(BlockStage::Heads)->setHeads(pictures, ablated, runner->tokenCount(), config);
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

void BlockBoard::followRoom(ModelRoom *room)
{
    connect(room, &ModelRoom::openLayerOnBoardRequested, this, [this](int layer) {
        if (!openLayer(layer))
            return;
        if (isWindow() && !isVisible()) {
            const QSize screen = this->screen()->availableGeometry().size() * 0.92;
            resize(std::min(1400, screen.width()), std::min(860, screen.height()));
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

void BlockBoard::addSidePanel(QWidget *panel)
{
    m_side->addWidget(panel);
}

void BlockBoard::refreshInspector()
{
    QString html;
    if (m_explained) {
        const BlockCard *c = card(*m_explained);
        html += QStringLiteral("<h3>%1</h3><p><i>%2</i></p><p>%3</p>")
                    .arg(c->title().toHtmlEscaped(), c->formula().toHtmlEscaped(), c->explanation().toHtmlEscaped());
    }
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
    m_previousLayer->setToolTip(tr("Show the block of the layer below (Page Up)"));
    m_nextLayer->setText(tr("Next Layer"));
    m_nextLayer->setToolTip(tr("Show the block of the layer above (Page Down)"));
    m_layerBox->setToolTip(tr("Which layer's block the board shows (1 is the layer nearest the embeddings)"));
    m_inspector->setToolTip(
        tr("How the clicked cell's number is computed, step by step, with the model's own numbers"));
    setWindowTitle(tr("Block Board"));
    refreshInspector();
}

} // namespace attnlab::ui
