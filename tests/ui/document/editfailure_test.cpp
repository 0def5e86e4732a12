// An edit that throws while it is applied or shown is rolled back with a message, the history
// stays consistent, and no exception reaches the event loop.
#include "ui/board/tokenbar.h"
#include "ui/document/document.h"
#include "ui/mainwindow/guardedapplication.h"
#include "ui/mainwindow/mainwindow.h"

#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include "../uitestscenes.h"

#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>

using namespace attnlab;
using namespace attnlab::ui;
using test::example;

namespace {

GuardedApplication *guardedApp()
{
    return qobject_cast<GuardedApplication *>(QCoreApplication::instance());
}

// A view with a bug: it throws whenever the stages it is shown meet `when`.
void installFaultyView(Document *document, std::function<bool(const core::Scene &)> when)
{
    QObject::connect(document, &Document::stagesChanged, document, [document, when] {
        if (when(document->scene()))
            throw std::out_of_range("vector::_M_range_check: __n (which is 2) >= this->size() (which is 2)");
    });
}

class ThrowingObject : public QObject {
public:
    bool event(QEvent *event) override
    {
        if (event->type() == QEvent::User)
            throw std::runtime_error("a handler failed");
        return QObject::event(event);
    }
};

struct EditFailure : ::testing::Test {
    void SetUp() override { QSettings().clear(); }
    void TearDown() override { QSettings().clear(); }
};

} // namespace

TEST_F(EditFailure, AShapeChangeThatThrowsIsRolledBackWithAMessage)
{
    Document document;
    document.load(example("cat-eats-fish"));
    MainWindow window(&document);
    window.show();
    const core::Scene before = document.scene();
    installFaultyView(&document, [](const core::Scene &s) { return s.tokenCount() == 2; });
    QSignalSpy failed(&document, &Document::editFailed);

    auto *tokens = window.findChild<TokenBar *>();
    tokens->setText(QStringLiteral("猫吃"));
    tokens->commit();
    QCoreApplication::processEvents();

    EXPECT_EQ(failed.count(), 1);
    EXPECT_EQ(document.scene(), before) << "the last good scene is kept";
    EXPECT_EQ(document.stages().heads.at(0).weights.rows(), 3);
    EXPECT_EQ(document.undoStack()->count(), 0) << "the failed edit leaves no history entry";
    EXPECT_FALSE(document.isModified());
    EXPECT_EQ(tokens->text(), QStringLiteral("猫吃鱼"));
    EXPECT_FALSE(window.statusBar()->currentMessage().isEmpty());
    EXPECT_TRUE(window.isVisible());

    // The window still works: a good edit goes through and undoes.
    tokens->setText(QStringLiteral("鱼吃猫"));
    ASSERT_TRUE(tokens->commit());
    EXPECT_EQ(document.undoStack()->count(), 1);
    document.undo();
    EXPECT_EQ(document.scene(), before);
}

TEST_F(EditFailure, ARecomputeThatThrowsTakesItsEditOffTheHistory)
{
    Document document;
    document.load(example("cat-eats-fish"));
    const core::Scene before = document.scene();
    installFaultyView(&document, [](const core::Scene &s) { return s.wq(0, 0) == core::Scalar(0.5); });
    QSignalSpy failed(&document, &Document::editFailed);

    document.setCell(MatrixId::WQ, 0, 1, 0.25f); // a good edit first
    ASSERT_TRUE(QTest::qWaitFor([&] { return document.undoStack()->index() == 1; }));
    document.flush();
    const core::Scene good = document.scene();
    document.setCell(MatrixId::WQ, 0, 0, 0.5f); // shown by the timer's recompute, which throws
    ASSERT_TRUE(QTest::qWaitFor([&] { return failed.count() == 1; }));
    ASSERT_TRUE(QTest::qWaitFor([&] { return document.undoStack()->index() == 1; }));
    EXPECT_EQ(document.scene(), good);
    EXPECT_NE(document.scene(), before);
    document.undo();
    EXPECT_EQ(document.scene(), before) << "the history still matches the scene";
}

TEST_F(EditFailure, UndoThatThrowsKeepsTheSceneAndTheIndexTogether)
{
    Document document;
    document.load(example("cat-eats-fish"));
    document.setCell(MatrixId::WQ, 0, 0, 0.75f);
    document.flush();
    const core::Scene edited = document.scene();
    installFaultyView(&document, [](const core::Scene &s) { return s.wq(0, 0) != core::Scalar(0.75); });
    QSignalSpy failed(&document, &Document::editFailed);

    document.undo();
    document.flush();
    ASSERT_TRUE(QTest::qWaitFor([&] { return failed.count() >= 1 && document.undoStack()->index() == 1; }));
    EXPECT_EQ(document.scene(), edited);
    EXPECT_TRUE(document.undoStack()->canUndo());
}

TEST_F(EditFailure, TheApplicationCatchesWhatAHandlerThrows)
{
    GuardedApplication *app = guardedApp();
    ASSERT_NE(app, nullptr) << "the UI tests run under the app's own application object";
    QSignalSpy caught(app, &GuardedApplication::exceptionCaught);
    const int before = app->caughtCount();
    ThrowingObject object;
    QCoreApplication::postEvent(&object, new QEvent(QEvent::User));
    bool timerRan = false;
    QTimer::singleShot(0, &object, [&timerRan] {
        timerRan = true;
        throw std::logic_error("a timer failed");
    });
    ASSERT_TRUE(QTest::qWaitFor([&] { return caught.count() == 2; }));
    EXPECT_TRUE(timerRan);
    EXPECT_EQ(app->caughtCount(), before + 2);
    EXPECT_EQ(caught.at(0).at(0).toString(), QStringLiteral("a handler failed"));
}
