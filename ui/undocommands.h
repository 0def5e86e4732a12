#pragma once
// The undo commands every edit goes through.

#include "core/scene.h"
#include "ui/matrixid.h"

#include <QUndoCommand>

namespace attnlab::ui {

class Document;

// One cell of an editable matrix. Continuous steps (scrubbing) on the same cell merge.
class SetCellCommand : public QUndoCommand {
public:
    SetCellCommand(Document *doc, MatrixId matrix, int row, int column, core::Scalar oldValue,
                   core::Scalar newValue, bool continuous);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    Document *m_doc;
    MatrixId m_matrix;
    int m_row, m_column;
    core::Scalar m_old, m_new;
    bool m_continuous;
};

// Anything else: the scene before and after.
class ChangeSceneCommand : public QUndoCommand {
public:
    ChangeSceneCommand(Document *doc, core::Scene before, core::Scene after, const QString &text,
                       core::Edit edit, int mergeId);
    void redo() override;
    void undo() override;
    int id() const override { return m_mergeId; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    Document *m_doc;
    core::Scene m_before, m_after;
    core::Edit m_edit;
    int m_mergeId;
};

} // namespace attnlab::ui
