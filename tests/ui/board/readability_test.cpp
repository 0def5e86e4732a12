// Readable at 10–32 tokens: every row and column label is on every card, none touches its
// neighbour, long tokens are elided with the full text on hover, values appear in the cells
// whenever they fit, zoom and presentation never hide labels, a card can be enlarged, and the
// weights' colour scale is fixed [0, 1] or auto [0, max]. Read back from the plot objects.
#include "core/scene/sceneedits.h"
#include "ui/board/heatmapview.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/presentationmode.h"
#include "ui/board/presentationview.h"
#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"
#include "ui/editors/matrixeditordock.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/plot/heatmaplayer.h"
#include "ui/plot/heatmapplot.h"
#include "ui/plot/labelfit.h"
#include "ui/plot/stageinfo.h"

#include <QAction>
#include <QDockWidget>
#include <QFontMetricsF>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QTableView>
#include <QTest>
#include <QTextEdit>

#include "../uitestscenes.h"

#include <gtest/gtest.h>

using namespace attnlab;
using test::example;
using namespace attnlab::ui;

namespace {

// A sentence of `n` tokens: Chinese characters and English words of different lengths, one
// long enough to be elided.
std::vector<std::string> tokens(int n)
{
    static const char *words[] = {"猫", "吃", "鱼", "the", "quick", "brown", "fox", "jumps", "over", "lazy", "狗", "小",
        "river", "大", "understanding", "了", "and", "河", "边", "a"};
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i)
        out.push_back(i == 5 ? std::string("internationalisation-of-attention") : std::string(words[i % 20]));
    return out;
}

core::Scene sceneWith(int n)
{
    return core::edits::withTokens(example("cat-eats-fish"), tokens(n));
}

QStringList tickLabels(QCPAxis *axis)
{
    auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>();
    return ticker ? ticker->ticks().values() : QStringList();
}

// Lays the plot out until the label fit has settled (the fit asks for one more layout).
void settle(QCustomPlot *plot)
{
    for (int i = 0; i < 3; ++i)
        plot->replot(QCustomPlot::rpImmediateRefresh);
}

// `shown` is `full`, or `full` cut short and ending in "…".
bool isFullOrElided(const QString &shown, const QString &full)
{
    return shown == full || (shown.endsWith(QChar(0x2026)) && full.startsWith(shown.chopped(1)));
}

// Ink above and below the baseline over all labels, at `font`.
std::pair<double, double> inkExtent(const QFont &font, const QStringList &labels)
{
    const QFontMetricsF fm(font);
    double above = 0, below = 0;
    for (const QString &label : labels) {
        const QRectF ink = fm.tightBoundingRect(label);
        above = std::max(above, -ink.top());
        below = std::max(below, ink.bottom());
    }
    return {above, below};
}

double widest(const QFont &font, const QStringList &labels)
{
    const QFontMetricsF fm(font);
    double w = 0;
    for (const QString &label : labels)
        w = std::max(w, fm.horizontalAdvance(label));
    return w;
}

// Every label of `heatmap` is on its axis, at a legible size, without touching its neighbours,
// inside the plot; the axis titles too.
void expectEveryLabelReadable(HeatmapPlot *heatmap, const std::string &where)
{
    SCOPED_TRACE(where);
    QCustomPlot *plot = heatmap->plot();
    const QStringList rows = tickLabels(plot->yAxis);
    const QStringList columns = tickLabels(plot->xAxis);
    ASSERT_EQ(rows.size(), heatmap->rows()) << "every row label is shown";
    ASSERT_EQ(columns.size(), heatmap->columns()) << "every column label is shown";
    for (int i = 0; i < rows.size(); ++i)
        EXPECT_TRUE(isFullOrElided(rows[i], heatmap->rowLabels()[i])) << rows[i].toStdString();
    for (int j = 0; j < columns.size(); ++j)
        EXPECT_TRUE(isFullOrElided(columns[j], heatmap->columnLabels()[j])) << columns[j].toStdString();

    const QFont font = plot->yAxis->tickLabelFont();
    EXPECT_GE(font.pixelSize(), 7);
    const QRect cells = plot->axisRect()->rect();
    ASSERT_GT(cells.height(), 0);
    ASSERT_GT(cells.width(), 0);
    const double rowPitch = cells.height() / double(heatmap->rows());
    const double columnPitch = cells.width() / double(heatmap->columns());
    const auto [above, below] = inkExtent(font, rows);
    EXPECT_LE(above + below, rowPitch) << "row labels overlap at " << font.pixelSize() << " px";
    const bool rotated = std::abs(plot->xAxis->tickLabelRotation()) > 1;
    if (rotated) {
        const auto [cAbove, cBelow] = inkExtent(plot->xAxis->tickLabelFont(), columns);
        EXPECT_LE(cAbove + cBelow, columnPitch) << "upright column labels overlap";
        EXPECT_LE(widest(plot->xAxis->tickLabelFont(), columns), plot->axisRect()->margins().bottom());
    } else {
        EXPECT_LE(widest(plot->xAxis->tickLabelFont(), columns), columnPitch) << "column labels overlap";
    }
    EXPECT_LE(widest(font, rows), plot->axisRect()->margins().left()) << "row labels fit their margin";
    // The axis titles have their room inside the plot.
    const QFontMetricsF title(plot->xAxis->labelFont());
    EXPECT_LE(plot->axisRect()->outerRect().bottom(), plot->height());
    EXPECT_GE(plot->axisRect()->margins().bottom(), title.height());
    EXPECT_GE(plot->axisRect()->margins().left(), title.height());
}

struct ReadabilityTest : ::testing::Test {
    void SetUp() override { QSettings().clear(); }
    void TearDown() override { QSettings().clear(); }
};

} // namespace

TEST(LabelFit, ShrinksTypeThenTurnsColumnsAndThinsOnlyWhenNothingElseFits)
{
    LabelFit fit;
    QStringList words;
    for (const std::string &t : tokens(12))
        words << QString::fromStdString(t);
    fit.setLabels(words, words);
    LabelFit::Area area;
    area.padding = 8;
    area.title = 16;
    area.outer = QSizeF(900, 700);
    const LabelFit::Result roomy = fit.fit(area, 13, 7);
    EXPECT_EQ(roomy.pixels, 13);
    EXPECT_EQ(roomy.rowStep, 1);
    EXPECT_EQ(roomy.columnStep, 1);

    area.outer = QSizeF(320, 240);
    const LabelFit::Result tight = fit.fit(area, 13, 7);
    EXPECT_LT(tight.pixels, 13) << "smaller type before anything else";
    EXPECT_TRUE(tight.rotated) << "English words side by side need more room than upright";
    EXPECT_EQ(tight.rowStep, 1);
    EXPECT_EQ(tight.columnStep, 1);

    area.outer = QSizeF(120, 90);
    const LabelFit::Result tiny = fit.fit(area, 13, 7);
    EXPECT_EQ(tiny.pixels, 7);
    EXPECT_GT(tiny.rowStep, 1) << "only when even the smallest type does not fit";

    // The size it asks for shows every label at that size.
    area.outer = fit.sizeFor(area, 9);
    const LabelFit::Result asked = fit.fit(area, 9, 7);
    EXPECT_EQ(asked.pixels, 9);
    EXPECT_EQ(asked.rowStep, 1);
    EXPECT_EQ(asked.columnStep, 1);
}

TEST(LabelFit, LongLabelsAreElidedAndSingleCharactersStayLevel)
{
    LabelFit fit;
    const QString longToken(200, QLatin1Char('x'));
    const QStringList chinese {QStringLiteral("猫"), QStringLiteral("吃"), QStringLiteral("鱼")};
    fit.setLabels({longToken, QStringLiteral("猫")}, chinese);
    ASSERT_EQ(fit.shownRows().size(), 2);
    EXPECT_TRUE(fit.shownRows()[0].endsWith(QChar(0x2026)));
    EXPECT_LT(fit.shownRows()[0].size(), 40);
    EXPECT_EQ(fit.shownRows()[1], QStringLiteral("猫"));
    EXPECT_EQ(fit.shownColumns(), chinese);
    LabelFit::Area area;
    area.outer = QSizeF(400, 300);
    EXPECT_FALSE(fit.fit(area, 13, 7).rotated);
}

TEST_F(ReadabilityTest, EveryLabelOnEveryCardAt12And32TokensIn1280x720)
{
    for (int n : {12, 32}) {
        Document document;
        document.load(sceneWith(n));
        MainWindow window(&document);
        window.resize(1280, 720);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        window.steps()->setShowAll(true);
        PipelineBoard *board = window.board();
        ASSERT_TRUE(QTest::qWaitFor([&] { return board->card(core::StageWeights)->isVisible(); }));
        QApplication::processEvents();
        for (StageCard *card : board->cards()) {
            settle(card->heatmap()->plot());
            expectEveryLabelReadable(
                card->heatmap()->heatmap(), std::to_string(n) + " tokens, " + core::stageName(card->stage()));
        }
        // Zooming in never hides a label: the cards grow and the board scrolls.
        window.presentation()->zoomInAction()->trigger();
        window.presentation()->zoomInAction()->trigger();
        QApplication::processEvents();
        QApplication::processEvents();
        for (core::Stage stage : {core::StageX, core::StageWeights}) {
            settle(board->card(stage)->heatmap()->plot());
            expectEveryLabelReadable(board->card(stage)->heatmap()->heatmap(),
                std::to_string(n) + " tokens zoomed, " + core::stageName(stage));
        }
    }
}

TEST_F(ReadabilityTest, PresentationCardShowsEveryLabelAt32Tokens)
{
    Document document;
    document.load(sceneWith(32));
    MainWindow window(&document);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.presentation()->setActive(true);
    window.steps()->setCurrentStage(core::StageWeights);
    // Full screen on the offscreen platform is its whole virtual screen; hold it at 1280×720.
    window.presentationView()->resize(1280, 720);
    QApplication::processEvents();
    StageCard *card = window.presentationView()->card();
    ASSERT_NE(card, nullptr);
    ASSERT_EQ(card->stage(), core::StageWeights);
    ASSERT_TRUE(QTest::qWaitFor([&] { return card->heatmap()->plot()->height() > 200; }));
    settle(card->heatmap()->plot());
    expectEveryLabelReadable(card->heatmap()->heatmap(), "presentation");
}

TEST(Readability, ValuesAreDrawnWheneverTheyFit)
{
    Document document;
    document.load(sceneWith(12));
    HeatmapView view(&document, core::StageWeights);
    // 12 columns of about 40 pixels: room for "0.083".
    view.plot()->toPixmap(640, 560);
    EXPECT_GE(view.heatmap()->cellLayer()->shownDecimals(), 2);
    // Cells of about 25 pixels: smaller type, still values.
    view.plot()->toPixmap(440, 400);
    EXPECT_GT(view.heatmap()->cellLayer()->shownDecimals(), 0);
    EXPECT_GE(view.heatmap()->cellLayer()->shownValuePixels(), HeatmapLayer::kSmallestValuePixels);
    const int small = view.heatmap()->cellLayer()->shownValuePixels();
    view.plot()->toPixmap(640, 560);
    EXPECT_GT(view.heatmap()->cellLayer()->shownValuePixels(), small);
    // Too small even for the smallest type: hover only.
    view.plot()->toPixmap(200, 160);
    EXPECT_EQ(view.heatmap()->cellLayer()->shownDecimals(), 0);
}

TEST(Readability, HoverShowsTheTokensAndTheExactValueAndLabelsTheirFullText)
{
    Document document;
    document.load(example("cat-eats-fish"));
    HeatmapView view(&document, core::StageWeights);
    const double w = document.stages().heads[0].weights(1, 0);
    const QString tip = view.heatmap()->toolTip(1, 0);
    EXPECT_TRUE(tip.startsWith(QStringLiteral("吃 → 猫: ") + formatExactValue(w))) << tip.toStdString();
    EXPECT_TRUE(view.plot()->toolTip().isEmpty()) << "no fixed tooltip covers the cells";

    Document longDoc;
    core::Scene s = sceneWith(12);
    const std::string longToken(200, 'w');
    s = core::edits::withTokens(s, {"猫", longToken, "鱼"});
    longDoc.load(s);
    HeatmapView weights(&longDoc, core::StageWeights);
    const QString full = QString::fromStdString(longToken);
    EXPECT_NE(weights.heatmap()->shownRowLabels()[1], full);
    EXPECT_TRUE(weights.heatmap()->labelToolTip(HeatmapPlot::Region::RowLabel, 1).contains(full));
    EXPECT_TRUE(weights.heatmap()->labelToolTip(HeatmapPlot::Region::ColumnLabel, 1).contains(full));
    EXPECT_TRUE(weights.heatmap()->toolTip(1, 2).contains(full));
}

TEST_F(ReadabilityTest, WeightsColourScaleIsFixedOrAutoAndSaysWhich)
{
    Document document;
    document.load(sceneWith(12));
    const double largest = document.stages().heads[0].weights.maxCoeff();
    ASSERT_LT(largest, 0.9);
    {
        MainWindow window(&document);
        HeatmapPlot *weights = window.board()->card(core::StageWeights)->heatmap()->heatmap();
        HeatmapPlot *scores = window.board()->card(core::StageScores)->heatmap()->heatmap();
        EXPECT_EQ(weights->colorMap()->dataRange(), QCPRange(0, 1));
        EXPECT_EQ(weights->colorScale()->axis()->label(), QStringLiteral("0–1 fixed"));
        const QCPRange scoresRange = scores->colorMap()->dataRange();

        window.setAutoWeightsRange(true);
        EXPECT_NEAR(weights->colorMap()->dataRange().lower, 0, 1e-12);
        EXPECT_NEAR(weights->colorMap()->dataRange().upper, largest, 1e-6);
        EXPECT_EQ(weights->colorScale()->axis()->label(), QStringLiteral("0–max auto"));
        EXPECT_EQ(scores->colorMap()->dataRange(), scoresRange) << "only the weights change";
        EXPECT_TRUE(scores->colorScale()->axis()->label().isEmpty());
        window.presentation()->setActive(true);
        window.steps()->setCurrentStage(core::StageWeights);
        EXPECT_NEAR(window.presentationView()->card()->heatmap()->heatmap()->colorRange().upper, largest, 1e-6);
        window.presentation()->setActive(false);
        EXPECT_TRUE(window.close());
    }
    MainWindow again(&document);
    EXPECT_TRUE(again.autoWeightsRange()) << "remembered";
    EXPECT_NEAR(again.board()->card(core::StageWeights)->heatmap()->heatmap()->colorRange().upper, largest, 1e-6);
}

TEST_F(ReadabilityTest, ACardEnlargesToTheWholeBoardAndBack)
{
    Document document;
    document.load(sceneWith(12));
    MainWindow window(&document);
    window.resize(1280, 720);
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    window.steps()->setShowAll(true);
    PipelineBoard *board = window.board();
    StageCard *weights = board->card(core::StageWeights);
    ASSERT_TRUE(QTest::qWaitFor([&] { return weights->isVisible(); }));
    const QSize normal = weights->size();

    // Double-click the heatmap.
    QCustomPlot *plot = weights->heatmap()->plot();
    QTest::mouseDClick(plot, Qt::LeftButton, {}, plot->axisRect()->rect().center());
    EXPECT_EQ(board->enlargedStage(), std::optional<core::Stage>(core::StageWeights));
    EXPECT_TRUE(window.presentation()->enlargeAction()->isChecked());
    EXPECT_FALSE(board->card(core::StageScores)->isVisible());
    const auto area = [](const QSize &s) { return s.width() * s.height(); };
    EXPECT_TRUE(QTest::qWaitFor([&] { return area(weights->size()) * 2 > 3 * area(normal); }))
        << normal.width() << "×" << normal.height() << " → " << weights->width() << "×" << weights->height();
    settle(plot);
    expectEveryLabelReadable(weights->heatmap()->heatmap(), "enlarged");
    EXPECT_GE(weights->heatmap()->heatmap()->cellLayer()->shownDecimals(), 2) << "room for the values";

    // Esc brings the board back.
    board->setFocus();
    QTest::keyClick(board, Qt::Key_Escape);
    EXPECT_FALSE(board->isEnlarged());
    EXPECT_TRUE(board->card(core::StageScores)->isVisible());
    EXPECT_FALSE(window.presentation()->enlargeAction()->isChecked());

    // E enlarges the current card, E again brings the board back.
    window.steps()->setCurrentStage(core::StageScores);
    board->setFocus();
    QTest::keyClick(board, Qt::Key_E);
    EXPECT_EQ(board->enlargedStage(), std::optional<core::Stage>(core::StageScores));
    QTest::keyClick(board, Qt::Key_E);
    EXPECT_FALSE(board->isEnlarged());

    // In presentation mode the card takes the whole screen; Esc first brings it back, then leaves.
    window.presentation()->setActive(true);
    PresentationView *view = window.presentationView();
    view->setFocus();
    QTest::keyClick(view, Qt::Key_E);
    EXPECT_TRUE(view->isEnlarged());
    QTest::keyClick(view, Qt::Key_Escape);
    EXPECT_FALSE(view->isEnlarged());
    EXPECT_TRUE(window.presentation()->isActive());
    QTest::mouseDClick(view->card()->heatmap()->plot(), Qt::LeftButton, {},
        view->card()->heatmap()->plot()->axisRect()->rect().center());
    EXPECT_TRUE(view->isEnlarged());
    QTest::keyClick(view, Qt::Key_Escape);
    QTest::keyClick(view, Qt::Key_Escape);
    EXPECT_FALSE(window.presentation()->isActive());
}

TEST_F(ReadabilityTest, PresentationShowsTheInspectorAndExplanationBesideTheCard)
{
    Document document;
    document.load(example("cat-eats-fish"));
    MainWindow window(&document);
    window.resize(1280, 720);
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    QAction *toggle = window.presentation()->sidePanelAction();
    EXPECT_FALSE(toggle->toolTip().isEmpty());
    EXPECT_TRUE(window.viewMenu()->actions().contains(toggle));
    window.presentation()->setActive(true);
    PresentationView *view = window.presentationView();
    EXPECT_EQ(view->sidePanel(), nullptr) << "made only when first shown";
    view->setFocus();
    QTest::keyClick(view, Qt::Key_I);
    ASSERT_TRUE(toggle->isChecked());
    ASSERT_NE(view->sidePanel(), nullptr);
    EXPECT_TRUE(QTest::qWaitFor([&] { return view->sidePanel()->isVisible(); }));
    auto *inspector = view->sidePanel()->findChild<QDockWidget *>(QStringLiteral("PresentationInspector"));
    ASSERT_NE(inspector, nullptr);
    EXPECT_TRUE(inspector->isVisible());
    EXPECT_TRUE(view->sidePanel()->findChild<QDockWidget *>(QStringLiteral("PresentationExplanation"))->isVisible());
    // Beside the card, not over it.
    const QRect card = view->card()->geometry();
    const QRect side = view->sidePanel()->geometry();
    EXPECT_LE(card.right(), side.left());
    EXPECT_GT(card.width(), side.width());
    // It follows the selection like the docked inspector.
    window.steps()->setCurrentStage(core::StageWeights);
    document.setSelection({core::StageWeights, 1, 0});
    auto *text = inspector->findChild<QTextEdit *>();
    ASSERT_NE(text, nullptr);
    EXPECT_TRUE(QTest::qWaitFor([&] { return text->toPlainText().contains(QStringLiteral("吃")); }));

    QTest::keyClick(view, Qt::Key_I);
    EXPECT_FALSE(view->sidePanel()->isVisible());
    window.presentation()->setActive(false);
}

TEST_F(ReadabilityTest, ALongTokenDoesNotPushTheEditorsNumbersOrTheTitleAway)
{
    Document document;
    const std::string longToken(200, 'z');
    core::Scene s = core::edits::withTokens(example("cat-eats-fish"), {"猫", longToken, "鱼"});
    s.title = std::string(300, 't');
    document.load(s);
    MainWindow window(&document);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_LT(window.windowTitle().size(), 80) << window.windowTitle().toStdString();

    auto *editor = window.findChild<MatrixEditorDock *>();
    ASSERT_NE(editor, nullptr);
    bool checked = false;
    for (QTableView *table : editor->findChildren<QTableView *>()) {
        if (!table->isVisible() || table->model()->rowCount() < 2)
            continue;
        QHeaderView *rows = table->verticalHeader();
        // The numbers start within the first third of the table.
        EXPECT_LT(rows->width(), table->width() / 3) << rows->width() << " of " << table->width();
        for (int r = 0; r < table->model()->rowCount(); ++r) {
            const QString tip = table->model()->headerData(r, Qt::Vertical, Qt::ToolTipRole).toString();
            if (tip.contains(QString::fromStdString(longToken)))
                checked = true;
        }
    }
    EXPECT_TRUE(checked) << "a visible table lists the long token, in full as its tooltip";
}

// The sliding window's formula on the Masked card is long: at 1280×720 it wraps inside the card
// rather than being cut off.
TEST_F(ReadabilityTest, TheSlidingWindowsFormulaFitsItsCardIn1280x720)
{
    Document document;
    core::Scene scene = example("cat-eats-fish");
    scene.variants.slidingWindow = 2;
    document.load(scene);
    MainWindow window(&document);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.steps()->setShowAll(true);
    StageCard *card = window.board()->card(core::StageMasked);
    ASSERT_TRUE(QTest::qWaitFor([&] { return card->isVisible(); }));
    QApplication::processEvents();
    auto *formula = card->findChild<QLabel *>(QStringLiteral("StageCardFormula"));
    ASSERT_TRUE(formula);
    ASSERT_TRUE(formula->text().contains(QStringLiteral("window"))) << formula->text().toStdString();
    const QRect needed = formula->fontMetrics().boundingRect(
        QRect(0, 0, formula->contentsRect().width(), 10000), Qt::TextWordWrap, formula->text());
    EXPECT_LE(needed.width(), formula->contentsRect().width());
    EXPECT_LE(needed.height(), formula->contentsRect().height()) << formula->text().toStdString();
}
