// Generation in the window runs on the KV cache, and shows it: each new token is one query row
// per layer; the head view draws that row over every cached position, the grid says where it is,
// and the KV-cache panel shows the cached key and value vectors of the layer picked in its table.
#include "../block/boardfixture.h"
#include "../mainwindow/mainwindowfixture.h"
#include "core/engine/kvcachedesigns.h"
#include "gemmafixture.h"
#include "generateroom.h"
#include "modelfixtures.h"
#include "tokenizerfixtures.h"
#include "ui/generate/cachepolicybar.h"
#include "ui/generate/generatepanel.h"
#include "ui/generate/generator.h"
#include "ui/generate/kvcachepanel.h"
#include "ui/generate/kvdesigntable.h"
#include "ui/generate/kvvectorsview.h"
#include "ui/i18n/sizetext.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/model/headview.h"
#include "ui/model/modelgridview.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QLabel>
#include <QLocale>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::GenerateRoom;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;

namespace {

} // namespace

TEST(KvCacheView, EachGeneratedTokenIsOneQueryRowPerLayerOverTheCache)
{
    TinyFolder folder(false);
    GenerateRoom room;
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    const int n = room.session->runner()->tokenCount();
    EXPECT_EQ(room.session->runner()->computedQueryRows(), 3 * n);
    EXPECT_EQ(room.room->headView()->newestQuery(), -1);
    EXPECT_FALSE(room.room->grid()->headToolTip(0, 0).contains(QStringLiteral("newest token")));
    ASSERT_TRUE(room.generate(3));
    const core::model::ForwardRunner *runner = room.session->runner();
    ASSERT_EQ(runner->tokenCount(), n + 3);
    // The last step projected and attended only the new token's row, in each of the 3 layers.
    EXPECT_EQ(runner->computedQueryRows(), 3);

    // The head view: the new token's row, over all n + 3 positions.
    HeadView *view = room.room->headView();
    ASSERT_EQ(view->newestQuery(), n + 2);
    EXPECT_TRUE(view->title().contains(QStringLiteral("all %1 cached positions").arg(n + 3)))
        << view->title().toStdString();
    const core::Matrix weights = runner->attentionWeights(0, 0);
    int shown = 0;
    for (int k = 0; k < n + 3; ++k)
        shown += weights(n + 2, k) >= HeadView::kMinWeight;
    const auto lines = view->newestLines();
    ASSERT_EQ(int(lines.size()), shown);
    for (const HeadView::Line &line : lines) {
        EXPECT_EQ(line.query, n + 2);
        EXPECT_NEAR(line.weight, weights(n + 2, line.key), 1e-6);
    }
    EXPECT_TRUE(room.room->grid()->headToolTip(0, 0).contains(QStringLiteral("newest token")));

    // The cache panel: the vectors of the layer selected in its table.
    KvCachePanel *cache = room.panel->cachePanel();
    KvVectorsView *vectors = cache->vectors();
    EXPECT_EQ(vectors->layer(), 0);
    ASSERT_EQ(vectors->keys().rows(), n + 3);
    EXPECT_EQ(vectors->keys(), core::Matrix(runner->cachedKeys(0)));
    EXPECT_EQ(vectors->values(), core::Matrix(runner->cachedValues(0)));
    cache->table()->setCurrentCell(2, 0);
    EXPECT_EQ(vectors->layer(), 2);
    EXPECT_EQ(vectors->keys(), core::Matrix(runner->cachedKeys(2)));
    vectors->resize(600, 300);
    const QString cell = vectors->cellText(vectors->cellRect(n + 2, 1, true).center());
    EXPECT_TRUE(cell.contains(QStringLiteral("V of key/value head 1, dimension 2 = %1")
                                  .arg(double(runner->cachedValues(2)(n + 2, 1)), 0, 'f', 4)))
        << cell.toStdString();

    // Typing a new text is not generation: the emphasis goes.
    room.session->setText(QStringLiteral("a dog"));
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_EQ(view->newestQuery(), -1);
    EXPECT_EQ(vectors->keys().rows(), room.session->runner()->tokenCount());
}

// Past the rows a line of text fits, the cache's heatmaps label every k-th row and the newest, the
// labels a line apart: at 17 rows every row label used to vanish (issue 36, classroom item 13).
TEST(KvCacheView, SeventeenRowsKeepLabelsThatNeverTouch)
{
    TinyFolder folder(false, true, 64);
    GenerateRoom room;
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    const int n = room.session->runner()->tokenCount();
    ASSERT_TRUE(room.generate(17 - n));
    KvVectorsView view(room.session);
    view.setLayer(1); // reads the cache now
    view.setLayer(0);
    ASSERT_EQ(view.keys().rows(), 17);
    const int line = view.fontMetrics().height();
    for (const int height : {60 + 17 * line, 60 + 17 * line / 2, 60 + 17 * line / 3}) {
        SCOPED_TRACE(height);
        view.resize(500, height);
        const QList<int> rows = view.labelledRows();
        ASSERT_GE(rows.size(), 3) << view.cellRect(0, 0, false).height();
        EXPECT_EQ(rows.first(), 0);
        EXPECT_EQ(rows.last(), 16);
        for (int i = 1; i < rows.size(); ++i)
            EXPECT_GE(view.cellRect(rows[i], 0, false).center().y() - view.cellRect(rows[i - 1], 0, false).center().y(),
                line - 1)
                << rows[i];
        if (view.cellRect(0, 0, false).height() >= line) {
            EXPECT_EQ(rows.size(), 17);
        }
    }
}

TEST(KvCacheView, TheDesignTableComparesThisModelWithMhaGqaMqaAndMla)
{
    TinyFolder folder(false);
    GenerateRoom room;
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    KvDesignTable *designs = room.panel->cachePanel()->designs();
    ASSERT_EQ(designs->rowCount(), 5);
    ASSERT_EQ(designs->columnCount(), 6);
    const core::model::ModelConfig &c = *room.session->config();
    const std::vector<core::engine::KvCacheLayout> &rows = designs->layouts();
    ASSERT_EQ(rows.size(), 5u);
    // This model: 2 · kv_heads · head_dim numbers per layer; MHA: the same with every query head.
    EXPECT_EQ(designs->item(0, 1)->text(), QLocale().toString(qlonglong(2 * c.keyValueHeads() * c.headDim())));
    EXPECT_EQ(designs->item(1, 1)->text(), QLocale().toString(qlonglong(2 * c.heads * c.headDim())));
    EXPECT_EQ(
        designs->item(0, 3)->text(), QLocale().formattedDataSize(rows[0].bytes(4096), 1, QLocale::DataSizeIecFormat));
    EXPECT_TRUE(designs->item(0, 0)->text().startsWith(QStringLiteral("This model")))
        << designs->item(0, 0)->text().toStdString();
    EXPECT_TRUE(designs->item(4, 0)->text().startsWith(QStringLiteral("MLA")))
        << designs->item(4, 0)->text().toStdString();
    EXPECT_TRUE(designs->item(4, 2)->toolTip().contains(QStringLiteral("kv_lora_rank")));
    EXPECT_EQ(designs->horizontalHeaderItem(5)->text(), QStringLiteral("128k tokens"));
}

// Each pass the views read rebuilt both tables with new items: the design table (the same numbers
// for a model whatever its text) measured its columns again, row by row, for each of its cells, and
// the per-layer table told its view that every cell had changed (issue 36: 5 % of the GUI thread's
// time during generation on the 0.5B shape). Now a token changes only the cells that say something
// new: none of the design table's, and the per-layer table's token counts and sizes.
TEST(KvCacheView, AGeneratedTokenChangesOnlyTheCellsThatSaySomethingNew)
{
    TinyFolder folder(false, true, 64);
    GenerateRoom room;
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    KvDesignTable *designs = room.panel->cachePanel()->designs();
    QTableWidget *layers = room.panel->cachePanel()->table();
    ASSERT_GT(layers->rowCount(), 0);
    const QString firstLayer = layers->item(0, 0)->text();
    const QString designCell = designs->item(0, 1)->text();
    QSignalSpy designChanges(designs->model(), &QAbstractItemModel::dataChanged);
    QSignalSpy layerChanges(layers->model(), &QAbstractItemModel::dataChanged);
    ASSERT_TRUE(room.generate(1));
    EXPECT_EQ(designChanges.count(), 0);
    EXPECT_EQ(designs->item(0, 1)->text(), designCell);
    // The token counts (two columns) of every layer; the size per layer too when its text changed.
    EXPECT_GE(layerChanges.count(), 2 * layers->rowCount());
    EXPECT_LE(layerChanges.count(), 3 * layers->rowCount());
    EXPECT_EQ(layers->item(0, 0)->text(), firstLayer);
    EXPECT_EQ(layers->item(0, 1)->text(), QString::number(room.session->runner()->tokenCount()));
}

// On a model with sliding-window layers the panel says that the longest text's full count is more
// than an engine needs, and gives what it needs: each sliding layer holds only its window.
TEST(KvCacheView, ASlidingWindowModelsPanelSaysWhatAnEngineNeedsAtTheLongestText)
{
    test::WrittenFolder folder("kvcache-gemma", [](const std::string &dir) {
        test::TinyGemmaOptions o; // sliding window 3 on layers 1 and 3
        o.vocab = test::kGpt2FixtureVocabSize;
        o.addFiles = [](const std::string &d) { test::writeGpt2Tokenizer(d); };
        test::writeTinyGemma(dir, o);
    });
    GenerateRoom room;
    room.openModel(QString::fromStdString(folder.dir), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(room.session)) << room.actions->lastError().toStdString();
    const core::model::ModelConfig &c = *room.session->config();
    const core::engine::KvCacheLayout own = core::engine::kvCacheDesigns(c, 4).front(); // the fixture is F32
    const qlonglong needed = own.bytes(c.maxPositions);
    const qlonglong every = qlonglong(2) * c.layers * c.keyValueHeads() * c.headDim() * 4 * c.maxPositions;
    ASSERT_LT(needed, every);
    QString shown;
    for (QLabel *label : room.panel->cachePanel()->findChildren<QLabel *>())
        if (label->text().contains(QStringLiteral("sliding-window layers")))
            shown = label->text();
    EXPECT_TRUE(shown.contains(
        QStringLiteral("keep only their last 3 tokens, an engine needs %1 bytes").arg(QLocale().toString(needed))))
        << shown.toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("%1 bytes").arg(QLocale().toString(every)))) << shown.toStdString();
    // Layers 1 and 3 slide a window of 3, layer 2 sees everything: the newest token's keys.
    const int n = int(room.session->tokens().size());
    ASSERT_GT(n, 3);
    QString sees;
    for (QLabel *label : room.panel->cachePanel()->findChildren<QLabel *>())
        if (label->text().startsWith(QStringLiteral("The newest token sees")))
            sees = label->text();
    EXPECT_EQ(sees,
        QStringLiteral("The newest token sees all %1 keys in a full-attention layer and at most 3 in a sliding-window "
                       "layer.")
            .arg(n));
}

namespace {
struct KvDesignWindow : test::MainWindowFixture { };
} // namespace

// In the window at 1280×720 every row of the design table is in view at once (the table does not
// scroll its five rows away), and the window stays on the screen.
TEST_F(KvDesignWindow, EveryRowOfTheDesignTableIsReadableAt1280x720)
{
    TinyFolder folder(false);
    MainWindow window(&document);
    window.modelActions()->setQuiet(true);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(window.modelActions()->session()));
    KvDesignTable *designs = window.findChild<KvDesignTable *>();
    ASSERT_TRUE(designs);
    // The Generate panel in front (the room's first tab), its page scrolled to the table.
    auto *panels = window.findChild<QTabWidget *>(QStringLiteral("ModelRoomPanels"));
    ASSERT_TRUE(panels);
    panels->setCurrentIndex(0);
    QApplication::processEvents();
    for (QWidget *w = designs->parentWidget(); w; w = w->parentWidget())
        if (auto *area = qobject_cast<QScrollArea *>(w))
            area->ensureWidgetVisible(designs, 0, 0);
    QApplication::processEvents();
    ASSERT_TRUE(designs->isVisible());
    EXPECT_LE(window.height(), 720);
    ASSERT_EQ(designs->rowCount(), 5);
    for (int r = 0; r < designs->rowCount(); ++r) {
        EXPECT_GE(designs->rowViewportPosition(r), 0) << r;
        EXPECT_LE(designs->rowViewportPosition(r) + designs->rowHeight(r), designs->viewport()->height()) << r;
    }
}

// The KV cache's labels (the policy line, the formula with the engine's sizes, the lesson
// buttons) each keep the height of all their lines when the panel is short, so none is drawn over
// another: the window at 1280×720 and shorter, under a cache policy (which adds a line), with the
// Generate panel in front. Once the formula's lines were squeezed under the policy line
// (docs/images/engine-eviction.png).
TEST_F(KvDesignWindow, NoTwoLabelsOfTheKvCacheOverlapWhenThePanelIsShort)
{
    TinyFolder folder(false, true, 32);
    MainWindow window(&document);
    window.modelActions()->setQuiet(true);
    window.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(window.modelActions()->session()));
    auto *panels = window.findChild<QTabWidget *>(QStringLiteral("ModelRoomPanels"));
    ASSERT_TRUE(panels);
    panels->setCurrentIndex(0);
    KvCachePanel *cache = window.findChild<KvCachePanel *>();
    ASSERT_TRUE(cache);
    cache->policy()->setPolicy(CachePolicyBar::WindowAndSinks, 6, 2);
    ASSERT_TRUE(waitComputed(window.modelActions()->session()));
    for (const QSize &size : {QSize(1280, 720), QSize(1280, 560), QSize(1024, 560)}) {
        SCOPED_TRACE(testing::Message() << size.width() << "×" << size.height());
        window.resize(size);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        // A label's new minimum height climbs one layout at a time to the page's scroll area.
        for (int i = 0; i < 8; ++i)
            QApplication::processEvents();
        ASSERT_TRUE(cache->isVisible());
        QList<QWidget *> texts;
        for (QWidget *w : cache->findChildren<QWidget *>()) {
            if (!w->isVisible() || !(qobject_cast<QLabel *>(w) || qobject_cast<QAbstractButton *>(w)))
                continue;
            texts << w;
            if (auto *label = qobject_cast<QLabel *>(w); label && label->wordWrap()) {
                EXPECT_GE(label->height(), label->heightForWidth(label->width())) << label->text().toStdString();
            } else if (!qobject_cast<QAbstractSpinBox *>(w->parentWidget())) {
                EXPECT_GE(w->height(), w->minimumSizeHint().height()) << w->metaObject()->className();
            }
        }
        ASSERT_GE(texts.size(), 4);
        for (int i = 0; i < texts.size(); ++i)
            for (int j = i + 1; j < texts.size(); ++j) {
                const QRect a(texts[i]->mapTo(cache, QPoint(0, 0)), texts[i]->size());
                const QRect b(texts[j]->mapTo(cache, QPoint(0, 0)), texts[j]->size());
                const auto name = [](const QWidget *w) {
                    const auto *label = qobject_cast<const QLabel *>(w);
                    return (label ? label->text() : QString::fromLatin1(w->metaObject()->className())).left(40);
                };
                EXPECT_FALSE(a.intersects(b)) << name(texts[i]).toStdString() << " / " << name(texts[j]).toStdString();
            }
    }
}

// A size under 1 KiB is written once ("192 bytes"), a larger one with its rounded size beside
// ("8,448 bytes (8.3 KiB)"): never "192 bytes (192 bytes)". The same formatter writes every size.
TEST(SizeText, TheExactCountIsWrittenOnceUnder1KiBAndWithItsRoundedSizeAbove)
{
    const QLocale english(QLocale::English, QLocale::UnitedStates);
    const QLocale before;
    QLocale::setDefault(english);
    EXPECT_EQ(exactSizeText(192), QStringLiteral("192 bytes"));
    EXPECT_EQ(exactSizeText(1023), QStringLiteral("1,023 bytes"));
    EXPECT_EQ(exactSizeText(1024), QStringLiteral("1,024 bytes (1.0 KiB)"));
    EXPECT_EQ(exactSizeText(8448), QStringLiteral("8,448 bytes (8.3 KiB)"));
    EXPECT_EQ(sizeText(192), QStringLiteral("192 bytes"));
    EXPECT_EQ(sizeText(8448), QStringLiteral("8.3 KiB"));
    EXPECT_EQ(sizeText(3LL << 30), QStringLiteral("3.0 GiB"));
    QLocale::setDefault(before);
}

// The panel of a tiny model, whose engine caches 192 bytes per token, says so once.
TEST(KvCacheView, ASizeUnder1KiBIsNotRepeatedInBrackets)
{
    TinyFolder folder(false, true, 32);
    GenerateRoom room;
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    const QString formula = room.panel->cachePanel()->formulaText();
    const QRegularExpression repeated(QStringLiteral("(\\d[\\d,]*) bytes \\(\\1 bytes\\)"));
    EXPECT_FALSE(repeated.match(formula).hasMatch()) << formula.toStdString();
    EXPECT_TRUE(formula.contains(QRegularExpression(QStringLiteral("\\b\\d{1,3} bytes per token"))))
        << formula.toStdString();
}
