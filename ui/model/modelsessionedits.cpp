// The edits of the model (ModelSession's undoable changes and the jobs that make them), apart
// from its loading, texts and job queue in modelsession.cpp.

#include "ui/model/modelsession.h"

#include "ui/model/modelcommands.h"

#include <QScopedValueRollback>
#include <QUndoStack>

#include <algorithm>

namespace attnlab::ui {

namespace model = core::model;

bool ModelSession::isAblated(int layer, int head) const
{
    return layer >= 0 && head >= 0 && layer < m_mask.rows() && head < m_mask.cols() && m_mask(layer, head) == 0;
}

void ModelSession::toggleAblation(int layer, int head)
{
    if (layer < 0 || head < 0 || layer >= m_mask.rows() || head >= m_mask.cols())
        return;
    core::Matrix after = m_mask;
    const bool ablate = after(layer, head) != 0;
    after(layer, head) = ablate ? 0 : 1;
    undoStack()->push(new HeadMaskCommand(this, m_mask, after, [ablate, layer, head] {
        return ablate ? tr("Switch off head %1").arg(headName(layer, head))
                      : tr("Switch on head %1").arg(headName(layer, head));
    }));
}

void ModelSession::applyHeadMask(const core::Matrix &mask)
{
    noteEdit();
    m_mask = mask;
    Q_EMIT headMaskChanged();
    if (m_tokens.empty())
        return;
    m_computed = false;
    runJob([mask](model::ForwardRunner &runner, const model::ForwardProgress &progress) {
        return runner.setHeadMask(mask, progress);
    });
}

void ModelSession::setCachePolicy(int window, int sinks)
{
    if (!m_runner || window < 0 || sinks < 0 || (sinks > 0 && window == 0)
        || (window == m_cacheWindow && sinks == m_cacheSinks))
        return;
    noteEdit();
    m_cacheWindow = window;
    m_cacheSinks = sinks;
    Q_EMIT cachePolicyChanged();
    m_computed = false;
    runJob([window, sinks](model::ForwardRunner &runner, const model::ForwardProgress &progress) {
        return runner.setCachePolicy(window, sinks, progress);
    });
}

std::vector<model::BlockTensor> ModelSession::blockTensors(int layer) const
{
    // The checkpoint's own views: they never change, so they are readable while a job runs.
    if (!m_runner || layer < 0 || layer >= m_runner->layers())
        return {};
    return model::blockTensorsOf(*m_runner->config().family, m_runner->weights().layers[size_t(layer)]);
}

model::BlockShape ModelSession::blockTensorShape(int layer, model::BlockTensor tensor) const
{
    const std::vector<model::BlockTensor> present = blockTensors(layer);
    if (std::find(present.begin(), present.end(), tensor) == present.end())
        return {};
    return model::blockTensorShape(tensor, model::blockTensorView(m_runner->weights().layers[size_t(layer)], tensor));
}

bool ModelSession::editBlockCells(
    int layer, model::BlockTensor tensor, int row, int col, const core::Matrix &values, int gesture)
{
    const model::BlockShape shape = blockTensorShape(layer, tensor);
    if (values.size() == 0 || !values.allFinite() || row < 0 || col < 0 || row + values.rows() > shape.rows
        || col + values.cols() > shape.cols)
        return false;
    const QString name = QString::fromStdString(model::blockTensorName(*m_runner->config().family, tensor));
    HistoryText text;
    if (values.size() == 1)
        text = [name, layer, row, col, value = double(values(0, 0))] {
            return tr("Set %1[%2][%3] of layer %4 to %5").arg(name).arg(row).arg(col).arg(layer + 1).arg(value);
        };
    else
        text = [name, layer, count = int(values.size())] {
            return tr("Set %1 cells of %2 in layer %3").arg(count).arg(name).arg(layer + 1);
        };
    return editCells({CellsEdit {{layer, tensor, row, col}, values}}, text, gesture);
}

bool ModelSession::cellsFit(const CellsEdit &edit) const
{
    const BlockCellsPlace &p = edit.place;
    if (!m_runner || p.layer < 0 || p.layer >= m_runner->layers()
        || !model::blockTensorExists(m_runner->config(), p.tensor))
        return false;
    // The checkpoint's own views: they never change, so they are readable while a job runs.
    const model::TensorView &view = model::blockTensorView(m_runner->weights().layers[size_t(p.layer)], p.tensor);
    const model::BlockShape shape = model::blockTensorShape(p.tensor, view);
    const core::Matrix &v = edit.values;
    return !view.empty() && v.size() > 0 && v.allFinite() && p.row >= 0 && p.col >= 0 && p.row + v.rows() <= shape.rows
        && p.col + v.cols() <= shape.cols;
}

bool ModelSession::editCells(const std::vector<CellsEdit> &edits, const HistoryText &text, int gesture)
{
    if (edits.empty() || !std::all_of(edits.begin(), edits.end(), [this](const CellsEdit &e) { return cellsFit(e); }))
        return false;
    if (edits.size() > 1) {
        // One history entry whose steps are the edits, undone in reverse.
        auto *group = new TranslatedCommand(text);
        group->retranslate();
        for (const CellsEdit &e : edits)
            new BlockCellsCommand(this, e.place, e.values, text, 0, false, group);
        undoStack()->push(group);
        return true;
    }
    const CellsEdit &e = edits.front();
    const int top = undoStack()->index() - 1;
    const auto *last = top >= 0 ? dynamic_cast<const BlockCellsCommand *>(undoStack()->command(top)) : nullptr;
    const bool continues = e.values.size() == 1 && last && last->continues(gesture, e.place);
    undoStack()->push(new BlockCellsCommand(this, e.place, e.values, text, gesture, continues));
    return true;
}

// An edit of block cells waiting for, or running on, the worker.
struct CellsJob {
    BlockCellsPlace place;
    std::shared_ptr<const CellValues> values;
    std::shared_ptr<CellValues> record;
};

void ModelSession::applyBlockCells(const BlockCellsPlace &place, std::shared_ptr<const CellValues> values,
    std::shared_ptr<CellValues> record, bool continues)
{
    if (!continues)
        noteEdit();
    m_computed = false;
    // An edit of the cells the last waiting edit writes takes its place: that edit's command
    // records the cells as they are when the job starts, this one what that edit wrote.
    if (record && values->values && !m_queue.empty() && m_queue.back().cells && m_queue.back().cells->record) {
        CellsJob &waiting = *m_queue.back().cells;
        const core::Matrix &cells = *waiting.values->values;
        if (waiting.place.layer == place.layer && waiting.place.tensor == place.tensor && waiting.place.row == place.row
            && waiting.place.col == place.col && cells.rows() == values->values->rows()
            && cells.cols() == values->values->cols()) {
            record->values = cells;
            waiting.values = std::move(values);
            return;
        }
    }
    auto cells = std::make_shared<CellsJob>(CellsJob {place, std::move(values), std::move(record)});
    Job job;
    job.cells = cells;
    job.work = [cells](model::ForwardRunner &runner, const model::ForwardProgress &progress) {
        // An undo whose edit never started (a new model came) has nothing to put back.
        if (!cells->values->values)
            return runner.resume(progress);
        const BlockCellsPlace &p = cells->place;
        return runner.setBlockCells(p.layer, p.tensor, p.row, p.col, *cells->values->values, progress);
    };
    runJob(std::move(job));
}

void ModelSession::startCells(const CellsJob &cells)
{
    const BlockCellsPlace &p = cells.place;
    const std::optional<core::Matrix> &after = cells.values->values;
    if (cells.record && after)
        cells.record->values
            = m_runner->blockTensorCells(p.layer, p.tensor, p.row, p.col, int(after->rows()), int(after->cols()));
    // A head's query, key and value rows are not on the block board, which cannot follow them cell
    // by cell: its next computed() brings them.
    if (!after || after->size() != 1 || !m_passAnnounced || !m_runner->isComplete()
        || !model::blockTensorSpec(p.tensor).board) {
        m_passAnnounced = false;
        return;
    }
    const float before = m_runner->blockTensorCells(p.layer, p.tensor, p.row, p.col, 1, 1)(0, 0);
    const QScopedValueRollback<bool> announcing(m_announcing, true);
    Q_EMIT blockCellChanging(p.layer, p.tensor, p.row, p.col, before, (*after)(0, 0));
}

void ModelSession::noteEdit()
{
    m_beforeEdit = m_shownProbabilities;
}

} // namespace attnlab::ui
