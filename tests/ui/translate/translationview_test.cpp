// The translation view (issue 35) on the tiny Marian checkpoint of tests/testutil/marianreference:
// it opens the folder on its worker, takes generation_config.json's 4 beams as the default,
// translates as core/translate does (greedy and beam search), and its heatmap, lines and alignment
// table hold the cross-attention the model computes; the built-in demo model and the explanation
// page's worked numbers.

#include "core/translate/beamsearch.h"
#include "core/translate/crossalignment.h"
#include "core/translate/demomarian.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/plot/matrixplot.h"
#include "ui/translate/attentiongrid.h"
#include "ui/translate/crossattentionlines.h"
#include "ui/translate/translateactions.h"
#include "ui/translate/translationrun.h"
#include "ui/translate/translationwindow.h"

#include "marianreference.h"
#include "modelfixtures.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlab;
using namespace attnlab::ui;
using namespace attnlab::core::translate;

namespace {

class TranslationViewTest : public testing::Test {
protected:
    void SetUp() override
    {
        m_dir = test::makeTempDir("marian-view");
        m_fixture = test::writeTinyMarian(m_dir);
        QLocale::setDefault(QLocale::c());
    }
    void TearDown() override { test::removeTree(m_dir); }

    bool open(TranslationWindow &w)
    {
        QSignalSpy opened(&w, &TranslationWindow::modelOpened);
        return w.openModel(QString::fromStdString(m_dir)) && opened.wait(20000) && w.run()->model();
    }
    static bool translate(TranslationWindow &w)
    {
        QSignalSpy done(&w, &TranslationWindow::translated);
        return w.translate() && done.wait(20000);
    }
    static std::vector<int> ids(const Translation &t)
    {
        std::vector<int> out;
        for (const auto &g : t.generated)
            out.push_back(g.id);
        return out;
    }

    std::string m_dir;
    test::TinyMarian m_fixture;
};

} // namespace

TEST_F(TranslationViewTest, GreedyTranslationTokensHeatmapLinesAndAlignmentAreTheModels)
{
    TranslationWindow w;
    ASSERT_TRUE(open(w));
    EXPECT_EQ(w.beamsBox()->value(), 4); // generation_config.json's num_beams
    EXPECT_EQ(w.layerBox()->maximum(), 2);
    w.beamsBox()->setValue(1);
    w.maxTokensBox()->setValue(6);
    w.sourceEdit()->setText(QStringLiteral("猫吃鱼。"));
    ASSERT_TRUE(translate(w));
    EXPECT_FALSE(w.run()->isBusy());
    EXPECT_TRUE(w.translateButton()->isEnabled());
    EXPECT_FALSE(w.cancelButton()->isEnabled());

    const TranslationModel model = TranslationModel::load(m_dir);
    const Translation want = translateGreedy(model, "猫吃鱼。", 6);
    const Translation &got = w.run()->result().translation;
    ASSERT_EQ(ids(got), ids(want));
    EXPECT_EQ(ids(got), test::marianGreedy(m_fixture, want.sourceIds, 6));
    ASSERT_EQ(w.targetList()->count(), int(want.generated.size()));
    for (int i = 0; i < w.targetList()->count(); ++i) {
        QString piece = QString::fromStdString(want.generated[size_t(i)].token);
        if (piece.size() > 1 && piece.startsWith(QChar(0x2581)))
            piece.remove(0, 1);
        EXPECT_EQ(w.targetList()->item(i)->text(), piece) << i;
    }

    // The cross-attention the model computes for [start] + the tokens, row i the query of token i.
    std::vector<int> target = {model.rules().decoderStart};
    for (const auto &g : want.generated)
        target.push_back(g.id);
    std::vector<std::vector<core::Matrix>> cross;
    model.decode(model.encode(want.sourceIds), target, {}, nullptr, &cross);
    const int n = int(want.generated.size()), s = int(want.sourceIds.size());
    for (const int layer : {1, 2}) {
        w.layerBox()->setValue(layer);
        w.averageBox()->setChecked(true);
        ASSERT_EQ(w.heatmap()->rowCount(), n);
        ASSERT_EQ(w.heatmap()->columnCount(), s);
        const auto &heads = cross[size_t(layer - 1)];
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < s; ++c) {
                double mean = 0;
                for (const auto &h : heads)
                    mean += double(h(r, c));
                EXPECT_NEAR(w.heatmap()->cellValue(r, c), mean / double(heads.size()), 1e-5) << r << " " << c;
            }
        w.averageBox()->setChecked(false);
        EXPECT_TRUE(w.headBox()->isEnabled());
        w.headBox()->setValue(2);
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < s; ++c)
                EXPECT_NEAR(w.heatmap()->cellValue(r, c), double(heads[1](r, c)), 1e-5);
        // The lines of the selected token are its row.
        w.targetList()->setCurrentRow(n - 1);
        const std::vector<double> lines = w.lines()->lineWeights();
        ASSERT_EQ(int(lines.size()), s);
        for (int c = 0; c < s; ++c)
            EXPECT_NEAR(lines[size_t(c)], double(heads[1](n - 1, c)), 1e-6);
    }

    // The alignment table: per layer, the source token each target row attends to most.
    for (auto &layer : cross)
        for (auto &h : layer)
            h = core::Matrix(h.topRows(n));
    const CrossAlignment al = alignCrossAttention(cross);
    ASSERT_EQ(w.alignmentTable()->rowCount(), n);
    ASSERT_EQ(w.alignmentTable()->columnCount(), 2);
    for (int l = 0; l < 2; ++l)
        for (int r = 0; r < n; ++r)
            EXPECT_EQ(
                w.alignmentTable()->item(r, l)->data(Qt::UserRole).toInt(), al.layers[size_t(l)].source[size_t(r)]);
    EXPECT_TRUE(w.bestLayerLabel()->text().contains(QStringLiteral("layer %1").arg(al.mostConfident + 1)))
        << w.bestLayerLabel()->text().toStdString();
    EXPECT_TRUE(w.bestLayerLabel()->text().contains(
        QLocale().toString(al.layers[size_t(al.mostConfident)].confidence, 'f', 2)));
}

TEST_F(TranslationViewTest, EncoderAndDecoderSelfAttentionAndTheHeadsGridAreTheFloat64Reference)
{
    TranslationWindow w;
    w.resize(1280, 720);
    w.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&w));
    ASSERT_TRUE(open(w));
    w.beamsBox()->setValue(1);
    w.maxTokensBox()->setValue(6);
    w.sourceEdit()->setText(QStringLiteral("猫吃鱼。"));
    ASSERT_TRUE(translate(w));
    const Translation &got = w.run()->result().translation;
    const int n = int(got.generated.size()), s = int(got.sourceIds.size());
    ASSERT_GT(n, 1);
    // The decoder reads the start token and every generated token but the last.
    std::vector<int> input = {m_fixture.decoderStart};
    for (int i = 0; i + 1 < n; ++i)
        input.push_back(got.generated[size_t(i)].id);
    const test::MatrixD encoderOut = test::marianEncode(m_fixture, got.sourceIds);
    auto *tabs = w.findChild<QTabWidget *>(QStringLiteral("translationTabs"));
    ASSERT_NE(tabs, nullptr);
    tabs->setCurrentWidget(w.grid());
    QCoreApplication::processEvents();

    for (const int kind : {1, 2, 0}) { // the encoder's, the decoder's, the cross-attention
        w.kindBox()->setCurrentIndex(kind);
        const int rows = kind == 1 ? s : n, cols = kind == 2 ? n : s;
        EXPECT_EQ(w.layerBox()->maximum(), 2);
        EXPECT_EQ(w.grid()->layers(), 2);
        EXPECT_EQ(w.grid()->heads(), 2);
        for (int layer = 0; layer < 2; ++layer)
            for (int head = 0; head < 2; ++head) {
                // A click on the grid shows that head alone.
                QTest::mouseClick(w.grid(), Qt::LeftButton, {}, w.grid()->cellRect(layer, head).center());
                EXPECT_FALSE(w.averageBox()->isChecked());
                EXPECT_EQ(w.layerBox()->value(), layer + 1);
                EXPECT_EQ(w.headBox()->value(), head + 1);
                test::MarianHeadRef ref;
                if (kind == 1)
                    test::marianEncode(m_fixture, got.sourceIds, layer, head, &ref);
                else
                    test::marianDecode(m_fixture, encoderOut, input,
                        kind == 2 ? test::MarianAttention::Decoder : test::MarianAttention::Cross, layer, head, &ref);
                ASSERT_EQ(w.heatmap()->rowCount(), rows);
                ASSERT_EQ(w.heatmap()->columnCount(), cols);
                ASSERT_EQ(w.grid()->thumbnail(layer, head).size(), QSize(cols, rows));
                for (int r = 0; r < rows; ++r)
                    for (int c = 0; c < cols; ++c) {
                        EXPECT_NEAR(w.heatmap()->cellValue(r, c), ref.weights(r, c), 1e-5)
                            << kind << " " << layer << " " << head << " " << r << " " << c;
                        if (kind == 2 && c > r) {
                            EXPECT_EQ(w.heatmap()->cellValue(r, c), 0.0); // causal
                        }
                    }
                // The lines are the selected query's row: a source token under the encoder's
                // self-attention (clicked in the lines), a target token otherwise.
                const int query = rows - 1;
                if (kind == 1)
                    Q_EMIT w.lines()->targetClicked(query);
                else
                    w.targetList()->setCurrentRow(query);
                EXPECT_EQ(w.selectedQuery(), query);
                const std::vector<double> lines = w.lines()->lineWeights();
                ASSERT_EQ(int(lines.size()), cols);
                for (int c = 0; c < cols; ++c)
                    EXPECT_NEAR(lines[size_t(c)], ref.weights(query, c), 1e-5);
            }
        // The heatmap's title names the attention on one line and the layer and head on another,
        // so that it fits a narrow plot.
        const QStringList title = w.heatmap()->title().split(QLatin1Char('\n'));
        ASSERT_EQ(title.size(), 2) << w.heatmap()->title().toStdString();
        EXPECT_EQ(title[1], QStringLiteral("layer 2, head 2"));
    }
    EXPECT_TRUE(w.heatmap()->title().startsWith(QStringLiteral("Cross-attention")));
}

TEST_F(TranslationViewTest, TheViewsGrowWithTheTranslationTokenByToken)
{
    TranslationWindow w;
    ASSERT_TRUE(open(w));
    w.beamsBox()->setValue(1);
    w.maxTokensBox()->setValue(6);
    w.sourceEdit()->setText(QStringLiteral("猫吃鱼。"));
    std::vector<int> heatmapRows, listed, alignmentRows;
    QObject::connect(w.run(), &TranslationRun::progressed, &w, [&] {
        heatmapRows.push_back(w.heatmap()->rowCount());
        listed.push_back(w.targetList()->count());
        alignmentRows.push_back(w.alignmentTable()->rowCount());
        // What is drawn is the model's cross-attention over the tokens so far.
        const TranslationRun::Result &live = w.run()->current();
        EXPECT_EQ(live.translation.generated.size(), w.run()->partial().size());
        ASSERT_EQ(live.maps.cross.size(), 2u);
        EXPECT_EQ(int(live.maps.cross[0][0].rows()), w.targetList()->count());
    });
    ASSERT_TRUE(translate(w));
    const int n = int(w.run()->result().translation.generated.size());
    ASSERT_GT(n, 1);
    ASSERT_EQ(int(heatmapRows.size()), n);
    for (int i = 0; i < n; ++i) {
        EXPECT_EQ(heatmapRows[size_t(i)], i + 1);
        EXPECT_EQ(listed[size_t(i)], i + 1);
        EXPECT_EQ(alignmentRows[size_t(i)], i + 1);
    }
    EXPECT_EQ(w.heatmap()->rowCount(), n);
}

TEST_F(TranslationViewTest, BeamSearchInTheViewIsTheCoresBeamSearch)
{
    TranslationWindow w;
    ASSERT_TRUE(open(w));
    w.maxTokensBox()->setValue(5);
    w.sourceEdit()->setText(QStringLiteral("小猫不吃鸟"));
    ASSERT_TRUE(translate(w));
    const TranslationModel model = TranslationModel::load(m_dir);
    const SearchResult want = core::translate::translate(model, "小猫不吃鸟", searchOptions(model.rules(), 5));
    EXPECT_EQ(ids(w.run()->result().translation), ids(want.translation));
    EXPECT_NEAR(w.run()->result().score, want.score, 1e-9);
    EXPECT_TRUE(w.statusLabel()->text().contains(QString::fromStdString(want.translation.text)));
}

TEST_F(TranslationViewTest, AFolderThatIsNotAModelIsNamedAndTranslateStaysOff)
{
    TranslationWindow w;
    QSignalSpy opened(&w, &TranslationWindow::modelOpened);
    const std::string empty = test::makeTempDir("marian-empty");
    ASSERT_TRUE(w.openModel(QString::fromStdString(empty)));
    ASSERT_TRUE(opened.wait(20000));
    EXPECT_EQ(w.run()->model(), nullptr);
    EXPECT_TRUE(w.statusLabel()->text().contains(QStringLiteral("config.json")))
        << w.statusLabel()->text().toStdString();
    EXPECT_FALSE(w.translateButton()->isEnabled());
    EXPECT_FALSE(w.translate());
    test::removeTree(empty);
}

TEST(TranslationDemo, TheBuiltInDemoModelIsWrittenOnceAndTranslates)
{
    QString problem;
    const QString dir = TranslateActions::demoModelFolder(&problem);
    ASSERT_FALSE(dir.isEmpty()) << problem.toStdString();
    const TranslationModel model = TranslationModel::load(dir.toStdString());
    EXPECT_EQ(model.layers(AttentionKind::Cross), 2);
    EXPECT_EQ(model.heads(AttentionKind::Cross), 2);
    EXPECT_EQ(model.rules().numBeams, 4);
    const Translation t = translateGreedy(model, "猫吃鱼", 8);
    ASSERT_FALSE(t.generated.empty());
    EXPECT_EQ(t.sourceIds, (std::vector<int> {7, 8, 5, 0})); // ▁猫 吃 鱼 </s>
    // Deterministic: a second folder written from scratch holds the same weights.
    const std::string other = test::makeTempDir("marian-demo");
    for (const char *f : {"source.spm", "target.spm", "vocab.json"})
        QFile::copy(dir + QLatin1Char('/') + QLatin1String(f), QString::fromStdString(other + "/" + f));
    writeDemoMarian(other);
    EXPECT_EQ(test::readBytes(other + "/model.safetensors"), test::readBytes(dir.toStdString() + "/model.safetensors"));
    test::removeTree(other);
}

TEST(TranslationDemo, TheExplanationPagesWorkedRowIsTheSoftmaxOfItsScores)
{
    const double scores[] = {2.0, 0.5, -1.0};
    double total = 0;
    for (const double s : scores)
        total += std::exp(s);
    for (const QString &lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        const QString page = ExplanationPanel::pageHtml(QStringLiteral("crossattention"), lang);
        ASSERT_FALSE(page.isEmpty()) << lang.toStdString();
        for (const double s : scores)
            EXPECT_TRUE(page.contains(QString::number(std::exp(s) / total, 'f', 3))) << lang.toStdString() << " " << s;
    }
    EXPECT_NE(ExplanationPanel::pageHtml(QStringLiteral("crossattention"), QStringLiteral("zh_CN")),
        ExplanationPanel::pageHtml(QStringLiteral("crossattention"), QStringLiteral("en")));
}

TEST(TranslationDemo, TheExampleOpensTheDemoModelWithoutTheHubModelAndTranslatesMaoChiYu)
{
    const std::string cache = test::makeTempDir("hub-empty");
    const QByteArray before = qgetenv("HF_HUB_CACHE");
    qputenv("HF_HUB_CACHE", QByteArray::fromStdString(cache));
    QWidget window;
    QMenu tools, examples;
    TranslateActions actions(&window, &tools, &examples);
    EXPECT_TRUE(tools.actions().contains(actions.translateAction()));
    Q_EMIT examples.aboutToShow();
    EXPECT_TRUE(examples.actions().contains(actions.exampleAction()));
    Q_EMIT examples.aboutToShow(); // added once
    EXPECT_EQ(examples.actions().count(actions.exampleAction()), 1);
    QSignalSpy done(actions.view(), &TranslationWindow::translated);
    actions.exampleAction()->trigger();
    ASSERT_TRUE(done.wait(30000));
    EXPECT_EQ(actions.view()->run()->folder(), TranslateActions::demoModelFolder());
    EXPECT_EQ(actions.view()->sourceEdit()->text(), QStringLiteral("猫吃鱼"));
    const Translation &t = actions.view()->run()->result().translation;
    EXPECT_EQ(t.sourceIds, (std::vector<int> {7, 8, 5, 0}));
    EXPECT_FALSE(t.generated.empty());
    EXPECT_EQ(actions.view()->targetList()->count(), int(t.generated.size()));
    if (before.isNull())
        qunsetenv("HF_HUB_CACHE");
    else
        qputenv("HF_HUB_CACHE", before);
    test::removeTree(cache);
}
