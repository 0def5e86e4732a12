// The model room's panels when a run does not finish (cancelled, refused, superseded by a newer
// text), ids the tokenizer has no token for, and the head view on texts longer than it is high.
#include "modelroomfixture.h"
#include "ui/model/headview.h"
#include "ui/model/modelgridview.h"
#include "ui/model/modelsentence.h"
#include "ui/model/predictionpanel.h"

#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTextLayout>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::Room;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;

namespace {

// Holds every job of the session at its progress steps until released; released (before the
// room waits for its worker) when it goes out of scope.
struct Gate {
    explicit Gate(ModelSession *session)
    {
        session->setProgressHookForTesting([this] {
            while (closed)
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
        });
    }
    ~Gate() { closed = false; }
    std::atomic<bool> closed {false};
};

struct Shown {
    std::vector<core::model::TokenProbability> entries;
    QImage thumbnail;
    QStringList headTokens;
};

Shown shown(const Room &room)
{
    return {room.room->prediction()->entries(), room.room->grid()->thumbnail(1, 1), room.room->headView()->tokens()};
}

void expectSameShown(const Shown &a, const Shown &b)
{
    ASSERT_EQ(a.entries.size(), b.entries.size());
    for (size_t i = 0; i < a.entries.size(); ++i)
        EXPECT_EQ(a.entries[i].id, b.entries[i].id);
    EXPECT_FALSE(b.thumbnail.isNull());
    EXPECT_EQ(a.thumbnail, b.thumbnail);
    EXPECT_EQ(a.headTokens, b.headTokens);
}

} // namespace

TEST(ModelRoomPanels, ACancelledRunLeavesTheLastResultAndSaysWhy)
{
    TinyFolder folder(false);
    Room room;
    Gate gate(room.session);
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    const Shown before = shown(room);
    ASSERT_FALSE(before.entries.empty());
    EXPECT_FALSE(room.room->staleLabel()->isVisibleTo(room.room));

    gate.closed = true;
    room.session->setText(QStringLiteral("the dog ran off"));
    ASSERT_TRUE(room.session->isBusy());
    room.session->cancel();
    gate.closed = false;
    ASSERT_TRUE(QTest::qWaitFor([&] { return !room.session->isBusy(); }, 10000));

    EXPECT_FALSE(room.session->isComputed());
    EXPECT_TRUE(room.session->isStale());
    expectSameShown(before, shown(room));
    EXPECT_TRUE(room.room->prediction()->message().isEmpty()); // not "Computing…"
    EXPECT_TRUE(room.room->staleLabel()->isVisibleTo(room.room));
    const QString why = room.room->staleLabel()->text();
    EXPECT_TRUE(why.contains(QStringLiteral("cancelled"))) << why.toStdString();
    EXPECT_TRUE(why.contains(QStringLiteral("the cat sat"))) << why.toStdString();

    // Running the text again brings the panels up to date and the line goes.
    room.room->sentence()->commit();
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_FALSE(room.session->isStale());
    EXPECT_FALSE(room.room->staleLabel()->isVisibleTo(room.room));
    EXPECT_NE(room.room->headView()->tokens(), before.headTokens);
}

TEST(ModelRoomPanels, ARefusedTextLeavesTheLastResultAndSaysWhy)
{
    TinyFolder folder(false); // 16 positions
    Room room;
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    const Shown before = shown(room);

    room.session->setText(QStringLiteral("the cat sat on the mat and the dog sat on the rug and then they all slept"));
    EXPECT_FALSE(room.session->isBusy());
    expectSameShown(before, shown(room));
    const QString why = room.room->staleLabel()->text();
    EXPECT_TRUE(room.room->staleLabel()->isVisibleTo(room.room));
    EXPECT_TRUE(why.contains(QStringLiteral("at most 16"))) << why.toStdString();
    EXPECT_TRUE(why.contains(QStringLiteral("the cat sat"))) << why.toStdString();
}

TEST(ModelRoomPanels, ANewTextCancelsTheRunItMakesPointless)
{
    TinyFolder folder(false);
    Room room;
    room.openModel(folder.path(), QStringLiteral("the cat"));
    ASSERT_TRUE(waitComputed(room.session));
    Gate gate(room.session);
    QSignalSpy computed(room.session, &ModelSession::computed);

    gate.closed = true;
    room.session->setText(QStringLiteral("the cat sat"));
    ASSERT_TRUE(room.session->isBusy());
    room.session->setText(QStringLiteral("the cat sat on"));
    room.session->setText(QStringLiteral("the cat sat on the"));
    gate.closed = false;
    ASSERT_TRUE(waitComputed(room.session));
    // One result, for the last text; the superseded run is not reported as cancelled.
    EXPECT_EQ(computed.count(), 1);
    EXPECT_FALSE(room.session->isStale());
    EXPECT_EQ(room.session->shownText(), QStringLiteral("the cat sat on the"));
    EXPECT_EQ(room.room->headView()->tokens(), room.session->displayTokens());
}

TEST(ModelRoomPanels, IdsWithoutATokenAreMarkedAndReportedOnce)
{
    // The model's vocabulary is three times the tokenizer's.
    TinyFolder folder(false, true, 16, 3 * test::kGpt2FixtureVocabSize);
    Room room;
    QSignalSpy notices(room.session, &ModelSession::notice);
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    ASSERT_EQ(notices.count(), 1);
    const QString notice = room.actions->lastNotice();
    EXPECT_TRUE(notice.contains(QStringLiteral("only 300 of the model's 900"))) << notice.toStdString();
    EXPECT_EQ(room.session->idsWithoutToken(), 600);

    int withoutToken = 0;
    const auto &entries = room.room->prediction()->entries();
    const QStringList texts = room.room->prediction()->entryTexts();
    ASSERT_EQ(int(entries.size()), texts.size());
    for (size_t i = 0; i < entries.size(); ++i) {
        const int id = entries[i].id;
        EXPECT_FALSE(texts[int(i)].isEmpty());
        if (id >= test::kGpt2FixtureVocabSize) {
            ++withoutToken;
            EXPECT_EQ(texts[int(i)], QStringLiteral("<id %1>").arg(id));
            EXPECT_FALSE(room.session->hasToken(id));
        } else {
            EXPECT_TRUE(room.session->hasToken(id));
        }
    }
    EXPECT_GT(withoutToken, 0);
    // Greyed: the label of such an id is disabled.
    bool greyed = false;
    for (QLabel *label : room.room->prediction()->findChildren<QLabel *>())
        if (label->text().startsWith(QStringLiteral("<id ")))
            greyed = !label->isEnabled();
    EXPECT_TRUE(greyed);

    // Another text does not report it again; a matching tokenizer never does.
    room.session->setText(QStringLiteral("the dog"));
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_EQ(notices.count(), 1);
    TinyFolder matching(false);
    Room other;
    QSignalSpy none(other.session, &ModelSession::notice);
    other.openModel(matching.path(), QStringLiteral("the cat"));
    ASSERT_TRUE(waitComputed(other.session));
    EXPECT_EQ(none.count(), 0);
}

TEST(ModelRoomPanels, ProbabilitiesThatAreNotZeroNeverShowAsZero)
{
    EXPECT_EQ(PredictionPanel::percentText(0.1234), QStringLiteral("12.3\u00a0%"));
    EXPECT_EQ(PredictionPanel::percentText(0.0), QStringLiteral("0.0\u00a0%"));
    EXPECT_EQ(PredictionPanel::percentText(0.0000312), QStringLiteral("0.0031\u00a0%"));
}

// The space before % does not break: a wrapped “… → now: “M” 9.3 %” left the % alone on a line.
TEST(ModelRoomPanels, APercentSignStaysOnTheLineOfItsNumber)
{
    const QLabel label(QStringLiteral("Before the last change: “x” %1 → now: “y” %2")
                           .arg(PredictionPanel::percentText(0.13), PredictionPanel::percentText(0.256)));
    for (int width = 40; width < 400; width += 2) {
        QTextLayout layout(label.text(), label.font());
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine())
            line.setLineWidth(width);
        layout.endLayout();
        for (int i = 0; i < layout.lineCount(); ++i) {
            const QTextLine line = layout.lineAt(i);
            EXPECT_FALSE(label.text().mid(line.textStart(), line.textLength()).trimmed().startsWith(u'%'))
                << "at " << width << " px";
        }
    }
}

// The room as the main window's model workspace shows it, at the default window size.
static bool showAt1280x720(Room &room)
{
    room.window.setCentralWidget(room.room);
    room.window.resize(1280, 720);
    room.window.show();
    return QTest::qWaitForWindowExposed(&room.window);
}

TEST(ModelRoomPanels, TheHeadViewScrollsAndKeepsThePredictedTokenInSight)
{
    TinyFolder folder(false, true, 128);
    Room room;
    ASSERT_TRUE(showAt1280x720(room));
    QString text;
    for (int i = 0; i < 14; ++i)
        text += QStringLiteral("the cat sat on ");
    room.openModel(folder.path(), text.trimmed());
    ASSERT_TRUE(waitComputed(room.session));
    QCoreApplication::processEvents();
    QTest::qWait(50);

    HeadView *view = room.room->headView();
    QScrollArea *scroll = room.room->headScroll();
    const int n = int(room.session->tokens().size());
    ASSERT_GT(n, 40);
    // Every token has a row inside the view (nothing cut off at the bottom) …
    EXPECT_LE(view->tokenRect(n - 1, false).bottom(), view->height());
    EXPECT_GE(view->tokenRect(n - 1, false).height(), view->fontMetrics().height());
    // … so the view is taller than its viewport, and it scrolls.
    EXPECT_GT(view->height(), scroll->viewport()->height());
    EXPECT_TRUE(scroll->verticalScrollBar()->isVisible());
    // The row the prediction comes from (GPT-2: the last token) is in sight.
    EXPECT_EQ(view->predictionToken(), n - 1);
    const QRect row = view->tokenRect(n - 1, false).translated(view->pos());
    EXPECT_TRUE(scroll->viewport()->rect().contains(row)) << row.y() << " in " << scroll->viewport()->height();

    // A short text fits: no scroll bar.
    room.session->setText(QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    QTest::qWait(50);
    EXPECT_FALSE(scroll->verticalScrollBar()->isVisible());
    EXPECT_LE(view->tokenRect(int(room.session->tokens().size()) - 1, false).bottom(), view->height());
}

// Issue 36: the lines are drawn grouped by pen, each with its weight rounded to a pen step; the
// rounding stays under a tenth of a pixel in width, and the lines are still drawn.
TEST(ModelRoomPanels, TheHeadViewsGroupedPensKeepTheLinesAndTheirWidths)
{
    for (int i = 0; i <= 1000; ++i) {
        const double w = i / 1000.0;
        const int step = HeadView::penStep(w);
        ASSERT_GE(step, 0);
        ASSERT_LE(step, HeadView::kPenSteps);
        EXPECT_NEAR(HeadView::lineWidth(double(step) / HeadView::kPenSteps), HeadView::lineWidth(w), 0.03) << w;
    }
    EXPECT_EQ(HeadView::penStep(-1.0), 0);
    EXPECT_EQ(HeadView::penStep(2.0), HeadView::kPenSteps);

    TinyFolder folder(false, true, 128);
    Room room;
    ASSERT_TRUE(showAt1280x720(room));
    room.openModel(folder.path(), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(room.session));
    HeadView *view = room.room->headView();
    ASSERT_FALSE(view->visibleLines().empty());
    // Between the two columns of labels, the blue of the lines.
    const QImage image = view->grab().toImage();
    const double ratio = view->devicePixelRatioF();
    int blue = 0;
    const int left = int((view->tokenRect(0, false).right() + 6) * ratio);
    const int right = int((view->tokenRect(0, true).left() - 6) * ratio);
    for (int y = 0; y < image.height(); ++y)
        for (int x = left; x < right; ++x) {
            const QColor c = image.pixelColor(x, y);
            blue += c.blue() > c.red() + 40 ? 1 : 0;
        }
    EXPECT_GT(blue, 100);
}
