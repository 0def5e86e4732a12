#include "ui/mainwindow/mainwindow.h"

#include "ui/document/examples.h"
#include "ui/i18n/language.h"

#include "ui/block/blockboard.h"
#include "ui/board/descriptionbanner.h"
#include "ui/board/linkbar.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/presentationmode.h"
#include "ui/board/presentationview.h"
#include "ui/board/stepcontroller.h"
#include "ui/board/tokenbar.h"
#include "ui/chat/chatpanel.h"
#include "ui/document/document.h"
#include "ui/editors/historydock.h"
#include "ui/editors/maskeditor.h"
#include "ui/editors/matrixeditordock.h"
#include "ui/editors/settingspanel.h"
#include "ui/editors/tooldock.h"
#include "ui/experiments/experimentswindow.h"
#include "ui/export/exportactions.h"
#include "ui/generate/generatepanel.h"
#include "ui/i18n/languagemenu.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/inspector/headsdock.h"
#include "ui/inspector/inspectordock.h"
#include "ui/lens/attributionpanel.h"
#include "ui/lens/lenspanel.h"
#include "ui/lessons/lessondialog.h"
#include "ui/mainwindow/editactions.h"
#include "ui/mainwindow/fileactions.h"
#include "ui/mainwindow/guardedapplication.h"
#include "ui/mainwindow/scenewarnings.h"
#include "ui/mainwindow/shortcutlist.h"
#include "ui/mainwindow/weightcolouractions.h"
#include "ui/mainwindow/workspaces.h"
#include "ui/model/modelactions.h"
#include "ui/model/modelroom.h"
#include "ui/model/modelsession.h"
#include "ui/model/predictionpanel.h"
#include "ui/plot/stageinfo.h"
#include "ui/quant/quantactions.h"
#include "ui/session/sessionfileactions.h"
#include "ui/translate/translateactions.h"

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
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

namespace attnlab::ui {

namespace {
// Bumped when the dock layout changes, so an old saved layout is not forced onto new docks.
constexpr int kStateVersion = 2;
const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kShowAllKey = QStringLiteral("board/showAll");
const QString kBoardZoomKey = QStringLiteral("view/boardZoom");
const QString kPresentationZoomKey = QStringLiteral("view/presentationZoom");
const QString kSidePanelKey = QStringLiteral("view/presentationSidePanel");
// Longer scene names are elided in the title bar (a typed sentence names the scene).
constexpr int kMostTitleChars = 40;
} // namespace

MainWindow::MainWindow(Document *document, QWidget *parent)
    : Retranslating<QMainWindow>(parent)
    , m_document(document)
    , m_steps(new StepController(document, this))
    , m_fileActions(new FileActions(document, this))
    , m_exportActions(new ExportActions(document, m_steps, this))
    , m_stack(new QStackedWidget(this))
    , m_normalPage(new QWidget(m_stack))
    , m_board(new PipelineBoard(document, m_steps, m_normalPage))
    , m_presentationView(new PresentationView(document, m_steps, m_stack))
    , m_presentation(new PresentationMode(this, m_stack, m_normalPage, m_board, m_presentationView))
    , m_warnings(new SceneWarnings(document, this))
    , m_readOnly(new QLabel(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    auto *page = new QVBoxLayout(m_normalPage);
    page->setContentsMargins(0, 0, 0, 0);
    page->setSpacing(0);
    page->addWidget(new TokenBar(m_document, m_normalPage));
    page->addWidget(new DescriptionBanner(m_document, m_normalPage));
    page->addWidget(new LinkBar(m_document, m_normalPage));
    page->addWidget(m_board, 1);
    m_stack->addWidget(m_normalPage);
    m_stack->addWidget(m_presentationView);
    // The presentation view fills the screen when shown; its size must not hold the normal
    // window's docks back.
    m_presentationView->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    setCentralWidget(m_stack);
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);

    statusBar()->addPermanentWidget(m_warnings);
    m_readOnly->setObjectName(QStringLiteral("ReadOnlyMark"));
    m_readOnly->setStyleSheet(QStringLiteral("QLabel { color: #b2182b; font-weight: bold; }"));
    m_readOnly->hide();
    statusBar()->addPermanentWidget(m_readOnly);

    createDocks();
    // The presentation view's own inspector and explanation, made when first shown.
    m_presentationView->setSidePanelFactory([this] {
        auto *side = new QSplitter(Qt::Vertical);
        side->setObjectName(QStringLiteral("PresentationSidePanel"));
        auto *inspector = new InspectorDock(m_document, side);
        auto *explanation = new ExplanationPanel(m_document, side);
        inspector->setObjectName(QStringLiteral("PresentationInspector"));
        explanation->setObjectName(QStringLiteral("PresentationExplanation"));
        for (QDockWidget *dock : {static_cast<QDockWidget *>(inspector), static_cast<QDockWidget *>(explanation)}) {
            dock->setFeatures(QDockWidget::NoDockWidgetFeatures);
            side->addWidget(dock);
        }
        return side;
    });
    createMenus();
    for (QAction *a : {m_steps->previousAction(), m_steps->nextAction(), m_steps->firstAction(), m_steps->playAction(),
             m_steps->showAllAction()})
        addAction(a); // the step keys work in presentation mode too, where the menu bar is hidden
    for (QAction *a : {m_presentation->toggleAction(), m_presentation->zoomInAction(), m_presentation->zoomOutAction(),
             m_presentation->zoomResetAction()})
        addAction(a);

    connect(m_document, &Document::modifiedChanged, this, &QWidget::setWindowModified);
    connect(m_document, &Document::filePathChanged, this, &MainWindow::refreshTitle);
    connect(m_document, &Document::sceneReset, this, &MainWindow::refreshTitle);
    connect(m_document, &Document::sceneChanged, this, &MainWindow::refreshTitle); // typed sentences rename it
    const auto showStatus = [this](const QString &text) { statusBar()->showMessage(text, 4000); };
    connect(m_fileActions, &FileActions::statusMessage, this, showStatus);
    connect(m_fileActions, &FileActions::readOnlyChanged, this, &MainWindow::refreshTitle);
    connect(m_exportActions, &ExportActions::statusMessage, this, showStatus);
    connect(m_model, &ModelActions::statusMessage, this, showStatus);
    connect(m_sessionFile, &SessionFileActions::statusMessage, this, showStatus);
    if (auto *app = qobject_cast<GuardedApplication *>(QCoreApplication::instance())) {
        connect(app, &GuardedApplication::exceptionCaught, this, [this] {
            statusBar()->showMessage(
                tr("Something went wrong while showing the scene; your work is kept. Please save it."), 10000);
        });
    }
    connect(m_document, &Document::editFailed, this, [this] {
        statusBar()->showMessage(
            tr("That edit could not be shown, so it was undone; the scene is as it was before it."), 10000);
    });
    retranslate();
    refreshTitle();
    resize(1280, 720);
    readSettings();
    followStep();
    m_board->setFocus(Qt::OtherFocusReason);
}

MainWindow::~MainWindow() = default;

void MainWindow::showOnScreen()
{
    // A title bar and borders come on top of the client size; this much covers common frames.
    constexpr int kFrameWidth = 16, kFrameHeight = 40;
    const QRect available = screen() ? screen()->availableGeometry() : QRect();
    const bool room = available.width() >= width() + kFrameWidth && available.height() >= height() + kFrameHeight;
    if (!m_geometryRestored && !available.isEmpty() && !room)
        showMaximized();
    else
        show();
}

QString MainWindow::warningText() const
{
    return m_warnings->warnings();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_fileActions->maybeSave() || !m_sessionFile->maybeKeepEdits()) {
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

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_fileActions->newAction());
    m_fileMenu->addAction(m_fileActions->openAction());
    m_fileMenu->addAction(m_model->openAction());
    m_fileMenu->addAction(m_model->openFileAction());
    m_fileMenu->addMenu(m_model->cacheMenu());
    m_fileMenu->addAction(m_sessionFile->openAction());
    m_fileMenu->addMenu(m_fileActions->recentMenu());
    m_fileMenu->addMenu(m_fileActions->examplesMenu());
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_fileActions->saveAction());
    m_fileMenu->addAction(m_fileActions->saveAsAction());
    m_fileMenu->addAction(m_sessionFile->saveAction());
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_matrixEditor->importAction());
    m_fileMenu->addMenu(m_exportActions->menu());
    m_fileMenu->addSeparator();
    m_quit = m_fileMenu->addAction(QString(), this, &QWidget::close);
    m_quit->setShortcut(QKeySequence::Quit);
    m_quit->setMenuRole(QAction::QuitRole);

    m_editMenu = menuBar()->addMenu(QString());
    // Undo and Redo follow the room in front, and the board's link to a model head (historyOwner).
    m_editActions = new EditActions({m_document, m_model->session()}, this);
    const auto follow = [this] {
        m_editActions->setActiveDocument(m_workspaces->roomInFront() ? m_model->session() : m_document->historyOwner());
    };
    connect(m_workspaces, &Workspaces::frontChanged, this, follow);
    connect(m_workspaces, &Workspaces::frontChanged, this,
        [this] { m_warnings->setSceneInFront(!m_workspaces->roomInFront()); });
    connect(m_document, &Document::linkChanged, this, follow);
    m_undo = m_editActions->undoAction();
    m_redo = m_editActions->redoAction();
    m_editMenu->addAction(m_undo);
    m_editMenu->addAction(m_redo);

    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->addAction(m_workspaces->sceneAction());
    m_viewMenu->addAction(m_workspaces->modelAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_presentation->toggleAction());
    m_viewMenu->addAction(m_presentation->sidePanelAction());
    m_viewMenu->addAction(m_presentation->enlargeAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_presentation->zoomInAction());
    m_viewMenu->addAction(m_presentation->zoomOutAction());
    m_viewMenu->addAction(m_presentation->zoomResetAction());
    m_viewMenu->addSeparator();
    m_weightColours = new WeightColourActions(m_viewMenu, m_board, m_presentationView, m_exportActions, this);
    m_languageMenu = new LanguageMenu(m_viewMenu);
    m_viewMenu->addMenu(m_languageMenu);
    m_viewMenu->addSeparator();
    for (QDockWidget *dock : std::as_const(m_docks)) // in the order they were added
        m_viewMenu->addAction(dock->toggleViewAction());

    m_stepMenu = menuBar()->addMenu(QString());
    for (QAction *a : {m_steps->firstAction(), m_steps->previousAction(), m_steps->nextAction(), m_steps->playAction(),
             m_steps->showAllAction()})
        m_stepMenu->addAction(a);
    m_stepMenu->addSeparator();
    m_stepMenu->addAction(m_board->previousHeadAction());
    m_stepMenu->addAction(m_board->nextHeadAction());
    addAction(m_board->previousHeadAction());
    addAction(m_board->nextHeadAction());

    m_toolsMenu = menuBar()->addMenu(QString());
    m_experimentsAction = m_toolsMenu->addAction(QString(), this, &MainWindow::showExperiments);
    m_experimentsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    addAction(m_experimentsAction);
    // Translate…, the 猫吃鱼 example, and a cross-attention head of a translation on the board.
    new TranslateActions(this, m_toolsMenu, m_fileActions->examplesMenu(), m_document);
    new QuantActions(m_model, m_toolsMenu, this); // Quantization… and Same Head, Several Files… of a GGUF model

    m_helpMenu = menuBar()->addMenu(QString());
    m_about = m_helpMenu->addAction(QString(), this, [this] {
        QMessageBox::about(this, tr("About Attention Lab"),
            tr("<p><b>Attention Lab</b> %1</p><p>Step through self-attention, edit every "
               "number, and export the heatmaps.</p><p>Licence: GPL-3.0-or-later.</p>")
                .arg(QCoreApplication::applicationVersion()));
    });
    m_about->setMenuRole(QAction::AboutRole);
    m_shortcuts = m_helpMenu->addAction(QString(), this, &MainWindow::showShortcuts);
    m_shortcuts->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    addAction(m_shortcuts);
    for (QMenu *menu : {m_fileMenu, m_editMenu, m_viewMenu, m_stepMenu, m_toolsMenu, m_helpMenu})
        menu->setToolTipsVisible(true);
}

void MainWindow::addDock(QDockWidget *dock, Qt::DockWidgetArea area)
{
    dock->setParent(this);
    dock->setFeatures(
        QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    if (dock->objectName().isEmpty())
        dock->setObjectName(QString::fromLatin1(dock->metaObject()->className()));
    addDockWidget(area, dock);
    m_docks.append(dock);
    if (m_viewMenu)
        m_viewMenu->addAction(dock->toggleViewAction());
}

void MainWindow::showExperiments()
{
    if (!m_experiments)
        m_experiments = new ExperimentsWindow(m_document, this);
    m_experiments->show();
    m_experiments->raise();
    m_experiments->activateWindow();
}

void MainWindow::followStep()
{
    // The explanation and the inspector follow the selection's stage, so the step control moves
    // it, keeping the selected query row (and the key, between the n×n stages).
    const core::Stage stage = m_steps->currentStage();
    Selection s = m_document->selection();
    if (s.stage == stage)
        return;
    if (!isSquareStage(s.stage) || !isSquareStage(stage))
        s.column = -1;
    s.stage = stage;
    m_document->setSelection(s);
}

QString MainWindow::sequentialMap() const
{
    return m_weightColours->sequentialMap();
}

void MainWindow::setSequentialMap(const QString &name)
{
    m_weightColours->setSequentialMap(name);
}

bool MainWindow::autoWeightsRange() const
{
    return m_weightColours->autoWeightsRange();
}

void MainWindow::setAutoWeightsRange(bool autoRange)
{
    m_weightColours->setAutoWeightsRange(autoRange);
}

void MainWindow::showShortcuts()
{
    // Undo's and Redo's texts name the entry they would undo now; the list names the keys.
    ShortcutList::showDialog(this, {{m_undo, EditActions::undoName()}, {m_redo, EditActions::redoName()}});
}

void MainWindow::createDocks()
{
    // The editors share the left side so the board keeps most of a 1280×720 window: the
    // matrices above, the settings below, the mask and the history as tabs behind them. Every
    // dock can be moved, floated or closed, and the layout is remembered.
    auto *matrices = m_matrixEditor = new MatrixEditorDock(m_document, this);
    auto *mask = new ToolDock(
        QStringLiteral("MaskEditorDock"), new MaskEditor(m_document),
        [](ToolDock *dock) {
            dock->setWindowTitle(QCoreApplication::translate("attnlab::ui::MaskEditorDock", "Mask"));
            dock->setToolTip(
                QCoreApplication::translate("attnlab::ui::MaskEditorDock", "Which keys each query may attend to."));
        },
        this);
    // The settings scroll, so the panel fits small screens.
    auto *scroll = new QScrollArea;
    scroll->setWidget(new SettingsPanel(m_document));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *settings = new ToolDock(
        QStringLiteral("SettingsDock"), scroll,
        [](ToolDock *dock) {
            dock->setWindowTitle(QCoreApplication::translate("attnlab::ui::SettingsDock", "Settings"));
            dock->setToolTip(QCoreApplication::translate(
                "attnlab::ui::SettingsDock", "Dimensions, positions, mask, scale and weight presets."));
        },
        this);
    auto *history = new HistoryDock(m_document, this);
    addDock(matrices, Qt::LeftDockWidgetArea);
    addDock(settings, Qt::LeftDockWidgetArea);
    addDock(mask, Qt::LeftDockWidgetArea);
    addDock(history, Qt::LeftDockWidgetArea);
    tabifyDockWidget(matrices, mask);
    tabifyDockWidget(settings, history);
    matrices->raise();
    settings->raise();

    // What explains the board sits on the right, as tabs: the inspector (raised when a number
    // is selected), the stage's explanation, and the heads when there are several.
    m_inspector = new InspectorDock(m_document, this);
    m_explanation = new ExplanationPanel(m_document, this);
    m_headsDock = new HeadsDock(m_document, this);
    addDock(m_inspector, Qt::RightDockWidgetArea);
    addDock(m_explanation, Qt::RightDockWidgetArea);
    addDock(m_headsDock, Qt::RightDockWidgetArea);
    tabifyDockWidget(m_inspector, m_explanation);
    tabifyDockWidget(m_explanation, m_headsDock);
    m_explanation->raise();
    // A newly picked number brings the inspector forward; a step that only moves the same
    // selection to the next stage leaves the explanation in front.
    connect(m_document, &Document::selectionChanged, this, [this, last = Selection()](const Selection &s) mutable {
        const bool picked = (s.row >= 0 || s.column >= 0) && (s.row != last.row || s.column != last.column);
        last = s;
        if (picked && m_inspector->toggleViewAction()->isChecked())
            m_inspector->raise();
    });
    connect(m_steps, &StepController::changed, this, &MainWindow::followStep);

    // The model room is a workspace of its own, shown when a model is opened; opening a head on
    // the board brings the scene back.
    m_model = new ModelActions(m_document, this);
    m_sessionFile = new SessionFileActions(m_model, this);
    ModelRoom *room = m_model->room();
    auto *generate = new GeneratePanel(m_model->session());
    room->addPanel(generate, [] { return tr("Generate"); });
    room->addPanel(
        new ChatPanel(m_model->session(), generate->generator()), [] { return tr("Chat"); },
        QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    room->addPanel(
        new LensPanel(m_model->session()), [] { return tr("Logit Lens"); },
        QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_L));
    auto *attribution = new AttributionPanel(m_model->session());
    room->addPanel(
        attribution, [] { return tr("Attribution"); }, QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_A));
    connect(attribution, &AttributionPanel::openHeadRequested, room, &ModelRoom::openOnBoard);
    connect(m_explanation, &ExplanationPanel::lessonRequested, this,
        [this](const QString &page) { openLesson(page, m_model->session(), this); });
    // The prediction is the final-normed last row times the unembedding: its lesson sits above it,
    // as on the block board.
    room->prediction()->addLessonWidget(new LessonButton(QStringLiteral("unembedding"), m_model->session()));
    m_workspaces = new Workspaces(this, m_stack, m_normalPage, m_model->room(), m_presentation, kStateVersion);
    connect(
        m_model, &ModelActions::modelOpened, this, [this] { m_workspaces->setCurrent(Workspaces::Workspace::Model); });
    connect(m_model->room(), &ModelRoom::openedOnBoard, this,
        [this] { m_workspaces->setCurrent(Workspaces::Workspace::Scene); });
    // Open Layer on Board shows the whole block in a window of its own.
    m_blockBoard = new BlockBoard(m_model->session(), this);
    m_blockBoard->setWindowFlag(Qt::Window);
    m_blockBoard->followRoom(m_model->room());
}

void MainWindow::openModel(const QString &dir, const QString &text)
{
    m_model->open(dir, text);
}

void MainWindow::retranslate()
{
    m_fileMenu->setTitle(tr("&File"));
    m_editMenu->setTitle(tr("&Edit"));
    m_viewMenu->setTitle(tr("&View"));
    m_stepMenu->setTitle(tr("&Step"));
    m_toolsMenu->setTitle(tr("&Tools"));
    m_helpMenu->setTitle(tr("&Help"));
    m_experimentsAction->setText(tr("&Experiments…"));
    m_experimentsAction->setToolTip(
        tr("Why √d_k, temperature and A/B comparison, in a window of their own (Ctrl+Shift+X)"));
    m_quit->setText(tr("&Quit"));
    m_quit->setToolTip(tr("Close Attention Lab (Ctrl+Q)"));
    m_editActions->retranslate();
    m_about->setText(tr("&About Attention Lab"));
    m_about->setToolTip(tr("Version and licence"));
    m_shortcuts->setText(tr("&Keyboard Shortcuts"));
    m_shortcuts->setToolTip(tr("Every keyboard shortcut of the window (Ctrl+/)"));
    m_readOnly->setText(tr("Read-only"));
    m_readOnly->setToolTip(tr("Another Attention Lab window has this file open. Your edits here are not saved "
                              "to it; File → Save As keeps them under another name."));
    m_weightColours->retranslate();
    m_fileActions->retranslate();
    m_exportActions->retranslate();
    m_model->retranslate();
    m_sessionFile->retranslate();
    m_steps->retranslate();
    m_presentation->retranslate();
    refreshTitle();
}

void MainWindow::refreshTitle()
{
    QString name;
    if (!m_document->filePath().isEmpty())
        name = QFileInfo(m_document->filePath()).fileName();
    else if (!m_document->scene().title.empty())
        name = sceneTitle(m_document->scene(), currentLanguage());
    else
        name = tr("Untitled");
    if (name.size() > kMostTitleChars)
        name = name.left(kMostTitleChars - 1) + QChar(0x2026);
    // "[*]" is where Qt shows the modified mark.
    const bool readOnly = m_fileActions->isReadOnly();
    setWindowTitle(
        readOnly ? tr("%1[*] (read-only) — Attention Lab").arg(name) : tr("%1[*] — Attention Lab").arg(name));
    m_readOnly->setVisible(readOnly);
    setWindowModified(m_document->isModified());
}

void MainWindow::readSettings()
{
    QSettings settings;
    m_geometryRestored = restoreGeometry(settings.value(kGeometryKey).toByteArray());
    if (!restoreState(settings.value(kStateKey).toByteArray(), kStateVersion)) {
        // resizeDocks() takes only once the window is laid out: the matrices wide enough for
        // most of an 8-column embedding table, the right side for the inspector's tables.
        QTimer::singleShot(0, this, [this] {
            if (auto *matrices = findChild<MatrixEditorDock *>())
                resizeDocks({matrices, m_explanation}, {340, 330}, Qt::Horizontal);
        });
    }
    m_workspaces->restore();
    m_headsDock->followHeadCount();
    m_steps->setShowAll(settings.value(kShowAllKey, false).toBool());
    m_weightColours->readSettings();
    m_presentation->sidePanelAction()->setChecked(settings.value(kSidePanelKey, false).toBool());
    m_presentation->setBoardZoom(settings.value(kBoardZoomKey, 1.0).toDouble());
    m_presentation->setPresentationZoom(settings.value(kPresentationZoomKey, 1.0).toDouble());
}

void MainWindow::writeSettings() const
{
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, m_workspaces->sceneState());
    settings.setValue(kShowAllKey, m_steps->showsAll());
    m_weightColours->writeSettings();
    settings.setValue(kSidePanelKey, m_presentation->sidePanelAction()->isChecked());
    settings.setValue(kBoardZoomKey, m_presentation->boardZoom());
    settings.setValue(kPresentationZoomKey, m_presentation->presentationZoom());
}

} // namespace attnlab::ui
