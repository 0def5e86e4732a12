// The Scene / Model workspaces of the main window, and the window laid out at 1280×720 (a
// classroom projector) in English and Chinese: every dock and panel at a usable size, no two
// texts on top of each other. The screenshots are written to $ATTNLAB_SCREENSHOTS when set.
#include "../mainwindow/mainwindowfixture.h"
#include "../model/modelroomfixture.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/presentationmode.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/mainwindow/workspaces.h"
#include "ui/model/headview.h"
#include "ui/model/modelgridview.h"
#include "ui/model/predictionpanel.h"

#include <QAbstractButton>
#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QScrollArea>
#include <QSet>
#include <QSettings>
#include <QStackedWidget>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;
using Workspace = Workspaces::Workspace;

namespace {

struct WorkspacesTest : test::MainWindowFixture { };

QStringList visibleDocks(const MainWindow &window)
{
    QStringList names;
    for (QDockWidget *dock : window.findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly))
        if (dock->isVisible())
            names << dock->objectName();
    names.sort();
    return names;
}

bool shows(const QWidget *w)
{
    return w->isVisible() && !w->visibleRegion().isEmpty() && w->width() > 0 && w->height() > 0;
}

// The part of `w` that is on screen, in window coordinates.
QRect shownRect(const QWidget *w, const QWidget *window)
{
    const QRect visible = w->visibleRegion().boundingRect();
    return QRect(w->mapTo(window, visible.topLeft()), visible.size());
}

// Pairs of texts (labels, buttons with text) that lie on top of each other.
QStringList overlappingTexts(const QWidget *window)
{
    std::vector<const QWidget *> texts;
    for (const QLabel *label : window->findChildren<QLabel *>())
        if (shows(label) && !label->text().isEmpty())
            texts.push_back(label);
    for (const QAbstractButton *button : window->findChildren<QAbstractButton *>())
        if (shows(button) && !button->text().isEmpty())
            texts.push_back(button);
    QStringList overlaps;
    for (size_t i = 0; i < texts.size(); ++i)
        for (size_t j = i + 1; j < texts.size(); ++j) {
            if (texts[i]->isAncestorOf(texts[j]) || texts[j]->isAncestorOf(texts[i]))
                continue;
            const QRect a = shownRect(texts[i], window), b = shownRect(texts[j], window);
            if (a.intersects(b) && a.intersected(b).width() > 1 && a.intersected(b).height() > 1)
                overlaps << texts[i]->objectName() + QLatin1Char('/') + texts[i]->metaObject()->className() + " × "
                        + texts[j]->objectName() + QLatin1Char('/') + texts[j]->metaObject()->className();
        }
    return overlaps;
}

void saveShot(QWidget *window, const QString &name)
{
    const QPixmap shot = window->grab();
    EXPECT_EQ(shot.size(), window->size());
    // Not blank: a window of texts, plots and frames has many colours.
    const QImage image = shot.toImage();
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    EXPECT_GT(colours.size(), 16);
    const QString dir = qEnvironmentVariable("ATTNLAB_SCREENSHOTS");
    if (!dir.isEmpty()) {
        QDir().mkpath(dir);
        EXPECT_TRUE(shot.save(QDir(dir).filePath(name)));
    }
}

// Asserted size floors: a dock narrower or lower than this shows a row or a column at most.
constexpr int kUsableDockWidth = 200;
constexpr int kUsableDockHeight = 150;

} // namespace

TEST_F(WorkspacesTest, OpeningAModelShowsItsRoomAndTheSceneComesBackAsItWas)
{
    TinyFolder folder(false);
    MainWindow window(&document);
    window.modelActions()->setQuiet(true);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    Workspaces *workspaces = window.workspaces();
    EXPECT_EQ(workspaces->current(), Workspace::Scene);
    const QStringList sceneDocks = visibleDocks(window);
    ASSERT_FALSE(sceneDocks.isEmpty());

    window.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(window.modelActions()->session()));
    EXPECT_EQ(workspaces->current(), Workspace::Model);
    EXPECT_TRUE(workspaces->modelAction()->isChecked());
    EXPECT_TRUE(window.modelActions()->room()->isVisible());
    EXPECT_FALSE(window.board()->isVisible());
    EXPECT_TRUE(visibleDocks(window).isEmpty());

    workspaces->sceneAction()->trigger();
    EXPECT_EQ(workspaces->current(), Workspace::Scene);
    EXPECT_TRUE(window.board()->isVisible());
    EXPECT_EQ(visibleDocks(window), sceneDocks);

    workspaces->modelAction()->trigger();
    EXPECT_TRUE(window.modelActions()->room()->isVisible());
    // Opening the selected head on the board goes back to the scene.
    // Presentation mode shows the board; leaving it comes back to the room.
    window.presentation()->setActive(true);
    EXPECT_FALSE(window.modelActions()->room()->isVisible());
    window.presentation()->setActive(false);
    EXPECT_EQ(workspaces->current(), Workspace::Model);
    EXPECT_TRUE(window.modelActions()->room()->isVisible());
    EXPECT_TRUE(visibleDocks(window).isEmpty());
    ASSERT_TRUE(window.modelActions()->room()->openOnBoard());
    EXPECT_EQ(workspaces->current(), Workspace::Scene);
    EXPECT_TRUE(window.board()->isVisible());
}

TEST_F(WorkspacesTest, TheSwitchHasShortcutsAndTooltipsAndIsRemembered)
{
    {
        MainWindow window(&document);
        Workspaces *workspaces = window.workspaces();
        EXPECT_EQ(workspaces->sceneAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_1));
        EXPECT_EQ(workspaces->modelAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_2));
        for (const char *lang : {"en", "zh_CN"}) {
            Language::instance()->apply(QString::fromLatin1(lang));
            for (QAction *a : {workspaces->sceneAction(), workspaces->modelAction()}) {
                EXPECT_FALSE(a->text().isEmpty());
                EXPECT_TRUE(a->toolTip().contains(QStringLiteral("Ctrl+"))) << a->toolTip().toStdString();
            }
        }
        EXPECT_EQ(workspaces->modelAction()->text(), QStringLiteral("模型(&M)"));
        Language::instance()->apply(QStringLiteral("en"));
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        workspaces->modelAction()->trigger();
        window.close(); // saves the layout in the model workspace
    }
    MainWindow again(&document);
    again.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&again));
    EXPECT_EQ(again.workspaces()->current(), Workspace::Model);
    // The saved dock layout is the scene's, not the model room's empty one.
    again.workspaces()->sceneAction()->trigger();
    EXPECT_FALSE(visibleDocks(again).isEmpty());
}

TEST_F(WorkspacesTest, At1280By720EveryPanelIsUsableAndNoTextsOverlapInBothLanguages)
{
    TinyFolder folder(false, true, 64);
    document.load(*loadExample(QStringLiteral("multi-head")).scene); // so the Heads dock is there too
    for (const char *lang : {"en", "zh_CN"}) {
        SCOPED_TRACE(lang);
        QSettings().clear();
        Language::instance()->apply(QString::fromLatin1(lang));
        MainWindow window(&document);
        window.modelActions()->setQuiet(true);
        window.resize(1280, 720);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        QTest::qWait(50); // the first layout of the docks runs on a zero timer
        ASSERT_EQ(window.size(), QSize(1280, 720));

        // The scene: the board keeps most of the window; every dock, each brought to the front of
        // its tabs in turn, is usable and has no texts on top of each other.
        EXPECT_GE(window.board()->width(), 500);
        EXPECT_GE(window.board()->height(), 350);
        QStringList checked;
        for (QDockWidget *dock : window.findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly)) {
            if (!dock->toggleViewAction()->isChecked())
                continue;
            checked << dock->objectName();
            dock->raise();
            QTest::qWait(20);
            ASSERT_TRUE(shows(dock)) << dock->objectName().toStdString();
            EXPECT_GE(dock->width(), kUsableDockWidth) << dock->objectName().toStdString();
            EXPECT_GE(dock->height(), kUsableDockHeight) << dock->objectName().toStdString();
            EXPECT_EQ(overlappingTexts(&window), QStringList()) << dock->objectName().toStdString();
        }
        EXPECT_TRUE(checked.contains(QStringLiteral("HeadsDock"))) << checked.join(QLatin1Char(' ')).toStdString();
        saveShot(&window, QStringLiteral("window-1280x720-scene-%1.png").arg(QLatin1String(lang)));

        // The model room over the whole window.
        window.openModel(folder.path(), QStringLiteral("the cat sat on the mat and the dog sat on the rug"));
        ASSERT_TRUE(waitComputed(window.modelActions()->session()));
        QTest::qWait(50);
        ModelRoom *room = window.modelActions()->room();
        ASSERT_TRUE(room->isVisible());
        EXPECT_GE(room->height(), 600);
        EXPECT_GE(room->grid()->width(), 300);
        EXPECT_GE(room->grid()->height(), 300);
        EXPECT_GE(room->headScroll()->width(), 280);
        EXPECT_GE(room->headScroll()->viewport()->height(), 300);
        EXPECT_GE(room->prediction()->width(), 250);
        EXPECT_EQ(room->prediction()->entries().size(), size_t(PredictionPanel::kTop));
        EXPECT_EQ(overlappingTexts(&window), QStringList());
        saveShot(&window, QStringLiteral("window-1280x720-model-%1.png").arg(QLatin1String(lang)));
    }
}
