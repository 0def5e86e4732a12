#pragma once
// Switches the main window in and out of presentation mode (F11): full screen, editors and
// menus tucked away, the presentation view in place of the board; and the zoom actions
// (Ctrl+= / Ctrl+- / Ctrl+0), which scale the texts and heatmap labels of the board or, in
// presentation mode, of the presentation view; each keeps its own zoom.

#include <QByteArray>
#include <QObject>

class QAction;
class QMainWindow;
class QStackedWidget;
class QWidget;

namespace attnlab::ui {

class PipelineBoard;
class PresentationView;

class PresentationMode : public QObject {
    Q_OBJECT
public:
    // `stack` shows `normalPage` normally and `view` in presentation mode.
    PresentationMode(
        QMainWindow *window, QStackedWidget *stack, QWidget *normalPage, PipelineBoard *board, PresentationView *view);

    bool isActive() const { return m_active; }
    void setActive(bool active);
    // The zoom of what is on screen: the presentation view when active, else the board.
    double zoom() const { return m_active ? m_presentationZoom : m_boardZoom; }
    void setZoom(double zoom);
    double boardZoom() const { return m_boardZoom; }
    double presentationZoom() const { return m_presentationZoom; }
    void setBoardZoom(double zoom);
    void setPresentationZoom(double zoom);

    QAction *toggleAction() const { return m_toggle; }
    QAction *zoomInAction() const { return m_zoomIn; }
    QAction *zoomOutAction() const { return m_zoomOut; }
    QAction *zoomResetAction() const { return m_zoomReset; }

    void retranslate();

Q_SIGNALS:
    void activeChanged(bool active);

private:
    QMainWindow *m_window;
    QStackedWidget *m_stack;
    QWidget *m_normalPage;
    PipelineBoard *m_board;
    PresentationView *m_view;
    QAction *m_toggle;
    QAction *m_leave;
    QAction *m_zoomIn;
    QAction *m_zoomOut;
    QAction *m_zoomReset;
    bool m_active = false;
    double m_boardZoom = 1.0;
    double m_presentationZoom = 1.0;
    QByteArray m_savedState;
    Qt::WindowStates m_savedWindowState;
};

} // namespace attnlab::ui
