#pragma once
// The one model object of the app: it holds the Scene and its Stages, owns the undo stack,
// and is the only thing that emits change signals. Views read from it and push edits to it;
// they never talk to each other.

#include "core/pipeline.h"
#include "core/scene.h"
#include "ui/document/commandids.h"
#include "ui/document/matrixid.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <vector>

class QUndoStack;

namespace attnlab::ui {

// What the user has picked: a stage card, a head, and optionally a query row and a key
// column (or a feature column, for n×d stages). Every view highlights the same query and key.
struct Selection {
    core::Stage stage = core::StageWeights;
    int row = -1; // query token, −1 = none
    int column = -1; // key token or feature column, −1 = whole row

    bool hasRow() const { return row >= 0; }
    bool hasCell() const { return row >= 0 && column >= 0; }
    bool operator==(const Selection &o) const { return stage == o.stage && row == o.row && column == o.column; }
    bool operator!=(const Selection &o) const { return !(*this == o); }
};

class Document : public QObject {
    Q_OBJECT
public:
    explicit Document(QObject *parent = nullptr);
    ~Document() override;

    const core::Scene &scene() const { return m_scene; }
    // The stages of the current scene (a pending recompute runs first).
    const core::Stages &stages() const;
    QUndoStack *undoStack() const { return m_undoStack; }

    QString filePath() const { return m_filePath; }
    void setFilePath(const QString &path);
    bool isModified() const;
    // Marks the current state as saved.
    void setClean();

    // Replaces the whole scene (New, Open, an example) and clears the history. The scene
    // must pass core::validate().
    void load(const core::Scene &scene, const QString &filePath = QString());

    // Undoable edits. `continuous` marks a scrub or drag step: consecutive steps on the same
    // cell merge into one history entry.
    void setCell(MatrixId matrix, int row, int column, core::Scalar value, bool continuous = false);
    // Any other edit: the new scene (which must pass core::validate()), the history text, and
    // what changed (Everything when unsure). Consecutive edits with the same mergeId (the
    // steps of one spin box) become one history entry.
    void changeScene(
        const core::Scene &scene, const QString &text, core::Edit edit = {}, CommandId mergeId = CommandId::None);

    int currentHead() const { return m_currentHead; }
    void setCurrentHead(int head);
    Selection selection() const { return m_selection; }
    void setSelection(const Selection &selection);

    // Runs a pending recompute now (it otherwise runs on the next event-loop turn, so a burst
    // of edits causes one recompute).
    void flush();


Q_SIGNALS:
    // A different scene was loaded: rebuild everything.
    void sceneReset();
    // An input of the scene changed (editors refresh); stages follow with stagesChanged.
    void sceneChanged(const attnlab::core::Edit &edit);
    // Stages were recomputed; `update` says which.
    void stagesChanged(const attnlab::core::Update &update);
    void selectionChanged(const attnlab::ui::Selection &selection);
    void currentHeadChanged(int head);
    void modifiedChanged(bool modified);
    void filePathChanged(const QString &path);

private:
    // Only the undo commands change the scene, so every edit is undoable.
    friend class SetCellCommand;
    friend class ChangeSceneCommand;
    void applyScene(const core::Scene &scene, const core::Edit &edit);
    void applyCell(MatrixId matrix, int row, int column, core::Scalar value);

    void schedule(const core::Edit &edit);
    void clampSelection();

    core::Scene m_scene;
    core::Pipeline m_pipeline;
    QUndoStack *m_undoStack;
    QTimer m_recomputeTimer;
    std::vector<core::Edit> m_pending;
    QString m_filePath;
    int m_currentHead = 0;
    Selection m_selection;
};

} // namespace attnlab::ui

Q_DECLARE_METATYPE(attnlab::core::Edit)
Q_DECLARE_METATYPE(attnlab::core::Update)
Q_DECLARE_METATYPE(attnlab::ui::Selection)
