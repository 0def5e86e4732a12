// The roofline meter (issue 32 §4) beside generation: the bytes a decoded token reads, the floor
// at the machine's bandwidth and the measured ms/token shown as the core computes them; the plot's
// roof and its decode and prefill points; the explanation page's example computed.
#include "../model/modelroomfixture.h"
#include "core/engine/roofline.h"
#include "ui/generate/generatepanel.h"
#include "ui/generate/generator.h"
#include "ui/generate/machinespeed.h"
#include "ui/generate/rooflineview.h"
#include "ui/plot/qcp.h"

#include <QLocale>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QToolButton>

#include <chrono>
#include <thread>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::Room;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;

namespace {
// A machine reading 20 GB/s and multiplying at 100 GFLOP/s: the ridge at 5 FLOP/byte.
constexpr double kBandwidth = 20e9, kPeak = 100e9;

struct RooflineRoom : Room {
    GeneratePanel *panel = new GeneratePanel(session);
    RooflineRoom()
    {
        MachineSpeed::instance()->setForTesting(kBandwidth, kPeak);
        room->addPanel(panel);
    }
};
} // namespace

TEST(RooflineView, ShowsWhatADecodedTokenReadsAndItsFloor)
{
    TinyFolder folder(false);
    RooflineRoom room;
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    RooflineView *view = room.panel->rooflineView();
    const int n = room.session->runner()->tokenCount();
    const core::engine::ModelTraffic &t = view->traffic();
    // The tiny GPT-2 in float32: 3 layers of q, k, v, out (d × d) and the MLP (2 · d × inner), and
    // the tied head (vocab × d).
    const core::model::ModelConfig &c = *room.session->config();
    EXPECT_EQ(
        t.weights, 3LL * (4 * c.dModel * c.dModel + 2 * c.dModel * c.dInner) + std::int64_t(c.vocabSize) * c.dModel);
    EXPECT_EQ(t.bytesPerWeight, 4);
    const core::engine::PassCost step = view->decode();
    EXPECT_DOUBLE_EQ(step.bytes, double(t.weightBytes() + t.cacheBytes(n + 1)));
    EXPECT_DOUBLE_EQ(view->prefill().flops, core::engine::prefillCost(t, n).flops);

    const QLocale locale;
    const QString text = view->meterText();
    EXPECT_TRUE(text.contains(QStringLiteral("Read bandwidth 20.0 GB/s, compute ceiling 100 GFLOP/s")))
        << text.toStdString();
    const double floor = step.bytes / kBandwidth * 1e3;
    EXPECT_TRUE(text.contains(locale.toString(floor, 'f', 3) + QStringLiteral(" ms/token"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("prefill of the %1 prompt tokens").arg(n)));

    // The roof: up the slope to the ridge at 5 FLOP/byte, flat at 100 GFLOP/s after.
    QCPGraph *roof = view->roofGraph();
    ASSERT_EQ(roof->dataCount(), 3);
    EXPECT_NEAR(roof->data()->at(1)->key, 5, 1e-9);
    EXPECT_NEAR(roof->data()->at(1)->value, 100, 1e-9);
    EXPECT_NEAR(roof->data()->at(0)->value, 0.1 * 20, 1e-9);
    EXPECT_EQ(view->plot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
    EXPECT_EQ(view->plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    // Decode near 2 FLOP per 4-byte weight, on the slope; the prefill n times further right.
    QCPGraph *points = view->pointsGraph();
    ASSERT_EQ(points->dataCount(), 2);
    QVector<double> keys;
    for (auto it = points->data()->constBegin(); it != points->data()->constEnd(); ++it)
        keys << it->key;
    EXPECT_NEAR(keys.front(), step.intensity(), 1e-9);
    EXPECT_NEAR(keys.back(), view->prefill().intensity(), 1e-9);
    EXPECT_NEAR(step.intensity(), 0.5, 0.1);
    EXPECT_GT(view->prefill().intensity(), 0.8 * n * step.intensity());
}

TEST(RooflineView, MeasuresTheGenerationsMsPerToken)
{
    TinyFolder folder(false);
    RooflineRoom room;
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    RooflineView *view = room.panel->rooflineView();
    EXPECT_EQ(view->measuredMsPerToken(), 0);
    EXPECT_EQ(view->measuredGraph()->dataCount(), 0);
    // Every pass takes at least 40 ms (10 at each of its progress steps). The generator starts the
    // next token's pass from the previous one's computed(), before this view hears it: the time
    // must still be the pass's own, not the moment between the two signals.
    room.session->setProgressHookForTesting([] { std::this_thread::sleep_for(std::chrono::milliseconds(10)); });
    room.panel->generator()->run(2);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return room.panel->generator()->steps().size() == 2 && !room.panel->generator()->isRunning()
                && !room.session->isBusy();
        },
        20000));
    room.session->setProgressHookForTesting({});
    EXPECT_GE(view->measuredMsPerToken(), 40);
    EXPECT_TRUE(view->meterText().contains(QStringLiteral("The last generation took")))
        << view->meterText().toStdString();
    // The measured point: at the decode step's intensity, its FLOP over the measured time.
    QCPGraph *measured = view->measuredGraph();
    ASSERT_EQ(measured->dataCount(), 1);
    const core::engine::PassCost step = view->decode();
    EXPECT_NEAR(measured->data()->at(0)->key, step.flops / step.bytes, 1e-9);
    const double gflops = step.flops / (view->measuredMsPerToken() / 1e3) / 1e9;
    EXPECT_NEAR(measured->data()->at(0)->value, gflops, 1e-9 * gflops);
    EXPECT_NEAR(view->measuredFlops(), gflops * 1e9, 1e-6 * gflops * 1e9);
    // A new text starts again.
    room.session->setText(QStringLiteral("a dog"));
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_EQ(view->measuredMsPerToken(), 0);
    EXPECT_EQ(view->measuredGraph()->dataCount(), 0);
}

TEST(RooflineView, ThePagesExampleIsComputedAndTheHelpButtonOpensIt)
{
    const QLocale locale;
    for (const char *language : {"en", "zh_CN"}) {
        const QString html = RooflineView::pageHtml(QString::fromLatin1(language));
        ASSERT_FALSE(html.isEmpty()) << language;
        EXPECT_FALSE(html.contains(QRegularExpression(QStringLiteral("%[A-Z_]+%")))) << language;
        // 24 · (2 · 896² + 2 · 128 · 896 + 3 · 4864 · 896) + 151936 · 896 weights, 2 bytes each,
        // read at 20 GB/s: 49.4 ms.
        EXPECT_TRUE(html.contains(locale.toString(493961216))) << language;
        EXPECT_TRUE(html.contains(QStringLiteral("988 MB"))) << language;
        EXPECT_TRUE(html.contains(locale.toString(49.4, 'f', 1) + QStringLiteral(" ms"))) << language;
        EXPECT_TRUE(html.contains(locale.toString(1.04, 'f', 2))) << language;
        EXPECT_TRUE(html.contains(QStringLiteral("520"))) << language;
    }
    ModelSession session;
    RooflineView view(&session);
    EXPECT_TRUE(view.meterText().contains(QStringLiteral("Open a model")));
    view.findChild<QToolButton *>(QStringLiteral("RooflineHelp"))->click();
    auto *page = view.findChild<QTextBrowser *>(QStringLiteral("RooflinePage"));
    ASSERT_NE(page, nullptr);
    EXPECT_TRUE(page->toPlainText().contains(QStringLiteral("memory-bound")));
    for (QWidget *w :
        std::initializer_list<QWidget *> {view.plot(), view.findChild<QToolButton *>(QStringLiteral("RooflineHelp"))})
        EXPECT_FALSE(w->toolTip().isEmpty());
}
