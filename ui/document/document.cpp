#include "ui/document/document.h"

#include "ui/document/undocommands.h"

#include "core/limits.h"

#include <QUndoStack>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

Document::Document(QObject *parent)
    : QObject(parent)
    , m_undoStack(new QUndoStack(this))
{
    qRegisterMetaType<core::Edit>();
    qRegisterMetaType<core::Update>();
    qRegisterMetaType<Selection>();
    m_recomputeTimer.setSingleShot(true);
    m_recomputeTimer.setInterval(0);
    connect(&m_recomputeTimer, &QTimer::timeout, this, &Document::flush);
    connect(m_undoStack, &QUndoStack::cleanChanged, this, [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

Document::~Document() = default;

const core::Stages &Document::stages() const
{
    const_cast<Document *>(this)->flush();
    return m_pipeline.stages();
}

void Document::setFilePath(const QString &path)
{
    if (path == m_filePath)
        return;
    m_filePath = path;
    Q_EMIT filePathChanged(path);
}

bool Document::isModified() const
{
    return !m_undoStack->isClean();
}

void Document::setClean()
{
    m_undoStack->setClean();
}

void Document::load(const core::Scene &scene, const QString &filePath)
{
    m_recomputeTimer.stop();
    m_pending.clear();
    m_scene = scene;
    m_pipeline.compute(m_scene);
    m_undoStack->clear();
    m_currentHead = std::clamp(m_currentHead, 0, m_scene.headCount() - 1);
    clampSelection();
    setFilePath(filePath);
    Q_EMIT sceneReset();
    core::Update all;
    all.stages = core::AllStages;
    all.heads.assign(size_t(m_scene.headCount()), true);
    Q_EMIT stagesChanged(all);
    Q_EMIT modifiedChanged(false);
}

void Document::setCell(MatrixId matrix, int row, int column, core::Scalar value, bool continuous)
{
    const core::Matrix &m = matrixRef(m_scene, matrix);
    if (row < 0 || column < 0 || row >= m.rows() || column >= m.cols())
        return;
    if (!std::isfinite(value) || std::abs(value) > core::limits::kMaxAbsValue)
        return; // editors refuse such input with a message; it must never reach the scene
    const core::Scalar old = m(row, column);
    if (old == value && !continuous)
        return;
    m_undoStack->push(new SetCellCommand(this, matrix, row, column, old, value, continuous));
}

void Document::changeScene(const core::Scene &scene, const QString &text, core::Edit edit, CommandId mergeId)
{
    if (scene == m_scene)
        return;
    m_undoStack->push(new ChangeSceneCommand(this, m_scene, scene, text, edit, mergeId));
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

void Document::clampSelection()
{
    const int n = m_scene.tokenCount();
    if (m_selection.row >= n)
        m_selection.row = -1;
    const core::Matrix &m = core::stageMatrix(m_pipeline.stages(), m_selection.stage, m_currentHead);
    if (m_selection.column >= (m.size() ? int(m.cols()) : n) || m_selection.row < 0)
        m_selection.column = -1;
}

void Document::applyScene(const core::Scene &scene, const core::Edit &edit)
{
    const bool shapeChanged = scene.tokenCount() != m_scene.tokenCount() || scene.headCount() != m_scene.headCount();
    m_scene = scene;
    if (shapeChanged) {
        m_currentHead = std::clamp(m_currentHead, 0, m_scene.headCount() - 1);
        Q_EMIT currentHeadChanged(m_currentHead);
    }
    Q_EMIT sceneChanged(edit);
    schedule(edit);
    if (shapeChanged) {
        const Selection before = m_selection;
        flush();
        clampSelection();
        if (before != m_selection)
            Q_EMIT selectionChanged(m_selection);
    }
}

void Document::applyCell(MatrixId matrix, int row, int column, core::Scalar value)
{
    matrixRef(m_scene, matrix)(row, column) = value;
    core::Edit edit;
    edit.target = editTarget(matrix);
    edit.row = row;
    edit.column = column;
    Q_EMIT sceneChanged(edit);
    schedule(edit);
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
    Q_EMIT stagesChanged(merged);
}

} // namespace attnlab::ui
