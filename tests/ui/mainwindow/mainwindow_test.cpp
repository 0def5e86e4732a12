// The main window's composition: title and modified mark, status-bar warnings, undo actions,
// presentation mode, dropped files and persisted settings.
#include "core/scene/sceneio.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/presentationmode.h"
#include "ui/board/presentationview.h"
#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/board/tokenbar.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/export/exportactions.h"
#include "ui/mainwindow/fileactions.h"
#include "ui/mainwindow/mainwindow.h"

#include <QAction>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QUrl>

#include "../uitestscenes.h"

#include <gtest/gtest.h>

using namespace attnlab;
using test::example;
using namespace attnlab::ui;

namespace {

// The action bound to `key` in `window` itself, not in a window of its own that it opened (the
// block board binds Ctrl+Z to the model's undo stack).
QAction *findAction(QWidget *window, const QKeySequence &key)
{
    for (QAction *a : window->findChildren<QAction *>()) {
        const auto *owner = qobject_cast<QWidget *>(a->parent());
        if (a->shortcuts().contains(key) && (!owner || owner->window() == window))
            return a;
    }
    return nullptr;
}

struct MainWindowTest : ::testing::Test {
    void SetUp() override { QSettings().clear(); }
    void TearDown() override { QSettings().clear(); }
};

} // namespace

TEST_F(MainWindowTest, TitleNamesTheSceneAndMarksChanges)
{
    Document document;
    document.load(example("cat-eats-fish"));
    MainWindow window(&document);
    EXPECT_TRUE(window.windowTitle().startsWith(QStringLiteral("猫吃鱼[*]")));
    EXPECT_FALSE(window.isWindowModified());

    document.setCell(MatrixId::WQ, 0, 0, 0.75f);
    EXPECT_TRUE(window.isWindowModified());
    document.undoStack()->undo();
    EXPECT_FALSE(window.isWindowModified());

    auto *tokens = window.findChild<TokenBar *>();
    ASSERT_NE(tokens, nullptr);
    tokens->setText(QStringLiteral("鱼吃猫"));
    ASSERT_TRUE(tokens->commit());
    EXPECT_TRUE(window.windowTitle().startsWith(QStringLiteral("鱼吃猫[*]"))) << window.windowTitle().toStdString();
    document.undoStack()->undo();
    EXPECT_TRUE(window.windowTitle().startsWith(QStringLiteral("猫吃鱼[*]")));

    document.setFilePath(QStringLiteral("/tmp/lesson.attn.json"));
    EXPECT_TRUE(window.windowTitle().startsWith(QStringLiteral("lesson.attn.json[*]")));
}

TEST_F(MainWindowTest, UndoAndRedoActionsRestoreTheCell)
{
    Document document;
    document.load(example("cat-eats-fish"));
    MainWindow window(&document);
    QAction *undo = findAction(&window, QKeySequence::keyBindings(QKeySequence::Undo).first());
    QAction *redo = findAction(&window, QKeySequence::keyBindings(QKeySequence::Redo).first());
    ASSERT_NE(undo, nullptr);
    ASSERT_NE(redo, nullptr);
    EXPECT_FALSE(undo->isEnabled());

    const float before = document.scene().wk(2, 3);
    document.setCell(MatrixId::WK, 2, 3, before + 1.0f);
    EXPECT_TRUE(undo->isEnabled());
    undo->trigger();
    EXPECT_EQ(document.scene().wk(2, 3), before);
    redo->trigger();
    EXPECT_EQ(document.scene().wk(2, 3), before + 1.0f);
}

TEST_F(MainWindowTest, StatusBarListsRowsWithoutVisibleKeys)
{
    Document document;
    document.load(example("cat-eats-fish"));
    MainWindow window(&document);
    EXPECT_TRUE(window.warningText().isEmpty());

    core::Scene scene = document.scene();
    scene.mask = core::MaskKind::Custom;
    scene.customMask = core::MaskMatrix::Ones(3, 3);
    scene.customMask.row(1).setZero();
    document.changeScene(scene, QStringLiteral("mask"));
    document.flush();
    ASSERT_EQ(document.stages().warnings.size(), 1u);
    ASSERT_EQ(document.stages().rowsWithoutKeys, std::vector<int> {1});
    EXPECT_TRUE(window.warningText().contains(QStringLiteral("“吃”"))) << window.warningText().toStdString();
    EXPECT_FALSE(window.warningText().contains(QStringLiteral("“猫”")));

    document.undoStack()->undo();
    document.flush();
    EXPECT_TRUE(window.warningText().isEmpty());
}

TEST_F(MainWindowTest, PresentationModeShowsOneLargeCardAndComesBack)
{
    Document document;
    document.load(example("cat-eats-fish"));
    MainWindow window(&document);
    window.show();
    PresentationMode *mode = window.presentation();
    auto *stack = qobject_cast<QStackedWidget *>(window.centralWidget());
    ASSERT_NE(stack, nullptr);
    EXPECT_EQ(stack->currentWidget(), window.board()->parentWidget());

    QList<QDockWidget *> shownDocks;
    for (QDockWidget *dock : window.findChildren<QDockWidget *>())
        if (dock->isVisible())
            shownDocks << dock;
    ASSERT_FALSE(shownDocks.isEmpty());

    QAction *f11 = findAction(&window, QKeySequence(Qt::Key_F11));
    ASSERT_EQ(f11, mode->toggleAction());
    f11->trigger();
    EXPECT_TRUE(mode->isActive());
    EXPECT_EQ(stack->currentWidget(), window.presentationView());
    EXPECT_FALSE(window.menuBar()->isVisible());
    for (QDockWidget *dock : window.findChildren<QDockWidget *>())
        EXPECT_FALSE(dock->isVisible());

    // The one card follows the step control.
    ASSERT_NE(window.presentationView()->card(), nullptr);
    EXPECT_EQ(window.presentationView()->card()->stage(), core::StageX);
    window.steps()->nextAction()->trigger();
    EXPECT_EQ(window.presentationView()->card()->stage(), core::StageQ);

    const double before = mode->zoom();
    mode->zoomInAction()->trigger();
    EXPECT_GT(mode->zoom(), before);
    EXPECT_DOUBLE_EQ(window.presentationView()->card()->zoom(), mode->zoom());
    EXPECT_DOUBLE_EQ(window.board()->card(core::StageX)->zoom(), 1.0); // the board keeps its own zoom
    mode->zoomResetAction()->trigger();
    EXPECT_DOUBLE_EQ(mode->zoom(), 1.0);

    mode->zoomInAction()->trigger();
    mode->setActive(false);
    EXPECT_EQ(stack->currentWidget(), window.board()->parentWidget());
    EXPECT_DOUBLE_EQ(mode->zoom(), 1.0);
    EXPECT_GT(mode->presentationZoom(), 1.0);
    EXPECT_TRUE(window.menuBar()->isVisible());
    for (QDockWidget *dock : shownDocks)
        EXPECT_TRUE(dock->isVisible()) << dock->objectName().toStdString();
}

TEST_F(MainWindowTest, DroppedSceneFileOpens)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("dropped.attn.json"));
    {
        Document source;
        source.load(example("cat-eats-fish-handcalc"));
        QWidget parent;
        FileActions saver(&source, &parent);
        ASSERT_TRUE(saver.saveTo(path));
    }
    Document document;
    document.load(example("cat-eats-fish"));
    MainWindow window(&document);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &drop);
    EXPECT_TRUE(document.scene().direct);
    EXPECT_EQ(document.filePath(), QFileInfo(path).absoluteFilePath());
}

TEST_F(MainWindowTest, ShowAllAndZoomPersistAcrossRuns)
{
    Document document;
    document.load(example("cat-eats-fish"));
    {
        MainWindow window(&document);
        EXPECT_FALSE(window.steps()->showsAll());
        window.steps()->setShowAll(true);
        window.presentation()->setZoom(1.5);
        window.presentation()->setPresentationZoom(2.0);
        window.show();
        EXPECT_TRUE(window.close());
    }
    MainWindow again(&document);
    EXPECT_TRUE(again.steps()->showsAll());
    EXPECT_DOUBLE_EQ(again.presentation()->boardZoom(), 1.5);
    EXPECT_DOUBLE_EQ(again.presentation()->presentationZoom(), 2.0);
    EXPECT_DOUBLE_EQ(again.board()->card(core::StageX)->zoom(), 1.5);
}

TEST_F(MainWindowTest, PresenterKeysWorkWhileTypingInTheSentence)
{
    Document document;
    document.load(example("cat-eats-fish"));
    MainWindow window(&document);
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    auto *tokenBar = window.findChild<TokenBar *>();
    ASSERT_NE(tokenBar, nullptr);
    auto *sentence = tokenBar->findChild<QLineEdit *>();
    ASSERT_NE(sentence, nullptr);
    sentence->setFocus();
    ASSERT_TRUE(sentence->hasFocus());

    QTest::keyClick(sentence, Qt::Key_PageDown);
    EXPECT_EQ(window.steps()->step(), 1);
    QTest::keyClick(sentence, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_TRUE(window.steps()->showsAll());
    QTest::keyClick(sentence, Qt::Key_PageUp, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(window.steps()->step(), 0);
    // The arrows stay with the text field.
    QTest::keyClick(sentence, Qt::Key_Right);
    EXPECT_EQ(window.steps()->step(), 0);
    EXPECT_EQ(QString::fromStdString(document.scene().tokens.front()), QStringLiteral("猫"));

    QTest::keyClick(sentence, Qt::Key_F5);
    EXPECT_TRUE(window.presentation()->isActive());
    QTest::keyClick(window.presentationView(), Qt::Key_Escape);
    EXPECT_FALSE(window.presentation()->isActive());
}

TEST_F(MainWindowTest, WeightsColourMapAppliesEverywhereAndPersists)
{
    Document document;
    document.load(example("cat-eats-fish"));
    {
        MainWindow window(&document);
        EXPECT_EQ(window.sequentialMap(), QStringLiteral("viridis"));
        window.setSequentialMap(QStringLiteral("cividis"));
        EXPECT_EQ(window.exportActions()->colorMap(), QStringLiteral("cividis"));
        window.setSequentialMap(QStringLiteral("no-such-map"));
        EXPECT_EQ(window.sequentialMap(), QStringLiteral("cividis"));
        window.show();
        EXPECT_TRUE(window.close());
    }
    MainWindow again(&document);
    EXPECT_EQ(again.sequentialMap(), QStringLiteral("cividis"));
}

TEST_F(MainWindowTest, ContributedDocksAreListedInTheViewMenu)
{
    Document document;
    document.load(example("cat-eats-fish"));
    MainWindow window(&document);
    auto *dock = new QDockWidget(QStringLiteral("Inspector"));
    window.addDock(dock, Qt::RightDockWidgetArea);
    EXPECT_EQ(dock->parent(), &window);
    EXPECT_EQ(window.dockWidgetArea(dock), Qt::RightDockWidgetArea);
    EXPECT_FALSE(dock->objectName().isEmpty());
    EXPECT_TRUE(window.viewMenu()->actions().contains(dock->toggleViewAction()));
}

TEST_F(MainWindowTest, AScreenWithoutRoomForTheDefaultSizeOpensTheWindowMaximised)
{
    Document document;
    document.load(example("cat-eats-fish"));
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    {
        // A window as large as the screen leaves no room for its frame.
        MainWindow window(&document);
        window.resize(available.size());
        window.showOnScreen();
        EXPECT_TRUE(window.isMaximized());
    }
    QSize saved;
    {
        MainWindow window(&document);
        window.resize(available.width() - 100, available.height() - 100);
        window.show();
        saved = window.size();
        window.close(); // saves its geometry
    }
    // A saved geometry is the user's choice and is kept, even where the default would not fit.
    MainWindow window(&document);
    window.showOnScreen();
    EXPECT_FALSE(window.isMaximized());
    EXPECT_EQ(window.size(), saved);
}
