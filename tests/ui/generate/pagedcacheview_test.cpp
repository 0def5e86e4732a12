// The paged KV cache view (issue 32) shows the current generation of the open model in blocks:
// the numbers it shows — block tables, tokens, bytes used, filled and wasted, shared blocks,
// copies on write — read back and counted by hand from the prompt and generated tokens.
#include "core/engine/kvcachesize.h"
#include "generateroom.h"
#include "ui/generate/generatepanel.h"
#include "ui/generate/generator.h"
#include "ui/generate/pagedblockgrid.h"
#include "ui/generate/pagedcacheview.h"

#include <QLocale>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableWidget>
#include <QTextBrowser>
#include <QToolButton>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::GenerateRoom;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;

namespace {

QString bytes(std::int64_t n)
{
    return QLocale().toString(qlonglong(n)) + QStringLiteral(" bytes");
}

} // namespace

TEST(PagedCacheView, ContinuationsShareThePromptsBlockUntilTheyWriteTheirOwn)
{
    TinyFolder folder(false);
    GenerateRoom room;
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    PagedCacheView *view = room.panel->pagedView();
    EXPECT_EQ(view->blockSizeBox()->value(), 16);
    EXPECT_EQ(view->continuationsBox()->value(), 3);
    const int n = room.session->runner()->tokenCount();
    ASSERT_GT(n, 1);
    ASSERT_LT(n, 16);
    EXPECT_EQ(view->promptTokens(), n);
    EXPECT_EQ(view->generatedTokens(), 0);
    // The tiny GPT-2 in float32: 2 · 3 layers · 2 heads · d_head · 4 bytes per token.
    const core::model::ModelConfig &config = *room.session->config();
    const std::int64_t perToken = 2LL * 3 * 2 * config.headDim() * 4;
    EXPECT_EQ(core::engine::kvCacheSize(room.session->runner()->weights()).bytesPerToken, perToken);
    EXPECT_EQ(view->cache().bytesPerToken(), perToken);

    // Before generating: the three continuations are the prompt, one block shared three times.
    QTableWidget *table = view->table();
    ASSERT_EQ(table->rowCount(), 3);
    for (int row = 0; row < 3; ++row) {
        EXPECT_EQ(table->item(row, 0)->text(), QString::number(row + 1));
        EXPECT_EQ(table->item(row, 1)->text(), QString::number(n));
        EXPECT_EQ(table->item(row, 2)->text(), QStringLiteral("0"));
    }
    EXPECT_EQ(view->cache().refCount(0), 3);
    EXPECT_EQ(view->grid()->blockColor(0), PagedBlockGrid::sharedColor());
    EXPECT_TRUE(view->grid()->blockToolTip(0).contains(QStringLiteral("1, 2, 3")));
    QString summary = view->summaryText();
    EXPECT_TRUE(summary.contains(QStringLiteral("1 blocks in use, 1 of them shared: %1").arg(bytes(16 * perToken))))
        << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("Wasted in partly filled blocks: %1").arg(bytes((16 - n) * perToken))));

    // Three generated tokens each: the first two continuations copy the shared block (blocks 1
    // and 2), the third writes into block 0 itself.
    ASSERT_TRUE(room.generate(3));
    EXPECT_EQ(view->promptTokens(), n);
    EXPECT_EQ(view->generatedTokens(), 3);
    ASSERT_EQ(n + 3, room.session->runner()->tokenCount());
    ASSERT_LE(n + 3, 16);
    EXPECT_EQ(table->item(0, 2)->text(), QStringLiteral("1"));
    EXPECT_EQ(table->item(1, 2)->text(), QStringLiteral("2"));
    EXPECT_EQ(table->item(2, 2)->text(), QStringLiteral("0"));
    EXPECT_EQ(table->item(2, 1)->text(), QString::number(n + 3));
    EXPECT_EQ(view->grid()->blockColor(1), PagedBlockGrid::sequenceColor(0));
    summary = view->summaryText();
    EXPECT_TRUE(summary.contains(QStringLiteral("3 blocks in use, 0 of them shared")));
    EXPECT_TRUE(summary.contains(QStringLiteral("Filled: %1").arg(bytes(3 * (n + 3) * perToken))));
    EXPECT_TRUE(summary.contains(QStringLiteral("Blocks copied on write: 2.")));

    // Blocks of 2 tokens: the prompt's full blocks stay shared, each continuation has its own tail.
    view->blockSizeBox()->setValue(2);
    const int shared = n / 2;
    const int own = (n + 3 + 1) / 2 - shared;
    EXPECT_EQ(view->cache().sharedBlocks(), shared);
    EXPECT_EQ(view->cache().blocksInUse(), shared + 3 * own);
    EXPECT_EQ(view->cache().copyOnWrites(), n % 2 == 1 ? 2 : 0);
    EXPECT_EQ(view->cache().bytesWasted(), 3 * ((n + 3) % 2) * perToken);
    EXPECT_EQ(table->item(0, 2)->text().count(QLatin1Char(',')) + 1, shared + own);
    summary = view->summaryText();
    EXPECT_TRUE(summary.contains(QStringLiteral("Without sharing the continuations would take %1")
                                     .arg(bytes(3 * (shared + own) * 2 * perToken))))
        << summary.toStdString();

    // One continuation: nothing shared.
    view->continuationsBox()->setValue(1);
    EXPECT_EQ(table->rowCount(), 1);
    EXPECT_EQ(view->cache().sharedBlocks(), 0);
    EXPECT_EQ(view->cache().bytesUsed(), view->cache().bytesWithoutSharing());
}

TEST(PagedCacheView, ABertModelHasNoCacheToPage)
{
    TinyFolder folder(true);
    GenerateRoom room;
    room.openModel(folder.path(), QStringLiteral("the [MASK] sat"));
    ASSERT_TRUE(waitComputed(room.session));
    PagedCacheView *view = room.panel->pagedView();
    EXPECT_FALSE(view->blockSizeBox()->isEnabled());
    EXPECT_FALSE(view->continuationsBox()->isEnabled());
    EXPECT_EQ(view->table()->rowCount(), 0);
    EXPECT_EQ(view->cache().blocksInUse(), 0);
    EXPECT_TRUE(view->summaryText().contains(QStringLiteral("not causal")));
}

TEST(PagedCacheView, EveryControlHasATooltipAndTheHelpButtonOpensThePage)
{
    ModelSession session;
    PagedCacheView view(&session);
    EXPECT_TRUE(view.summaryText().contains(QStringLiteral("Open a model")));
    for (QWidget *w : std::initializer_list<QWidget *> {view.blockSizeBox(), view.continuationsBox(), view.table(),
             view.grid(), view.findChild<QToolButton *>(QStringLiteral("PagedCacheHelp"))})
        EXPECT_FALSE(w->toolTip().isEmpty()) << w->metaObject()->className();
    view.findChild<QToolButton *>(QStringLiteral("PagedCacheHelp"))->click();
    auto *page = view.findChild<QTextBrowser *>(QStringLiteral("PagedCachePage"));
    ASSERT_NE(page, nullptr);
    EXPECT_TRUE(page->toPlainText().contains(QStringLiteral("copy-on-write")));
}

TEST(PagedCacheView, ThePagesExampleIsComputedAndCountsAsByHand)
{
    const QLocale locale;
    for (const char *language : {"en", "zh_CN"}) {
        const QString html = PagedCacheView::pageHtml(QString::fromLatin1(language));
        ASSERT_FALSE(html.isEmpty()) << language;
        EXPECT_FALSE(html.contains(QRegularExpression(QStringLiteral("%[A-Z_]+%")))) << language;
        // 2 · 24 layers · 2 K/V heads · 64 · 2 bytes, and 16 times that.
        EXPECT_TRUE(html.contains(locale.toString(12288))) << language;
        EXPECT_TRUE(html.contains(locale.toString(196608))) << language;
    }
    // 37 = 16 + 16 + 5; three continuations of 3: blocks 0, 1 shared, two copies of block 2.
    const QString en = PagedCacheView::pageHtml(QStringLiteral("en"));
    for (const char *said : {"A prompt of 37 tokens fills 3 blocks of 16; the last holds 5 tokens", "so 11 slots",
             "sample 3 continuations of it, 3 tokens each", "In the end 5 blocks are in use, 2 of them copies",
             "where 3 separate caches would hold 9"})
        EXPECT_TRUE(en.contains(QString::fromUtf8(said))) << said;
    const QString zh = PagedCacheView::pageHtml(QStringLiteral("zh_CN"));
    for (const char *said : {"37 个词元的提示占满 3 个 16 槽的块", "最后一块存 5 个词元，空着 11 个槽",
             "最后共用 5 个块，其中 2 个是副本", "要 9 个块"})
        EXPECT_TRUE(zh.contains(QString::fromUtf8(said))) << said;
}
