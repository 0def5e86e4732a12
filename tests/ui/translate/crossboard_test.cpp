// A cross-attention head of the built-in demo Marian model opened on the pipeline board from the
// translation view (issue 35): the board's Q, K, V, weights and context are the core's
// cross-attention for the same layer and head, the key axis shows the source tokens and the query
// axis the target tokens, the memory card is the X of K and V, and the explanation page's worked
// row is the softmax of its scores in both languages. The attention variants switch on over a
// cross-attention scene, except the sliding window, which is refused naming its field.

#include "core/translate/translationmodel.h"
#include "ui/board/heatmapview.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"
#include "ui/editors/variantsbox.h"
#include "ui/export/exporter.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/plot/heatmapplot.h"
#include "ui/plot/stagelook.h"
#include "ui/translate/translateactions.h"
#include "ui/translate/translationrun.h"
#include "ui/translate/translationwindow.h"

#include "modelfixtures.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlab;
using namespace attnlab::ui;
using namespace attnlab::core::translate;

namespace {

double gap(const core::Matrix &a, const core::Matrix &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return INFINITY;
    return (a - b).cwiseAbs().maxCoeff();
}

} // namespace

TEST(CrossBoard, ACrossHeadOpensOnTheBoardWithTheModelsNumbers)
{
    const std::string cache = test::makeTempDir("hub-empty-crossboard");
    const QByteArray before = qgetenv("HF_HUB_CACHE");
    qputenv("HF_HUB_CACHE", QByteArray::fromStdString(cache));
    QWidget window;
    QMenu tools, examples;
    Document document;
    StepController steps(&document);
    PipelineBoard board(&document, &steps);
    TranslateActions actions(&window, &tools, &examples, &document);
    QSignalSpy done(actions.view(), &TranslationWindow::translated);
    actions.openExample();
    ASSERT_TRUE(done.wait(30000));
    TranslationWindow *view = actions.view();
    const Translation &t = view->run()->result().translation;
    ASSERT_FALSE(t.generated.empty());

    // Only a cross-attention head opens: the encoder's self-attention disables the button.
    view->kindBox()->setCurrentIndex(1);
    EXPECT_FALSE(view->openOnBoardButton()->isEnabled());
    view->kindBox()->setCurrentIndex(0);
    ASSERT_TRUE(view->openOnBoardButton()->isEnabled());
    view->layerBox()->setValue(2);
    view->headBox()->setValue(2);
    view->openOnBoardButton()->click();

    const core::Scene &s = document.scene();
    ASSERT_TRUE(s.hasMemory());
    // The core's cross-attention of layer 2, head 2 over the same source and decoder input.
    const TranslationModel model = TranslationModel::load(view->run()->folder().toStdString());
    std::vector<int> target {model.rules().decoderStart};
    for (size_t i = 0; i + 1 < t.generated.size(); ++i)
        target.push_back(t.generated[i].id);
    const core::Matrix encoderOut = model.encode(t.sourceIds);
    HeadTrace trace;
    model.decode(encoderOut, target, {AttentionKind::Cross, 1, 1}, &trace);
    const core::HeadStages &h = document.stages().heads[0];
    EXPECT_LT(gap(h.q, trace.q), 1e-5);
    EXPECT_LT(gap(h.k, trace.k), 1e-5);
    EXPECT_LT(gap(h.v, trace.v), 1e-5);
    EXPECT_LT(gap(h.weights, trace.weights), 1e-6);
    EXPECT_LT(gap(h.context, trace.context), 1e-5);
    EXPECT_LT(gap(document.stages().memory, encoderOut), 0.f + 1e-7);
    EXPECT_EQ(h.weights.rows(), Eigen::Index(target.size()));
    EXPECT_EQ(h.weights.cols(), Eigen::Index(t.sourceIds.size()));

    // The board: a memory card, source tokens on the key axis and down K, target tokens down Q.
    ASSERT_TRUE(board.card(core::StageMemory));
    QStringList source, queries;
    for (const int id : t.sourceIds)
        source << QString::fromStdString(model.tokenizer().tokenText(id));
    for (const int id : target)
        queries << QString::fromStdString(model.tokenizer().tokenText(id));
    EXPECT_EQ(board.card(core::StageWeights)->heatmap()->heatmap()->columnLabels(), source);
    EXPECT_EQ(board.card(core::StageWeights)->heatmap()->heatmap()->rowLabels(), queries);
    EXPECT_EQ(board.card(core::StageK)->heatmap()->heatmap()->rowLabels(), source);
    EXPECT_EQ(board.card(core::StageMemory)->heatmap()->heatmap()->rowLabels(), source);
    EXPECT_EQ(board.card(core::StageQ)->heatmap()->heatmap()->rowLabels(), queries);
    EXPECT_TRUE(board.card(core::StageK)->formula().contains(QStringLiteral("memory")));
    EXPECT_EQ(explanationPage(core::StageX, s), QStringLiteral("memory"));
    EXPECT_TRUE(view->statusLabel()->text().contains(QStringLiteral("layer 2, head 2")));

    if (before.isNull())
        qunsetenv("HF_HUB_CACHE");
    else
        qputenv("HF_HUB_CACHE", before);
    test::removeTree(cache);
}

TEST(CrossBoard, TheMemoryPagesWorkedRowIsComputedFromItsNumbers)
{
    // q = (1, 0); keys (2, 0), (0, 1), (−1, 1); d_k = 2.
    const double q[2] = {1, 0}, keys[3][2] = {{2, 0}, {0, 1}, {-1, 1}};
    double scaled[3], total = 0;
    for (int j = 0; j < 3; ++j) {
        scaled[j] = (q[0] * keys[j][0] + q[1] * keys[j][1]) / std::sqrt(2.0);
        total += std::exp(scaled[j]);
    }
    const auto text = [](double x) { return QString::number(x, 'f', 3).replace(QLatin1Char('-'), QChar(0x2212)); };
    for (const QString &lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        const QString page = ExplanationPanel::pageHtml(QStringLiteral("memory"), lang);
        ASSERT_FALSE(page.isEmpty()) << lang.toStdString();
        for (int j = 0; j < 3; ++j) {
            EXPECT_TRUE(page.contains(text(scaled[j]))) << lang.toStdString() << " " << j;
            EXPECT_TRUE(page.contains(text(std::exp(scaled[j]) / total))) << lang.toStdString() << " " << j;
        }
        EXPECT_TRUE(page.contains(QStringLiteral("√2")));
    }
    EXPECT_NE(ExplanationPanel::pageHtml(QStringLiteral("memory"), QStringLiteral("zh_CN")),
        ExplanationPanel::pageHtml(QStringLiteral("memory"), QStringLiteral("en")));
}

TEST(CrossBoard, VariantsSwitchOnOverACrossHeadButTheWindowIsRefusedNamingItsField)
{
    // Two target tokens read a memory of three source tokens; d_model = d_k = 2, one head.
    core::Scene s;
    s.title = "cross";
    s.tokens = {"<s>", "the"};
    s.dModel = 2;
    s.heads = 1;
    s.dK = 2;
    s.x = core::Matrix(2, 2);
    s.x << 1, 0, 0.5f, 1;
    s.wq = s.wk = s.wv = core::Matrix::Identity(2, 2);
    s.memory.x = core::Matrix(3, 2);
    s.memory.x << 2, 0, 0, 1, -1, 1;
    s.memory.tokens = {"猫", "吃", "鱼"};
    ASSERT_TRUE(core::validate(s).empty());
    Document document;
    document.load(s);
    StepController steps(&document);
    PipelineBoard board(&document, &steps);
    VariantsBox box(&document);

    box.windowSwitch()->setChecked(true);
    EXPECT_EQ(document.scene().variants.slidingWindow, 0);
    EXPECT_FALSE(box.windowSwitch()->isChecked());
    EXPECT_TRUE(box.message().contains(QStringLiteral("variants.sliding_window"))) << box.message().toStdString();

    box.qkNormSwitch()->setChecked(true);
    box.softCapSwitch()->setChecked(true);
    box.sinkSwitch()->setChecked(true);
    ASSERT_TRUE(document.scene().variants.qkNorm);
    ASSERT_GT(document.scene().variants.softCap, 0.f);
    ASSERT_TRUE(document.scene().variants.sinkLogit);
    ASSERT_TRUE(document.scene().hasMemory());
    const core::HeadStages &h = document.stages().heads[0];
    EXPECT_EQ(h.kNormed.rows(), 3);
    EXPECT_EQ(h.capped.rows(), 2);
    EXPECT_EQ(h.capped.cols(), 3);
    for (Eigen::Index i = 0; i < 2; ++i)
        EXPECT_NEAR(double(h.weights.row(i).sum() + h.sink(i, 0)), 1.0, 1e-5);
    // K_norm has a row per source token; the capped scores' keys are the source tokens.
    const QStringList source {QStringLiteral("猫"), QStringLiteral("吃"), QStringLiteral("鱼")};
    ASSERT_TRUE(board.card(core::StageKNormed) && board.card(core::StageCapped));
    EXPECT_TRUE(QTest::qWaitFor(
        [&] { return board.card(core::StageKNormed)->heatmap()->heatmap()->rowLabels() == source; }, 2000));
    EXPECT_EQ(board.card(core::StageCapped)->heatmap()->heatmap()->columnLabels(), source);
    EXPECT_EQ(board.card(core::StageQNormed)->heatmap()->heatmap()->rowLabels(),
        QStringList({QStringLiteral("<s>"), QStringLiteral("the")}));

    // A CSV export labels the same way: keys and K_norm's rows by the source tokens.
    QTemporaryDir dir;
    const auto csvLines = [&](core::Stage stage) {
        const QString path = dir.filePath(QString::fromLatin1(core::stageName(stage)) + QStringLiteral(".csv"));
        QString error;
        EXPECT_TRUE(exportCsv(document, stage, 0, path, &error)) << error.toStdString();
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::ReadOnly));
        return QString::fromUtf8(file.readAll())
            .remove(QChar(0xFEFF))
            .split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    };
    const QStringList capped = csvLines(core::StageCapped);
    ASSERT_EQ(capped.size(), 3);
    EXPECT_TRUE(capped[0].endsWith(QStringLiteral(",猫,吃,鱼"))) << capped[0].toStdString();
    EXPECT_TRUE(capped[1].startsWith(QStringLiteral("<s>,"))) << capped[1].toStdString();
    const QStringList kNormed = csvLines(core::StageKNormed);
    ASSERT_EQ(kNormed.size(), 4);
    for (int i = 0; i < 3; ++i)
        EXPECT_TRUE(kNormed[i + 1].startsWith(source[i] + QLatin1Char(','))) << kNormed[i + 1].toStdString();
}
