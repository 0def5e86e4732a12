// The worksheet question at the foot of each inference-engine page (issue 32): every number in the
// question and its answer, in English and Chinese, is one this test computes itself from the
// question's case, by plain arithmetic or from the scene's own stages, never through the code that
// filled the page; and every number it computes appears.
#include "core/scene/pipeline.h"
#include "printednumbers.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"

#include <QRegularExpression>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace attnlab;

namespace {

// The question and answer of `page` in `language` as plain text: from the worksheet anchor on,
// tags dropped, model names (whose digits are not quantities) removed.
QString worksheetText(const char *page, const char *language)
{
    const QString html = ui::ExplanationPanel::pageHtml(QString::fromLatin1(page), QString::fromLatin1(language));
    const qsizetype at = html.indexOf(QLatin1String("<a name=\"worksheet\">"));
    if (at < 0)
        return QString();
    QString text = html.mid(at);
    text.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
    text.replace(QLatin1String("&lt;"), QLatin1String("<")).replace(QLatin1String("&gt;"), QLatin1String(">"));
    for (const char *name : {"Qwen2.5-0.5B", "BF16"})
        text.remove(QLatin1String(name));
    return text;
}

using test::numbersIn;
using test::Printed;

// Every printed number is one of `expected`, and every expected value is printed.
void expectNumbers(const char *page, const std::vector<double> &expected)
{
    for (const char *language : {"en", "zh_CN"}) {
        const QString text = worksheetText(page, language);
        ASSERT_FALSE(text.isEmpty()) << page << " " << language << ": no worksheet question";
        EXPECT_FALSE(text.contains(QLatin1Char('%'))) << page << " " << language << ": " << text.toStdString();
        const std::vector<Printed> printed = numbersIn(text);
        for (const Printed &p : printed) {
            const bool known = std::any_of(
                expected.begin(), expected.end(), [&](double e) { return std::abs(p.value - e) <= p.tolerance; });
            EXPECT_TRUE(known) << page << " " << language << " prints " << p.text.toStdString()
                               << ", which no computation of the case gives, in:\n"
                               << text.toStdString();
        }
        for (double e : expected) {
            const bool shown = std::any_of(
                printed.begin(), printed.end(), [&](const Printed &p) { return std::abs(p.value - e) <= p.tolerance; });
            EXPECT_TRUE(shown) << page << " " << language << " does not show " << e;
        }
    }
}

// One token's keys and values in a Qwen2.5-0.5B-shaped model in BF16: K and V × 24 layers × 2
// key/value heads × 64 dimensions × 2 bytes.
constexpr double kQwenTokenBytes = 2.0 * 24 * 2 * 64 * 2;

class WorksheetQuestions : public ::testing::Test {
protected:
    void SetUp() override { ui::Language::instance()->apply(QStringLiteral("en")); }
};

} // namespace

// 猫吃鱼's query 猫 in tiles of 1 × 2: m and l from the scaled scores by hand, the weight from the
// Weights stage.
TEST_F(WorksheetQuestions, FlashAttentionsRunningMaxAndSumAreTheScenesOwn)
{
    const core::LoadResult loaded = ui::loadExample(QStringLiteral("cat-eats-fish"));
    ASSERT_TRUE(loaded.ok());
    core::Pipeline pipeline;
    const core::HeadStages &h = pipeline.compute(*loaded.scene).heads.front();
    const double s0 = h.scaled(0, 0), s1 = h.scaled(0, 1), s2 = h.scaled(0, 2);
    const double m1 = std::max(s0, s1), l1 = std::exp(s0 - m1) + std::exp(s1 - m1);
    const double m2 = std::max(m1, s2), rescale = std::exp(m1 - m2), l2 = l1 * rescale + std::exp(s2 - m2);
    EXPECT_NEAR(std::exp(s2 - m2) / l2, h.weights(0, 2), 1e-5);
    EXPECT_GT(m2, m1) << "the second tile should raise the maximum, or the question shows no rescaling";
    expectNumbers("flash", {double(loaded.scene->dK), 1, 2, s0, s1, s2, m1, l1, m2, rescale, l2, h.weights(0, 2)});
}

// 100 tokens, W = 16, S = 4: the last query's keys by the rule j < S or j > i − W.
TEST_F(WorksheetQuestions, TheEvictionQuestionsKeysFollowTheWindowAndSinksRule)
{
    constexpr int tokens = 100, window = 16, sinks = 4, last = tokens - 1;
    std::vector<int> seen;
    for (int j = 0; j <= last; ++j)
        if (j < sinks || j > last - window)
            seen.push_back(j);
    ASSERT_EQ(seen.size(), size_t(sinks + window));
    const int lastSink = sinks - 1, firstInWindow = last - window + 1;
    EXPECT_EQ(seen[size_t(lastSink)], lastSink);
    EXPECT_EQ(seen[size_t(sinks)], firstInWindow);
    const double kept = double(seen.size());
    expectNumbers("kvpolicy",
        {tokens, double(seen.front()), last, window, sinks, lastSink, firstInWindow, kept, kQwenTokenBytes,
            kept * kQwenTokenBytes, tokens * kQwenTokenBytes});
}

// 40 tokens in blocks of 16, 4 continuations of 10: the full prompt blocks are shared, the tail
// block is copied by all but the last continuation, and each continuation's tail and tokens fill
// blocks of its own.
TEST_F(WorksheetQuestions, ThePagedCacheQuestionsBlocksAreCountedByHand)
{
    constexpr int prompt = 40, block = 16, continuations = 4, generated = 10;
    const int promptBlocks = (prompt + block - 1) / block, empty = promptBlocks * block - prompt;
    const int fullBlocks = prompt / block, tail = prompt % block;
    const int copies = tail > 0 ? continuations - 1 : 0;
    const int ownBlocks = (tail + generated + block - 1) / block;
    const int used = fullBlocks + continuations * ownBlocks;
    const int unshared = continuations * ((prompt + generated + block - 1) / block);
    expectNumbers("pagedcache",
        {prompt, block, continuations, generated, promptBlocks, double(empty), used, copies, unshared, kQwenTokenBytes,
            used * block * kQwenTokenBytes, unshared * block * kQwenTokenBytes});
}

// p = (0.5, 0.3, 0.2), q = (0.2, 0.6, 0.2), 吃 proposed: the rule by hand, and 猫's probability
// of coming out is p(猫).
TEST_F(WorksheetQuestions, TheSpeculativeQuestionKeepsTheTargetsDistribution)
{
    const double p[3] = {0.5, 0.3, 0.2}, q[3] = {0.2, 0.6, 0.2};
    double residual[3], rejected = 0;
    for (int i = 0; i < 3; ++i) {
        residual[i] = std::max(0.0, p[i] - q[i]);
        rejected += residual[i];
    }
    const double accept = std::min(1.0, p[1] / q[1]), acceptFirst = std::min(1.0, p[0] / q[0]);
    const double outFirst = q[0] * acceptFirst + rejected * residual[0] / rejected;
    EXPECT_NEAR(outFirst, p[0], 1e-12);
    // 0 and 1 are also the rule's own constants: min(1, p/q), max(0, p − q).
    expectNumbers("speculative",
        {p[0], p[1], p[2], q[0], q[1], q[2], accept, residual[0], residual[1], residual[2], rejected, acceptFirst,
            outFirst, 0, 1});
}

// The Qwen2.5-0.5B shape after a prompt of 200 tokens at 20 GB/s, 80 ms/token measured: the
// weights counted from the shape, each decoded token reading them and the cache of 201 tokens.
TEST_F(WorksheetQuestions, TheRooflineQuestionsFloorIsTheBytesOverTheBandwidth)
{
    constexpr double d = 896, kv = 128, inner = 4864, vocab = 151936, layers = 24, heads = 14, headDim = 64;
    const double weights = layers * (2 * d * d + 2 * kv * d + 3 * inner * d) + vocab * d;
    constexpr int prompt = 200;
    constexpr double bandwidth = 20e9, measured = 80;
    const double weightBytes = 2 * weights, cacheBytes = (prompt + 1) * kQwenTokenBytes;
    const double read = weightBytes + cacheBytes, floor = read / bandwidth * 1e3;
    const double decodeFlops = 2 * weights + 4 * layers * heads * headDim * (prompt + 1);
    const double prefillFlops = 2 * weights * prompt + 4 * layers * heads * headDim * prompt * (prompt + 1) / 2.0;
    const double prefillBytes = weightBytes + prompt * kQwenTokenBytes;
    expectNumbers("roofline",
        {weights, weightBytes / 1e6, prompt, prompt + 1, cacheBytes / 1e6, read / 1e6, bandwidth / 1e9, floor, measured,
            measured / floor, decodeFlops / read, prefillFlops / prefillBytes});
}

// The questions read the same in both languages: the same numbers, as printed.
TEST_F(WorksheetQuestions, BothLanguagesAskWithTheSameNumbers)
{
    for (const char *page : {"flash", "kvpolicy", "pagedcache", "speculative", "roofline"}) {
        QStringList en, zh;
        for (const Printed &p : numbersIn(worksheetText(page, "en")))
            en << p.text;
        for (const Printed &p : numbersIn(worksheetText(page, "zh_CN")))
            zh << p.text;
        en.removeDuplicates();
        zh.removeDuplicates();
        en.sort();
        zh.sort();
        EXPECT_FALSE(en.isEmpty()) << page;
        EXPECT_EQ(en.join(QLatin1Char(' ')).toStdString(), zh.join(QLatin1Char(' ')).toStdString()) << page;
    }
}

// The attention variants' questions (issue 31), each worked out here from 猫吃鱼's own stages by
// plain arithmetic.
namespace {

struct CatEatsFish {
    core::Pipeline pipeline;
    const core::HeadStages *head = nullptr;
    CatEatsFish()
    {
        const core::LoadResult loaded = ui::loadExample(QStringLiteral("cat-eats-fish"));
        if (loaded.ok())
            head = &pipeline.compute(*loaded.scene).heads.front();
    }
};

} // namespace

TEST_F(WorksheetQuestions, TheSoftCapQuestionIsTanhOfTheScenesScore)
{
    CatEatsFish cat;
    ASSERT_TRUE(cat.head);
    const double s = cat.head->scaled(0, 2), c = 2, large = 10;
    expectNumbers("softcap", {s, c, large, c * std::tanh(s / c), c * std::tanh(large / c)});
}

TEST_F(WorksheetQuestions, TheWindowQuestionsKeysAndWeightFollowTheBand)
{
    CatEatsFish cat;
    ASSERT_TRUE(cat.head);
    const double a = cat.head->scaled(2, 1), b = cat.head->scaled(2, 2);
    expectNumbers("window", {2, 2, 0, a, b, 1 / (1 + std::exp(b - a))});
}

TEST_F(WorksheetQuestions, TheSinkQuestionsShareIsTheSceneRowWithOneMoreLogit)
{
    CatEatsFish cat;
    ASSERT_TRUE(cat.head);
    const double s1 = cat.head->scaled(0, 0), s2 = cat.head->scaled(0, 1), s3 = cat.head->scaled(0, 2);
    const double sum = 1 + std::exp(s1) + std::exp(s2) + std::exp(s3);
    expectNumbers("sink", {0, s1, s2, s3, 1 / sum, std::exp(s3) / sum, 1 - 1 / sum});
}

TEST_F(WorksheetQuestions, TheQkNormQuestionDividesByTheRowsRootMeanSquare)
{
    CatEatsFish cat;
    ASSERT_TRUE(cat.head);
    const int dk = int(cat.head->q.cols());
    ASSERT_GT(dk, 1);
    std::vector<double> numbers {double(dk)};
    double meanSquare = 0;
    for (int c = 0; c < dk; ++c) {
        numbers.push_back(cat.head->q(0, c));
        meanSquare += double(cat.head->q(0, c)) * cat.head->q(0, c) / dk;
    }
    const double rms = std::sqrt(meanSquare);
    numbers.insert(numbers.end(), {meanSquare, rms, cat.head->q(0, 0) / rms});
    expectNumbers("qknorm", numbers);
}
