#pragma once
// The step control of the pipeline board: which stages the scene has, how far the class has
// stepped through them, and whether the whole board is revealed. The board and the
// presentation view both follow one StepController, so they never talk to each other.

#include "core/scene/pipeline.h"
#include "core/scene/scene.h"

#include <QList>
#include <QObject>
#include <QTimer>

class QAction;

namespace attnlab::ui {

class Document;

class StepController : public QObject {
    Q_OBJECT
public:
    explicit StepController(Document *document, QObject *parent = nullptr);

    // The cards of a scene, in pipeline order (the stage table's, ui/plot/stagelook.h): X (model
    // mode), Q, K, V, the rotations under RoPE, scores … context, and concat + output when there
    // are several heads or a W_O.
    static QList<core::Stage> boardStages(const core::Scene &scene);

    QList<core::Stage> stages() const { return m_stages; }
    int stepCount() const { return int(m_stages.size()); }
    // 0-based index of the current stage.
    int step() const { return m_step; }
    core::Stage currentStage() const;
    bool showsAll() const { return m_showAll; }
    bool isPlaying() const { return m_playTimer.isActive(); }
    // Whether the stage's card shows its contents: reached, or the whole board is revealed.
    bool isRevealed(core::Stage stage) const;
    QList<core::Stage> revealedStages() const;

    void setStep(int step);
    // Moves to the card of `stage` (when the scene has it).
    void setCurrentStage(core::Stage stage);
    void next();
    void previous();
    void first();
    void setShowAll(bool all);
    void setPlaying(bool playing);
    void setPlayInterval(int milliseconds);

    QAction *previousAction() const { return m_previousAction; }
    QAction *nextAction() const { return m_nextAction; }
    QAction *firstAction() const { return m_firstAction; }
    QAction *playAction() const { return m_playAction; }
    QAction *showAllAction() const { return m_showAllAction; }

    // Re-applies the translated texts (after a language switch).
    void retranslate();

Q_SIGNALS:
    // The list of stages changed (a different scene, heads, RoPE, W_O).
    void stagesChanged();
    // The step, the "show all" state or the stages changed.
    void changed();

private:
    void refreshStages();
    void updateActions();

    Document *m_document;
    QList<core::Stage> m_stages;
    int m_step = 0;
    bool m_showAll = false;
    QTimer m_playTimer;
    QAction *m_previousAction;
    QAction *m_nextAction;
    QAction *m_firstAction;
    QAction *m_playAction;
    QAction *m_showAllAction;
};

} // namespace attnlab::ui
