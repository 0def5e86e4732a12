// The lesson pages of the model room (issue 36): every number on a page, in English and Chinese,
// is one this test computes itself from the open model (its fixture's sizes, or by hand from the
// residual stream of an independent pass over the same text), never through the code that filled
// the page; every number computed appears; and each page opens from where the app shows its
// subject and from the glossary.
#include "lensreference.h"
#include "lessonnumbers.h"
#include "lessonroom.h"
#include "ui/block/blockboard.h"
#include "ui/block/blockcard.h"
#include "ui/generate/kvcachepanel.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/lens/attributionpanel.h"
#include "ui/lens/lenspanel.h"
#include "ui/lessons/lessondialog.h"
#include "ui/lessons/lessonpages.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTextBrowser>
#include <QToolButton>
#include <QUrl>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::expectNumbers;
using attnlab::test::kBytes;
using attnlab::test::kDModel;
using attnlab::test::kEps;
using attnlab::test::kHeads;
using attnlab::test::kKvHeads;
using attnlab::test::kLanguages;
using attnlab::test::kLayers;
using attnlab::test::kPositions;
using attnlab::test::LessonRoom;
using attnlab::test::plain;
using attnlab::test::Room;
using attnlab::test::waitComputed;

namespace {

// The tiny GPT-2 read by the room, and its weights loaded again for the double-precision reference.
struct Gpt2Room : Room {
    test::TinyFolder folder {false};
    std::vector<int> ids;
    core::model::LoadModelResult loaded;
    Gpt2Room()
    {
        Language::instance()->apply(QStringLiteral("en"));
        openModel(folder.path(), QStringLiteral("the cat sat on the"));
        if (!waitComputed(session))
            return;
        for (const auto &t : session->tokens())
            ids.push_back(t.id);
        loaded = core::model::loadModel(folder.dir);
    }
    bool ready() const { return !ids.empty() && loaded.ok(); }
};

} // namespace

// One token's keys and values: 2 × layers × key/value heads × d_head × 4 bytes.
TEST(LessonPages, TheKvCachePageCountsTheOpenModelsCache)
{
    LessonRoom r;
    const double n = double(r.session->tokens().size());
    const double headDim = double(kDModel) / kHeads;
    const double token = 2.0 * kLayers * kKvHeads * headDim * kBytes;
    for (const char *language : kLanguages) {
        ASSERT_TRUE(Language::instance()->apply(QString::fromLatin1(language)));
        expectNumbers(lessonPageHtml(QStringLiteral("kvcache"), r.session), "kvcache",
            {kLayers, kKvHeads, kHeads, headDim, kBytes, token, kPositions, kPositions * token, n, n * token, n + 1},
            {1, 2});
    }
}

// 4 query heads over 2 key/value heads: groups of 2, head 4 reads key/value head 2 with head 3.
TEST(LessonPages, TheGroupedQueryPageGroupsTheOpenModelsHeads)
{
    LessonRoom r;
    const int group = kHeads / kKvHeads;
    const double headDim = double(kDModel) / kHeads;
    const double token = 2.0 * kLayers * kKvHeads * headDim * kBytes;
    for (const char *language : kLanguages) {
        ASSERT_TRUE(Language::instance()->apply(QString::fromLatin1(language)));
        const QString html = lessonPageHtml(QStringLiteral("gqa"), r.session);
        expectNumbers(html, "gqa",
            {kLayers, kKvHeads, kHeads, group, kHeads - group + 1, headDim, kBytes, token, token * group},
            {1, 2, 3, 2019, 2023}); // Llama 2 and 3, Gemma 2; the papers' years
        EXPECT_TRUE(
            html.contains(QCoreApplication::translate("LessonPages", "This model uses grouped-query attention.")))
            << language;
    }
}

// The last token's row entering the last layer, normalised both ways by hand from an independent pass.
TEST(LessonPages, TheNormPageNormalisesARowOfTheOpenModelsStream)
{
    LessonRoom r;
    const std::vector<int> ids = r.ids();
    const auto direct = r.independentPass();
    ASSERT_TRUE(direct);
    const core::RowVector x = direct->layerInput(kLayers - 1).row(Eigen::Index(ids.size()) - 1);
    double sum = 0, squares = 0;
    for (Eigen::Index k = 0; k < x.size(); ++k) {
        sum += x[k];
        squares += double(x[k]) * x[k];
    }
    const double mean = sum / kDModel, meanSquare = squares / kDModel, variance = meanSquare - mean * mean;
    const double sd = std::sqrt(variance + kEps), rms = std::sqrt(meanSquare + kEps), x0 = x[0];
    EXPECT_GT(std::abs((x0 - mean) / sd - x0 / rms), 1e-3) << "the row's mean should make the two norms differ";
    for (const char *language : kLanguages) {
        ASSERT_TRUE(Language::instance()->apply(QString::fromLatin1(language)));
        const QString html = lessonPageHtml(QStringLiteral("norms"), r.session);
        expectNumbers(html, "norms",
            {kDModel, double(ids.size()) - 1, kLayers, mean, meanSquare, x0, variance, sd, (x0 - mean) / sd, rms,
                x0 / rms},
            {0, 1, 2, 2019}, kEps); // GPT-2, 1 + w, mean 0, the paper's year
        const QString says = QLatin1String(language) == QLatin1String("en") ? QStringLiteral("normalises with RMSNorm")
                                                                            : QStringLiteral("这个模型用 RMSNorm");
        EXPECT_TRUE(plain(html).contains(says)) << language;
        EXPECT_TRUE(plain(html).contains(QStringLiteral("attn_in, mlp_in"))) << language;
        // ε as the config writes it, from the float the model holds: a power of ten, not "10 × 10⁻⁶".
        EXPECT_TRUE(plain(html).contains(QStringLiteral("10⁻⁶"))) << plain(html).toStdString();
        EXPECT_FALSE(plain(html).contains(QStringLiteral("10 × 10"))) << plain(html).toStdString();
    }
}

// The last token's row entering layer 1 and leaving the last layer: lengths, the length of their
// difference, and the ratio, from an independent pass.
TEST(LessonPages, TheResidualPageMeasuresARowOfTheOpenModelsStream)
{
    LessonRoom r;
    const std::vector<int> ids = r.ids();
    const auto direct = r.independentPass();
    ASSERT_TRUE(direct);
    const Eigen::Index last = Eigen::Index(ids.size()) - 1;
    double in = 0, out = 0, diff = 0;
    for (Eigen::Index k = 0; k < kDModel; ++k) {
        const double a = direct->layerInput(0)(last, k), b = direct->layerInput(kLayers)(last, k);
        in += a * a;
        out += b * b;
        diff += (b - a) * (b - a);
    }
    in = std::sqrt(in);
    out = std::sqrt(out);
    diff = std::sqrt(diff);
    for (const char *language : kLanguages) {
        ASSERT_TRUE(Language::instance()->apply(QString::fromLatin1(language)));
        expectNumbers(lessonPageHtml(QStringLiteral("residual"), r.session), "residual",
            {kDModel, double(last), kLayers, 2.0 * kLayers, in, out, diff, out / in},
            {1, 2, 3, 10}); // layers 1, 3 and 10 of the text's example, GPT-2
    }
}

// The gated MLP's three matrices of 16 × 20, and the width two matrices would have with as many weights.
TEST(LessonPages, TheActivationPageCountsTheOpenModelsMlp)
{
    LessonRoom r;
    constexpr double inner = 20, weights = 3 * kDModel * inner;
    for (const char *language : kLanguages) {
        ASSERT_TRUE(Language::instance()->apply(QString::fromLatin1(language)));
        const QString html = lessonPageHtml(QStringLiteral("activations"), r.session);
        expectNumbers(html, "activations", {3, 2, kDModel, inner, weights, inner / kDModel, weights / (2 * kDModel)},
            {0, 1, 4, 8, 2020}); // 0 and 1 of GELU's curve, GPT-2's 4 × d_model, the original Llama's 8/3
        EXPECT_TRUE(html.contains(QStringLiteral("(act(x·W_gate) ⊙ (x·W_up))·W_down"))) << language;
        EXPECT_TRUE(html.contains(QStringLiteral("silu"))) << language;
    }
}

// GPT-2's lens at the last position from the double-precision reference: the final prediction's
// probability after every layer, and the first layer where it is the top token.
TEST(LessonPages, TheLensPageFollowsTheOpenModelsPrediction)
{
    Gpt2Room r;
    ASSERT_TRUE(r.ready());
    const std::vector<int> &ids = r.ids;
    const core::model::ModelWeights &w = *r.loaded.weights;
    const int position = int(ids.size()) - 1;
    const test::Mat logits = test::gpt2LensReference(w, test::gpt2Reference(w, ids, test::allOn(w.config)), position);
    std::vector<std::vector<double>> p;
    for (const test::Vec &row : logits) {
        const double top = *std::max_element(row.begin(), row.end());
        double sum = 0;
        for (double x : row)
            sum += std::exp(x - top);
        std::vector<double> q;
        for (double x : row)
            q.push_back(std::exp(x - top) / sum);
        p.push_back(q);
    }
    const int layers = int(p.size()) - 1;
    const auto argmax
        = [](const std::vector<double> &q) { return int(std::max_element(q.begin(), q.end()) - q.begin()); };
    const int token = argmax(p.back());
    int first = layers;
    for (int l = 0; l <= layers; ++l)
        if (argmax(p[size_t(l)]) == token) {
            first = l;
            break;
        }
    std::vector<double> expected {
        double(position), double(token), p.back()[size_t(token)], double(first), p[size_t(first)][size_t(token)]};
    for (int l = 0; l <= layers; ++l) {
        expected.push_back(l);
        expected.push_back(p[size_t(l)][size_t(token)]);
    }
    for (const char *language : kLanguages) {
        ASSERT_TRUE(Language::instance()->apply(QString::fromLatin1(language)));
        expectNumbers(lessonPageHtml(QStringLiteral("lens"), r.session), "lens", expected, {2020, 2023});
    }
}

// GPT-2's attribution of its own prediction from the double-precision reference: the parts, their
// sum, the largest, and ln_f's scale 1/√(σ² + ε) on the last row, by hand.
TEST(LessonPages, TheAttributionPageSplitsTheOpenModelsLogit)
{
    Gpt2Room r;
    ASSERT_TRUE(r.ready());
    const std::vector<int> &ids = r.ids;
    const core::model::ModelWeights &w = *r.loaded.weights;
    const int layers = w.config.layers, heads = w.config.heads, position = int(ids.size()) - 1;
    const test::Reference ref = test::gpt2Reference(w, ids, test::allOn(w.config));
    const test::Vec logits = test::gpt2LensReference(w, ref, position).back();
    const int token = int(std::max_element(logits.begin(), logits.end()) - logits.begin());
    const std::vector<test::PartReference> parts = test::gpt2AttributionReference(w, ids, test::allOn(w.config), token);
    ASSERT_EQ(parts.size(), size_t(1 + layers * heads + layers + 1));
    double sum = 0;
    const test::PartReference *top = nullptr;
    for (const test::PartReference &part : parts) {
        sum += part.value;
        if (!top || std::abs(part.value) > std::abs(top->value))
            top = &part;
    }
    EXPECT_NEAR(sum, logits[size_t(token)], 1e-3);
    const test::Vec &last = ref.inputs.back()[size_t(position)];
    double mean = 0, variance = 0;
    for (double v : last)
        mean += v / double(last.size());
    for (double v : last)
        variance += (v - mean) * (v - mean) / double(last.size());
    const double scale = 1 / std::sqrt(variance + double(w.config.layerNormEps));
    // The largest part's name, "2.1" or "3.mlp", gives the layer (and head) its words print.
    std::vector<double> expected {double(position), double(token), logits[size_t(token)], double(parts.size()),
        double(layers * heads), double(layers), scale, top->value, sum};
    const QStringList name = QString::fromStdString(top->name).split(QLatin1Char('.'));
    for (const QString &piece : name)
        if (piece.toInt() > 0)
            expected.push_back(piece.toInt());
    for (const char *language : kLanguages) {
        ASSERT_TRUE(Language::instance()->apply(QString::fromLatin1(language)));
        expectNumbers(lessonPageHtml(QStringLiteral("attribution"), r.session), "attribution", expected, {1, 2, 3});
    }
}

// BERT keeps no cache: the part about the model says so instead of printing a cache; before a
// model is open the page says how to get its numbers.
TEST(LessonPages, APageSaysWhenTheSubjectDoesNotConcernTheModel)
{
    Language::instance()->apply(QStringLiteral("en"));
    const QString empty = lessonPageHtml(QStringLiteral("kvcache"), static_cast<const ModelSession *>(nullptr));
    EXPECT_FALSE(empty.contains(QLatin1String("<a name=\"model\">")));
    EXPECT_FALSE(empty.contains(QLatin1Char('%')));
    EXPECT_TRUE(empty.contains(QStringLiteral("Open Model"))) << empty.toStdString();
    test::TinyFolder bert(true);
    Room r;
    r.openModel(bert.path(), QStringLiteral("the [MASK] sat"));
    ASSERT_TRUE(waitComputed(r.session));
    for (const char *page : {"kvcache", "gqa"}) {
        const QString html = lessonPageHtml(QString::fromLatin1(page), r.session);
        EXPECT_FALSE(html.contains(QLatin1String("<a name=\"worksheet\">"))) << page;
        EXPECT_TRUE(html.contains(QStringLiteral("not causal"))) << page;
        EXPECT_FALSE(html.contains(QLatin1Char('%'))) << page;
    }
    for (const char *page : {"attribution"}) {
        const QString html = lessonPageHtml(QString::fromLatin1(page), r.session);
        EXPECT_FALSE(html.contains(QLatin1String("<a name=\"worksheet\">"))) << page;
        EXPECT_TRUE(html.contains(QStringLiteral("one share per layer"))) << page;
        EXPECT_FALSE(html.contains(QLatin1Char('%'))) << page;
    }
    // The norm page concerns every model: BERT's is LayerNorm after each residual sum.
    const QString norms = plain(lessonPageHtml(QStringLiteral("norms"), r.session));
    EXPECT_TRUE(norms.contains(QStringLiteral("normalises with LayerNorm"))) << norms.toStdString();
    EXPECT_TRUE(norms.contains(QStringLiteral("after_attn, output"))) << norms.toStdString();
    EXPECT_TRUE(
        lessonPageHtml(QStringLiteral("activations"), r.session).contains(QStringLiteral("act(x·W₁ + b₁)·W₂ + b₂")));
}

// The KV-cache panel opens the cache's and the key/value heads' pages; the block board's
// prediction opens the unembedding's; its inspector links a norm's card, the residual sums and
// the heads' card to theirs; the glossary links every page.
TEST(LessonPages, EachPageOpensWhereTheAppShowsItsSubject)
{
    Language::instance()->apply(QStringLiteral("en"));
    LessonRoom r;
    // The panels' buttons: each opens its page in a window of its own.
    KvCachePanel cache(r.session);
    LensPanel lens(r.session);
    AttributionPanel attribution(r.session);
    for (const auto &[panel, page] : {std::pair<QWidget *, const char *> {&cache, "kvcache"}, {&cache, "gqa"},
             {&lens, "lens"}, {&attribution, "attribution"}}) {
        auto *button = panel->findChild<QToolButton *>(QStringLiteral("Lesson_") + QLatin1String(page));
        ASSERT_TRUE(button) << page;
        button->click();
        auto *dialog = button->findChild<LessonDialog *>();
        ASSERT_TRUE(dialog && dialog->isVisible()) << page;
        EXPECT_EQ(dialog->page(), QLatin1String(page));
        EXPECT_EQ(dialog->windowTitle(), lessonTitle(QLatin1String(page)));
        EXPECT_EQ(dialog->browser()->toHtml(), [&] {
            QTextBrowser same;
            same.setHtml(lessonPageHtml(QLatin1String(page), r.session));
            return same.toHtml();
        }()) << page;
        dialog->close();
    }

    // The block board's prediction: its logits are the unembedding's dot products.
    BlockBoard board(r.session);
    auto *unembedding = board.findChild<QToolButton *>(QStringLiteral("Lesson_unembedding"));
    ASSERT_TRUE(unembedding);
    unembedding->click();
    auto *opened = unembedding->findChild<LessonDialog *>();
    ASSERT_TRUE(opened && opened->isVisible());
    EXPECT_EQ(opened->page(), QStringLiteral("unembedding"));
    opened->close();
    QSignalSpy shown(&board, &BlockBoard::stagesShown);
    ASSERT_TRUE(board.openLayer(0));
    ASSERT_TRUE(shown.count() > 0 || shown.wait(10000));
    using core::model::BlockStage;
    for (const auto &[stage, page] : {std::pair {BlockStage::AttnIn, "norms"}, std::pair {BlockStage::MlpIn, "norms"},
             std::pair {BlockStage::Heads, "gqa"}, std::pair {BlockStage::Input, "residual"},
             std::pair {BlockStage::MlpAct, "activations"}, std::pair {BlockStage::AfterAttn, "prepostnorm"},
             std::pair {BlockStage::Heads, "positionleak"}, std::pair {BlockStage::Heads, "ropescaling"}}) {
        Q_EMIT board.card(stage)->activated();
        auto *inspector = board.findChild<QTextBrowser *>(QStringLiteral("BlockInspector"));
        ASSERT_TRUE(inspector);
        EXPECT_TRUE(inspector->toHtml().contains(QStringLiteral("lesson:") + QLatin1String(page))) << page;
        Q_EMIT inspector->anchorClicked(QUrl(QStringLiteral("lesson:") + QLatin1String(page)));
        auto *dialog = board.findChild<LessonDialog *>(QString(), Qt::FindDirectChildrenOnly);
        ASSERT_TRUE(dialog && dialog->isVisible());
        EXPECT_EQ(dialog->page(), QLatin1String(page));
    }
    Q_EMIT board.card(BlockStage::Concat)->activated();
    EXPECT_FALSE(board.findChild<QTextBrowser *>(QStringLiteral("BlockInspector"))
                     ->toHtml()
                     .contains(QStringLiteral("lesson:")));

    ui::Document document;
    ExplanationPanel explanation(&document);
    QSignalSpy asked(&explanation, &ExplanationPanel::lessonRequested);
    Q_EMIT explanation.findChild<QTextBrowser *>()->anchorClicked(QUrl(QStringLiteral("lesson:norms")));
    ASSERT_EQ(asked.count(), 1);
    EXPECT_EQ(asked.front().front().toString(), QStringLiteral("norms"));
    for (const char *language : kLanguages) {
        const QString glossary = ExplanationPanel::pageHtml(QStringLiteral("glossary"), QLatin1String(language));
        for (const LessonPage &page : lessonPages())
            EXPECT_TRUE(glossary.contains(QStringLiteral("href=\"lesson:%1\"").arg(QLatin1String(page.page))))
                << language << " " << page.page;
    }
}
