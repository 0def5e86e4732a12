// The main window's composition: title and modified mark, status-bar warnings, undo actions,
// presentation mode, dropped files and persisted settings.
#include "core/sceneio.h"
#include "ui/document.h"
#include "ui/examples.h"
#include "ui/fileactions.h"
#include "ui/mainwindow.h"
#include "ui/pipelineboard.h"
#include "ui/presentationmode.h"
#include "ui/presentationview.h"
#include "ui/stagecard.h"
#include "ui/stepcontroller.h"

#include <QAction>
#include <QDockWidget>
#include <QMenuBar>
#include <QMimeData>
#include <QSettings>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QUrl>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

core::Scene example(const char *name)
{
    const core::LoadResult r = loadExample(QString::fromLatin1(name));
    EXPECT_TRUE(r.ok());
    return *r.scene;
}

QAction *findAction(QWidget *window, const QKeySequence &key)
{
    for (QAction *a : window->findChildren<QAction *>())
        if (a->shortcuts().contains(key))
            return a;
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
    EXPECT_TRUE(window.warningText().contains(QString::fromStdString(document.stages().warnings.front())));

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
    EXPECT_DOUBLE_EQ(window.board()->card(core::StageX)->zoom(), mode->zoom());
    mode->zoomResetAction()->trigger();
    EXPECT_DOUBLE_EQ(mode->zoom(), 1.0);

    mode->setActive(false);
    EXPECT_EQ(stack->currentWidget(), window.board()->parentWidget());
    EXPECT_TRUE(window.menuBar()->isVisible());
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
        window.show();
        EXPECT_TRUE(window.close());
    }
    MainWindow again(&document);
    EXPECT_TRUE(again.steps()->showsAll());
    EXPECT_DOUBLE_EQ(again.presentation()->zoom(), 1.5);
}
