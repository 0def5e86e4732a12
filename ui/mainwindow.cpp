#include "ui/mainwindow.h"

#include "ui/document.h"
#include "ui/fileactions.h"
#include "ui/matrixeditordock.h"
#include "ui/pipelineboard.h"
#include "ui/presentationmode.h"
#include "ui/presentationview.h"
#include "ui/stepcontroller.h"

#include <QAction>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QUndoStack>
#include <QVBoxLayout>

namespace attnlab::ui {

namespace {
// Bumped when the dock layout changes, so an old saved layout is not forced onto new docks.
constexpr int kStateVersion = 1;
const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kShowAllKey = QStringLiteral("board/showAll");
const QString kZoomKey = QStringLiteral("view/zoom");
} // namespace

MainWindow::MainWindow(Document *document, QWidget *parent)
    : QMainWindow(parent), m_document(document), m_steps(new StepController(document, this)),
      m_fileActions(new FileActions(document, this)), m_stack(new QStackedWidget(this)),
      m_normalPage(new QWidget(m_stack)), m_board(new PipelineBoard(document, m_steps, m_normalPage)),
      m_presentationView(new PresentationView(document, m_steps, m_stack)),
      m_presentation(new PresentationMode(this, m_stack, m_normalPage, m_board, m_presentationView)),
      m_warnings(new QLabel(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    auto *page = new QVBoxLayout(m_normalPage);
    page->setContentsMargins(0, 0, 0, 0);
    page->setSpacing(0);
    page->addWidget(m_board, 1);
    m_stack->addWidget(m_normalPage);
    m_stack->addWidget(m_presentationView);
    setCentralWidget(m_stack);
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);

    m_warnings->setTextFormat(Qt::PlainText);
    statusBar()->addPermanentWidget(m_warnings, 1);

    createDocks();
    createMenus();
    for (QAction *a : {m_steps->previousAction(), m_steps->nextAction(), m_steps->firstAction(),
                       m_steps->playAction(), m_steps->showAllAction()})
        addAction(a); // the step keys work in presentation mode too, where the menu bar is hidden
    for (QAction *a : {m_presentation->toggleAction(), m_presentation->zoomInAction(),
                       m_presentation->zoomOutAction(), m_presentation->zoomResetAction()})
        addAction(a);

    connect(m_document, &Document::modifiedChanged, this, &QWidget::setWindowModified);
    connect(m_document, &Document::filePathChanged, this, &MainWindow::refreshTitle);
    connect(m_document, &Document::sceneReset, this, &MainWindow::refreshTitle);
    connect(m_document, &Document::stagesChanged, this, &MainWindow::refreshWarnings);
    connect(m_document, &Document::sceneReset, this, &MainWindow::refreshWarnings);
    connect(m_fileActions, &FileActions::statusMessage, this, [this](const QString &text) {
        statusBar()->showMessage(text, 4000);
    });

    retranslate();
    refreshTitle();
    refreshWarnings();
    resize(1280, 720);
    readSettings();
    m_board->setFocus(Qt::OtherFocusReason);
}

MainWindow::~MainWindow() = default;

QString MainWindow::warningText() const
{
    return m_warnings->text();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_fileActions->maybeSave()) {
        event->ignore();
        return;
    }
    if (m_presentation->isActive())
        m_presentation->setActive(false); // save the normal layout, not the tucked-away one
    writeSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!FileActions::sceneFileFromMimeData(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QString path = FileActions::sceneFileFromMimeData(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    if (m_fileActions->maybeSave())
        m_fileActions->openInteractive(path);
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_fileActions->newAction());
    m_fileMenu->addAction(m_fileActions->openAction());
    m_fileMenu->addMenu(m_fileActions->recentMenu());
    m_fileMenu->addMenu(m_fileActions->examplesMenu());
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_fileActions->saveAction());
    m_fileMenu->addAction(m_fileActions->saveAsAction());
    m_fileMenu->addSeparator();
    m_quit = m_fileMenu->addAction(QString(), this, &QWidget::close);
    m_quit->setShortcut(QKeySequence::Quit);
    m_quit->setMenuRole(QAction::QuitRole);

    m_editMenu = menuBar()->addMenu(QString());
    m_undo = m_document->undoStack()->createUndoAction(this);
    m_redo = m_document->undoStack()->createRedoAction(this);
    m_undo->setShortcuts(QKeySequence::Undo);
    m_redo->setShortcuts(QKeySequence::Redo);
    m_undo->setIcon(QIcon::fromTheme(QStringLiteral("edit-undo")));
    m_redo->setIcon(QIcon::fromTheme(QStringLiteral("edit-redo")));
    m_editMenu->addAction(m_undo);
    m_editMenu->addAction(m_redo);

    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->addAction(m_presentation->toggleAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_presentation->zoomInAction());
    m_viewMenu->addAction(m_presentation->zoomOutAction());
    m_viewMenu->addAction(m_presentation->zoomResetAction());
    m_viewMenu->addSeparator();
    for (QDockWidget *dock : findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly))
        m_viewMenu->addAction(dock->toggleViewAction());

    m_stepMenu = menuBar()->addMenu(QString());
    for (QAction *a : {m_steps->firstAction(), m_steps->previousAction(), m_steps->nextAction(),
                       m_steps->playAction(), m_steps->showAllAction()})
        m_stepMenu->addAction(a);

    m_helpMenu = menuBar()->addMenu(QString());
    m_about = m_helpMenu->addAction(QString(), this, [this] {
        QMessageBox::about(this, tr("About Attention Lab"),
                           tr("<p><b>Attention Lab</b> %1</p><p>Step through self-attention, edit every "
                              "number, and export the heatmaps.</p><p>Licence: GPL-3.0-or-later.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
    m_about->setMenuRole(QAction::AboutRole);
    for (QMenu *menu : {m_fileMenu, m_editMenu, m_viewMenu, m_stepMenu, m_helpMenu})
        menu->setToolTipsVisible(true);
}

void MainWindow::createDocks()
{
    // The editors share the left side so the board keeps most of a 1280×720 window; every dock
    // can be moved, floated or tabbed elsewhere, and the layout is remembered.
    auto *matrices = new MatrixEditorDock(m_document, this);
    addDockWidget(Qt::LeftDockWidgetArea, matrices);
    // Wide enough for an 8-column embedding table; a saved layout overrides this.
    resizeDocks({matrices}, {420}, Qt::Horizontal);
    for (QDockWidget *dock : findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly)) {
        dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                          QDockWidget::DockWidgetClosable);
        if (dock->objectName().isEmpty())
            dock->setObjectName(QString::fromLatin1(dock->metaObject()->className()));
    }
}

void MainWindow::retranslate()
{
    m_fileMenu->setTitle(tr("&File"));
    m_editMenu->setTitle(tr("&Edit"));
    m_viewMenu->setTitle(tr("&View"));
    m_stepMenu->setTitle(tr("&Step"));
    m_helpMenu->setTitle(tr("&Help"));
    m_quit->setText(tr("&Quit"));
    m_quit->setToolTip(tr("Close Attention Lab (Ctrl+Q)"));
    m_undo->setToolTip(tr("Undo the last edit (Ctrl+Z)"));
    m_redo->setToolTip(tr("Redo the edit just undone (Ctrl+Shift+Z)"));
    m_about->setText(tr("&About Attention Lab"));
    m_about->setToolTip(tr("Version and licence"));
    m_warnings->setToolTip(tr("Problems the pipeline found in the current scene"));
    m_fileActions->retranslate();
    m_steps->retranslate();
    m_presentation->retranslate();
    refreshTitle();
    refreshWarnings();
}

void MainWindow::refreshTitle()
{
    QString name;
    if (!m_document->filePath().isEmpty())
        name = QFileInfo(m_document->filePath()).fileName();
    else if (!m_document->scene().title.empty())
        name = QString::fromStdString(m_document->scene().title);
    else
        name = tr("Untitled");
    // "[*]" is where Qt shows the modified mark.
    setWindowTitle(tr("%1[*] — Attention Lab").arg(name));
    setWindowModified(m_document->isModified());
}

void MainWindow::refreshWarnings()
{
    QStringList lines;
    for (const std::string &w : m_document->stages().warnings)
        lines << QString::fromStdString(w);
    m_warnings->setText(lines.isEmpty() ? QString() : QStringLiteral("⚠ ") + lines.join(QStringLiteral("  ·  ")));
}

void MainWindow::readSettings()
{
    QSettings settings;
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    restoreState(settings.value(kStateKey).toByteArray(), kStateVersion);
    m_steps->setShowAll(settings.value(kShowAllKey, false).toBool());
    m_presentation->setZoom(settings.value(kZoomKey, 1.0).toDouble());
}

void MainWindow::writeSettings() const
{
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState(kStateVersion));
    settings.setValue(kShowAllKey, m_steps->showsAll());
    settings.setValue(kZoomKey, m_presentation->zoom());
}

} // namespace attnlab::ui
