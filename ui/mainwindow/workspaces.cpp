#include "ui/mainwindow/workspaces.h"

#include "ui/board/presentationmode.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QMainWindow>
#include <QMenuBar>
#include <QSettings>
#include <QStackedWidget>
#include <QToolButton>

namespace attnlab::ui {

namespace {
const QString kWorkspaceKey = QStringLiteral("view/workspace");
const QString kModelValue = QStringLiteral("model");
const QString kSceneValue = QStringLiteral("scene");
} // namespace

Workspaces::Workspaces(QMainWindow *window, QStackedWidget *stack, QWidget *scenePage, QWidget *room,
    PresentationMode *presentation, int stateVersion)
    : Retranslating<QWidget>(window)
    , m_window(window)
    , m_stack(stack)
    , m_scenePage(scenePage)
    , m_room(room)
    , m_presentation(presentation)
    , m_stateVersion(stateVersion)
    , m_sceneAction(new QAction(this))
    , m_modelAction(new QAction(this))
    , m_sceneButton(new QToolButton(this))
    , m_modelButton(new QToolButton(this))
{
    setObjectName(QStringLiteral("Workspaces"));
    m_stack->addWidget(m_room);
    auto *group = new QActionGroup(this);
    for (QAction *a : {m_sceneAction, m_modelAction}) {
        a->setCheckable(true);
        group->addAction(a);
    }
    m_sceneAction->setChecked(true);
    m_sceneAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    m_modelAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    connect(m_sceneAction, &QAction::triggered, this, [this] { setCurrent(Workspace::Scene); });
    connect(m_modelAction, &QAction::triggered, this, [this] { setCurrent(Workspace::Model); });

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 4, 0);
    layout->setSpacing(2);
    for (QToolButton *button : {m_sceneButton, m_modelButton}) {
        button->setAutoRaise(true);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        layout->addWidget(button);
    }
    m_sceneButton->setDefaultAction(m_sceneAction);
    m_modelButton->setDefaultAction(m_modelAction);
    m_window->menuBar()->setCornerWidget(this, Qt::TopRightCorner);

    // Leaving presentation mode shows the board's page; in the model workspace the room returns.
    connect(m_presentation, &PresentationMode::activeChanged, this, [this](bool active) {
        if (!active)
            showCurrentPage();
        Q_EMIT frontChanged();
    });
    retranslate();
}

void Workspaces::retranslate()
{
    m_sceneAction->setText(tr("&Scene"));
    m_sceneAction->setToolTip(tr("The scene: the token bar, the pipeline board and the editors around it (Ctrl+1)"));
    m_modelAction->setText(tr("&Model"));
    m_modelAction->setToolTip(tr("The model room over the whole window: a real GPT-2, BERT, Qwen2 or Llama model's "
                                 "heads and its prediction (Ctrl+2)"));
}

void Workspaces::setCurrent(Workspace workspace)
{
    apply(workspace);
    QSettings().setValue(kWorkspaceKey, workspace == Workspace::Model ? kModelValue : kSceneValue);
}

void Workspaces::restore()
{
    apply(QSettings().value(kWorkspaceKey).toString() == kModelValue ? Workspace::Model : Workspace::Scene);
}

bool Workspaces::roomInFront() const
{
    return m_current == Workspace::Model && !m_presentation->isActive();
}

QByteArray Workspaces::sceneState() const
{
    return m_current == Workspace::Model ? m_sceneState : m_window->saveState(m_stateVersion);
}

void Workspaces::apply(Workspace workspace)
{
    (workspace == Workspace::Model ? m_modelAction : m_sceneAction)->setChecked(true);
    if (workspace == m_current)
        return;
    if (workspace == Workspace::Model) {
        m_sceneState = m_window->saveState(m_stateVersion);
        for (QDockWidget *dock : m_window->findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly))
            dock->hide();
    } else {
        m_window->restoreState(m_sceneState, m_stateVersion);
    }
    m_current = workspace;
    if (!m_presentation->isActive())
        showCurrentPage();
    Q_EMIT currentChanged(workspace);
    Q_EMIT frontChanged();
}

void Workspaces::showCurrentPage()
{
    m_stack->setCurrentWidget(m_current == Workspace::Model ? m_room : m_scenePage);
    if (m_current == Workspace::Model)
        m_room->setFocus(Qt::OtherFocusReason);
}

} // namespace attnlab::ui
