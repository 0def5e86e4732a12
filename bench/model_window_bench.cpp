// The model room's path against the command line's, in the same run, on a GPT-2-small-shaped
// checkpoint and a text of about 160 tokens (issue 16: the window took 5.5 s from the last
// keystroke where `attnlab --model DIR --text T --predict` took 2.6 s, loading included).
// - cliPredict: what --predict does: open the folder, read the tokenizer, tokenize, run, top 10.
// - windowTypeOneCharacter: the room with the model open and the text run; one more character is
//   typed into its sentence field, and the clock stops when the grid, the head view and the
//   prediction show the new result (the typing pause before the run included).
// - windowRunWithoutReuse: the same room given a text that differs from the first token on, so
//   the runner can reuse nothing.
// Target: the window no slower than the command line. Not run by ctest; see docs/performance.md.
#include "gpt2small.h"
#include "modelfixtures.h"
#include "tokenizerfixtures.h"

#include "core/model/forward.h"
#include "core/model/modelloader.h"
#include "core/model/topk.h"
#include "core/tokenize/tokenizer.h"
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
#include <QTest>

#include <benchmark/benchmark.h>

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
