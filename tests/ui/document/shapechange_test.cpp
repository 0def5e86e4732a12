// Shape changes (fewer tokens, other heads, widths, modes, masks) while something is selected
// in every card and the explaining docks are open: no view, dock or timer may index the old
// shape, and no exception may escape.
#include "ui/board/presentationmode.h"
#include "ui/board/stepcontroller.h"
#include "ui/board/tokenbar.h"
#include "ui/document/document.h"
#include "ui/editors/settingspanel.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/inspector/headsdock.h"
#include "ui/inspector/inspectordock.h"
#include "ui/mainwindow/guardedapplication.h"
#include "ui/mainwindow/mainwindow.h"

#include <QAction>
#include <QDockWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>

#include "../uitestscenes.h"

#include <gtest/gtest.h>

#include <random>

using namespace attnlab;
using namespace attnlab::ui;
using test::example;

namespace {

int caughtSoFar()
{
    auto *app = qobject_cast<GuardedApplication *>(QCoreApplication::instance());
    return app ? app->caughtCount() : 0;
}

// Runs what the event loop would run between two user actions: the recompute timer, queued
// replots, paint events, deferred deletes.
void settle()
{
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QCoreApplication::processEvents();
    }
}

struct ShapeChange : ::testing::Test {
    void SetUp() override { QSettings().clear(); }
    void TearDown() override { QSettings().clear(); }
};

} // namespace

// The reported crash: 猫吃鱼, Show All, cell (吃, 猫) of the weights, then the sentence 猫吃.
TEST_F(ShapeChange, ShorterSentenceWithASelectedWeightKeepsTheWindow)
{
    const int caught = caughtSoFar();
    Document document;
    document.load(example("cat-eats-fish"));
    MainWindow window(&document);
    window.show();
    window.steps()->setShowAll(true);
    document.setSelection({core::StageWeights, 1, 0});
    QSignalSpy failed(&document, &Document::editFailed);
    auto *tokens = window.findChild<TokenBar *>();
    tokens->setText(QStringLiteral("猫吃"));
    ASSERT_TRUE(tokens->commit());
    settle();
    EXPECT_EQ(document.scene().tokenCount(), 2);
    EXPECT_EQ(document.stages().heads.at(0).weights.rows(), 2);
    EXPECT_EQ(document.selection(), (Selection {core::StageWeights, 1, 0}));
    EXPECT_TRUE(window.inspector()->plainText().contains(QStringLiteral("吃")));
    EXPECT_EQ(failed.count(), 0);
    EXPECT_EQ(caughtSoFar(), caught);

    // From a longer sentence with the last cell selected, down to two tokens: cleared.
    tokens->setText(QStringLiteral("a b c d e f g h i j k l"));
    ASSERT_TRUE(tokens->commit());
    document.setSelection({core::StageWeights, 11, 11});
    for (const char *sentence : {"a b c", "a b c d e", "a b"}) {
        tokens->setText(QString::fromLatin1(sentence));
        ASSERT_TRUE(tokens->commit());
        settle();
        EXPECT_FALSE(document.selection().hasRow()) << sentence;
    }
    EXPECT_EQ(failed.count(), 0);
    EXPECT_EQ(caughtSoFar(), caught);
}

// Random edits of every kind, each made while a cell or a row of some card and some head are
// selected, with the inspector, explanation and heads docks open and presentation mode now
// and then. The seed is fixed, so a failure replays.
TEST_F(ShapeChange, RandomEditsWithSelectionsEverywhereKeepEveryViewInShape)
{
    const int caught = caughtSoFar();
    Document document;
    document.load(example("cat-eats-fish"));
    MainWindow window(&document);
    window.show();
    window.steps()->setShowAll(true);
    // Floating, so that all three are visible at once rather than tabbed behind each other.
    for (QDockWidget *dock : {static_cast<QDockWidget *>(window.inspector()),
             static_cast<QDockWidget *>(window.explanation()), static_cast<QDockWidget *>(window.headsDock())}) {
        dock->setFloating(true);
        dock->show();
    }
    auto *tokens = window.findChild<TokenBar *>();
    auto *settings = window.findChild<SettingsPanel *>();
    ASSERT_NE(tokens, nullptr);
    ASSERT_NE(settings, nullptr);
    QSignalSpy failed(&document, &Document::editFailed);

    std::mt19937 rng(20261130);
    const auto below = [&rng](int n) { return n <= 1 ? 0 : int(rng() % unsigned(n)); };
    const QStringList vocabulary
        = {QStringLiteral("猫"), QStringLiteral("吃"), QStringLiteral("鱼"), QStringLiteral("the"),
            QStringLiteral("cat"), QStringLiteral("sat"), QStringLiteral("on"), QStringLiteral("mat")};
    int stageIndex = 0;
    for (int i = 0; i < 80; ++i) {
        // Select something in the next card (every card in turn), and some head.
        const QList<core::Stage> stages = window.steps()->stages();
        ASSERT_FALSE(stages.isEmpty());
        const core::Stage stage = stages.at(stageIndex++ % stages.size());
        const core::Scene &now = document.scene();
        document.setCurrentHead(below(now.headCount()));
        const core::Matrix &m = core::stageMatrix(document.stages(), stage, document.currentHead());
        Selection s;
        s.stage = stage;
        s.row = below(now.tokenCount());
        s.column = i % 3 == 0 || m.cols() == 0 ? -1 : below(int(m.cols()));
        document.setSelection(s);
        settle();

        switch (below(7)) {
        case 0: { // a sentence of 1 to 12 tokens
            QStringList words;
            const int n = 1 + below(12);
            for (int w = 0; w < n; ++w)
                words << vocabulary.at(below(int(vocabulary.size()))) + QString::number(w);
            tokens->setText(words.join(QLatin1Char(' ')));
            tokens->commit();
            break;
        }
        case 1: { // heads and d_model (model mode only)
            const int heads = 1 + below(4);
            const int dK = 1 + below(4);
            settings->setDimensions(heads * dK, heads, dK);
            break;
        }
        case 2:
            settings->setDirectMode(!document.scene().direct);
            break;
        case 3:
            settings->setMask(core::MaskKind(below(3)));
            break;
        case 4:
            settings->setPositional(core::PositionalEncoding(below(3)));
            break;
        case 5:
            document.undo();
            break;
        case 6:
            if (i % 2)
                window.presentation()->toggleAction()->trigger();
            else
                document.redo();
            break;
        }
        settle();

        const core::Scene &scene = document.scene();
        const core::Stages &computed = document.stages();
        ASSERT_EQ(int(computed.heads.size()), scene.headCount()) << "edit " << i;
        ASSERT_EQ(computed.heads.front().weights.rows(), scene.tokenCount()) << "edit " << i;
        const Selection after = document.selection();
        EXPECT_LT(after.row, scene.tokenCount()) << "edit " << i;
        if (after.column >= 0) {
            const core::Matrix &sm = core::stageMatrix(computed, after.stage, document.currentHead());
            EXPECT_LT(after.column, sm.size() ? int(sm.cols()) : scene.tokenCount()) << "edit " << i;
        }
        EXPECT_LT(document.currentHead(), scene.headCount()) << "edit " << i;
        ASSERT_EQ(failed.count(), 0) << "edit " << i << ": " << failed.value(0).value(0).toString().toStdString();
        ASSERT_EQ(caughtSoFar(), caught) << "edit " << i;
        ASSERT_TRUE(window.isVisible());
    }
}
