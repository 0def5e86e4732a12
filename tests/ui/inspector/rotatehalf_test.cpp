// Rotate-half RoPE on the board: the inspector derives a rotated cell with the scene's pairing and
// frequencies, the explanation says which columns pair up and with which θ, and a direct-mode
// scene under RoPE shows its rotated Q and K.
#include "core/scene/sceneedits.h"
#include "core/text/chain.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/inspector/inspectorpage.h"

#include <QTest>

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlab;

namespace {

// cat-eats-fish with one head of d_k = 8 under RoPE, rotate-half, base 10^6.
core::Scene rotateHalfScene()
{
    core::Scene s = core::edits::withPositional(
        *ui::loadExample(QStringLiteral("cat-eats-fish")).scene, core::PositionalEncoding::Rope);
    s = core::edits::withDimensions(s, s.dModel, 1, 8);
    s.ropeConvention = core::RotaryConvention::HalfSplit;
    s.ropeBase = 1000000;
    return s;
}

QString plain(QString html)
{
    html.replace(QStringLiteral("&nbsp;"), QStringLiteral(" "));
    return html;
}

std::string fixed(double v)
{
    return core::formatFixed(v, 3);
}

} // namespace

TEST(RotateHalf, TheInspectorPairsColumnIWithIPlusHalfAndComputesTheRotation)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    const core::Scene s = rotateHalfScene();
    ASSERT_TRUE(core::validate(s).empty());
    core::Pipeline pipeline;
    const core::Stages &st = pipeline.compute(s);
    ui::InspectorPage page(s, st, 0, nullptr);
    // Row 2, column 5: pair 1, columns 1 and 5, θ_1 = 10^6^(−2/8), the second column of its pair.
    const QString html = plain(page.html({core::StageQRotated, 2, 5}));
    EXPECT_TRUE(html.contains(QStringLiteral("column i turns with column i + 4, so column 5 belongs to pair 1, "
                                             "columns 1 and 5")))
        << html.toStdString();
    const double theta = std::pow(1000000.0, -2.0 / 8), angle = 2 * theta;
    core::Chain thetaChain;
    thetaChain.significant(theta);
    EXPECT_TRUE(html.contains(
        QStringLiteral("1000000<sup>\u22122/8</sup> = %1").arg(QString::fromStdString(thetaChain.text()))))
        << html.toStdString();
    const core::HeadStages &h = st.heads[0];
    const double a = h.q(2, 1), b = h.q(2, 5);
    const std::string expected = fixed(a) + " \u00d7 sin + " + fixed(b) + " \u00d7 cos = " + fixed(a) + " \u00d7 "
        + fixed(std::sin(angle)) + " + " + fixed(b) + " \u00d7 " + fixed(std::cos(angle)) + " = ";
    EXPECT_TRUE(html.contains(QString::fromStdString(expected))) << expected << "\n" << html.toStdString();
    EXPECT_TRUE(html.contains(QString::fromStdString("<b>" + fixed(h.qRotated(2, 5)) + "</b>"))) << html.toStdString();
    // It says what interleaved pairs would have done and that the two agree up to a reordering.
    EXPECT_TRUE(html.contains(QStringLiteral("Interleaved pairs would turn column 5 with column 4 instead")));
    EXPECT_TRUE(html.contains(QStringLiteral("2i + 1 \u2194 i + 4")));

    ui::Language::instance()->apply(QStringLiteral("zh_CN"));
    const QString zh = plain(page.html({core::StageKRotated, 1, 2}));
    EXPECT_TRUE(zh.contains(QStringLiteral("第 2 列属于第 2 对，即第 2 列和第 6 列"))) << zh.toStdString();
    EXPECT_TRUE(zh.contains(QStringLiteral("第 i + 4 列"))) << zh.toStdString();
    ui::Language::instance()->apply(QStringLiteral("en"));
}

TEST(RotateHalf, InterleavedScenesKeepTheirNeighbourPairs)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    core::Scene s = rotateHalfScene();
    s.ropeConvention = core::RotaryConvention::Interleaved;
    core::Pipeline pipeline;
    ui::InspectorPage page(s, pipeline.compute(s), 0, nullptr);
    const QString html = plain(page.html({core::StageQRotated, 2, 5}));
    EXPECT_TRUE(html.contains(QStringLiteral("column 5 belongs to pair 2, columns 4 and 5"))) << html.toStdString();
    EXPECT_FALSE(html.contains(QStringLiteral("Interleaved pairs would")));
}

TEST(RotateHalf, AFrequencyTableIsQuotedNotRecomputed)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    core::Scene s = rotateHalfScene();
    s.ropeFrequencies.resize(4);
    s.ropeFrequencies << 1.0f, 0.25f, 0.0625f, 0.00390625f;
    core::Pipeline pipeline;
    ui::InspectorPage page(s, pipeline.compute(s), 0, nullptr);
    const QString html = plain(page.html({core::StageQRotated, 1, 6}));
    EXPECT_TRUE(html.contains(QStringLiteral("0.0625 (the scene's frequency table)"))) << html.toStdString();
}

TEST(RotateHalf, TheExplanationSaysWhichColumnsPairAndWithWhichTheta)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    ui::Document document;
    document.load(rotateHalfScene());
    ui::ExplanationPanel panel(&document);
    document.setSelection({core::StageQRotated, -1, -1});
    const QString text = panel.plainText();
    EXPECT_TRUE(text.contains(QStringLiteral("column i turns with column i + 4: (0, 4), (1, 5), (2, 6), (3, 7)")))
        << text.toStdString();
    core::Chain last;
    last.significant(std::pow(1000000.0, -6.0 / 8));
    EXPECT_TRUE(text.contains(QStringLiteral("1000000")) && text.contains(QString::fromStdString(last.text())))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Rotate-half"))) << "the page explains both pairings";
    ui::Language::instance()->apply(QStringLiteral("zh_CN"));
    EXPECT_TRUE(panel.plainText().contains(QStringLiteral("第 i 列与第 i + 4 列一起旋转")))
        << panel.plainText().toStdString();
    EXPECT_TRUE(panel.plainText().contains(QStringLiteral("前后半配对")));
    ui::Language::instance()->apply(QStringLiteral("en"));
}

TEST(RotateHalf, TheRotatedCardsSayTheirPairing)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    ui::Document document;
    document.load(rotateHalfScene());
    ui::StepController steps(&document);
    ui::PipelineBoard board(&document, &steps);
    ASSERT_NE(board.card(core::StageKRotated), nullptr);
    EXPECT_TRUE(board.card(core::StageKRotated)->formula().contains(QStringLiteral("pairs (i, i + 4)")));
}

TEST(RotateHalf, ADirectSceneUnderRopeShowsItsRotatedQAndK)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    core::Scene direct = *ui::loadExample(QStringLiteral("cat-eats-fish-handcalc")).scene;
    direct.positional = core::PositionalEncoding::Rope;
    ASSERT_TRUE(core::validate(direct).empty());
    const QList<core::Stage> stages = ui::StepController::boardStages(direct);
    EXPECT_TRUE(stages.contains(core::StageQRotated));
    EXPECT_TRUE(stages.contains(core::StageKRotated));
    ui::Document document;
    document.load(direct);
    ui::StepController steps(&document);
    ui::PipelineBoard board(&document, &steps);
    board.resize(1280, 720);
    board.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&board));
    ASSERT_NE(board.card(core::StageQRotated), nullptr);
    EXPECT_TRUE(board.card(core::StageQRotated)->isVisible());
    EXPECT_TRUE(board.card(core::StageScores)->formula().contains(QStringLiteral("Q_rot")));
}
