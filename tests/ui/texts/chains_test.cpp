// Every equation chain the app prints holds at the precision it is printed with: the inspector's
// page of every cell of every stage and head, the explanation's "In this scene" box, the scaled
// card's tooltip, the temperature tab's divisor and the worksheet with its answer key, for every
// example, in English and in Chinese. The inspector's term tables print each row ("q × k = p",
// "e^(x) = e", "e ÷ sum = w", "w × v = p") through a chain too, and the test checks that every row did.
#include "core/scene/derivation.h"
#include "core/text/chain.h"
#include "ui/board/stagecard.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/experiments/temperatureexperiment.h"
#include "ui/export/handout.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/inspector/inspectorpage.h"

#include <QLabel>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

// Collects what the checker reports while it lives.
struct ChainRecorder {
    ChainRecorder()
    {
        core::setChainChecker([this](const std::string &chain, const std::vector<std::string> &problems) {
            ++seen;
            printed.push_back(chain);
            for (const std::string &p : problems)
                failures.push_back(where + ": " + chain + " — " + p);
        });
    }
    ~ChainRecorder() { core::setChainChecker({}); }
    std::string report() const
    {
        std::string out;
        for (size_t i = 0; i < std::min<size_t>(failures.size(), 10); ++i)
            out += failures[i] + "\n";
        return out;
    }
    int seen = 0;
    std::vector<std::string> printed;
    std::string where;
    std::vector<std::string> failures;
};

// "a op b = c" as a table row's chain prints it.
std::string row(double a, const char *op, double b, double c)
{
    return core::formatFixed(a, 3) + op + core::formatFixed(b, 3) + " = " + core::formatFixed(c, 3);
}

// The rows of the term table on the page of this cell, as their chains print them.
std::vector<std::string> tableRows(
    const core::Scene &scene, const core::Stages &stages, core::Stage stage, int head, int row, int column)
{
    std::vector<std::string> rows;
    if (stage == core::StageScores || stage == core::StageScaled) {
        const core::DotTerms t = core::deriveScore(scene, stages, head, row, column).terms;
        for (size_t i = 0; i < t.products.size(); ++i)
            rows.push_back(::row(t.left[i], " \u00d7 ", t.right[i], t.products[i]));
    } else if (stage == core::StageWeights || stage == core::StageMasked) {
        const core::SoftmaxDerivation d = core::deriveSoftmax(stages, head, row);
        for (size_t j = 0; j < d.weights.size(); ++j)
            if (d.anyVisible && d.visible[j]) {
                const std::string x = core::formatFixed(d.scaled[j], 3)
                    + (d.shift == 0 ? std::string() : " \u2212 " + core::formatFixed(d.shift, 3));
                rows.push_back("e^(" + x + ") = " + core::formatFixed(d.exps[j], 3));
                rows.push_back(::row(d.exps[j], " \u00f7 ", d.sum, d.weights[j]));
            }
    } else if (stage == core::StageContext) {
        const core::MixDerivation d = core::deriveMix(stages, head, row);
        for (size_t j = 0; j < d.weights.size(); ++j)
            for (size_t c = 0; c < d.values[j].size(); ++c)
                rows.push_back(::row(d.weights[j], " \u00d7 ", d.values[j][c], d.scaled[j][c]));
    }
    return rows;
}

} // namespace

TEST(ChainsTest, EveryChainOfEveryExampleHoldsInBothLanguages)
{
    ChainRecorder recorder;
    int pages = 0, tableRowsExpected = 0, tableRowsSeen = 0;
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        ASSERT_TRUE(Language::instance()->apply(language));
        for (const QString &name : exampleNames()) {
            Document doc;
            doc.load(*loadExample(name).scene);
            const core::Scene &scene = doc.scene();
            const core::Stages &stages = doc.stages();
            ExplanationPanel panel(&doc);
            for (core::Stage stage : core::allStages()) {
                recorder.where = (language + QLatin1Char(' ') + name).toStdString() + " " + core::stageName(stage);
                Selection selection;
                selection.stage = stage;
                doc.setSelection(selection);
                for (int head = 0; head < scene.headCount(); ++head) {
                    const core::Matrix &m = core::stageMatrix(stages, stage, head);
                    for (int row = 0; row < m.rows(); ++row)
                        for (int column = 0; column < m.cols(); ++column) {
                            InspectorPage page(scene, stages, head, nullptr);
                            recorder.printed.clear();
                            pages += !page.html({stage, row, column}).isEmpty();
                            for (const std::string &r : tableRows(scene, stages, stage, head, row, column)) {
                                tableRowsSeen += std::count(recorder.printed.begin(), recorder.printed.end(), r) > 0;
                                ++tableRowsExpected;
                            }
                        }
                }
            }
            // The scaled card's tooltip and the temperature tab's divisor.
            recorder.where = (language + QLatin1Char(' ') + name).toStdString() + " card and temperature tab";
            StageCard card(&doc, core::StageScaled);
            TemperatureExperiment temperature(&doc);
            // Its explanation's example prints what the checked chains computed, in either language.
            bool example = false;
            for (const QLabel *label : temperature.findChildren<QLabel *>())
                example = example
                    || (label->text().contains(QStringLiteral("[2, 0, 1]"))
                        && label->text().contains(QStringLiteral("[20, 0, 10]")));
            EXPECT_TRUE(example) << recorder.where;
            recorder.where = (language + QLatin1Char(' ') + name).toStdString() + " worksheet";
            QList<core::Stage> blanks {
                core::StageScores, core::StageScaled, core::StageMasked, core::StageWeights, core::StageContext};
            QString why;
            for (int head = 0; head < scene.headCount(); ++head)
                worksheetHtml(doc, head, blanks, true, &why);
        }
    }
    Language::instance()->apply(QStringLiteral("en"));
    EXPECT_TRUE(recorder.failures.empty()) << recorder.failures.size() << " chains do not hold:\n" << recorder.report();
    // The pages were really built, and their chains went through the checker.
    EXPECT_GT(pages, 2000);
    EXPECT_GT(recorder.seen, 4000);
    // Every row of the score, weight and context tables was printed through a checked chain.
    EXPECT_GT(tableRowsExpected, 10000);
    EXPECT_EQ(tableRowsSeen, tableRowsExpected);
}

TEST(ChainsTest, TheRecorderCatchesAChainThatDoesNotHold)
{
    ChainRecorder recorder;
    core::Chain().number(0.1).times().number(-0.42).equals().number(0.070).text();
    EXPECT_EQ(recorder.failures.size(), 1u);
}
