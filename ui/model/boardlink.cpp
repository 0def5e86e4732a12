#include "ui/model/boardlink.h"

#include "core/model/headscene.h"
#include "core/scene/pipeline.h"
#include "ui/document/document.h"
#include "ui/model/modelcommands.h"
#include "ui/model/modelsession.h"

#include <QPointer>
#include <QSignalBlocker>
#include <QStringList>
#include <QTimer>

#include <memory>
#include <optional>
#include <string>

namespace attnlab::ui {

namespace model = core::model;

namespace {

// What a pass read on the worker hands to the board.
struct HeadRead {
    core::Scene scene;
    core::Pipeline pipeline;
};

} // namespace

BoardLink::BoardLink(ModelSession *session, Document *document, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_document(document)
{
    connect(m_document, &Document::linkChanged, this, &BoardLink::linkChanged);
    // After every other view has read the pass: the read makes the session busy.
    connect(m_session, &ModelSession::computed, this, [this] { QTimer::singleShot(0, this, &BoardLink::refresh); });
    connect(m_session, &ModelSession::modelLoaded, this, [this] {
        if (isLinked())
            m_document->unlink([] {
                return tr("The board is an ordinary scene now: another model was opened, and the head it shows "
                          "belongs to the model before.");
            });
    });
}

BoardLink::~BoardLink()
{
    // Quietly: the window whose views listen to the Document may be half destroyed by now.
    if (isLinked()) {
        const QSignalBlocker quiet(m_document);
        m_document->setLink(nullptr);
    }
}

bool BoardLink::isLinked() const
{
    return m_document->link() == this;
}

bool BoardLink::open(int layer, int head)
{
    const model::ForwardRunner *runner = m_session->runner();
    if (!runner || !m_session->isComputed() || layer < 0 || layer >= runner->layers() || head < 0
        || head >= runner->heads())
        return false;
    std::vector<std::string> tokens;
    for (const QString &t : m_session->displayTokens())
        tokens.push_back(t.toStdString());
    const core::Scene scene = model::headScene(*runner, layer, head, tokens);
    m_layer = layer;
    m_head = head;
    m_document->load(scene);
    m_document->setLink(this);
    return true;
}

void BoardLink::refresh()
{
    if (!isLinked() || !m_session->isComputed() || m_session->tokens().empty())
        return;
    std::vector<std::string> tokens;
    for (const QString &t : m_session->displayTokens())
        tokens.push_back(t.toStdString());
    auto read = std::make_shared<HeadRead>();
    const int layer = m_layer, head = m_head;
    m_session->readRunner(
        [read, layer, head, tokens](const model::ForwardRunner &runner, const model::ForwardProgress &) {
            read->scene = model::headScene(runner, layer, head, tokens);
            read->pipeline.compute(read->scene);
            return true;
        },
        [self = QPointer<BoardLink>(this), read, layer, head](bool finished) {
            // A newer edit or text came meanwhile: the pass it brings is read next.
            if (!finished || !self || !self->isLinked() || self->m_layer != layer || self->m_head != head
                || !self->m_session->isComputed())
                return;
            self->m_document->showLinked(read->scene, std::move(read->pipeline));
            Q_EMIT self->shown();
        },
        [] { return tr("Reading the head for the board…"); });
}

bool BoardLink::takes(MatrixId matrix) const
{
    switch (matrix) {
    case MatrixId::WQ:
    case MatrixId::WK:
    case MatrixId::WV:
    case MatrixId::WO:
    case MatrixId::BQ:
    case MatrixId::BK:
    case MatrixId::BV:
    case MatrixId::BO:
        return isLinked();
    case MatrixId::Embeddings:
    case MatrixId::DirectQ:
    case MatrixId::DirectK:
    case MatrixId::DirectV:
    case MatrixId::X:
        break;
    }
    return false;
}

bool BoardLink::edit(const std::vector<SceneCells> &cells, const HistoryText &text, int gesture)
{
    const model::ModelConfig *config = m_session->config();
    if (!isLinked() || !config || cells.empty())
        return false;
    // The scene's matrices are the head's slices of the layer's tensors, in the board's
    // orientation (inputs × outputs) on both sides: W_Q is columns [h·dh, (h+1)·dh) of the query
    // tensor, W_K and W_V those of the key/value head h reads, W_O rows of the output projection,
    // b_O the whole layer's output bias.
    const int dh = config->headDim(), first = m_head * dh, kv = config->kvHeadOf(m_head) * dh;
    std::vector<CellsEdit> edits;
    for (const SceneCells &c : cells) {
        CellsEdit e {{}, c.values};
        switch (c.matrix) {
        case MatrixId::WQ:
            e.place = {m_layer, model::BlockTensor::Query, c.row, first + c.column};
            break;
        case MatrixId::WK:
            e.place = {m_layer, model::BlockTensor::Key, c.row, kv + c.column};
            break;
        case MatrixId::WV:
            e.place = {m_layer, model::BlockTensor::Value, c.row, kv + c.column};
            break;
        case MatrixId::WO:
            e.place = {m_layer, model::BlockTensor::AttnOut, first + c.row, c.column};
            break;
        case MatrixId::BQ:
            e.place = {m_layer, model::BlockTensor::QueryBias, 0, first + c.column};
            break;
        case MatrixId::BK:
            e.place = {m_layer, model::BlockTensor::KeyBias, 0, kv + c.column};
            break;
        case MatrixId::BV:
            e.place = {m_layer, model::BlockTensor::ValueBias, 0, kv + c.column};
            break;
        case MatrixId::BO:
            e.place = {m_layer, model::BlockTensor::AttnOutBias, 0, c.column};
            break;
        case MatrixId::Embeddings:
        case MatrixId::DirectQ:
        case MatrixId::DirectK:
        case MatrixId::DirectV:
        case MatrixId::X:
            return false;
        }
        // The scene's shape of the matrix: a cell outside it would write another head's weights.
        const bool bias = c.matrix == MatrixId::BQ || c.matrix == MatrixId::BK || c.matrix == MatrixId::BV
            || c.matrix == MatrixId::BO;
        const int rows = bias ? 1 : c.matrix == MatrixId::WO ? dh : config->dModel;
        const int cols = c.matrix == MatrixId::WO || c.matrix == MatrixId::BO ? config->dModel : dh;
        if (c.values.size() == 0 || c.row < 0 || c.column < 0 || c.row + c.values.rows() > rows
            || c.column + c.values.cols() > cols)
            return false;
        edits.push_back(std::move(e));
    }
    const QString head = ModelSession::headName(m_layer, m_head);
    HistoryText named;
    if (text)
        named = [text, head] { return tr("%1 (head %2)").arg(text(), head); };
    else if (cells.size() == 1 && cells.front().values.size() == 1)
        named = [key = matrixKey(cells.front().matrix), row = cells.front().row, col = cells.front().column, head,
                    value = double(cells.front().values(0, 0))] {
            return tr("Set %1[%2][%3] of head %4 to %5").arg(key).arg(row).arg(col).arg(head).arg(value, 0, 'g', 4);
        };
    else
        named = [key = matrixKey(cells.front().matrix), count = int(cells.front().values.size()), head] {
            return tr("Set %1 cells of %2 of head %3").arg(count).arg(key, head);
        };
    return m_session->editCells(edits, named, gesture);
}

int BoardLink::startGesture()
{
    return m_session->startScrubGesture();
}

DocumentBase *BoardLink::document() const
{
    return m_session;
}

QString BoardLink::sharedKeyValueHeads() const
{
    const model::ModelConfig *config = m_session->config();
    if (!isLinked() || !config)
        return QString();
    const int group = config->heads / config->keyValueHeads();
    const int first = config->kvHeadOf(m_head) * group;
    QStringList names;
    for (int h = first; h < first + group; ++h)
        if (h != m_head)
            names.push_back(ModelSession::headName(m_layer, h));
    return names.join(tr(", "));
}

QString BoardLink::description() const
{
    if (!isLinked())
        return QString();
    QString text = tr("Linked to head %1 of %2: an edit of W_Q, W_K, W_V, W_O or a bias changes the model at once "
                      "(one undo step, in Edit → Undo and in the model room), and the board, the grid and the "
                      "prediction follow. Editing X, the tokens, the mask or a setting makes the board an ordinary "
                      "scene.")
                       .arg(ModelSession::headName(m_layer, m_head), m_session->modelName());
    const QString shared = sharedKeyValueHeads();
    if (!shared.isEmpty())
        text += QLatin1Char(' ')
            + tr("W_K and W_V are shared with head %1 (grouped-query attention): editing them changes that head too.")
                  .arg(shared);
    return text;
}

} // namespace attnlab::ui
