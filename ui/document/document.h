#pragma once
// The scene room's document: it holds the Scene and its Stages, owns the undo stack (through
// DocumentBase), and is the only thing that emits change signals. Views read from it and push
// edits to it; they never talk to each other. While it shows a head of the open model
// (link(), scenelink.h), the weight edits pushed to it are the model's, not its own.

#include "core/scene/pipeline.h"
#include "core/scene/scene.h"
#include "ui/document/commandids.h"
#include "ui/document/documentbase.h"
#include "ui/document/historytext.h"
#include "ui/document/matrixid.h"
#include "ui/document/scenelink.h"

#include <QString>
#include <QTimer>

#include <optional>
#include <vector>

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

class Document : public DocumentBase {
    Q_OBJECT
public:
    explicit Document(QObject *parent = nullptr);
    ~Document() override;

    const core::Scene &scene() const { return m_scene; }
    // The stages of the current scene (a pending recompute runs first).
    const core::Stages &stages() const;

    // Replaces the whole scene (New, Open, an example) and clears the history. The scene
    // must pass core::validate(). Ends a link (below) without a note.
    void load(const core::Scene &scene, const QString &filePath = QString());

    // The link that takes the scene's weight edits to another document (scenelink.h), or null.
    // While linked, setCell() and changeScene() of a matrix the link takes go to the link, and the
    // new values are shown in the scene at once, the stages when the link has them
    // (showLinked()); any other edit first ends the link, with a note, and is then the scene's own.
    SceneLink *link() const { return m_link; }
    // Links the scene the link has just loaded; null ends the link without a note.
    void setLink(SceneLink *link);
    // Ends the link; `note` says why, in the language of the moment, until another scene loads.
    void unlink(HistoryText note);
    // Why the scene is no longer linked; "" when it was not linked since it was loaded.
    QString unlinkNote() const { return m_unlinkNote ? m_unlinkNote() : QString(); }
    // The document whose history the scene's edits go to: the link's while linked, else this.
    DocumentBase *historyOwner();
    // For the link: the scene and its stages as the linked document computed them, shown without
    // a history entry and without computing anything here.
    void showLinked(const core::Scene &scene, core::Pipeline pipeline);
    // A scrub of `matrix` begins: its steps (setCell() with `continuous`) make one history entry,
    // named `text`, until endScrub().
    void beginScrub(MatrixId matrix, const QString &text);
    void endScrub();

    // Undoable edits. `continuous` marks a scrub or drag step: consecutive steps on the same
    // cell merge into one history entry.
    void setCell(MatrixId matrix, int row, int column, core::Scalar value, bool continuous = false);
    // Any other edit: the new scene (which must pass core::validate()), the history text, and
    // what changed (Everything when unsure). Consecutive edits with the same mergeId (the
    // steps of one spin box) become one history entry.
    void changeScene(
        const core::Scene &scene, const HistoryText &text, core::Edit edit = {}, CommandId mergeId = CommandId::None);
    // The same with a fixed text (it stays in the language it was written in).
    void changeScene(
        const core::Scene &scene, const QString &text, core::Edit edit = {}, CommandId mergeId = CommandId::None);

    int currentHead() const { return m_currentHead; }
    void setCurrentHead(int head);
    Selection selection() const { return m_selection; }
    void setSelection(const Selection &selection);

    // Runs a pending recompute now (it otherwise runs on the next event-loop turn, so a burst
    // of edits causes one recompute).
    void flush();

    // Undo and redo through the Document, so that an edit that fails on the way back is
    // rolled back and reported like any other (the Edit menu uses these).
    void undo() override;
    void redo() override;

    // For the undo commands (SetCellCommand, ChangeSceneCommand), which are the only callers:
    // apply a scene or a cell without a history entry. False when it failed: the Document
    // rolled back to the last good scene and sent editFailed, so a command being pushed drops
    // itself.
    bool applyScene(const core::Scene &scene, const core::Edit &edit);
    bool applyCell(MatrixId matrix, int row, int column, core::Scalar value);

Q_SIGNALS:
    // A different scene was loaded: rebuild everything.
    void sceneReset();
    // An input of the scene changed (editors refresh); stages follow with stagesChanged.
    void sceneChanged(const attnlab::core::Edit &edit);
    // Stages were recomputed; `update` says which.
    void stagesChanged(const attnlab::core::Update &update);
    void selectionChanged(const attnlab::ui::Selection &selection);
    void currentHeadChanged(int head);
    // An edit could not be applied (something threw while it was applied or shown): the scene
    // is back to the last good one and the history matches it. `reason` is for the log.
    void editFailed(const QString &reason);
    // link() or unlinkNote() changed.
    void linkChanged();

private:
    void schedule(const core::Edit &edit);
    // Clamp the head and the selection to the current scene; true when they moved.
    bool clampHead();
    bool clampSelection();
    // Recomputes the pending edits without telling anyone; returns what changed.
    core::Update recompute();
    core::Update everything() const;
    // Something threw while a scene was applied or shown: back to the last good scene, the
    // history brought back to match it on the next event-loop turn, and editFailed.
    void fail(const char *reason);
    void rollBack(const core::Scene &good);
    void resyncHistory();
    // Runs a call on the undo stack, then brings the history back if the call failed.
    template<typename F> void stackCall(F call);
    void rememberGoodState();
    // Hands `cells` to the link and, when it takes them, shows them in the scene.
    void editLinked(const std::vector<SceneCells> &cells, const HistoryText &text, int gesture);
    // The cells in which `scene` differs from the current one, when all of them lie in matrices
    // the link takes (one block per matrix); nothing when anything else differs.
    std::optional<std::vector<SceneCells>> linkedCells(const core::Scene &scene) const;
    // An edit the link cannot take is about to be the scene's own.
    void unlinkForEdit();
    void dropLink();

    core::Scene m_scene;
    core::Pipeline m_pipeline;
    QTimer m_recomputeTimer;
    std::vector<core::Edit> m_pending;
    int m_currentHead = 0;
    Selection m_selection;
    // The last scene that was applied, computed and shown without an error, and the history
    // index it belongs to: where a failed edit returns.
    core::Scene m_goodScene;
    int m_goodIndex = 0;
    // Failures so far: a command whose first redo saw this grow is dropped by the stack.
    int m_failures = 0;
    // The history must be moved back to m_goodIndex: after the Document's own stack call
    // (m_ownStackCall), or on the next event-loop turn when the stack was moved from outside
    // (the History dock) and is still busy.
    bool m_needResync = false;
    bool m_resyncQueued = false;
    bool m_ownStackCall = false;
    int m_applyDepth = 0;
    // While the history is moved back to m_goodIndex, commands must not touch the scene.
    bool m_replaying = false;
    SceneLink *m_link = nullptr;
    HistoryText m_unlinkNote;
    // The scene holds linked edits whose stages the link has not shown yet.
    bool m_linkedCellsAhead = false;
    // The link's gesture of the running scrub, and of wheel steps outside a drag.
    int m_scrubGesture = 0;
    int m_wheelGesture = 0;
    bool m_scrubMacro = false; // the running scrub is a macro on this document's own stack
};

} // namespace attnlab::ui

Q_DECLARE_METATYPE(attnlab::core::Edit)
Q_DECLARE_METATYPE(attnlab::core::Update)
Q_DECLARE_METATYPE(attnlab::ui::Selection)
