#pragma once
// The undo commands every edit goes through.

#include "core/scene/scene.h"
#include "ui/document/commandids.h"
#include "ui/document/document.h"
#include "ui/document/matrixid.h"
#include "ui/document/translatedcommand.h"

#include <QUndoCommand>

namespace attnlab::ui {

// One cell of an editable matrix. Continuous steps (scrubbing) on the same cell merge; a scrub
// that ends on the starting value marks itself obsolete.
class SetCellCommand : public TranslatedCommand {
public:
    SetCellCommand(Document *doc, MatrixId matrix, int row, int column, core::Scalar oldValue, core::Scalar newValue,
        bool continuous);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;
    void retranslate() override;

private:
    Document *m_doc;
    MatrixId m_matrix;
    int m_row, m_column;
    core::Scalar m_old, m_new;
    bool m_continuous;
    bool m_applied = false;
};

// Anything else: the scene before and after. Consecutive commands of one control (the same
// CommandId) merge; a merge that returns to the starting scene marks the command obsolete, so
// stepping a spin box up and back down leaves no history entry.
class ChangeSceneCommand : public TranslatedCommand {
public:
    ChangeSceneCommand(
        Document *doc, core::Scene before, core::Scene after, HistoryText text, core::Edit edit, CommandId mergeId);
    void redo() override;
    void undo() override;
    int id() const override { return int(m_mergeId); }
    bool mergeWith(const QUndoCommand *other) override;

private:
    Document *m_doc;
    core::Scene m_before, m_after;
    core::Edit m_edit;
    CommandId m_mergeId;
    bool m_applied = false;
};

} // namespace attnlab::ui
