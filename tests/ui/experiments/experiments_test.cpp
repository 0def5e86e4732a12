#include "../uitestscenes.h"
#include "core/experiment/experiments.h"
#include "core/scene/pipeline.h"
#include "core/scene/sceneio.h"
#include "testutil.h"
#include "ui/document/document.h"
#include "ui/experiments/abcomparison.h"
#include "ui/experiments/experimentswindow.h"
#include "ui/experiments/sqrtdkexperiment.h"
#include "ui/experiments/sqrtdkfigure.h"
#include "ui/experiments/temperatureexperiment.h"
#include "ui/export/chartexport.h"
#include "ui/plot/matrixplot.h"

#include <QFile>
#include <QSlider>
#include <QTabWidget>
#include <QTemporaryDir>

#include <random>

#include <gtest/gtest.h>

using namespace attnlab;

namespace {

core::Matrix plotData(const ui::MatrixPlot *plot)
{
    core::Matrix m(plot->rowCount(), plot->columnCount());
    for (int r = 0; r < m.rows(); ++r)
        for (int c = 0; c < m.cols(); ++c)
            m(r, c) = core::Scalar(plot->cellValue(r, c));
    return m;
}

} // namespace

TEST(SqrtDkTab, FigureShowsTheCoreExperiment)
{
    ui::Document doc;
    doc.load(test::randomUiScene(31, 5, 8, 2, 4));
    ui::SqrtDkExperiment tab(&doc);
    core::SqrtDkOptions o;
    o.samples = 300;
    o.seed = 9;
    o.keys = 8;
    tab.setOptions(o);
    const auto points = core::sqrtDkExperiment(tab.options());
    QCPGraph *raw = tab.figure()->rawVarianceGraph();
    QCPGraph *max = tab.figure()->scaledMaxWeightGraph();
    ASSERT_EQ(raw->data()->size(), int(points.size()));
    for (int i = 0; i < int(points.size()); ++i) {
        EXPECT_EQ(raw->data()->at(i)->key, points[size_t(i)].dK);
        EXPECT_DOUBLE_EQ(raw->data()->at(i)->value, points[size_t(i)].rawVariance);
        EXPECT_DOUBLE_EQ(max->data()->at(i)->value, points[size_t(i)].scaledMaxWeight);
    }
    EXPECT_TRUE(tab.figure()->titleText().contains(QStringLiteral("seed 9")));
}

TEST(SqrtDkTab, SceneHistogramCountsEveryScoreOfEveryHead)
{
    ui::Document doc;
    doc.load(test::randomUiScene(32, 5, 8, 2, 4));
    ui::SqrtDkExperiment tab(&doc);
    double raw = 0, scaled = 0;
    for (auto it = tab.rawBars()->data()->constBegin(); it != tab.rawBars()->data()->constEnd(); ++it)
        raw += it->value;
    for (auto it = tab.scaledBars()->data()->constBegin(); it != tab.scaledBars()->data()->constEnd(); ++it)
        scaled += it->value;
    EXPECT_EQ(raw, 2 * 5 * 5);
    EXPECT_EQ(scaled, 2 * 5 * 5);
}

TEST(TemperatureTab, SliderEndsGiveNearUniformAndNearOneHotRows)
{
    ui::Document doc;
    doc.load(test::preferenceUiScene());
    ui::TemperatureExperiment tab(&doc);
    tab.slider()->setValue(tab.slider()->maximum());
    EXPECT_NEAR(tab.factor(), 10.0, 1e-9);
    core::Matrix w = plotData(tab.weightsPlot());
    ASSERT_EQ(w.rows(), 3);
    for (int r = 0; r < 3; ++r)
        EXPECT_LT(w.row(r).maxCoeff() - w.row(r).minCoeff(), 0.08) << "row " << r;

    tab.slider()->setValue(tab.slider()->minimum());
    EXPECT_NEAR(tab.factor(), 0.1, 1e-9);
    w = plotData(tab.weightsPlot());
    for (int r = 0; r < 3; ++r) {
        EXPECT_GT(w(r, r), 0.99) << "row " << r;
        EXPECT_NEAR(w.row(r).sum(), 1.0, 1e-5);
    }
    // The entropy bars follow: nearly 0 bits for one-hot rows.
    for (auto it = tab.entropyBars()->data()->constBegin(); it != tab.entropyBars()->data()->constEnd(); ++it)
        EXPECT_LT(it->value, 0.1);
}

TEST(TemperatureTab, FactorOneIsThePipelinesOwnWeights)
{
    ui::Document doc;
    const core::Scene s = test::randomUiScene(33, 4, 6, 1, 4);
    doc.load(s);
    ui::TemperatureExperiment tab(&doc);
    tab.setFactor(1.0);
    core::Pipeline p;
    EXPECT_LE((plotData(tab.weightsPlot()) - p.compute(s).heads[0].weights).cwiseAbs().maxCoeff(), 1e-6);
}

TEST(AbComparisonTab, DifferenceMapIsTheElementWiseDifference)
{
    ui::Document doc;
    const core::Scene a = test::randomUiScene(34, 5, 8, 1, 4);
    doc.load(a);
    ui::AbComparison tab(&doc);
    tab.setVariation(core::Variation::ScaleNone);
    tab.setStage(core::StageWeights);
    core::Scene b = a;
    b.scale = core::ScaleKind::None;
    core::Pipeline pa, pb;
    const core::Matrix wa = pa.compute(a).heads[0].weights;
    const core::Matrix wb = pb.compute(b).heads[0].weights;
    EXPECT_LE((plotData(tab.plotA()) - wa).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_LE((plotData(tab.plotB()) - wb).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_LE((plotData(tab.differencePlot()) - (wb - wa)).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_GT((wb - wa).cwiseAbs().maxCoeff(), 1e-3); // a real change
}

TEST(AbComparisonTab, CausalMaskLeavesHiddenCellsGreyInTheDifference)
{
    ui::Document doc;
    const core::Scene a = test::randomUiScene(35, 4, 8, 1, 4);
    doc.load(a);
    ui::AbComparison tab(&doc);
    tab.setVariation(core::Variation::MaskCausal);
    tab.setStage(core::StageMasked);
    EXPECT_TRUE(std::isnan(tab.differencePlot()->cellValue(0, 3))); // hidden in B only
    EXPECT_NEAR(tab.differencePlot()->cellValue(3, 0), 0.0, 1e-6); // visible in both, same value
}

TEST(AbComparisonTab, AnotherHeadComparesTwoHeadsOfOneScene)
{
    ui::Document doc;
    const core::Scene a = test::randomUiScene(36, 5, 8, 2, 4);
    doc.load(a);
    ui::AbComparison tab(&doc);
    tab.setVariation(core::Variation::Head, 1);
    tab.setStage(core::StageScores);
    const core::Stages &st = doc.stages();
    const core::Matrix expected = st.heads[1].scores - st.heads[0].scores;
    EXPECT_LE((plotData(tab.differencePlot()) - expected).cwiseAbs().maxCoeff(), 1e-5);
}

TEST(ExperimentsWindow, HasFourTabsAndExportsCharts)
{
    ui::Document doc;
    doc.load(test::randomUiScene(37, 4, 8, 2, 4));
    ui::ExperimentsWindow window(&doc);
    ASSERT_EQ(window.tabs()->count(), 4);
    for (int i = 0; i < 4; ++i)
        EXPECT_FALSE(window.tabs()->tabText(i).isEmpty());

    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    QString error;
    for (const char *name : {"chart.png", "chart.svg", "chart.pdf"}) {
        const QString path = dir.filePath(QLatin1String(name));
        EXPECT_TRUE(ui::exportChart(window.sqrtDk()->figure(), path, &error, 800, 400)) << error.toStdString();
        EXPECT_GT(QFile(path).size(), 1000) << name;
    }
    const QString bad = dir.filePath(QStringLiteral("chart.bmp"));
    EXPECT_FALSE(ui::exportChart(window.temperature()->weightsPlot(), bad, &error, 400, 400));
    EXPECT_TRUE(error.contains(QStringLiteral(".png")));
    EXPECT_FALSE(QFile::exists(bad));
}

TEST(AbComparisonTab, KeepAsAComparesTheSnapshotWithTheEditedScene)
{
    ui::Document doc;
    const core::Scene a = test::randomUiScene(37, 4, 8, 1, 4);
    doc.load(a);
    ui::AbComparison tab(&doc);
    tab.setStage(core::StageWeights);
    tab.keepAsA();
    core::Scene edited = a;
    edited.wq(0, 0) += 2;
    doc.changeScene(edited, QStringLiteral("edit"));
    doc.flush();
    core::Pipeline pa, pb;
    const core::Matrix wa = pa.compute(a).heads[0].weights;
    const core::Matrix wb = pb.compute(edited).heads[0].weights;
    EXPECT_LE((plotData(tab.plotA()) - wa).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_LE((plotData(tab.plotB()) - wb).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_GT((wb - wa).cwiseAbs().maxCoeff(), 1e-3);
}

TEST(AbComparisonTab, ASavedSceneCanBeB)
{
    ui::Document doc;
    const core::Scene a = test::randomUiScene(38, 3, 8, 1, 4);
    doc.load(a);
    ui::AbComparison tab(&doc);
    tab.setStage(core::StageWeights);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("b.attn.json"));
    const core::Scene b = test::randomUiScene(39, 5, 8, 1, 4); // another length too
    {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(core::writeScene(b)));
    }
    ASSERT_TRUE(tab.compareWithFile(path));
    EXPECT_EQ(tab.sceneB(), b);
    core::Pipeline pb;
    EXPECT_LE((plotData(tab.plotB()) - pb.compute(b).heads[0].weights).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_TRUE(tab.statusText().contains(QStringLiteral("shapes"))) << tab.statusText().toStdString();
    EXPECT_FALSE(tab.compareWithFile(dir.filePath(QStringLiteral("missing.attn.json"))));
    EXPECT_TRUE(tab.statusText().contains(QStringLiteral("missing.attn.json")));
}

TEST(AbComparisonTab, NoPresetIsIdenticalToTheScene)
{
    ui::Document doc;
    core::Scene a = test::randomUiScene(40, 4, 8, 2, 4);
    a.mask = core::MaskKind::Causal;
    doc.load(a);
    ui::AbComparison tab(&doc);
    EXPECT_FALSE(tab.offers(core::Variation::MaskCausal));
    EXPECT_TRUE(tab.offers(core::Variation::MaskNone));
    EXPECT_FALSE(tab.offers(core::Variation::Head, 0)); // the head on the board already
    EXPECT_TRUE(tab.offers(core::Variation::Head, 1));
    EXPECT_FALSE(tab.offers(core::Variation::ScaleSqrtDk));
}

// A head taken from a real model (X given, biases, causal mask) is an ordinary scene to every
// experiment: the numbers are the pipeline's, and no variation that X forbids is offered.
TEST(Experiments, AHeadFromAModelWorksInEveryTab)
{
    core::Scene layer = test::randomUiScene(41, 6, 8, 2, 4);
    std::mt19937 rng(41);
    test::addBiases(rng, layer);
    test::giveInputX(layer);
    layer.mask = core::MaskKind::Causal;
    ASSERT_TRUE(core::validate(layer).empty());
    ui::Document doc;
    doc.load(layer);
    core::Pipeline p;
    const core::Stages &stages = p.compute(layer);

    ui::TemperatureExperiment temperature(&doc);
    temperature.setFactor(1.0);
    EXPECT_LE((plotData(temperature.weightsPlot()) - stages.heads[0].weights).cwiseAbs().maxCoeff(), 1e-6);

    ui::SqrtDkExperiment sqrtDk(&doc);
    double raw = 0;
    for (auto it = sqrtDk.rawBars()->data()->constBegin(); it != sqrtDk.rawBars()->data()->constEnd(); ++it)
        raw += it->value;
    EXPECT_GT(raw, 0);

    ui::AbComparison ab(&doc);
    EXPECT_FALSE(ab.offers(core::Variation::PositionalSinusoidal));
    EXPECT_FALSE(ab.offers(core::Variation::PositionalRope));
    EXPECT_TRUE(ab.offers(core::Variation::MaskNone));
    ab.setVariation(core::Variation::MaskNone);
    ab.setStage(core::StageWeights);
    core::Scene b = layer;
    b.mask = core::MaskKind::None;
    core::Pipeline pb;
    const core::Matrix wb = pb.compute(b).heads[0].weights;
    EXPECT_LE((plotData(ab.plotA()) - stages.heads[0].weights).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_LE((plotData(ab.plotB()) - wb).cwiseAbs().maxCoeff(), 1e-6);
}

TEST(TemperatureTab, StartsFromTheScenesOwnScaleSoItsWeightsAreTheBoards)
{
    ui::Document doc;
    core::Scene s = test::randomUiScene(35, 4, 8, 1, 8);
    s.scale = core::ScaleKind::None;
    doc.load(s);
    ui::TemperatureExperiment tab(&doc);
    EXPECT_NEAR(tab.factor(), 1 / std::sqrt(8.0), 1e-6);
    EXPECT_LE((plotData(tab.weightsPlot()) - doc.stages().heads[0].weights).cwiseAbs().maxCoeff(), 1e-6);
    // A custom divisor, set after the tab exists, is where it starts again.
    core::Scene custom = s;
    custom.scale = core::ScaleKind::Custom;
    custom.customDivisor = 5;
    doc.changeScene(custom, QStringLiteral("divisor 5"), {core::Edit::Target::Scale});
    doc.flush();
    EXPECT_NEAR(tab.factor(), 5 / std::sqrt(8.0), 1e-6);
    EXPECT_LE((plotData(tab.weightsPlot()) - doc.stages().heads[0].weights).cwiseAbs().maxCoeff(), 1e-6);
}
