// Same Head, Several Files (issue 34): F32, Q8_0 and Q4_K files of one tiny model side by side.
// Each row's weights and prediction are those of a ForwardRunner on that file computed here, the
// difference heatmap is the difference, the facts are the file's, a file of another model is
// refused, the decode speed is measured on demand, and Tools opens it on the room's model.
#include "core/gguf/gguffile.h"
#include "core/gguf/ggufmodel.h"
#include "core/gguf/gguftokenizer.h"
#include "core/model/topk.h"
#include "ggufwriter.h"
#include "tests/ui/model/modelroomfixture.h"
#include "tokenizerfixtures.h"
#include "ui/i18n/language.h"
#include "ui/plot/matrixplot.h"
#include "ui/quant/quantactions.h"
#include "ui/quant/quantcomparewindow.h"

#include <QAction>
#include <QFile>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QTest>

#include <gtest/gtest.h>

#include <filesystem>

namespace {

using namespace attnlab;
using core::Matrix;
using ui::QuantCompareWindow;
using Plot = QuantCompareWindow::Plot;

constexpr std::uint32_t kQ8_0 = 8, kQ4K = 12;
const QString kText = QStringLiteral("the cat sat on");

// The tiny Qwen2 with rows of 256 weights (a Q4_K block) as GGUF files of `types` (none:
// float32), each in a folder of its own under `dir`.
std::string writeFile(
    const std::string &dir, const std::string &name, const std::vector<std::uint32_t> &types, int layers = 2)
{
    test::TinyModelOptions o = test::smallGgufSizes(test::kGpt2FixtureVocabSize);
    o.dModel = 256;
    o.dInner = 256;
    o.layers = layers;
    o.addFiles = [](const std::string &folder) { test::writeGpt2Tokenizer(folder); };
    const std::string folder = dir + "/" + name;
    std::filesystem::create_directories(folder);
    return test::writeTinyGgufPair(folder, "qwen2", o, types, test::addGpt2FixtureTokenizer);
}

bool waitIdle(const QuantCompareWindow &w)
{
    return QTest::qWaitFor([&] { return !w.isBusy(); }, 20000);
}

struct Reference {
    std::unique_ptr<core::model::ForwardRunner> runner;
    std::vector<int> ids;
    core::model::Tokenizer tokenizer;
};

Reference reference(const std::string &path, const QString &text)
{
    core::model::LoadModelResult loaded = core::gguf::loadGgufModel(path);
    EXPECT_TRUE(loaded.ok()) << loaded.error;
    core::model::TokenizerLoadResult t = core::gguf::loadGgufTokenizer(path);
    EXPECT_TRUE(t.ok());
    Reference r {std::make_unique<core::model::ForwardRunner>(
                     std::make_shared<const core::model::ModelWeights>(std::move(*loaded.weights))),
        {}, std::move(*t.tokenizer)};
    for (const core::model::Token &token : r.tokenizer.encode(text.toStdString()))
        r.ids.push_back(token.id);
    EXPECT_TRUE(r.runner->run(r.ids));
    return r;
}

TEST(QuantCompare, EachFilesRowIsItsOwnRunnersHeadAndPrediction)
{
    const std::string dir = test::makeTempDir("quantcompare-ui");
    const std::vector<std::string> paths
        = {writeFile(dir, "f32", {}), writeFile(dir, "q8", {kQ8_0}), writeFile(dir, "q4k", {kQ4K})};
    QuantCompareWindow w;
    w.setText(kText);
    for (const std::string &p : paths) {
        ASSERT_TRUE(w.addFile(QString::fromStdString(p)));
        EXPECT_TRUE(w.isBusy()); // loaded on the worker
        EXPECT_FALSE(w.addFile(QString::fromStdString(p))); // one job at a time
        ASSERT_TRUE(waitIdle(w));
        ASSERT_TRUE(w.problem().isEmpty()) << w.problem().toStdString();
    }
    ASSERT_EQ(w.fileCount(), 3);
    EXPECT_FALSE(w.addFile(QString::fromStdString(paths[0]))); // three at most
    w.setHead(1, 3);
    ASSERT_TRUE(waitIdle(w));
    EXPECT_EQ(w.layer(), 1);
    EXPECT_EQ(w.head(), 3);

    std::vector<Matrix> weights;
    for (int i = 0; i < 3; ++i) {
        const Reference r = reference(paths[size_t(i)], kText);
        ASSERT_EQ(w.tokenIds(), r.ids);
        const Matrix expected = r.runner->attentionWeights(1, 3);
        weights.push_back(expected);
        const Matrix &shown = w.plot(i, Plot::Weights)->matrix();
        ASSERT_EQ(shown.rows(), expected.rows());
        EXPECT_LT((shown - expected).cwiseAbs().maxCoeff(), 2e-5) << "file " << i;
        EXPECT_EQ(w.plot(i, Plot::Scores)->matrix().rows(), expected.rows());
        EXPECT_EQ(w.plot(i, Plot::Context)->matrix().cols(), r.runner->config().headDim());
        // The five most likely tokens with the runner's own probabilities.
        const auto top = core::model::topK(r.runner->probabilities(), 5);
        const QString prediction = w.predictionText(i);
        for (size_t k = 0; k < top.size(); ++k) {
            const QString line = QStringLiteral("%1. %2  %3")
                                     .arg(k + 1)
                                     .arg(QString::fromStdString(r.tokenizer.displayText(top[k].id)),
                                         QLocale().toString(top[k].probability, 'f', 3));
            EXPECT_TRUE(prediction.contains(line)) << prediction.toStdString() << "\nmissing: " << line.toStdString();
        }
        // The file's type, bits per weight and memory.
        const core::gguf::FileCost cost = core::gguf::fileCost(*core::gguf::GgufFile::open(paths[size_t(i)]));
        const QString facts = w.factsText(i);
        EXPECT_TRUE(facts.contains(
            QStringLiteral("%1, %2 bits per weight")
                .arg(QString::fromStdString(cost.quantization), QLocale().toString(cost.bitsPerWeight, 'f', 2))))
            << facts.toStdString();
        EXPECT_TRUE(facts.contains(QStringLiteral("not measured"))) << facts.toStdString();
    }
    EXPECT_TRUE(w.factsText(1).contains(QStringLiteral("Q8_0")));
    EXPECT_TRUE(w.factsText(2).contains(QStringLiteral("Q4_K")));
    // The first file is the reference: no difference of its own.
    EXPECT_TRUE(w.plot(0, Plot::Difference)->isHidden());
    for (int i = 1; i < 3; ++i) {
        const Matrix &d = w.plot(i, Plot::Difference)->matrix();
        const Matrix expected = weights[size_t(i)] - weights[0];
        ASSERT_EQ(d.rows(), expected.rows());
        EXPECT_LT((d - expected).cwiseAbs().maxCoeff(), 4e-5);
        EXPECT_GT(d.cwiseAbs().maxCoeff(), 1e-4); // the files differ
        EXPECT_TRUE(w.predictionText(i).contains(QStringLiteral("first file"))) << w.predictionText(i).toStdString();
    }

    // Another text is split and computed again.
    w.setText(QStringLiteral("cat"));
    ASSERT_TRUE(waitIdle(w));
    EXPECT_EQ(w.plot(2, Plot::Weights)->matrix().rows(), Eigen::Index(w.tokenIds().size()));
    EXPECT_EQ(w.tokenIds(), reference(paths[2], QStringLiteral("cat")).ids);
    test::removeTree(dir);
}

TEST(QuantCompare, AFileOfAnotherModelIsRefused)
{
    const std::string dir = test::makeTempDir("quantcompare-other");
    QuantCompareWindow w;
    w.setText(kText);
    ASSERT_TRUE(w.addFile(QString::fromStdString(writeFile(dir, "two", {kQ8_0}))));
    ASSERT_TRUE(waitIdle(w));
    ASSERT_TRUE(w.addFile(QString::fromStdString(writeFile(dir, "three", {kQ8_0}, 3))));
    ASSERT_TRUE(waitIdle(w));
    EXPECT_EQ(w.fileCount(), 1);
    EXPECT_TRUE(w.problem().contains(QStringLiteral("not a file of the same model (layers 3 ≠ 2)")))
        << w.problem().toStdString();
    // A file that is no GGUF model says why.
    const std::string bad = dir + "/bad.gguf";
    test::writeTextFile(bad, "GGUF but not really");
    ASSERT_TRUE(w.addFile(QString::fromStdString(bad)));
    ASSERT_TRUE(waitIdle(w));
    EXPECT_EQ(w.fileCount(), 1);
    EXPECT_FALSE(w.problem().isEmpty());
    test::removeTree(dir);
}

TEST(QuantCompare, MeasureTimesAShortGreedyDecodeOfEachFile)
{
    const std::string dir = test::makeTempDir("quantcompare-speed");
    QuantCompareWindow w;
    w.setText(kText);
    ASSERT_TRUE(w.addFile(QString::fromStdString(writeFile(dir, "q8", {kQ8_0}))));
    ASSERT_TRUE(waitIdle(w));
    ASSERT_TRUE(w.addFile(QString::fromStdString(writeFile(dir, "q4k", {kQ4K}))));
    ASSERT_TRUE(waitIdle(w));
    w.measure();
    ASSERT_TRUE(waitIdle(w));
    for (int i = 0; i < 2; ++i) {
        ASSERT_TRUE(w.file(i).speed.has_value());
        // 16 positions: one token of the text, then 15 generated.
        EXPECT_EQ(w.file(i).speed->tokens, 15);
        EXPECT_GT(w.file(i).speed->tokensPerSecond(), 0);
        EXPECT_TRUE(w.factsText(i).contains(QStringLiteral("Decode: %1 tokens/s (15 tokens)")
                                                .arg(QLocale().toString(w.file(i).speed->tokensPerSecond(), 'f', 1))))
            << w.factsText(i).toStdString();
    }
    test::removeTree(dir);
}

TEST(QuantCompare, ToolsOpensItOnTheRoomsModelTextAndHead)
{
    const std::string dir = test::makeTempDir("quantcompare-actions");
    const std::string gguf = writeFile(dir, "q8", {kQ8_0});
    test::Room room;
    QMenu tools;
    ui::QuantActions quant(room.actions, &tools, &room.window);
    ASSERT_TRUE(tools.actions().contains(quant.compareAction()));
    EXPECT_FALSE(quant.compareAction()->isEnabled()); // no model yet
    EXPECT_FALSE(quant.compareAction()->toolTip().isEmpty());
    room.openModel(QString::fromStdString(gguf), kText);
    ASSERT_TRUE(test::waitComputed(room.session));
    room.session->setSelectedHead(1, 2);
    ASSERT_TRUE(quant.compareAction()->isEnabled());
    quant.compareAction()->trigger();
    QuantCompareWindow *w = quant.compareView();
    ASSERT_TRUE(w->isVisible());
    ASSERT_TRUE(QTest::qWaitFor([&] { return w->fileCount() == 1 && !w->isBusy() && w->head() == 2; }, 20000));
    ASSERT_TRUE(waitIdle(*w));
    EXPECT_EQ(w->text(), kText);
    EXPECT_EQ(w->layer(), 1);
    const Reference r = reference(gguf, kText);
    EXPECT_LT((w->plot(0, Plot::Weights)->matrix() - r.runner->attentionWeights(1, 2)).cwiseAbs().maxCoeff(), 2e-5);
    for (const QPushButton *b : w->findChildren<QPushButton *>(QString(), Qt::FindDirectChildrenOnly))
        EXPECT_FALSE(b->toolTip().isEmpty()) << b->text().toStdString(); // the window's own, not the progress dialog's
    test::removeTree(dir);
}

TEST(QuantCompare, SwitchingToChineseRetranslatesTheOpenWindow)
{
    const std::string dir = test::makeTempDir("quantcompare-zh");
    QuantCompareWindow w;
    w.setText(kText);
    ASSERT_TRUE(w.addFile(QString::fromStdString(writeFile(dir, "q8", {kQ8_0}))));
    ASSERT_TRUE(waitIdle(w));
    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("zh_CN")));
    EXPECT_EQ(w.windowTitle(), QStringLiteral("同一个头，多个文件"));
    EXPECT_TRUE(w.factsText(0).contains(QStringLiteral("Q8_0，每个权重"))) << w.factsText(0).toStdString();
    EXPECT_TRUE(w.factsText(0).contains(QStringLiteral("解码：尚未测量"))) << w.factsText(0).toStdString();
    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("en")));
    EXPECT_EQ(w.windowTitle(), QStringLiteral("Same Head, Several Files"));
    EXPECT_TRUE(w.factsText(0).contains(QStringLiteral("Q8_0, "))) << w.factsText(0).toStdString();
    test::removeTree(dir);
}

// The README's numbers about the window are the window's.
TEST(QuantCompare, TheReadmeSaysWhatTheWindowDoes)
{
    QFile file(QStringLiteral(ATTNLAB_SOURCE_DIR "/README.md"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const std::string readme = file.readAll().toStdString();
    EXPECT_NE(readme.find("times a greedy generation of " + std::to_string(QuantCompareWindow::kMeasureTokens)
                  + " tokens with each file"),
        std::string::npos);
    // The open file counts: Add File adds at most kMaxFiles − 1 = two more.
    ASSERT_EQ(QuantCompareWindow::kMaxFiles, 3);
    EXPECT_NE(
        readme.find("beside up to two more files of the same\nmodel (**Add File…**; three in all"), std::string::npos);
}

} // namespace
