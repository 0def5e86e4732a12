#include "ui/board/presentationmode.h"

#include "ui/board/pipelineboard.h"
#include "ui/board/presentationview.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenuBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

namespace {
constexpr double kMinZoom = 0.5;
constexpr double kMaxZoom = 4.0;
constexpr double kZoomStep = 1.15;
} // namespace

PresentationMode::PresentationMode(
    QMainWindow *window, QStackedWidget *stack, QWidget *normalPage, PipelineBoard *board, PresentationView *view)
    : QObject(window)
    , m_window(window)
    , m_stack(stack)
    , m_normalPage(normalPage)
    , m_board(board)
    , m_view(view)
    , m_toggle(new QAction(this))
    , m_leave(new QAction(this))
    , m_zoomIn(new QAction(this))
    , m_zoomOut(new QAction(this))
    , m_zoomReset(new QAction(this))
    , m_enlarge(new QAction(this))
    , m_sidePanel(new QAction(this))
{
    m_toggle->setCheckable(true);
    // Plain X11 has no FullScreen binding: F11 always works. F5 is what a clicker's "start
    // the slide show" button sends.
    QList<QKeySequence> toggleKeys = QKeySequence::keyBindings(QKeySequence::FullScreen);
    for (const QKeySequence &key : {QKeySequence(Qt::Key_F5), QKeySequence(Qt::Key_F11)})
        if (!toggleKeys.contains(key))
            toggleKeys.prepend(key);
    m_toggle->setShortcuts(toggleKeys);
    m_toggle->setIcon(
        QIcon::fromTheme(QStringLiteral("view-presentation"), QIcon::fromTheme(QStringLiteral("view-fullscreen"))));
    m_leave->setShortcut(QKeySequence(Qt::Key_Escape));
    m_leave->setEnabled(false);
    // Ctrl+= is the unshifted "+" key on most keyboards. The platform's own zoom bindings are
    // added only where they differ: a key listed twice on one action is "ambiguous" to Qt and
    // then does nothing at all.
    auto withStandard = [](QList<QKeySequence> keys, QKeySequence::StandardKey standard) {
        for (const QKeySequence &key : QKeySequence::keyBindings(standard))
            if (!keys.contains(key))
                keys.append(key);
        return keys;
    };
    m_zoomIn->setShortcuts(withStandard(
        {QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus)}, QKeySequence::ZoomIn));
    m_zoomOut->setShortcuts(withStandard({QKeySequence(Qt::CTRL | Qt::Key_Minus)}, QKeySequence::ZoomOut));
    m_zoomReset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    m_zoomIn->setIcon(QIcon::fromTheme(QStringLiteral("zoom-in")));
    m_zoomOut->setIcon(QIcon::fromTheme(QStringLiteral("zoom-out")));
    m_zoomReset->setIcon(QIcon::fromTheme(QStringLiteral("zoom-original")));
    m_window->addAction(m_leave);

    // Plain letters, so only where no text is typed: on the board and the presentation view.
    m_enlarge->setCheckable(true);
    m_enlarge->setShortcut(QKeySequence(Qt::Key_E));
    m_enlarge->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_enlarge->setIcon(QIcon::fromTheme(QStringLiteral("zoom-fit-best")));
    m_board->addAction(m_enlarge);
    m_view->addAction(m_enlarge);
    connect(m_enlarge, &QAction::triggered, this, [this] {
        if (m_active)
            m_view->setEnlarged(!m_view->isEnlarged());
        else
            m_board->toggleEnlarged();
    });
    connect(m_board, &PipelineBoard::enlargedChanged, this, &PresentationMode::refreshEnlarged);
    connect(m_view, &PresentationView::enlargedChanged, this, &PresentationMode::refreshEnlarged);
    m_sidePanel->setCheckable(true);
    m_sidePanel->setShortcut(QKeySequence(Qt::Key_I));
    m_sidePanel->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_view->addAction(m_sidePanel);
    connect(m_sidePanel, &QAction::toggled, m_view, &PresentationView::setSidePanelVisible);

    connect(m_toggle, &QAction::triggered, this, &PresentationMode::setActive);
    // Esc first brings an enlarged card back, then leaves.
    connect(m_leave, &QAction::triggered, this, [this] {
        if (m_view->isEnlarged())
            m_view->setEnlarged(false);
        else
            setActive(false);
    });
    connect(m_zoomIn, &QAction::triggered, this, [this] { setZoom(zoom() * kZoomStep); });
    connect(m_zoomOut, &QAction::triggered, this, [this] { setZoom(zoom() / kZoomStep); });
    connect(m_zoomReset, &QAction::triggered, this, [this] { setZoom(1.0); });
    retranslate();
}

void PresentationMode::setActive(bool active)
{
    if (active == m_active)
        return;
    m_active = active;
    if (active) {
        m_savedState = m_window->saveState();
        m_savedWindowState = m_window->windowState();
        // Tuck the editors away; saveState() brings them back exactly as they were.
        for (QDockWidget *dock : m_window->findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly))
            dock->hide();
        for (QToolBar *bar : m_window->findChildren<QToolBar *>(QString(), Qt::FindDirectChildrenOnly))
            bar->hide();
        m_window->menuBar()->hide();
        m_window->statusBar()->hide();
        m_stack->setCurrentWidget(m_view);
        m_window->showFullScreen();
        m_view->setFocus(Qt::OtherFocusReason);
    } else {
        m_stack->setCurrentWidget(m_normalPage);
        m_window->menuBar()->show();
        m_window->statusBar()->show();
        m_window->restoreState(m_savedState);
        m_window->setWindowState(m_savedWindowState & ~Qt::WindowFullScreen);
        m_board->setFocus(Qt::OtherFocusReason);
    }
    m_toggle->setChecked(active);
    m_leave->setEnabled(active);
    refreshEnlarged();
    m_zoomReset->setEnabled(zoom() != 1.0);
    Q_EMIT activeChanged(active);
}

namespace {
double clampZoom(double zoom)
{
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    return std::abs(zoom - 1.0) < 0.02 ? 1.0 : zoom; // stepping in and out comes back to exactly 100 %
}
} // namespace

void PresentationMode::setZoom(double zoom)
{
    if (m_active)
        setPresentationZoom(zoom);
    else
        setBoardZoom(zoom);
}

void PresentationMode::setBoardZoom(double zoom)
{
    m_boardZoom = clampZoom(zoom);
    m_board->setZoom(m_boardZoom);
    m_zoomReset->setEnabled(this->zoom() != 1.0);
}

void PresentationMode::setPresentationZoom(double zoom)
{
    m_presentationZoom = clampZoom(zoom);
    m_view->setZoom(m_presentationZoom);
    m_zoomReset->setEnabled(this->zoom() != 1.0);
}

void PresentationMode::refreshEnlarged()
{
    m_enlarge->setChecked(m_active ? m_view->isEnlarged() : m_board->isEnlarged());
}

void PresentationMode::retranslate()
{
    m_toggle->setText(tr("&Presentation Mode"));
    m_toggle->setToolTip(tr("Full screen, one large high-contrast card at a time, for projecting (F11 or F5)"));
    m_leave->setText(tr("Leave Presentation Mode"));
    m_leave->setToolTip(tr("Back to the normal window (Esc)"));
    m_zoomIn->setText(tr("Zoom &In"));
    m_zoomIn->setToolTip(tr("Larger texts and heatmap labels (Ctrl+=)"));
    m_zoomOut->setText(tr("Zoom &Out"));
    m_zoomOut->setToolTip(tr("Smaller texts and heatmap labels (Ctrl+-)"));
    m_zoomReset->setText(tr("&Reset Zoom"));
    m_zoomReset->setToolTip(tr("Texts and heatmap labels at their normal size (Ctrl+0)"));
    m_enlarge->setText(tr("&Enlarge Card"));
    m_enlarge->setToolTip(tr("The current card alone on the whole board or screen, with room for every label and "
                             "value; again (or Esc) brings the other cards back (E, or double-click a card)"));
    m_sidePanel->setText(tr("Inspector in Prese&ntation"));
    m_sidePanel->setToolTip(tr("In presentation mode, show the inspector and the explanation beside the card, to "
                               "explain a number without leaving full screen (I)"));
}

} // namespace attnlab::ui
