// The FlashAttention tab (ui/experiments/flashexperiment.h): it traces the document's current
// head, steps through the tiles, lights the current one, fills the table with the tile's running
// values, and ends with the comparison against the pipeline's own context.
#include "../uitestscenes.h"
#include "core/scene/pipeline.h"
#include "ui/document/document.h"
#include "ui/experiments/flashexperiment.h"
#include "ui/experiments/tilegrid.h"
#include "ui/i18n/language.h"

#include <QFile>
#include <QLabel>
#include <QTableWidget>
#include <QTextBrowser>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace attnlab;

TEST(FlashTab, StepsThroughTheTilesOfTheCurrentHeadAndEndsAtItsContext)
{
    ui::Document doc;
    core::Scene scene = test::randomUiScene(41, 7, 8, 2, 4);
    scene.mask = core::MaskKind::Causal;
    doc.load(scene);
    doc.setCurrentHead(1);
    ui::FlashExperiment tab(&doc);
    tab.setTileSize(3, 2);
    const core::engine::FlashTrace &t = tab.trace();
    // 3 row tiles × 4 column tiles, of which (0,2), (0,3) and (1,3) lie above the diagonal.
    ASSERT_EQ(t.steps.size(), 9u);
    EXPECT_TRUE(t.causal);
    const core::Matrix &context = doc.stages().heads[1].context;
    EXPECT_LT((t.output - context.cast<double>()).cwiseAbs().maxCoeff(), 1e-5);

    EXPECT_EQ(tab.step(), -1);
    EXPECT_EQ(tab.grid()->current(), std::make_pair(-1, -1));
    tab.setStep(1);
    EXPECT_EQ(tab.grid()->current(), std::make_pair(0, 1));
    EXPECT_TRUE(tab.stepLabel()->text().contains(QStringLiteral("2")));
    ASSERT_EQ(tab.table()->rowCount(), 3);
    // Row 0 sees key 0 only, so the second tile leaves its maximum where the first put it.
    EXPECT_EQ(tab.table()->item(0, 1)->text(), tab.table()->item(0, 2)->text());
    // A visited tile's cell is drawn at full colour, one still to come faded.
    EXPECT_NE(tab.grid()->cellColour(0, 0), tab.grid()->cellColour(6, 0));

    tab.setStep(100);
    EXPECT_EQ(tab.step(), 8);
    EXPECT_EQ(tab.grid()->current(), std::make_pair(2, 3));
    EXPECT_FALSE(tab.resultLabel()->text().isEmpty());
    EXPECT_TRUE(tab.resultLabel()->text().contains(QStringLiteral("7 × 7")));

    // A new tile size is traced again at once.
    tab.setTileSize(7, 7);
    EXPECT_EQ(tab.trace().steps.size(), 1u);
}

TEST(FlashTab, FollowsTheDocumentsCurrentHead)
{
    ui::Document doc;
    doc.load(test::randomUiScene(43, 4, 8, 2, 4));
    ui::FlashExperiment tab(&doc);
    const Eigen::MatrixXd head0 = tab.trace().output;
    doc.setCurrentHead(1);
    EXPECT_LT((tab.trace().output - doc.stages().heads[1].context.cast<double>()).cwiseAbs().maxCoeff(), 1e-5);
    EXPECT_GT((tab.trace().output - head0).cwiseAbs().maxCoeff(), 1e-6);
}

TEST(FlashTab, ExplainsItselfInBothLanguages)
{
    for (const char *language : {"en", "zh_CN"}) {
        QFile page(QStringLiteral(":/explanations/%1/flash.html").arg(QLatin1String(language)));
        ASSERT_TRUE(page.open(QIODevice::ReadOnly)) << language;
        const QString html = QString::fromUtf8(page.readAll());
        EXPECT_TRUE(html.contains(QStringLiteral("exp(m_old − m_new)"))) << language;
        EXPECT_TRUE(html.contains(QStringLiteral("O / l"))) << language;
    }
    ui::Document doc;
    doc.load(test::example("cat-eats-fish"));
    ui::FlashExperiment tab(&doc);
    EXPECT_TRUE(tab.page()->toPlainText().contains(QStringLiteral("FlashAttention")));
}

// A long text: the tiles grow so that no side has more than kMaxTilesPerSide of them, which keeps
// the trace quick and its steps a few megabytes (1 × 1 tiles would keep one step per cell).
TEST(FlashTab, ALongTextGetsTilesLargeEnoughForAtMostSixtyFourASide)
{
    ui::Document doc;
    core::Scene scene = test::randomUiScene(47, 200, 8, 1, 8);
    scene.mask = core::MaskKind::Causal;
    doc.load(scene);
    ui::FlashExperiment tab(&doc);
    tab.setTileSize(1, 1);
    const core::engine::FlashTrace &t = tab.trace();
    EXPECT_EQ(t.tileRows, 4); // ⌈200 ÷ 64⌉
    EXPECT_EQ(t.tileCols, 4);
    EXPECT_LE(t.steps.size(), size_t(ui::FlashExperiment::kMaxTilesPerSide * ui::FlashExperiment::kMaxTilesPerSide));
    EXPECT_LT((t.output - doc.stages().heads[0].context.cast<double>()).cwiseAbs().maxCoeff(), 1e-4);
    // A short text again allows 1 × 1.
    doc.load(test::randomUiScene(48, 5, 8, 1, 8));
    tab.setTileSize(1, 1);
    EXPECT_EQ(tab.trace().tileRows, 1);
}

// Under a sliding window the trace reads only the tiles the band touches: a tile wholly left of
// the window is skipped like one above the diagonal, and the result is still the head's context.
TEST(FlashTab, SkipsTheTilesOutsideTheSlidingWindow)
{
    ui::Document doc;
    core::Scene scene = test::randomUiScene(43, 7, 8, 1, 4);
    scene.mask = core::MaskKind::Causal;
    scene.variants.slidingWindow = 2;
    doc.load(scene);
    ui::FlashExperiment tab(&doc);
    tab.setTileSize(1, 1);
    const core::engine::FlashTrace &t = tab.trace();
    // Query i reads keys i − 1 and i: 1 + 2 · 6 cells of 1 × 1.
    ASSERT_EQ(t.steps.size(), 13u);
    for (const core::engine::FlashStep &s : t.steps)
        EXPECT_TRUE(s.colTile == s.rowTile || s.colTile == s.rowTile - 1) << s.rowTile << ", " << s.colTile;
    EXPECT_TRUE(tab.grid()->isSkipped(6, 0));
    EXPECT_FALSE(tab.grid()->isSkipped(6, 5));
    const core::Matrix &context = doc.stages().heads[0].context;
    EXPECT_LT((t.output - context.cast<double>()).cwiseAbs().maxCoeff(), 1e-5);
}

namespace {

struct Counted {
    int total = 0, skipped = 0, partial = 0;
};

// The tiles of the tab's grid counted from the scores it draws: a cell is hidden when its masked
// score is −∞; a tile is skipped when all its cells are, partly hidden when some are.
Counted countFromScores(const core::Matrix &masked, int tileRows, int tileCols)
{
    Counted c;
    const int n = int(masked.rows());
    for (int r0 = 0; r0 < n; r0 += tileRows)
        for (int c0 = 0; c0 < n; c0 += tileCols) {
            int hidden = 0, cells = 0;
            for (int i = r0; i < std::min(n, r0 + tileRows); ++i)
                for (int j = c0; j < std::min(n, c0 + tileCols); ++j) {
                    ++cells;
                    hidden += std::isinf(masked(i, j)) && masked(i, j) < 0;
                }
            ++c.total;
            c.skipped += hidden == cells;
            c.partial += hidden > 0 && hidden < cells;
        }
    return c;
}

} // namespace

// The sentence over the tiles says what the grid shows (it once said "the mask hides all of
// them" with no tile crossed out, or with tiles only partly masked): checked against tiles counted
// from the drawn scores, for a causal mask with tiles the diagonal cuts, 1 × 1 tiles, a sliding
// window and no mask, in English (its plural forms) and Chinese.
TEST(FlashTab, TheSentenceOverTheTilesCountsWhatTheMaskHides)
{
    struct Case {
        core::MaskKind mask;
        int window, tileRows, tileCols;
    };
    const Case cases[] = {
        {core::MaskKind::Causal, 0, 3, 2},
        {core::MaskKind::Causal, 0, 1, 1},
        {core::MaskKind::Causal, 2, 2, 2},
        {core::MaskKind::None, 0, 3, 3},
        {core::MaskKind::None, 0, 7, 7},
    };
    for (const Case &k : cases) {
        SCOPED_TRACE(testing::Message() << int(k.mask) << " window " << k.window << " tiles " << k.tileRows << "×"
                                        << k.tileCols);
        ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("en")));
        ui::Document doc;
        core::Scene scene = test::randomUiScene(51, 7, 8, 1, 4);
        scene.mask = k.mask;
        scene.variants.slidingWindow = k.window;
        doc.load(scene);
        ui::FlashExperiment tab(&doc);
        tab.setTileSize(k.tileRows, k.tileCols);
        const Counted c = countFromScores(doc.stages().heads[0].masked, k.tileRows, k.tileCols);
        EXPECT_EQ(tab.tiles().total, c.total);
        EXPECT_EQ(tab.tiles().skipped, c.skipped);
        EXPECT_EQ(tab.tiles().partial, c.partial);
        int crossed = 0;
        for (int r = 0; r * k.tileRows < 7; ++r)
            for (int col = 0; col * k.tileCols < 7; ++col)
                crossed += tab.grid()->isSkipped(r, col);
        EXPECT_EQ(crossed, c.skipped);

        QString expected;
        if (c.skipped == 0 && c.partial == 0) {
            expected = c.total == 1 ? QStringLiteral("The mask hides no cell, so the one tile is read.")
                                    : QStringLiteral("The mask hides no cell, so all %1 tiles are read.").arg(c.total);
        } else {
            expected = c.skipped == 0 ? QStringLiteral("No tile is skipped: the mask hides no tile whole.")
                : c.skipped == 1
                ? QStringLiteral("1 of the %1 tiles is crossed out and skipped: the mask hides every cell in it.")
                      .arg(c.total)
                : QStringLiteral("%1 of the %2 tiles are crossed out and skipped: the mask hides every cell in them.")
                      .arg(c.skipped)
                      .arg(c.total);
            if (c.partial == 1)
                expected += QStringLiteral(" In 1 tile the mask hides only some cells: it is read, its hidden cells "
                                           "counting as −∞.");
            else if (c.partial > 1)
                expected += QStringLiteral(" In %1 tiles the mask hides only some cells: these are read, their "
                                           "hidden cells counting as −∞.")
                                .arg(c.partial);
        }
        EXPECT_EQ(tab.tilesText(), expected);
        EXPECT_TRUE(tab.axesLabel()->text().endsWith(expected)) << tab.axesLabel()->text().toStdString();

        // Chinese: the same counts, in Chinese words.
        ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("zh_CN")));
        const QString zh = tab.tilesText();
        EXPECT_FALSE(zh.contains(QStringLiteral("tile"))) << zh.toStdString();
        EXPECT_TRUE(zh.contains(QStringLiteral("块"))) << zh.toStdString();
        for (int count : {c.skipped, c.partial})
            if (count > 0) {
                EXPECT_TRUE(zh.contains(QString::number(count))) << zh.toStdString();
            }
        if (c.skipped == 0 && c.partial == 0) {
            EXPECT_TRUE(zh.contains(QString::number(c.total))) << zh.toStdString();
        }
        ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("en")));
    }
}
