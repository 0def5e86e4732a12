// The model room's Logit Lens tab on the tiny GPT-2 and BERT checkpoints: the prediction row's
// last column is the prediction, every cell is core's lens of that row, only the rows in view are
// computed (the rest when they scroll in), and the session's readRunner() jobs that compute them
// change nothing the other views read.
#include "../model/modelroomfixture.h"
#include "core/model/lens/lens.h"
#include "core/model/topk.h"
#include "ui/i18n/language.h"
#include "ui/lens/lensmodel.h"
#include "ui/lens/lenspanel.h"
#include "ui/model/predictionpanel.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::directRunner;
using attnlab::test::Room;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;
namespace model = attnlab::core::model;

namespace {

struct LensRoom : Room {
    LensPanel *lens = new LensPanel(session);
    explicit LensRoom(QSize size = QSize(1280, 720))
    {
        room->addPanel(lens);
        window.setCentralWidget(room);
        window.resize(size);
        window.show();
    }
    bool waitRow(int row)
    {
        return QTest::qWaitFor([&] { return lens->model()->hasRow(row) && !session->isBusy(); }, 10000);
    }
};

std::vector<int> ids(const ModelSession &session)
{
    std::vector<int> out;
    for (const auto &t : session.tokens())
        out.push_back(t.id);
    return out;
}

} // namespace

TEST(LensPanel, ThePredictionRowsLastColumnIsThePrediction)
{
    TinyFolder folder(false);
    LensRoom r;
    QAbstractItemModelTester tester(r.lens->model(), QAbstractItemModelTester::FailureReportingMode::Warning);
    r.openModel(folder.path(), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(r.session));
    const int p = r.session->predictionPosition();
    ASSERT_TRUE(r.waitRow(p));
    const int layers = r.session->config()->layers;
    ASSERT_EQ(r.lens->model()->columnCount(), layers + 1);
    ASSERT_EQ(r.lens->model()->rowCount(), int(r.session->tokens().size()));
    EXPECT_EQ(r.lens->model()->predictionRow(), p);

    PredictionPanel prediction(r.session);
    const model::TokenProbability *last = r.lens->model()->top(p, layers);
    ASSERT_NE(last, nullptr);
    ASSERT_FALSE(prediction.entries().empty());
    EXPECT_EQ(last->id, prediction.entries().front().id);
    EXPECT_EQ(last->probability, prediction.entries().front().probability);
    // The cell is painted in its probability's colour: a QColor, which the view takes for a brush.
    const QVariant fill = r.lens->model()->data(r.lens->model()->index(p, layers), Qt::BackgroundRole);
    EXPECT_EQ(fill.typeId(), QMetaType::QColor);
    EXPECT_EQ(r.lens->model()->data(r.lens->model()->index(p, layers), Qt::ForegroundRole).typeId(), QMetaType::QColor);
    const QString shown = r.lens->model()->data(r.lens->model()->index(p, layers)).toString();
    EXPECT_TRUE(shown.startsWith(prediction.entryTexts().front())) << shown.toStdString();
    EXPECT_TRUE(shown.endsWith(PredictionPanel::percentText(prediction.entries().front().probability)));

    // Every computed cell is core's lens of its row on an independent runner.
    auto direct = directRunner(folder.dir);
    ASSERT_TRUE(direct->run(ids(*r.session)));
    for (int row = 0; row < r.lens->model()->rowCount(); ++row) {
        if (!r.lens->model()->hasRow(row))
            continue;
        const auto expected = model::lensTopTokens(*direct, row, 1);
        for (int l = 0; l <= layers; ++l) {
            EXPECT_EQ(r.lens->model()->top(row, l)->id, expected[size_t(l)][0].id) << row << " " << l;
            EXPECT_NEAR(r.lens->model()->top(row, l)->probability, expected[size_t(l)][0].probability, 1e-6);
        }
    }
    EXPECT_TRUE(r.lens->message().isEmpty());
}

TEST(LensPanel, OnlyTheRowsInViewAreComputedAndScrollingComputesTheRest)
{
    TinyFolder folder(false, true, 128);
    LensRoom r(QSize(900, 500));
    r.openModel(folder.path(),
        QStringLiteral("the cat sat on the mat and the dog sat on the rug, all day long; "
                       "the cat sat on the mat and the dog sat on the rug, all day long"));
    ASSERT_TRUE(waitComputed(r.session));
    const int n = r.lens->model()->rowCount();
    ASSERT_GT(n, 40);
    // GPT-2 predicts after the last token: the grid scrolls there and computes what it shows.
    ASSERT_TRUE(r.waitRow(n - 1));
    EXPECT_FALSE(r.lens->model()->hasRow(0));
    EXPECT_FALSE(r.session->isStale());
    EXPECT_EQ(r.lens->model()->data(r.lens->model()->index(0, 0)).toString(), QStringLiteral("…"));

    // The computation changed nothing the other views read: no new pass was announced.
    QSignalSpy computed(r.session, &ModelSession::computed);
    r.lens->view()->verticalScrollBar()->setValue(0);
    ASSERT_TRUE(r.waitRow(0));
    EXPECT_EQ(computed.count(), 0);
    EXPECT_TRUE(r.session->isComputed());
}

// A tab shown while another job holds the worker (the attribution, the block board) fills its
// rows once the worker is free, not only at the next scroll or pass.
TEST(LensPanel, RowsAskedForWhileTheSessionIsBusyAreFilledWhenItIsIdle)
{
    TinyFolder folder(false);
    LensRoom r;
    r.lens->hide();
    r.openModel(folder.path(), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(r.session));
    const int p = r.session->predictionPosition();
    EXPECT_FALSE(r.lens->model()->hasRow(p)); // hidden: nothing computed

    std::atomic<bool> release {false};
    ASSERT_TRUE(r.session->readRunner(
        [&release](const model::ForwardRunner &, const model::ForwardProgress &) {
            while (!release)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            return true;
        },
        [](bool) {}, [] { return QStringLiteral("holding the worker"); }));
    r.lens->show();
    QTest::qWait(400); // the panel's fill timer fires while the worker is held
    EXPECT_FALSE(r.lens->model()->hasRow(p));
    release = true;
    EXPECT_TRUE(r.waitRow(p));
}

TEST(LensPanel, BertReadsEveryRowThroughItsMaskedLmHead)
{
    TinyFolder folder(true);
    LensRoom r;
    r.openModel(folder.path(), QStringLiteral("the cat [MASK] on the mat"));
    ASSERT_TRUE(waitComputed(r.session));
    const int p = r.session->predictionPosition();
    ASSERT_GE(p, 0);
    ASSERT_TRUE(r.waitRow(p));
    const int layers = r.session->config()->layers;
    EXPECT_EQ(r.lens->model()->top(p, layers)->id, model::topK(r.session->runner()->probabilities(), 1)[0].id);
    EXPECT_TRUE(r.lens->model()->headerData(p, Qt::Vertical).toString().startsWith(QStringLiteral("▶")));
}

TEST(ModelSessionRead, AReadRunsOnTheWorkerAndCancelReportsUnfinished)
{
    TinyFolder folder(false);
    Room r;
    r.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(r.session));
    QSignalSpy computed(r.session, &ModelSession::computed);

    int tokens = 0;
    std::optional<bool> result;
    ASSERT_TRUE(r.session->readRunner(
        [&tokens](const model::ForwardRunner &runner, const model::ForwardProgress &) {
            tokens = runner.tokenCount();
            return true;
        },
        [&](bool finished) {
            result = finished;
            EXPECT_FALSE(r.session->isBusy());
            EXPECT_NE(r.session->runner(), nullptr);
        },
        [] { return QStringLiteral("reading"); }));
    ASSERT_TRUE(QTest::qWaitFor([&] { return result.has_value(); }, 10000));
    EXPECT_TRUE(*result);
    EXPECT_EQ(tokens, int(r.session->tokens().size()));

    // Cancel: the read's progress says stop, and `done` hears it did not finish.
    auto released = std::make_shared<std::atomic<bool>>(false);
    r.session->setProgressHookForTesting([released] {
        while (!*released)
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
    });
    result.reset();
    QString label;
    ASSERT_TRUE(r.session->readRunner(
        [](const model::ForwardRunner &, const model::ForwardProgress &progress) { return progress(0, 1); },
        [&](bool finished) { result = finished; }, [] { return QStringLiteral("reading"); }));
    EXPECT_EQ(r.session->jobText(), QStringLiteral("reading"));
    r.session->cancel();
    *released = true;
    ASSERT_TRUE(QTest::qWaitFor([&] { return result.has_value(); }, 10000));
    EXPECT_FALSE(*result);
    EXPECT_TRUE(r.session->jobText().isEmpty());
    EXPECT_EQ(computed.count(), 0);
    EXPECT_TRUE(r.session->isComputed());
    EXPECT_FALSE(r.session->isStale());
    r.session->setProgressHookForTesting({});
}

// A row shows both lines of a cell, the top token and its probability: Chinese glyphs come from
// a taller fallback font, and rows sized by the Latin font's lines showed “猫…” alone.
TEST(LensPanel, ARowShowsBothLinesOfAChineseTopToken)
{
    const QFont appFont = QGuiApplication::font();
    QFont chinese = appFont; // the families the app draws Chinese text with
    chinese.setFamilies(Language::chineseFontFamilies(appFont.family()));
    QGuiApplication::setFont(chinese);
    {
        Room r;
        LensPanel lens(r.session);
        QTableView *view = lens.view();
        QStandardItemModel cells(1, 1);
        cells.setData(cells.index(0, 0), QStringLiteral("猫\n%1").arg(PredictionPanel::percentText(0.529)));
        cells.setData(cells.index(0, 0), int(Qt::AlignCenter), Qt::TextAlignmentRole);
        view->setModel(&cells);
        lens.resize(500, 400);
        lens.show();
        QApplication::processEvents();
        const QImage cell = view->viewport()->grab(view->visualRect(cells.index(0, 0))).toImage();
        int first = -1, last = -1;
        for (int y = 0; y < cell.height(); ++y)
            for (int x = 0; x < cell.width(); ++x)
                if (qGray(cell.pixel(x, y)) < 128) {
                    first = first < 0 ? y : first;
                    last = y;
                }
        ASSERT_GE(first, 0);
        // Two lines of ink, not one.
        EXPECT_GT(last - first + 1, view->fontMetrics().height() * 3 / 2) << "ink from " << first << " to " << last;
    }
    QGuiApplication::setFont(appFont);
}

namespace {

// The part of `view`'s row `row` the user sees is all of it: the grid's viewport clipped by the
// room's page, which scrolls when a panel is taller than it.
bool rowInSight(const QMainWindow &window, const ModelRoom *room, const QTableView *view, int row)
{
    const auto onWindow
        = [&](const QWidget *w, const QRect &rect) { return QRect(w->mapTo(&window, rect.topLeft()), rect.size()); };
    const auto *page = qobject_cast<const QScrollArea *>(room->panelTabs()->currentWidget());
    if (!page)
        return false;
    const QRect seen
        = onWindow(view->viewport(), view->viewport()->rect()) & onWindow(page->viewport(), page->viewport()->rect());
    return seen.contains(onWindow(view->viewport(), view->visualRect(view->model()->index(row, 0))));
}

} // namespace

// At 1280 × 720 the room's panels get some hundred pixels and their page scrolls: the grid
// scrolled the row marked ▶ into the bottom of its own view, below the page's edge.
TEST(LensPanel, ThePredictionRowIsInSightAt1280x720)
{
    TinyFolder folder(false, true, 64);
    LensRoom r;
    r.openModel(folder.path(), QStringLiteral("the cat sat on the mat and the dog sat on the rug"));
    ASSERT_TRUE(waitComputed(r.session));
    const int p = r.session->predictionPosition();
    ASSERT_TRUE(r.waitRow(p));
    QApplication::processEvents();
    EXPECT_TRUE(rowInSight(r.window, r.room, r.lens->view(), p));
}

// The tab was behind another when the pass finished: once in front, the grid shows that row
// instead of where a hidden view had left it.
TEST(LensPanel, ATabShownAfterThePassFinishedShowsThePredictionRow)
{
    TinyFolder folder(false, true, 64);
    Room r;
    r.room->addPanel(new QWidget, [] { return QStringLiteral("in front"); });
    auto *lens = new LensPanel(r.session);
    r.room->addPanel(lens, [] { return QStringLiteral("lens"); });
    r.window.setCentralWidget(r.room);
    r.window.resize(1280, 720);
    r.window.show();
    r.openModel(folder.path(), QStringLiteral("the cat sat on the mat and the dog sat on the rug"));
    ASSERT_TRUE(waitComputed(r.session));
    QTest::qWait(50);
    const int p = r.session->predictionPosition();
    r.room->panelTabs()->setCurrentIndex(1);
    ASSERT_TRUE(QTest::qWaitFor([&] { return lens->model()->hasRow(p) && !r.session->isBusy(); }, 10000));
    QApplication::processEvents();
    EXPECT_TRUE(rowInSight(r.window, r.room, lens->view(), p));
}
