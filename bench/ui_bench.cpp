// From a cell edit to the repainted board of heatmaps, at the sizes of docs/performance.md; and the
// head view's lines, stroked by QPainter against added up in a LineFan.
// Runs under the offscreen platform: the views are shown, replotted and painted for real.
#include "ui/board/heatmapview.h"
#include "ui/document/document.h"
#include "ui/model/linefan.h"

#include "testutil.h"

#include <QApplication>
#include <QGridLayout>
#include <QImage>
#include <QPainter>
#include <QWidget>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <map>
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

// The head view's lines for a causal head over `tokens` tokens (issue 36, classroom item 5): the
// weights of each row a softmax of random scores, every weight from 0.01 drawn from the query
// column to the key column, 18-pixel rows, into a 633 × 600 viewport over the last rows (the view
// scrolled to the newest token), lines wholly outside it left out. painterLines strokes each line
// with QPainter, one call per pen, as the head view did before session 23; fannedLines adds the lines up to 1.5 px wide
// in a LineFan, as it does now.
namespace {

struct HeadLine {
    QLineF segment;
    double weight;
};

std::vector<HeadLine> headLines(int tokens)
{
    std::mt19937 rng(7);
    std::normal_distribution<double> score(0.0, 1.0);
    std::vector<HeadLine> lines;
    for (int q = 0; q < tokens; ++q) {
        std::vector<double> w(size_t(q) + 1);
        double sum = 0;
        for (double &x : w)
            sum += x = std::exp(score(rng));
        for (int k = 0; k <= q; ++k)
            if (w[size_t(k)] / sum >= 0.01)
                lines.push_back({QLineF(114, 49 + 18 * q, 519, 49 + 18 * k), w[size_t(k)] / sum});
    }
    return lines;
}

void headViewLines(benchmark::State &state, bool fanned)
{
    const int tokens = int(state.range(0));
    const std::vector<HeadLine> lines = headLines(tokens);
    const QRect viewport(0, std::max(0, 40 + 18 * tokens - 600), 633, 600);
    QImage target(viewport.size(), QImage::Format_ARGB32_Premultiplied);
    LineFan fan;
    for (auto _ : state) {
        target.fill(Qt::white);
        QPainter p(&target);
        p.setRenderHint(QPainter::Antialiasing);
        p.translate(-viewport.topLeft());
        std::map<int, QVector<QLineF>> pens;
        const QRect between(QPoint(110, viewport.top()), QPoint(522, viewport.bottom()));
        fan.begin(between, 1.0);
        for (const HeadLine &line : lines) {
            // As the head view: lines wholly above or below the viewport are left out.
            const QLineF &l = line.segment;
            if (std::max(l.y1(), l.y2()) + 3 < viewport.top() || std::min(l.y1(), l.y2()) - 3 > viewport.bottom())
                continue;
            const double width = 0.5 + 4.5 * line.weight;
            if (fanned && width <= 1.5)
                fan.addLine(line.segment.p1(), line.segment.p2(), width, 0.3 * (0.15 + 0.85 * line.weight));
            else
                pens[int(std::lround(line.weight * 128))].append(line.segment);
        }
        if (fanned)
            p.drawImage(fan.origin(), fan.image(QColor(40, 80, 200)));
        for (const auto &[step, segments] : pens) {
            QColor c(40, 80, 200);
            c.setAlphaF(float(0.3 * (0.15 + 0.85 * step / 128.0)));
            p.setPen(QPen(c, 0.5 + 4.5 * step / 128.0, Qt::SolidLine, Qt::RoundCap));
            p.drawLines(segments);
        }
    }
    state.counters["lines"] = double(lines.size());
}

// 30 and 120 tokens, medians of 5.
void headViewSizes(benchmark::internal::Benchmark *b)
{
    b->Arg(30)->Arg(120)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->ReportAggregatesOnly(true);
}

} // namespace

BENCHMARK_CAPTURE(headViewLines, painterLines, false)->Apply(headViewSizes);
BENCHMARK_CAPTURE(headViewLines, fannedLines, true)->Apply(headViewSizes);

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
