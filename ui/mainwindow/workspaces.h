#pragma once
// The main window's two workspaces: "Scene" (the token bar, the pipeline board and the editor
// docks) and "Model" (the model room over the whole window, rather than squeezed under the
// board). Two buttons at the right of the menu bar, the View menu, Ctrl+1 and Ctrl+2 switch.
// Going to the model tucks the scene's docks away; coming back restores them exactly as they
// were (QMainWindow::saveState). The choice is remembered.

#include "ui/i18n/retranslating.h"

#include <QByteArray>
#include <QWidget>

class QAction;
class QMainWindow;
class QStackedWidget;
class QToolButton;

namespace attnlab::ui {

class PresentationMode;

class Workspaces : public Retranslating<QWidget> {
    Q_OBJECT
public:
    enum class Workspace { Scene, Model };

    // `stack` shows `scenePage` in the Scene workspace; `room` is added to it for the Model
    // workspace. `stateVersion` is the version the window saves its dock layout with.
    Workspaces(QMainWindow *window, QStackedWidget *stack, QWidget *scenePage, QWidget *room,
        PresentationMode *presentation, int stateVersion);

    Workspace current() const { return m_current; }
    // Switches and remembers the choice.
    void setCurrent(Workspace workspace);
    // Switches to the remembered workspace (at start-up, after the dock layout is restored).
    void restore();
    QAction *sceneAction() const { return m_sceneAction; }
    QAction *modelAction() const { return m_modelAction; }
    // The dock layout to save: the scene's, also while the model room is shown.
    QByteArray sceneState() const;
    // The model room is what the window shows: the Model workspace, outside presentation mode
    // (which shows the board).
    bool roomInFront() const;

Q_SIGNALS:
    void currentChanged(Workspace workspace);
    // roomInFront() may have changed.
    void frontChanged();

private:
    void retranslate() override;
    void apply(Workspace workspace);
    void showCurrentPage();

    QMainWindow *m_window;
    QStackedWidget *m_stack;
    QWidget *m_scenePage;
    QWidget *m_room;
    PresentationMode *m_presentation;
    int m_stateVersion;
    Workspace m_current = Workspace::Scene;
    QByteArray m_sceneState;
    QAction *m_sceneAction;
    QAction *m_modelAction;
    QToolButton *m_sceneButton;
    QToolButton *m_modelButton;
};

} // namespace attnlab::ui
