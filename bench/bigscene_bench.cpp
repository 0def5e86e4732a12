// A 2,048-token scene in the whole main window with every card shown (issue 16): resident
// memory and how long a click takes to be answered (selection, inspector, repainted window),
// and pasting a 2,000-word sentence. Runs under the offscreen platform; the counters rss_MiB
// and peak_MiB are the process's resident memory after the run and its peak.
#include "ui/board/heatmapview.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/board/tokenbar.h"
#include "ui/document/document.h"
#include "ui/mainwindow/mainwindow.h"

#include "residentmemory.h"
#include "testutil.h"

#include <QApplication>
#include <QStandardPaths>
#include <QTest>

#include <benchmark/benchmark.h>

#include <random>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

core::Scene sceneOfSize(int n)
{
    std::mt19937 rng(1234);
    test::RandomSceneOptions options;
    options.distinct = true;
    options.vocabulary = n;
    core::Scene s = test::randomScene(rng, n, 8, 1, 8, core::PositionalEncoding::None, options);
    s.mask = core::MaskKind::Causal;
    return s;
}

// Runs queued work (recomputes, queued replots) and paints the window once.
void settle(QWidget &window)
{
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    window.repaint();
}

void setCounters(benchmark::State &state)
{
    state.counters["rss_MiB"] = test::residentMiB("VmRSS");
    state.counters["peak_MiB"] = test::residentMiB("VmHWM");
}

// A click on a cell of the weights card, answered: every card shows the selection, the
// inspector derives the weight, the window is painted. Cells alternate so each click changes.
void clickOnAWeight(benchmark::State &state)
{
    Document doc;
    doc.load(sceneOfSize(int(state.range(0))));
    MainWindow window(&doc);
    window.resize(1600, 1000);
    window.show();
    window.steps()->setShowAll(true);
    settle(window);
    QCustomPlot *plot = window.board()->card(core::StageWeights)->heatmap()->plot();
    const QRect cells = plot->axisRect()->rect();
    bool flip = false;
    for (auto _ : state) {
        flip = !flip;
        const QPoint at = flip ? cells.center() : cells.center() + QPoint(cells.width() / 4, cells.height() / 4);
        QTest::mouseClick(plot, Qt::LeftButton, {}, at);
        settle(window);
    }
    setCounters(state);
}

// Pasting a sentence of `n` words into the sentence line (one edit), to the repainted window.
void pasteSentence(benchmark::State &state)
{
    Document doc;
    doc.load(sceneOfSize(3));
    MainWindow window(&doc);
    window.resize(1600, 1000);
    window.show();
    window.steps()->setShowAll(true);
    settle(window);
    auto *bar = window.findChild<TokenBar *>();
    QStringList words;
    for (int i = 0; i < state.range(0); ++i)
        words << QStringLiteral("word%1").arg(i);
    const QString sentence = words.join(QLatin1Char(' '));
    for (auto _ : state) {
        bar->setText(sentence);
        bar->commit();
        doc.flush();
        settle(window);
        state.PauseTiming();
        bar->setText(QStringLiteral("a b c"));
        bar->commit();
        doc.flush();
        settle(window);
        state.ResumeTiming();
    }
    setCounters(state);
}

} // namespace

BENCHMARK(clickOnAWeight)->Arg(64)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(10);
BENCHMARK(pasteSentence)->Arg(2000)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

int main(int argc, char **argv)
{
    qputenv(
        "QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen") : qgetenv("QT_QPA_PLATFORM"));
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
