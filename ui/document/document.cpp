#include "ui/document/document.h"

#include "ui/document/undocommands.h"

#include "core/scene/limits.h"

#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <utility>

namespace attnlab::ui {

Document::Document(QObject *parent)
    : DocumentBase(parent)
{
    qRegisterMetaType<core::Edit>();
    qRegisterMetaType<core::Update>();
    qRegisterMetaType<Selection>();
    m_recomputeTimer.setSingleShot(true);
    m_recomputeTimer.setInterval(0);
    connect(&m_recomputeTimer, &QTimer::timeout, this, &Document::flush);
    // A shape change is computed at once, so the index it reaches is a good state already; other
    // edits become one when their recompute has been shown (flush()).
    connect(undoStack(), &QUndoStack::indexChanged, this, [this] { rememberGoodState(); });
}

Document::~Document() = default;

const core::Stages &Document::stages() const
{
    const_cast<Document *>(this)->flush();
    return m_pipeline.stages();
}

void Document::load(const core::Scene &scene, const QString &filePath)
{
    const bool linkEnds = m_link || m_unlinkNote;
    dropLink();
    m_unlinkNote = nullptr;
    m_recomputeTimer.stop();
    m_pending.clear();
    m_scene = scene;
    m_pipeline.compute(m_scene);
    undoStack()->clear();
    m_needResync = false;
    clampHead();
    clampSelection();
    m_goodScene = m_scene;
    m_goodIndex = 0;
    setFilePath(filePath);
    Q_EMIT sceneReset();
    Q_EMIT stagesChanged(everything());
    Q_EMIT modifiedChanged(false);
    if (linkEnds)
        Q_EMIT linkChanged();
}

void Document::setCell(MatrixId matrix, int row, int column, core::Scalar value, bool continuous)
{
    const auto m = matrixRef(std::as_const(m_scene), matrix);
    if (row < 0 || column < 0 || row >= m.rows() || column >= m.cols())
        return;
    if (!std::isfinite(value) || std::abs(value) > core::limits::kMaxAbsValue)
        return; // editors refuse such input with a message; it must never reach the scene
    const core::Scalar old = m(row, column);
    if (old == value && !continuous)
        return;
    if (m_link && m_link->takes(matrix)) {
        // Wheel steps outside a drag merge like a drag's: the link merges only consecutive steps
        // on one cell.
        if (continuous && !m_scrubGesture && !m_wheelGesture)
            m_wheelGesture = m_link->startGesture();
        const int gesture = !continuous ? 0 : m_scrubGesture ? m_scrubGesture : m_wheelGesture;
        editLinked({SceneCells {matrix, row, column, core::Matrix::Constant(1, 1, value)}}, {}, gesture);
        return;
    }
    if (m_link)
        unlinkForEdit();
    stackCall([&] { undoStack()->push(new SetCellCommand(this, matrix, row, column, old, value, continuous)); });
}

void Document::changeScene(const core::Scene &scene, const QString &text, core::Edit edit, CommandId mergeId)
{
    changeScene(scene, HistoryText([text] { return text; }), edit, mergeId);
}

void Document::changeScene(const core::Scene &scene, const HistoryText &text, core::Edit edit, CommandId mergeId)
{
    if (scene == m_scene)
        return;
    if (m_link) {
        if (const std::optional<std::vector<SceneCells>> cells = linkedCells(scene)) {
            editLinked(*cells, text, 0);
            return;
        }
        unlinkForEdit();
    }
    stackCall([&] { undoStack()->push(new ChangeSceneCommand(this, m_scene, scene, text, edit, mergeId)); });
}

void Document::setCurrentHead(int head)
{
    head = std::clamp(head, 0, m_scene.headCount() - 1);
    if (head == m_currentHead)
        return;
    m_currentHead = head;
    Q_EMIT currentHeadChanged(head);
}

void Document::setSelection(const Selection &selection)
{
    if (selection == m_selection)
        return;
    m_selection = selection;
    clampSelection();
    Q_EMIT selectionChanged(m_selection);
}

bool Document::clampSelection()
{
    const Selection before = m_selection;
    const int n = m_scene.tokenCount();
    if (m_selection.row >= n)
        m_selection.row = -1;
    const core::Stages &stages = m_pipeline.stages();
    const bool hasStage = !stages.heads.empty() && m_currentHead < int(stages.heads.size());
    const core::Matrix *m = hasStage ? &core::stageMatrix(stages, m_selection.stage, m_currentHead) : nullptr;
    const int columns = m && m->size() ? int(m->cols()) : n;
    if (m_selection.column >= columns || m_selection.row < 0)
        m_selection.column = -1;
    return before != m_selection;
}

bool Document::clampHead()
{
    const int head = std::clamp(m_currentHead, 0, std::max(0, m_scene.headCount() - 1));
    if (head == m_currentHead)
        return false;
    m_currentHead = head;
    return true;
}

bool Document::applyScene(const core::Scene &scene, const core::Edit &edit)
{
    if (m_replaying)
        return true;
    const int failures = m_failures;
    ++m_applyDepth;
    try {
        // A change of shape (tokens, heads, widths) is computed at once, and the head and the
        // selection are clamped before any signal goes out: a view that reacts to the first
        // signal must never see the new scene beside the old stages or an old index.
        const bool shapeChanged = scene.tokenCount() != m_scene.tokenCount() || scene.headCount() != m_scene.headCount()
            || scene.keyDim() != m_scene.keyDim() || scene.valueDim() != m_scene.valueDim()
            || scene.dModel != m_scene.dModel || scene.direct != m_scene.direct;
        m_scene = scene;
        m_pending.push_back(edit);
        if (!shapeChanged) {
            m_recomputeTimer.start();
            Q_EMIT sceneChanged(edit);
            --m_applyDepth;
            return m_failures == failures;
        }
        const core::Update update = recompute();
        const bool headMoved = clampHead();
        const bool selectionMoved = clampSelection();
        Q_EMIT sceneChanged(edit);
        if (headMoved)
            Q_EMIT currentHeadChanged(m_currentHead);
        Q_EMIT stagesChanged(update);
        if (selectionMoved)
            Q_EMIT selectionChanged(m_selection);
    } catch (const std::exception &e) {
        fail(e.what());
    } catch (...) {
        fail("unknown exception");
    }
    --m_applyDepth;
    return m_failures == failures;
}

void Document::fail(const char *reason)
{
    ++m_failures;
    rollBack(m_goodScene);
    if (m_ownStackCall) {
        m_needResync = true; // stackCall() resyncs when the stack returns
    } else if (m_applyDepth > 0) {
        // The stack was moved from outside (the History dock) and is still in the middle of
        // it: the index is put back once it is done.
        if (!m_resyncQueued) {
            m_resyncQueued = true;
            QMetaObject::invokeMethod(this, &Document::resyncHistory, Qt::QueuedConnection);
        }
    } else {
        m_needResync = true;
        resyncHistory();
    }
    Q_EMIT editFailed(QString::fromLocal8Bit(reason));
}

void Document::resyncHistory()
{
    m_resyncQueued = false;
    if (!m_needResync && undoStack()->index() == m_goodIndex)
        return;
    m_replaying = true;
    undoStack()->setIndex(std::min(m_goodIndex, undoStack()->count()));
    m_replaying = false;
    m_needResync = false;
}

template<typename F> void Document::stackCall(F call)
{
    const bool outer = !m_ownStackCall;
    m_ownStackCall = true;
    call();
    if (outer) {
        m_ownStackCall = false;
        if (m_needResync)
            resyncHistory();
    }
}

void Document::rememberGoodState()
{
    if (m_needResync || m_resyncQueued || !m_pending.empty())
        return;
    m_goodScene = m_scene;
    m_goodIndex = undoStack()->index();
}

void Document::rollBack(const core::Scene &previous)
{
    // The last good scene comes back and every view is rebuilt from it; whatever threw in the
    // middle of the notifications may have left a view half updated.
    m_recomputeTimer.stop();
    m_pending.clear();
    m_scene = previous;
    try {
        m_pipeline.compute(m_scene);
        const bool headMoved = clampHead();
        const bool selectionMoved = clampSelection();
        Q_EMIT sceneReset();
        if (headMoved)
            Q_EMIT currentHeadChanged(m_currentHead);
        Q_EMIT stagesChanged(everything());
        if (selectionMoved)
            Q_EMIT selectionChanged(m_selection);
    } catch (...) {
        // The scene was good before; a view that cannot show it again is reported by the
        // caller's message, and the next edit rebuilds it.
    }
}

core::Update Document::everything() const
{
    core::Update all;
    all.stages = core::AllStages;
    all.heads.assign(size_t(m_scene.headCount()), true);
    return all;
}

bool Document::applyCell(MatrixId matrix, int row, int column, core::Scalar value)
{
    if (m_replaying)
        return true;
    const int failures = m_failures;
    ++m_applyDepth;
    try {
        matrixRef(m_scene, matrix)(row, column) = value;
        core::Edit edit;
        edit.target = editTarget(matrix);
        edit.row = row;
        edit.column = column;
        schedule(edit);
        Q_EMIT sceneChanged(edit);
    } catch (const std::exception &e) {
        fail(e.what());
    } catch (...) {
        fail("unknown exception");
    }
    --m_applyDepth;
    return m_failures == failures;
}

void Document::schedule(const core::Edit &edit)
{
    m_pending.push_back(edit);
    m_recomputeTimer.start();
}

void Document::flush()
{
    if (m_pending.empty())
        return;
    try {
        const core::Update update = recompute();
        const bool headMoved = clampHead();
        const bool selectionMoved = clampSelection();
        if (headMoved)
            Q_EMIT currentHeadChanged(m_currentHead);
        Q_EMIT stagesChanged(update);
        if (selectionMoved)
            Q_EMIT selectionChanged(m_selection);
        rememberGoodState();
    } catch (const std::exception &e) {
        fail(e.what());
    } catch (...) {
        fail("unknown exception");
    }
}

void Document::undo()
{
    flush();
    stackCall([this] { undoStack()->undo(); });
}

void Document::redo()
{
    flush();
    stackCall([this] { undoStack()->redo(); });
}

core::Update Document::recompute()
{
    m_recomputeTimer.stop();
    std::vector<core::Edit> edits;
    edits.swap(m_pending);
    core::Update merged;
    merged.heads.assign(size_t(m_scene.headCount()), false);
    const bool everything = edits.size() > 8 || std::any_of(edits.begin(), edits.end(), [](const core::Edit &e) {
        return e.target == core::Edit::Target::Everything;
    });
    if (everything)
        edits.assign(1, core::Edit {});
    for (const core::Edit &e : edits) {
        const core::Update u = m_pipeline.update(m_scene, e);
        merged.stages |= u.stages;
        for (size_t j = 0; j < u.heads.size() && j < merged.heads.size(); ++j)
            merged.heads[j] = merged.heads[j] || u.heads[j];
    }
    return merged;
}

void Document::setLink(SceneLink *link)
{
    if (link == m_link && !m_unlinkNote)
        return;
    dropLink();
    m_link = link;
    m_unlinkNote = nullptr;
    Q_EMIT linkChanged();
}

void Document::unlink(HistoryText note)
{
    dropLink();
    m_unlinkNote = std::move(note);
    Q_EMIT linkChanged();
}

void Document::unlinkForEdit()
{
    unlink([] {
        return tr("The board is an ordinary scene now, no longer linked to the model: that edit and the ones after "
                  "it change only the board. Open on Board in the model room links a head again.");
    });
}

void Document::dropLink()
{
    m_link = nullptr;
    m_scrubGesture = 0;
    m_wheelGesture = 0;
    if (!m_linkedCellsAhead)
        return;
    // The scene holds weights whose stages the link has not brought: the scene computes its own
    // stages from now on.
    m_linkedCellsAhead = false;
    try {
        m_pipeline.compute(m_scene);
        Q_EMIT stagesChanged(everything());
    } catch (const std::exception &e) {
        fail(e.what());
    }
    m_goodScene = m_scene;
}

DocumentBase *Document::historyOwner()
{
    return m_link ? m_link->document() : this;
}

void Document::editLinked(const std::vector<SceneCells> &cells, const HistoryText &text, int gesture)
{
    if (cells.empty() || !m_link->edit(cells, text, gesture))
        return;
    // The editors show the new numbers at once; the stages follow from the link (showLinked).
    m_linkedCellsAhead = true;
    for (const SceneCells &c : cells) {
        matrixRef(m_scene, c.matrix).block(c.row, c.column, c.values.rows(), c.values.cols()) = c.values;
        core::Edit edit;
        edit.target = editTarget(c.matrix);
        if (c.values.size() == 1) {
            edit.row = c.row;
            edit.column = c.column;
        }
        Q_EMIT sceneChanged(edit);
    }
}

std::optional<std::vector<SceneCells>> Document::linkedCells(const core::Scene &scene) const
{
    core::Scene rest = scene;
    std::vector<SceneCells> cells;
    for (const MatrixId id : {MatrixId::WQ, MatrixId::WK, MatrixId::WV, MatrixId::WO, MatrixId::BQ, MatrixId::BK,
             MatrixId::BV, MatrixId::BO}) {
        if (!m_link->takes(id) || !hasMatrix(m_scene, id) || !hasMatrix(rest, id))
            continue;
        const auto before = matrixRef(m_scene, id);
        auto after = matrixRef(rest, id);
        if (before.rows() != after.rows() || before.cols() != after.cols())
            return std::nullopt;
        // The smallest block that holds every changed cell.
        int top = int(before.rows()), bottom = -1, left = int(before.cols()), right = -1;
        for (int r = 0; r < before.rows(); ++r)
            for (int c = 0; c < before.cols(); ++c)
                if (before(r, c) != after(r, c)) {
                    top = std::min(top, r);
                    bottom = std::max(bottom, r);
                    left = std::min(left, c);
                    right = std::max(right, c);
                }
        if (bottom < 0)
            continue;
        cells.push_back({id, top, left, after.block(top, left, bottom - top + 1, right - left + 1)});
        after = before; // what is left must then equal the current scene
    }
    if (!(rest == m_scene))
        return std::nullopt;
    return cells;
}

void Document::showLinked(const core::Scene &scene, core::Pipeline pipeline)
{
    m_recomputeTimer.stop();
    m_pending.clear();
    m_linkedCellsAhead = false;
    m_scene = scene;
    m_pipeline = std::move(pipeline);
    ++m_applyDepth;
    try {
        const bool headMoved = clampHead();
        const bool selectionMoved = clampSelection();
        m_goodScene = m_scene;
        m_goodIndex = undoStack()->index();
        Q_EMIT sceneChanged(core::Edit {});
        if (headMoved)
            Q_EMIT currentHeadChanged(m_currentHead);
        Q_EMIT stagesChanged(everything());
        if (selectionMoved)
            Q_EMIT selectionChanged(m_selection);
    } catch (const std::exception &e) {
        fail(e.what());
    } catch (...) {
        fail("unknown exception");
    }
    --m_applyDepth;
}

void Document::beginScrub(MatrixId matrix, const QString &text)
{
    if (m_link && m_link->takes(matrix)) {
        m_scrubGesture = m_link->startGesture();
        return;
    }
    m_scrubMacro = true;
    undoStack()->beginMacro(text);
}

void Document::endScrub()
{
    m_scrubGesture = 0;
    if (std::exchange(m_scrubMacro, false))
        undoStack()->endMacro();
}

} // namespace attnlab::ui
