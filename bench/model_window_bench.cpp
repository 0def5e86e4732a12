// The model room's path against the command line's, in the same run, on a GPT-2-small-shaped
// checkpoint and a text of about 160 tokens (issue 16: the window took 5.5 s from the last
// keystroke where `attnlab --model DIR --text T --predict` took 2.6 s, loading included).
// - cliPredict: what --predict does: open the folder, read the tokenizer, tokenize, run, top 10.
// - windowTypeOneCharacter: the room with the model open and the text run; one more character is
//   typed into its sentence field, and the clock stops when the grid, the head view and the
//   prediction show the new result (the typing pause before the run included).
// - windowRunWithoutReuse: the same room given a text that differs from the first token on, so
//   the runner can reuse nothing.
// Target: the window no slower than the command line.
// - boardCellEdit/<tensor>: the block board showing layer 6 of a 1,024-token text; one cell of the
//   tensor edited through the session, timed from the edit until the GUI thread has updated the
//   cards (core/model/lens/blockupdate.h) and handled its pending events (the queued replots); the
//   worker's re-run and the board's full reload after it, with the replots of every card that
//   reload queues, are not timed (median_ms: the median of the 7 edits). Target (issue 19) ≤ 16 ms.
// Not run by ctest; see docs/performance.md.
#include "gpt2small.h"
#include "modelfixtures.h"
#include "tokenizerfixtures.h"

#include "core/model/forward.h"
#include "core/model/modelloader.h"
#include "core/model/topk.h"
#include "core/tokenize/tokenizer.h"
#include "ui/block/blockboard.h"
#include "ui/document/document.h"
#include "ui/model/modelactions.h"
#include "ui/model/modelroom.h"
#include "ui/model/modelsentence.h"
#include "ui/model/modelsession.h"
#include "ui/model/predictionpanel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QMainWindow>
#include <QSignalSpy>
#include <QTest>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <string>

using namespace attnlab;
namespace model = attnlab::core::model;

namespace {

std::string g_dir;

// About 160 tokens of the fixture tokenizer.
QString longText()
{
    QString text;
    for (int i = 0; i < 11; ++i)
        text += QStringLiteral("the cat sat on the mat and ");
    return text.trimmed();
}

void cliPredict(benchmark::State &state)
{
    const std::string text = longText().toStdString();
    int tokens = 0;
    for (auto _ : state) {
        model::LoadModelResult loaded = model::loadModel(g_dir);
        model::TokenizerLoadResult tokenizer = model::loadTokenizer(g_dir);
        if (!loaded.ok() || !tokenizer.ok()) {
            state.SkipWithError("the checkpoint did not load");
            return;
        }
        model::ForwardRunner runner(std::make_shared<const model::ModelWeights>(std::move(*loaded.weights)));
        std::vector<int> ids;
        for (const model::Token &t : tokenizer.tokenizer->encode(text))
            ids.push_back(t.id);
        tokens = int(ids.size());
        runner.run(ids);
        benchmark::DoNotOptimize(model::topK(runner.probabilities(), ui::PredictionPanel::kTop));
    }
    state.counters["tokens"] = tokens;
}

// The main window's model room with the checkpoint open and `text` run.
struct Room {
    explicit Room(const QString &text)
    {
        actions->setQuiet(true);
        window.resize(1280, 720);
        window.show();
        actions->open(QString::fromStdString(g_dir), text);
        waitComputed();
    }
    // Until the panels show the result for `text` (the session's own when null).
    bool waitComputed(const QString &text = QString())
    {
        return QTest::qWaitFor(
            [this, text] {
                return !session->isBusy() && session->isComputed() && (text.isNull() || session->text() == text);
            },
            60000);
    }

    ui::Document document;
    QMainWindow window;
    ui::ModelActions *actions = new ui::ModelActions(&document, &window);
    ui::ModelSession *session = actions->session();
};

void windowTypeOneCharacter(benchmark::State &state)
{
    Room room(longText());
    QLineEdit *edit = room.actions->room()->sentence()->edit();
    bool longer = false;
    for (auto _ : state) {
        // Alternately type a character and delete it: each is a new text sharing all but its end.
        QTest::keyClick(edit, longer ? Qt::Key_Backspace : Qt::Key_S);
        longer = !longer;
        if (!room.waitComputed(edit->text())) {
            state.SkipWithError("the room did not show the new text");
            return;
        }
    }
    state.counters["tokens"] = double(room.session->tokens().size());
}

void windowRunWithoutReuse(benchmark::State &state)
{
    Room room(longText());
    bool other = false;
    for (auto _ : state) {
        // A different first word: nothing before the change to reuse.
        room.session->setText((other ? QStringLiteral("a ") : QStringLiteral("one ")) + longText());
        other = !other;
        if (!room.waitComputed()) {
            state.SkipWithError("the run did not finish");
            return;
        }
    }
    state.counters["tokens"] = double(room.session->tokens().size());
}

// 1,024 tokens of the fixture tokenizer.
QString text1024(const model::Tokenizer &tokenizer)
{
    QString text;
    while (tokenizer.encode((text + QStringLiteral(" the cat")).toStdString()).size() <= 1024)
        text += QStringLiteral(" the cat");
    return text;
}

void boardCellEdit(benchmark::State &state, model::BlockTensor tensor)
{
    model::TokenizerLoadResult tokenizer = model::loadTokenizer(g_dir);
    Room room(text1024(*tokenizer.tokenizer));
    ui::BlockBoard board(room.session);
    board.resize(1400, 860);
    board.show();
    QSignalSpy shown(&board, &ui::BlockBoard::stagesShown);
    if (!board.openLayer(5) || !shown.wait(60000)) {
        state.SkipWithError("the board did not open the layer");
        return;
    }
    const int row = room.session->blockTensorShape(5, tensor).rows > 1 ? 1 : 0;
    const core::Matrix cell = room.session->runner()->blockTensorCells(5, tensor, row, 2, 1, 1);
    // Edits the cell (or puts it back) and returns the GUI thread's time in ms, or −1.
    bool edited = false;
    const auto edit = [&] {
        shown.clear();
        QElapsedTimer clock;
        clock.start();
        room.session->editBlockCells(5, tensor, row, 2, edited ? cell : core::Matrix(cell.array() + 0.5f));
        QCoreApplication::processEvents();
        const double ms = double(clock.nsecsElapsed()) * 1e-6;
        edited = !edited;
        if (!shown.wait(60000))
            return -1.0;
        // The re-read's own redraw (every card's queued replot) is not the next edit's.
        QCoreApplication::processEvents();
        return ms;
    };
    // The first edit after opening also lays out what the first pass left (untimed).
    if (edit() < 0) {
        state.SkipWithError("the board did not reload");
        return;
    }
    std::vector<double> times;
    for (auto _ : state) {
        const double ms = edit();
        if (ms < 0) {
            state.SkipWithError("the board did not reload");
            return;
        }
        state.SetIterationTime(ms * 1e-3);
        times.push_back(ms);
    }
    std::sort(times.begin(), times.end());
    state.counters["median_ms"] = times[times.size() / 2];
    state.counters["tokens"] = double(room.session->tokens().size());
}

BENCHMARK_CAPTURE(boardCellEdit, mlp_in, model::BlockTensor::MlpIn)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(7);
BENCHMARK_CAPTURE(boardCellEdit, mlp_out, model::BlockTensor::MlpOut)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(7);
BENCHMARK_CAPTURE(boardCellEdit, mlp_norm_weight, model::BlockTensor::MlpNormWeight)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(7);
BENCHMARK_CAPTURE(boardCellEdit, attn_norm_weight, model::BlockTensor::AttnNormWeight)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(7);
BENCHMARK_CAPTURE(boardCellEdit, attn_out, model::BlockTensor::AttnOut)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(7);
BENCHMARK(cliPredict)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);
BENCHMARK(windowTypeOneCharacter)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(6);
BENCHMARK(windowRunWithoutReuse)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

} // namespace

int main(int argc, char **argv)
{
    qputenv(
        "QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen") : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    g_dir = attnlab::test::makeTempDir("gpt2-small-window");
    attnlab::test::writeGpt2Small(g_dir, "F32");
    attnlab::test::writeGpt2Tokenizer(g_dir);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    attnlab::test::removeTree(g_dir);
    return 0;
}
