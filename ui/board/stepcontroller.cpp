#include "ui/board/stepcontroller.h"

#include "ui/document/document.h"
#include "ui/plot/stagelook.h"

#include <QAction>
#include <QIcon>
#include <QStyle>

#include <algorithm>

namespace attnlab::ui {

namespace {
constexpr int kDefaultPlayInterval = 1500;
}

StepController::StepController(Document *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_previousAction(new QAction(this))
    , m_nextAction(new QAction(this))
    , m_firstAction(new QAction(this))
    , m_playAction(new QAction(this))
    , m_showAllAction(new QAction(this))
{
    m_playTimer.setInterval(kDefaultPlayInterval);
    // Presentation clickers send PageUp / PageDown; they step wherever the focus is. The arrow
    // keys are bound by the board and the presentation view themselves, so that they keep
    // moving the cursor in the editors.
    m_previousAction->setShortcut(QKeySequence(Qt::Key_PageUp));
    m_nextAction->setShortcut(QKeySequence(Qt::Key_PageDown));
    // Keys that text fields and spin boxes do not swallow, so they work wherever the focus is.
    m_firstAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_PageUp));
    m_playAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_showAllAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    m_playAction->setCheckable(true);
    m_showAllAction->setCheckable(true);
    m_previousAction->setIcon(QIcon::fromTheme(QStringLiteral("go-previous")));
    m_nextAction->setIcon(QIcon::fromTheme(QStringLiteral("go-next")));
    m_firstAction->setIcon(QIcon::fromTheme(QStringLiteral("go-first")));
    m_playAction->setIcon(QIcon::fromTheme(QStringLiteral("media-playback-start")));
    m_showAllAction->setIcon(QIcon::fromTheme(QStringLiteral("view-fullscreen")));

    connect(m_previousAction, &QAction::triggered, this, &StepController::previous);
    connect(m_nextAction, &QAction::triggered, this, &StepController::next);
    connect(m_firstAction, &QAction::triggered, this, &StepController::first);
    connect(m_playAction, &QAction::triggered, this, &StepController::setPlaying);
    connect(m_showAllAction, &QAction::triggered, this, &StepController::setShowAll);
    connect(&m_playTimer, &QTimer::timeout, this, [this] {
        if (m_step + 1 >= stepCount())
            setPlaying(false);
        else
            setStep(m_step + 1);
    });
    // A different scene starts at its first stage.
    connect(m_document, &Document::sceneReset, this, [this] {
        m_stages.clear();
        m_step = 0;
        refreshStages();
    });
    connect(m_document, &Document::sceneChanged, this, &StepController::refreshStages);
    retranslate();
    refreshStages();
}

QList<core::Stage> StepController::boardStages(const core::Scene &scene)
{
    return ui::boardStages(scene);
}

core::Stage StepController::currentStage() const
{
    return m_stages.isEmpty() ? core::StageX : m_stages.at(m_step);
}

bool StepController::isRevealed(core::Stage stage) const
{
    const int index = int(m_stages.indexOf(stage));
    return index >= 0 && (m_showAll || index <= m_step);
}

QList<core::Stage> StepController::revealedStages() const
{
    QList<core::Stage> revealed;
    for (core::Stage s : m_stages)
        if (isRevealed(s))
            revealed << s;
    return revealed;
}

void StepController::setStep(int step)
{
    step = std::clamp(step, 0, std::max(0, stepCount() - 1));
    if (step == m_step)
        return;
    m_step = step;
    updateActions();
    Q_EMIT changed();
}

void StepController::setCurrentStage(core::Stage stage)
{
    const int index = int(m_stages.indexOf(stage));
    if (index >= 0)
        setStep(index);
}

void StepController::next()
{
    setStep(m_step + 1);
}

void StepController::previous()
{
    setStep(m_step - 1);
}

void StepController::first()
{
    setStep(0);
}

void StepController::setShowAll(bool all)
{
    if (all == m_showAll)
        return;
    m_showAll = all;
    updateActions();
    Q_EMIT changed();
}

void StepController::setPlaying(bool playing)
{
    if (playing && m_step + 1 >= stepCount())
        setStep(0); // playing from the last card starts over
    if (playing)
        m_playTimer.start();
    else
        m_playTimer.stop();
    updateActions();
}

void StepController::setPlayInterval(int milliseconds)
{
    m_playTimer.setInterval(std::max(100, milliseconds));
}

void StepController::retranslate()
{
    m_previousAction->setText(tr("&Previous Stage"));
    m_previousAction->setToolTip(tr("Go back one stage (Left arrow or Page Up)"));
    m_nextAction->setText(tr("&Next Stage"));
    m_nextAction->setToolTip(tr("Reveal the next stage (Right arrow or Page Down)"));
    m_firstAction->setText(tr("&First Stage"));
    m_firstAction->setToolTip(tr("Go back to the first stage (Ctrl+Shift+Page Up, or Home on the board)"));
    m_playAction->setText(tr("P&lay"));
    m_playAction->setToolTip(tr("Reveal one stage after another automatically (Ctrl+Shift+P)"));
    m_showAllAction->setText(tr("Show &All"));
    m_showAllAction->setToolTip(tr("Reveal every stage of the pipeline at once (Ctrl+Shift+A, or End on the board)"));
}

void StepController::refreshStages()
{
    const QList<core::Stage> stages = boardStages(m_document->scene());
    if (stages == m_stages)
        return;
    // Stay on the same stage when it still exists (e.g. turning on RoPE inserts two cards).
    const core::Stage current = currentStage();
    m_stages = stages;
    const int index = int(m_stages.indexOf(current));
    m_step = index >= 0 ? index : std::min(m_step, int(m_stages.size()) - 1);
    updateActions();
    Q_EMIT stagesChanged();
    Q_EMIT changed();
}

void StepController::updateActions()
{
    m_previousAction->setEnabled(m_step > 0);
    m_nextAction->setEnabled(m_step + 1 < stepCount());
    m_firstAction->setEnabled(m_step > 0);
    m_playAction->setChecked(isPlaying());
    m_playAction->setIcon(QIcon::fromTheme(
        isPlaying() ? QStringLiteral("media-playback-pause") : QStringLiteral("media-playback-start")));
    m_showAllAction->setChecked(m_showAll);
}

} // namespace attnlab::ui
