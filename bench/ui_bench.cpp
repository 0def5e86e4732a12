// From a cell edit to the repainted board of heatmaps, at the sizes of docs/performance.md.
// Runs under the offscreen platform: the views are shown, replotted and painted for real.
#include "ui/board/heatmapview.h"
#include "ui/document/document.h"

#include "testutil.h"

#include <QApplication>
#include <QGridLayout>
#include <QWidget>

#include <benchmark/benchmark.h>

#include <memory>
#include <random>
#include <vector>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

core::Scene sceneOfSize(int n, int dModel, int heads)
{
    std::mt19937 rng(1234);
    return test::randomScene(rng, n, dModel, heads, dModel / heads);
}

// The pipeline board: one view per stage the scene has, in a 1280×720 window.
struct Board {
    explicit Board(Document *doc)
    {
        auto *grid = new QGridLayout(&window);
        int i = 0;
        for (core::Stage stage : core::allStages()) {
            if (core::stageMatrix(doc->stages(), stage, 0).size() == 0)
                continue;
            auto *view = new HeatmapView(doc, stage, &window);
            QObject::connect(view->plot(), &QCustomPlot::afterReplot, [this] { ++replots; });
            grid->addWidget(view, i / 4, i % 4);
            views.push_back(view);
            ++i;
        }
        window.resize(1280, 720);
        window.show();
        settle();
    }

    // Lets queued replots run, then paints the window synchronously.
    void settle(int expected = 0)
    {
        while (replots < expected)
            QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        window.repaint();
    }

    QWidget window;
    std::vector<HeatmapView *> views;
    int replots = 0;
};

// A W_Q cell of head 0: the views of Q, scores … context of head 0, concat and output redraw.
void cellEditToRepaintedBoard(benchmark::State &state)
{
    Document doc;
    doc.load(sceneOfSize(int(state.range(0)), int(state.range(1)), int(state.range(2))));
    Board board(&doc);
    int touched = 0;
    for (HeatmapView *v : board.views)
        touched += v->stage() != core::StageX && v->stage() != core::StageK && v->stage() != core::StageV;
    float value = 0.5f;
    for (auto _ : state) {
        value = -value;
        board.replots = 0;
        doc.setCell(MatrixId::WQ, 0, 0, value, true);
        doc.flush();
        board.settle(touched);
    }
    state.counters["views"] = double(board.views.size());
}

} // namespace

BENCHMARK(cellEditToRepaintedBoard)
    ->Args({3, 8, 1})
    ->Args({64, 64, 1})
    ->Args({1024, 768, 12})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

int main(int argc, char **argv)
{
    qputenv(
        "QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen") : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
