// Every equation chain the app prints holds at the precision it is printed with: the inspector's
// page of every cell of every stage and head, the explanation's "In this scene" box, the scaled
// card's tooltip, the temperature tab's divisor and the worksheet with its answer key, for every
// example, in English and in Chinese.
#include "core/text/chain.h"
#include "ui/board/stagecard.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/experiments/temperatureexperiment.h"
#include "ui/export/handout.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/inspector/inspectorpage.h"

#include <gtest/gtest.h>

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
    std::string where;
    std::vector<std::string> failures;
};

} // namespace

TEST(ChainsTest, EveryChainOfEveryExampleHoldsInBothLanguages)
{
    ChainRecorder recorder;
    int pages = 0;
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
                            pages += !page.html({stage, row, column}).isEmpty();
                        }
                }
            }
            // The scaled card's tooltip and the temperature tab's divisor.
            recorder.where = (language + QLatin1Char(' ') + name).toStdString() + " card and temperature tab";
            StageCard card(&doc, core::StageScaled);
            TemperatureExperiment temperature(&doc);
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
}

TEST(ChainsTest, TheRecorderCatchesAChainThatDoesNotHold)
{
    ChainRecorder recorder;
    core::Chain().number(0.1).times().number(-0.42).equals().number(0.070).text();
    EXPECT_EQ(recorder.failures.size(), 1u);
}
