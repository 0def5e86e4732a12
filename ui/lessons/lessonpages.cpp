#include "ui/lessons/lessonpages.h"

#include "core/engine/kvcachesize.h"
#include "core/model/block/blockspec.h"
#include "core/model/forward.h"
#include "core/model/lens/attribution.h"
#include "core/model/lens/blockstagetable.h"
#include "core/model/lens/lens.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/lessons/modellessons.h"
#include "ui/model/modelsession.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(LessonPages)
};

using Values = LessonPage::Values;

// A probability over a vocabulary of 150,000 tokens: 0.0002 hid the differences between layers.
QString probability(double p)
{
    return decimalNumber(p, 6);
}

// ε as config.json's 1e-06 is meant: "10⁻⁶", or "2.5 × 10⁻⁶" when the mantissa is not 1.
QString powerOfTen(double x)
{
    if (!(x > 0))
        return QLocale().toString(x);
    // x is often a float's widening (1e-5f is 9.99999975e-6): a tolerance of a few float ulps
    // keeps it in its decade.
    const int exponent = int(std::floor(std::log10(x) + 1e-6));
    const double mantissa = x / std::pow(10.0, exponent);
    static const QString superscripts = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString power = QStringLiteral("10");
    if (exponent < 0)
        power += QChar(0x207B);
    for (const QChar digit : QString::number(std::abs(exponent)))
        power += superscripts.at(digit.digitValue());
    if (std::abs(mantissa - 1) < 1e-4)
        return power;
    return QLocale().toString(mantissa, 'g', 3) + QStringLiteral(" × ") + power;
}

QString notCausal()
{
    return Text::tr("This model reads the whole text at once (it is not causal), so it keeps no KV cache. Open a "
                    "causal model such as GPT-2, Qwen2 or Llama to see these numbers for it.");
}

// What a model with sliding-window layers keeps less of than the counts of a cache of every token.
QString slidingCacheNote(const core::model::BlockSpec &spec)
{
    const int window
        = spec.layerWindows.empty() ? 0 : *std::max_element(spec.layerWindows.begin(), spec.layerWindows.end());
    if (window <= 0)
        return {};
    return Text::tr("This model's sliding-window layers keep only their last %1 tokens: once a text passes %1 tokens "
                    "they hold less than these counts, add nothing more, and their queries meet %1 keys. The counts "
                    "are those of a cache of every token, as its full-attention layers keep it.")
        .arg(window);
}

// The cache of the model as an inference engine keeps it, and the text read so far.
Values kvCache(const core::model::ForwardRunner &runner, QString *whyNot)
{
    const core::model::ModelConfig &c = runner.config();
    if (!c.family->causal) {
        *whyNot = notCausal();
        return {};
    }
    const core::engine::KvCacheSize size = core::engine::kvCacheSize(runner.weights());
    const int tokens = runner.tokenCount();
    return {
        {"%M_LAYERS%", QString::number(size.layers)},
        {"%M_KV%", QString::number(size.kvHeads)},
        {"%M_HEADS%", QString::number(c.heads)},
        {"%M_HEAD_DIM%", QString::number(size.headDim)},
        {"%M_BYTES%", QString::number(size.bytesPerElement)},
        {"%M_TOKEN_BYTES%", wholeNumber(size.bytesPerToken)},
        {"%M_POSITIONS%", wholeNumber(c.maxPositions)},
        {"%M_FULL_BYTES%", wholeNumber(size.bytes(c.maxPositions))},
        {"%M_TOKENS%", wholeNumber(tokens)},
        {"%M_CACHE_BYTES%", wholeNumber(size.bytes(tokens))},
        {"%M_NEXT%", wholeNumber(tokens + 1)},
        {"%M_WINDOW_NOTE%", slidingCacheNote(runner.blockSpec())},
    };
}

// The model's query heads in groups over its key/value heads, and what the grouping saves.
Values groupedQuery(const core::model::ForwardRunner &runner, QString *whyNot)
{
    const core::model::ModelConfig &c = runner.config();
    if (!c.family->causal) {
        *whyNot = Text::tr("This model reads the whole text at once (it is not causal) and keeps no KV cache, which "
                           "is what sharing key/value heads saves. Open a causal model such as Qwen2 or Llama to "
                           "see these numbers for it.");
        return {};
    }
    const core::engine::KvCacheSize size = core::engine::kvCacheSize(runner.weights());
    const int group = c.heads / size.kvHeads;
    return {
        {"%M_NOTE%",
            group > 1 ? Text::tr("This model uses grouped-query attention.")
                      : Text::tr("This model does not group its heads: every query head has a key/value head of its "
                                 "own, as in the original transformer.")},
        {"%M_LAYERS%", QString::number(size.layers)},
        {"%M_KV%", QString::number(size.kvHeads)},
        {"%M_HEADS%", QString::number(c.heads)},
        {"%M_GROUP%", QString::number(group)},
        {"%M_FIRST%", QString::number(c.heads - group + 1)},
        {"%M_HEAD_DIM%", QString::number(size.headDim)},
        {"%M_BYTES%", QString::number(size.bytesPerElement)},
        {"%M_TOKEN_BYTES%", wholeNumber(size.bytesPerToken)},
        {"%M_UNGROUPED_BYTES%", wholeNumber(size.bytesPerToken * group)},
    };
}

// The model's norm, and the last token's row of the stream entering the last layer normalised
// both ways by hand.
Values norms(const core::model::ForwardRunner &runner, QString *)
{
    const core::model::ModelConfig &c = runner.config();
    const core::model::BlockSpec spec = core::model::BlockSpec::of(c);
    const int layer = c.layers - 1, position = runner.tokenCount() - 1;
    if (runner.layersDone() < layer)
        return {};
    const core::RowVector x = runner.layerInput(layer).row(position);
    const double d = double(x.size()), eps = double(spec.eps);
    double sum = 0, squares = 0;
    for (Eigen::Index k = 0; k < x.size(); ++k) {
        sum += double(x[k]);
        squares += double(x[k]) * double(x[k]);
    }
    const double mean = sum / d, meanSquare = squares / d, variance = meanSquare - mean * mean;
    const double sd = std::sqrt(variance + eps), rms = std::sqrt(meanSquare + eps), x0 = double(x[0]);
    using core::model::BlockStage;
    const auto key = [](BlockStage s) { return QString::fromLatin1(core::model::blockStageEntry(s).key); };
    QString cards = spec.preNorm ? key(BlockStage::AttnIn) + QStringLiteral(", ") + key(BlockStage::MlpIn)
                                 : key(BlockStage::AfterAttn) + QStringLiteral(", ") + key(BlockStage::Output);
    QString place
        = spec.preNorm ? Text::tr("before each sub-layer (pre-norm)") : Text::tr("after each residual sum (post-norm)");
    if (spec.sandwichNorms) {
        // Gemma's post_attention_layernorm and post_feedforward_layernorm sit inside the sums.
        place = Text::tr("before and after each sub-layer (Gemma's sandwich norms)");
        cards = Text::tr("%1, and inside %2 and %3").arg(cards, key(BlockStage::AfterAttn), key(BlockStage::Output));
    }
    QString offset;
    if (spec.normOffset != 0)
        offset = QLatin1Char(' ')
            + Text::tr("Its norms multiply by %1 + w, where w is the weight the checkpoint stores (Gemma's form of γ).")
                  .arg(double(spec.normOffset));
    return {
        {"%M_NORM%", spec.normCentres() ? QStringLiteral("LayerNorm") : QStringLiteral("RMSNorm")},
        {"%M_EPS%", powerOfTen(eps)},
        {"%M_PLACE%", place},
        {"%M_CARDS%", cards},
        {"%M_OFFSET%", offset},
        {"%M_D%", QString::number(c.dModel)},
        {"%M_POS%", QString::number(position)},
        {"%M_LAYER%", QString::number(layer + 1)},
        {"%M_MEAN%", decimalNumber(mean)},
        {"%M_MS%", decimalNumber(meanSquare)},
        {"%M_X0%", decimalNumber(x0)},
        {"%M_VAR%", decimalNumber(variance)},
        {"%M_SD%", decimalNumber(sd)},
        {"%M_LN%", decimalNumber((x0 - mean) / sd)},
        {"%M_RMS%", decimalNumber(rms)},
        {"%M_RMS_OUT%", decimalNumber(x0 / rms)},
    };
}

// The last token's row of the stream entering the first layer and leaving the last one.
Values residual(const core::model::ForwardRunner &runner, QString *)
{
    const core::model::ModelConfig &c = runner.config();
    if (runner.layersDone() < c.layers)
        return {};
    const int position = runner.tokenCount() - 1;
    const core::RowVector in = runner.layerInput(0).row(position), out = runner.layerInput(c.layers).row(position);
    const double inLength = double(in.norm()), outLength = double(out.norm());
    const QString note = core::model::BlockSpec::of(c).preNorm
        ? Text::tr("It is pre-norm: every layer only adds to the stream, so the row leaving layer %1 is the row "
                   "entering layer 1 plus what the layers' attentions and MLPs wrote.")
              .arg(c.layers)
        : Text::tr("It is post-norm, as BERT is: each sum is normalised, so the row leaving the last layer is not "
                   "the embedding plus what the layers wrote, and its length stays near the scale the last norm "
                   "gives it.");
    return {
        {"%M_NOTE%", note},
        {"%M_D%", QString::number(c.dModel)},
        {"%M_POS%", QString::number(position)},
        {"%M_LAYERS%", QString::number(c.layers)},
        {"%M_WRITES%", QString::number(2 * c.layers)},
        {"%M_IN%", decimalNumber(inLength)},
        {"%M_OUT%", decimalNumber(outLength)},
        {"%M_DIFF%", decimalNumber(double((out - in).norm()))},
        {"%M_RATIO%", QLocale().toString(outLength / inLength, 'f', 2)},
    };
}

// The model's MLP: its activation, gated or not, and what its weights would buy with the other kind.
Values activations(const core::model::ForwardRunner &runner, QString *whyNot)
{
    const core::model::ModelConfig &c = runner.config();
    if (c.experts > 0) {
        *whyNot = Text::tr("This model's MLPs are mixtures of experts: each token goes through a few of many small "
                           "gated MLPs, so one width does not describe them.");
        return {};
    }
    const core::model::BlockSpec spec = core::model::BlockSpec::of(c);
    const int matrices = spec.gatedMlp ? 3 : 2, other = spec.gatedMlp ? 2 : 3;
    const long long weights = (long long)matrices * c.dModel * c.dInner;
    // The activation by config.json's name for it ("gelu_new", "silu", "gelu_pytorch_tanh").
    const QString name = QString::fromStdString(c.activation);
    const bool bias = c.mlpBias;
    const QString formula = spec.gatedMlp
        ? (bias ? QStringLiteral("(act(x·W_gate + b_gate) ⊙ (x·W_up + b_up))·W_down + b_down")
                : QStringLiteral("(act(x·W_gate) ⊙ (x·W_up))·W_down"))
        : (bias ? QStringLiteral("act(x·W₁ + b₁)·W₂ + b₂") : QStringLiteral("act(x·W₁)·W₂"));
    const QString note
        = (spec.gatedMlp ? Text::tr("Its MLP is gated: %1, where act is %2 (config.json's name for it).")
                         : Text::tr("Its MLP is plain: %1, where act is %2 (config.json's name for it)."))
              .arg(formula, name);
    return {
        {"%M_NOTE%", note},
        {"%M_MATRICES%", QString::number(matrices)},
        {"%M_OTHER%", QString::number(other)},
        {"%M_D%", wholeNumber(c.dModel)},
        {"%M_INNER%", wholeNumber(c.dInner)},
        {"%M_WEIGHTS%", wholeNumber(weights)},
        {"%M_RATIO%", QLocale().toString(double(c.dInner) / c.dModel, 'f', 2)},
        {"%M_OTHER_INNER%", QLocale().toString(double(weights) / (double(other) * c.dModel), 'f', 1)},
    };
}

// The lens at the prediction position: the final prediction's probability after every layer.
Values lensValues(const core::model::ForwardRunner &runner, QString *whyNot)
{
    if (!runner.canPredict()) {
        *whyNot = Text::tr("This checkpoint has no output head to read the stream with (a BERT checkpoint saved "
                           "without its masked-LM head), so there is no lens to show.");
        return {};
    }
    if (!runner.isComplete())
        return {};
    const core::model::LogitLens lens = core::model::logitLens(runner);
    const Eigen::Index last = lens.probabilities.rows() - 1;
    Eigen::Index token = 0;
    lens.probabilities.row(last).maxCoeff(&token);
    Eigen::Index first = last;
    for (Eigen::Index l = 0; l <= last && first == last; ++l) {
        Eigen::Index top = 0;
        lens.probabilities.row(l).maxCoeff(&top);
        if (top == token)
            first = l;
    }
    // One row per layer: a row of 25 columns broke the layer numbers apart in a 600-pixel window.
    QString rows;
    for (Eigen::Index l = 0; l <= last; ++l)
        rows += QStringLiteral("<tr><td align=\"right\">%1</td><td align=\"right\">%2</td></tr>")
                    .arg(l)
                    .arg(probability(lens.probabilities(l, token)));
    const QString table
        = QStringLiteral(
            "<table cellspacing=\"0\" cellpadding=\"3\" border=\"1\"><tr><th>%1</th><th>%2</th></tr>%3</table>")
              .arg(Text::tr("After layer").toHtmlEscaped(), Text::tr("Probability").toHtmlEscaped(), rows);
    return {
        {"%M_TABLE%", table},
        {"%M_POS%", QString::number(lens.position)},
        {"%M_ID%", QString::number(token)},
        {"%M_P%", probability(lens.probabilities(last, token))},
        {"%M_FIRST%", QString::number(first)},
        {"%M_FIRST_P%", probability(lens.probabilities(first, token))},
    };
}

// A part of the attribution in words: "head 3 of layer 2", "the MLP of layer 1".
QString partText(const core::model::AttributionPart &part)
{
    using Kind = core::model::AttributionPart::Kind;
    switch (part.kind) {
    case Kind::Embeddings:
        return Text::tr("the embeddings");
    case Kind::Head:
        return Text::tr("head %1 of layer %2").arg(part.head + 1).arg(part.layer + 1);
    case Kind::Mlp:
        return Text::tr("the MLP of layer %1").arg(part.layer + 1);
    case Kind::Layer:
        return Text::tr("layer %1").arg(part.layer + 1);
    case Kind::Biases:
        break;
    }
    return Text::tr("the biases");
}

// The attribution of the model's own prediction, and the final norm's frozen scale.
Values attribution(const core::model::ForwardRunner &runner, QString *whyNot)
{
    const core::model::ModelConfig &c = runner.config();
    if (!runner.canPredict() || !runner.isComplete())
        return {};
    if (!core::model::attributionIsPerHead(c)) {
        *whyNot = Text::tr("This model's last row is no sum of per-head parts (BERT's norms sit inside each layer; "
                           "Gemma normalises each sub-layer's output before adding it), so its attribution is one "
                           "share per layer. Open GPT-2, Qwen2, Qwen3 or Llama for this page's numbers.");
        return {};
    }
    Eigen::Index token = 0;
    runner.probabilities().maxCoeff(&token);
    const core::model::Attribution a = core::model::attributeLogit(runner, int(token));
    double sum = 0;
    const core::model::AttributionPart *top = nullptr;
    for (const core::model::AttributionPart &part : a.parts) {
        sum += part.value;
        if (!top || std::abs(part.value) > std::abs(top->value))
            top = &part;
    }
    // The factor the final norm divides the whole last row by (LayerNorm's after centring it).
    const core::model::BlockSpec spec = core::model::BlockSpec::of(c);
    const int position = runner.predictionPosition();
    const core::RowVector x = runner.layerInput(c.layers).row(position);
    double mean = 0, squares = 0;
    for (Eigen::Index k = 0; k < x.size(); ++k) {
        mean += double(x[k]);
        squares += double(x[k]) * double(x[k]);
    }
    mean /= double(x.size());
    const double meanSquare = squares / double(x.size());
    const double divisor = spec.normCentres() ? meanSquare - mean * mean : meanSquare;
    return {
        {"%M_POS%", QString::number(position)},
        {"%M_ID%", QString::number(token)},
        {"%M_LOGIT%", decimalNumber(a.logit)},
        {"%M_PARTS%", QString::number(a.parts.size())},
        {"%M_HEADS_ALL%", QString::number(c.layers * c.heads)},
        {"%M_LAYERS%", QString::number(c.layers)},
        {"%M_SCALE%", decimalNumber(1 / std::sqrt(divisor + double(spec.eps)))},
        {"%M_TOP_NAME%", top ? partText(*top) : QString()},
        {"%M_TOP%", top ? decimalNumber(top->value) : QString()},
        {"%M_SUM%", decimalNumber(sum)},
    };
}

} // namespace

const std::vector<LessonPage> &lessonPages()
{
    static const std::vector<LessonPage> pages = {
        {"kvcache", QT_TRANSLATE_NOOP("LessonPages", "The KV cache"), kvCache},
        {"gqa", QT_TRANSLATE_NOOP("LessonPages", "Grouped-query attention"), groupedQuery},
        {"positionleak", QT_TRANSLATE_NOOP("LessonPages", "How a causal mask leaks position"), positionLeakValues},
        {"ropescaling", QT_TRANSLATE_NOOP("LessonPages", "Llama 3's rope scaling"), ropeScalingValues},
        {"norms", QT_TRANSLATE_NOOP("LessonPages", "LayerNorm and RMSNorm"), norms},
        {"prepostnorm", QT_TRANSLATE_NOOP("LessonPages", "Pre-norm and post-norm"), prePostNormValues},
        {"residual", QT_TRANSLATE_NOOP("LessonPages", "The residual stream"), residual},
        {"activations", QT_TRANSLATE_NOOP("LessonPages", "GELU, SwiGLU and GeGLU"), activations},
        {"unembedding", QT_TRANSLATE_NOOP("LessonPages", "The unembedding and tied embeddings"), unembeddingValues},
        {"lens", QT_TRANSLATE_NOOP("LessonPages", "The logit lens"), lensValues},
        {"attribution", QT_TRANSLATE_NOOP("LessonPages", "Direct logit attribution"), attribution},
    };
    return pages;
}

const LessonPage *lessonPage(const QString &page)
{
    for (const LessonPage &p : lessonPages())
        if (page == QLatin1String(p.page))
            return &p;
    return nullptr;
}

QString lessonTitle(const QString &page)
{
    const LessonPage *p = lessonPage(page);
    return p ? QCoreApplication::translate("LessonPages", p->title) : QString();
}

QString lessonPageHtml(const QString &page, const ModelSession *session)
{
    const bool computed = session && session->isComputed() && session->runner();
    return lessonPageHtml(page, computed ? session->runner() : nullptr);
}

QString lessonPageHtml(const QString &page, const core::model::ForwardRunner *runner)
{
    const LessonPage *p = lessonPage(page);
    QString html = ExplanationPanel::pageHtml(page, currentLanguage());
    if (!p || html.isEmpty())
        return html;
    QString whyNot;
    const Values values = runner && runner->tokenCount() > 0 ? p->fill(*runner, &whyNot) : Values();
    if (values.empty()) {
        // The part about one model gives way to what to do.
        const qsizetype at = html.indexOf(QLatin1String("<h4><a name=\"model\">"));
        if (at >= 0)
            html.truncate(at);
        if (whyNot.isEmpty())
            whyNot = Text::tr("Open a model (File → Open Model…) and let it read a text to see this page's numbers "
                              "for it and its worksheet question.");
        return html + QStringLiteral("<p><i>%1</i></p>").arg(whyNot.toHtmlEscaped());
    }
    for (const auto &[key, value] : values)
        html.replace(QLatin1String(key), value);
    return html;
}

} // namespace attnlab::ui
