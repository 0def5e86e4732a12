// The model room's later lesson pages (issue 36): the unembedding and tied embeddings, pre-norm
// against post-norm, Llama 3's rope scaling and the position a causal mask leaks. Every number
// on a page, in English and Chinese, is one this test computes itself — from the fixture's own
// tensors and config, or by hand from an independent pass over the same text — never through the
// code that filled the page. Where each page opens is checked with the others' in
// lessonpages_test.cpp.
#include "../block/boardfixture.h"
#include "gemmafixture.h"
#include "lessonnumbers.h"
#include "lessonroom.h"
#include "tokenizerfixtures.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/lessons/lessondialog.h"
#include "ui/lessons/lessonpages.h"
#include "ui/lessons/modellessons.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>
#include <QTextBrowser>
#include <QWidget>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <vector>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::expectNumbers;
using attnlab::test::kDModel;
using attnlab::test::kEps;
using attnlab::test::kHeads;
using attnlab::test::kLanguages;
using attnlab::test::kLayers;
using attnlab::test::Room;
using attnlab::test::waitComputed;

namespace {

// Every weight the fixture wrote, counted from its tensors.
double weightsWritten(const test::TinyModel &model)
{
    double sum = 0;
    for (const auto &[name, t] : model.tensors)
        sum += double(t.values.size());
    return sum;
}

// _compute_llama3_parameters as transformers computes it, in float32 tensors and Python floats:
// each pair's frequency before and after, and which band it falls in.
struct Llama3Pairs {
    std::vector<float> before, after;
    int kept = 0, smoothed = 0, divided = 0, firstSmoothed = -1;
};

Llama3Pairs llama3Pairs(double theta, int headDim, double factor, double low, double high, double original)
{
    Llama3Pairs p;
    const double pi = 3.14159265358979323846;
    for (int i = 0; i < headDim / 2; ++i) {
        const float f = 1.0f / std::pow(float(theta), float(2 * i) / float(headDim));
        const float wave = float(2 * pi) / f;
        float g = wave > original / low ? f / float(factor) : f;
        if (wave < original / high) {
            ++p.kept;
        } else if (wave > original / low) {
            ++p.divided;
        } else {
            const float s = float((original / wave - low) / (high - low));
            g = (1 - s) * g / float(factor) + s * g;
            ++p.smoothed;
            if (p.firstSmoothed < 0)
                p.firstSmoothed = i;
        }
        p.before.push_back(f);
        p.after.push_back(g);
    }
    return p;
}

// The rope page's numbers for these settings: the config's, the bands, and the worksheet's pair.
std::vector<double> ropeNumbers(double theta, int headDim, double factor, double low, double high, double original)
{
    const Llama3Pairs p = llama3Pairs(theta, headDim, factor, low, high, original);
    std::vector<double> out {theta, double(headDim), headDim / 2.0, factor, low, high, original, original / low,
        original / high, double(p.kept), double(p.smoothed), double(p.divided)};
    const int i = p.firstSmoothed;
    if (i >= 0) {
        const double pi = 3.14159265358979323846;
        const double wave = 2 * pi / double(p.before[size_t(i)]);
        const double s = (original / wave - low) / (high - low);
        out.insert(out.end(), {double(i), wave, s, (1 - s) / factor + s, 2 * pi / double(p.after[size_t(i)])});
    }
    return out;
}

} // namespace

// The untied and the tied Qwen2: W_U's size, the share of the weights it is, and the top logit
// as RMSNorm of the last row (by hand) dotted with the token's row of lm_head or embed_tokens.
TEST(ModelLessons, TheUnembeddingPageScoresTheTopTokenByHand)
{
    for (const bool tied : {false, true}) {
        test::LessonRoom r([&](test::TinyModelOptions &o) { o.tied = tied; });
        const auto direct = r.independentPass();
        ASSERT_TRUE(direct);
        const int vocab = test::kGpt2FixtureVocabSize, last = int(r.ids().size()) - 1;
        const double head = double(vocab) * kDModel, total = weightsWritten(r.model);
        EXPECT_EQ(r.model.tensors.count("lm_head.weight"), tied ? 0u : 1u);
        // RMSNorm with the fixture's norm.weight, then every token's dot product.
        const std::vector<float> &gamma = r.tensor("norm.weight");
        const std::vector<float> &unembed = r.tensor(tied ? "embed_tokens.weight" : "lm_head.weight");
        std::vector<double> h(kDModel);
        double squares = 0;
        for (int k = 0; k < kDModel; ++k)
            squares += std::pow(double(direct->layerInput(kLayers)(last, k)), 2);
        const double rms = std::sqrt(squares / kDModel + kEps);
        for (int k = 0; k < kDModel; ++k)
            h[size_t(k)] = double(direct->layerInput(kLayers)(last, k)) / rms * gamma[size_t(k)];
        int token = 0;
        double best = -1e300;
        for (int t = 0; t < vocab; ++t) {
            double dot = 0;
            for (int k = 0; k < kDModel; ++k)
                dot += h[size_t(k)] * unembed[size_t(t * kDModel + k)];
            if (dot > best) {
                best = dot;
                token = t;
            }
        }
        const float *u = &unembed[size_t(token * kDModel)];
        const double firstTwo = h[0] * u[0] + h[1] * u[1];
        for (const char *language : kLanguages) {
            ASSERT_TRUE(Language::instance()->apply(QString::fromLatin1(language)));
            const QString html = lessonPageHtml(QStringLiteral("unembedding"), r.session);
            expectNumbers(html, "unembedding",
                {double(vocab), kDModel, head, total, 100 * head / total, double(last), double(token), h[0], h[1], u[0],
                    u[1], firstTwo, best - firstTwo, best},
                {2, 3}); // GPT-2, Llama-3-8B, the first two products
            const QString says = QCoreApplication::translate("LessonPages",
                tied ? "Its output head is tied: there is no lm_head tensor, and the logits are computed with the "
                       "token embeddings themselves. That saves %1 weights; the model holds %2, and an lm_head of its "
                       "own would add %3 per cent to them."
                     : "Its output head is not tied: lm_head is a matrix of its own, and it holds %1 of the model's %2 "
                       "weights, %3 per cent of them. Tying it to the embeddings would save them.");
            EXPECT_TRUE(html.contains(says.left(says.indexOf(QLatin1String("%"))))) << language << tied;
        }
    }
}

// The last token's row after the embeddings and after each layer, measured by hand in an
// independent pass; √d_model, the length of a row just divided by its root mean square.
TEST(ModelLessons, ThePrePostNormPageMeasuresTheStreamAfterEveryLayer)
{
    test::LessonRoom r;
    const auto direct = r.independentPass();
    ASSERT_TRUE(direct);
    const int last = int(r.ids().size()) - 1;
    std::vector<double> expected {double(last), kLayers, kDModel, std::sqrt(double(kDModel))};
    std::vector<double> lengths;
    for (int l = 0; l <= kLayers; ++l) {
        double squares = 0;
        for (int k = 0; k < kDModel; ++k)
            squares += std::pow(double(direct->layerInput(l)(last, k)), 2);
        lengths.push_back(std::sqrt(squares));
        expected.push_back(l);
        expected.push_back(lengths.back());
    }
    expected.push_back(lengths.back() / lengths.front());
    for (const char *language : kLanguages) {
        ASSERT_TRUE(Language::instance()->apply(QString::fromLatin1(language)));
        const QString html = lessonPageHtml(QStringLiteral("prepostnorm"), r.session);
        expectNumbers(html, "prepostnorm", expected, {1, 2, 3, 2017, 2020}); // Gemma 2 and 3, the years
        EXPECT_TRUE(html.contains(QStringLiteral("x + f(norm(x))"))) << language;
    }
}

// A Llama with Llama 3.1's rope_scaling and d_head 8: its four pairs fall in all three bands
// (wavelengths 6.28, 167, 4,443 and 118,140 positions against 2,048 and 8,192).
TEST(ModelLessons, TheRopeScalingPageBandsTheOpenModelsPairs)
{
    test::LessonRoom r(
        [](test::TinyModelOptions &o) {
            o.headDim = 8;
            o.configEdits["rope_scaling"] = R"({"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, )"
                                            R"("high_freq_factor": 4.0, "original_max_position_embeddings": 8192})";
        },
        true);
    const Llama3Pairs pairs = llama3Pairs(500000, 8, 8, 1, 4, 8192);
    ASSERT_EQ(pairs.kept, 2);
    ASSERT_EQ(pairs.smoothed, 1);
    ASSERT_EQ(pairs.divided, 1);
    for (const char *language : kLanguages) {
        ASSERT_TRUE(Language::instance()->apply(QString::fromLatin1(language)));
        const QString html = lessonPageHtml(QStringLiteral("ropescaling"), r.session);
        expectNumbers(html, "ropescaling", ropeNumbers(500000, 8, 8, 1, 4, 8192), {1, 2, 3, 3.1});
        EXPECT_TRUE(html.contains(QCoreApplication::translate("LessonPages",
            "This model scales its rotary frequencies as Llama 3 does (rope_scaling of type llama3). The numbers "
            "below are its own.")))
            << language;
    }
}

// A model without llama3 scaling gets Llama 3.1's published values, labelled as not its own.
TEST(ModelLessons, TheRopeScalingPageShowsLlama31WhenTheModelHasNoScaling)
{
    test::LessonRoom r;
    for (const char *language : kLanguages) {
        ASSERT_TRUE(Language::instance()->apply(QString::fromLatin1(language)));
        const QString html = lessonPageHtml(QStringLiteral("ropescaling"), r.session);
        expectNumbers(html, "ropescaling", ropeNumbers(500000, 128, 8, 1, 4, 8192), {1, 2, 3, 3.1});
        EXPECT_TRUE(html.contains(QCoreApplication::translate("LessonPages",
            "This model has rotary positions but no llama3 rope scaling (rope_scaling type: %1). The numbers below "
            "are not this model's: they are those of Llama 3.1's published config, computed by the same function.")
                                      .arg(QStringLiteral("default"))))
            << language;
    }
}

// Layer 1's attention by hand from the independent pass's rotated q and k: softmax of q·kᵀ/√d_head
// over keys 0…i. The first row's weight is 1 in every head; each row's mean weight on itself.
TEST(ModelLessons, ThePositionLeakPageWeighsEachRowOfLayerOne)
{
    test::LessonRoom r;
    const auto direct = r.independentPass();
    ASSERT_TRUE(direct);
    const int n = int(r.ids().size()), last = n - 1, shown = std::min(n, 12);
    ASSERT_GT(n, 2);
    std::vector<double> self(size_t(n), 0.0);
    double first = 1;
    for (int h = 0; h < kHeads; ++h) {
        core::Matrix q, k;
        direct->headQueryKey(0, h, true, q, k);
        for (int i = 0; i < n; ++i) {
            std::vector<double> e;
            double top = -1e300, sum = 0;
            for (int j = 0; j <= i; ++j) {
                double dot = 0;
                for (Eigen::Index c = 0; c < q.cols(); ++c)
                    dot += double(q(i, c)) * double(k(j, c));
                e.push_back(dot / std::sqrt(double(q.cols())));
                top = std::max(top, e.back());
            }
            for (double &x : e)
                sum += (x = std::exp(x - top));
            self[size_t(i)] += e.back() / sum / kHeads;
            if (i == 0)
                first = std::min(first, e.back() / sum);
        }
    }
    EXPECT_NEAR(first, 1, 1e-12);
    std::vector<double> expected {kHeads, first, double(shown), double(last), double(n), 1.0 / n, self.back()};
    for (int i = 0; i < shown; ++i)
        expected.insert(expected.end(), {double(i), i + 1.0, 1.0 / (i + 1), self[size_t(i)]});
    for (const char *language : kLanguages) {
        ASSERT_TRUE(Language::instance()->apply(QString::fromLatin1(language)));
        expectNumbers(lessonPageHtml(QStringLiteral("positionleak"), r.session), "positionleak", expected,
            {0, 1, 2, 2022}); // tokens 0 … i, 1/(i + 1), GPT-2, the paper's year
    }
}

// Layer 1 of Gemma 2 slides a window of w = 3 (the fixture's): past row 2 every row sees 3 tokens,
// so the position page counts 3, not the row's length, and says from where the mask stops telling
// rows apart; the KV-cache page says its counts are those of a cache of every token.
TEST(ModelLessons, ASlidingFirstLayerCountsTheTokensItsWindowSees)
{
    Language::instance()->apply(QStringLiteral("en"));
    test::WrittenFolder folder("lesson-gemma", [](const std::string &dir) {
        test::TinyGemmaOptions o;
        o.vocab = test::kGpt2FixtureVocabSize;
        o.addFiles = [](const std::string &d) { test::writeGpt2Tokenizer(d); };
        test::writeTinyGemma(dir, o);
    });
    Room r;
    r.openModel(QString::fromStdString(folder.dir), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(r.session));
    const int last = int(r.session->tokens().size()) - 1;
    ASSERT_GT(last + 1, 3);
    const QString leak = test::plain(lessonPageHtml(QStringLiteral("positionleak"), r.session));
    EXPECT_TRUE(leak.contains(
        QStringLiteral("Answer.  3 tokens, %1 … %2, so equal scores give each 1 ÷ 3 = 0.3333").arg(last - 2).arg(last)))
        << leak.toStdString();
    EXPECT_TRUE(leak.contains(QStringLiteral("sliding-window layer (w = 3): from row 2 on, every row sees exactly 3")))
        << leak.toStdString();
    const QString cache = test::plain(lessonPageHtml(QStringLiteral("kvcache"), r.session));
    EXPECT_TRUE(cache.contains(QStringLiteral("sliding-window layers keep only their last 3 tokens")))
        << cache.toStdString();
}

// BERT's page says it is post-norm; a model that cannot be scored by one dot product says so.
TEST(ModelLessons, APageSaysWhatTheModelIs)
{
    Language::instance()->apply(QStringLiteral("en"));
    test::TinyFolder bert(true);
    Room r;
    r.openModel(bert.path(), QStringLiteral("the [MASK] sat"));
    ASSERT_TRUE(waitComputed(r.session));
    const QString norms = lessonPageHtml(QStringLiteral("prepostnorm"), r.session);
    EXPECT_TRUE(norms.contains(QStringLiteral("This model is post-norm"))) << norms.toStdString();
    EXPECT_TRUE(norms.contains(QLatin1String("<a name=\"worksheet\">")));
    const QString unembedding = lessonPageHtml(QStringLiteral("unembedding"), r.session);
    EXPECT_FALSE(unembedding.contains(QLatin1String("<a name=\"worksheet\">")));
    EXPECT_TRUE(unembedding.contains(QStringLiteral("not just a dot product"))) << unembedding.toStdString();
    const QString leak = lessonPageHtml(QStringLiteral("positionleak"), r.session);
    EXPECT_FALSE(leak.contains(QLatin1String("<a name=\"worksheet\">")));
    EXPECT_TRUE(leak.contains(QStringLiteral("This model is not causal"))) << leak.toStdString();
    const QString rope = lessonPageHtml(QStringLiteral("ropescaling"), r.session);
    EXPECT_TRUE(rope.contains(QStringLiteral("This model has no rotary positions"))) << rope.toStdString();
    EXPECT_FALSE(rope.contains(QLatin1Char('%')));
}

// Every "lesson:" link of every lesson page and of the glossary, in both languages, names a page
// that exists, so a cross-link (the lens page to the unembedding's) cannot point nowhere.
TEST(ModelLessons, EveryLessonLinkNamesALessonPage)
{
    static const QRegularExpression link(QStringLiteral("href=\"lesson:([^\"]*)\""));
    int links = 0;
    for (const char *language : kLanguages) {
        QStringList pages {QStringLiteral("glossary")};
        for (const LessonPage &page : lessonPages())
            pages << QLatin1String(page.page);
        for (const QString &page : pages)
            for (const QRegularExpressionMatch &m :
                link.globalMatch(ExplanationPanel::pageHtml(page, QLatin1String(language)))) {
                ++links;
                EXPECT_TRUE(lessonPage(m.captured(1)))
                    << language << " " << page.toStdString() << " links " << m.captured(1).toStdString();
            }
    }
    EXPECT_GT(links, 2 * 11);
}

// An open position page refreshes on every pass and language change; layer 1's attention (~20 ms a
// head at 1,024 tokens) is computed again only when the pass changed.
TEST(ModelLessons, ThePositionPageKeepsLayerOnesNumbersWhileThePassIsTheSame)
{
    test::LessonRoom r;
    QWidget owner;
    const int before = positionLeakComputations();
    LessonDialog *dialog = openLesson(QStringLiteral("positionleak"), r.session, &owner);
    ASSERT_TRUE(dialog);
    const int opened = positionLeakComputations();
    EXPECT_EQ(opened, before + 1);
    const QString english = dialog->browser()->toPlainText();
    for (const char *language : {"zh_CN", "en"}) // two refreshes of the same pass
        ASSERT_TRUE(Language::instance()->apply(QString::fromLatin1(language)));
    EXPECT_EQ(lessonPageHtml(QStringLiteral("positionleak"), r.session).isEmpty(), false);
    EXPECT_EQ(positionLeakComputations(), opened);
    EXPECT_EQ(dialog->browser()->toPlainText(), english);

    // Another text is another pass: its numbers are computed.
    r.session->setText(QStringLiteral("a dog ran"));
    ASSERT_TRUE(waitComputed(r.session));
    dialog->showPage(QStringLiteral("positionleak"));
    EXPECT_GT(positionLeakComputations(), opened);
    EXPECT_NE(dialog->browser()->toPlainText(), english);
}
