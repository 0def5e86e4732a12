#include "ui/lessons/modellessons.h"

#include "core/model/block/blockmath.h"
#include "core/model/block/blockspec.h"
#include "core/model/forward.h"
#include "core/model/lens/lens.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <vector>

namespace attnlab::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(LessonPages)
};

using Values = LessonPage::Values;

long long elements(const core::model::TensorView &t)
{
    return t.empty() ? 0 : (long long)t.rows * t.cols;
}

long long elements(const core::model::LayerNormWeights &n)
{
    return elements(n.weight) + elements(n.bias);
}

} // namespace

QString wholeNumber(long long x)
{
    return QLocale().toString(qlonglong(x));
}

QString decimalNumber(double x, int places)
{
    return QLocale().toString(x, 'f', places);
}

long long parameterCount(const core::model::ModelWeights &w)
{
    long long sum = 0;
    for (const core::model::TensorView *t : {&w.tokenEmbeddings, &w.positionEmbeddings, &w.tokenTypeEmbeddings,
             &w.mlmDense, &w.mlmDenseBias, &w.mlmBias, &w.outputHead, &w.logitsBias})
        sum += elements(*t);
    for (const core::model::LayerNormWeights *n : {&w.embeddingNorm, &w.finalNorm, &w.mlmNorm})
        sum += elements(*n);
    for (const core::model::LayerWeights &L : w.layers) {
        for (const core::model::TensorView *t : {&L.query, &L.queryBias, &L.key, &L.keyBias, &L.value, &L.valueBias,
                 &L.attnOut, &L.attnOutBias, &L.fcIn, &L.fcInBias, &L.fcOut, &L.fcOutBias, &L.mlpGate, &L.mlpGateBias,
                 &L.router, &L.crossQuery, &L.crossQueryBias, &L.crossKey, &L.crossKeyBias, &L.crossValue,
                 &L.crossValueBias, &L.crossOut, &L.crossOutBias})
            sum += elements(*t);
        for (const core::model::LayerNormWeights *n :
            {&L.attnNorm, &L.mlpNorm, &L.queryNorm, &L.keyNorm, &L.attnPostNorm, &L.mlpPostNorm, &L.crossNorm})
            sum += elements(*n);
        for (const core::model::ExpertWeights &e : L.experts)
            sum += elements(e.gate) + elements(e.up) + elements(e.down);
    }
    return sum;
}

// Whether the output head is the token embeddings, what tying saves, and the top logit of the
// last pass as the dot product of the normed last row with that token's row.
Values unembeddingValues(const core::model::ForwardRunner &runner, QString *whyNot)
{
    const core::model::ModelWeights &w = runner.weights();
    const core::model::ModelConfig &c = w.config;
    if (!runner.canPredict() || !runner.isComplete())
        return {};
    const core::model::BlockSpec &spec = runner.blockSpec();
    if (!w.mlmDense.empty() || !w.logitsBias.empty() || spec.finalSoftcap > 0) {
        *whyNot = Text::tr("This model's head does more than one product before its logits (BERT's head first "
                           "transforms the row and adds a bias at the end; Gemma 2 caps the logits), so a logit is "
                           "not just a dot product here. Open GPT-2, Qwen2 or Llama for this page's numbers.");
        return {};
    }
    const long long head = (long long)c.vocabSize * c.dModel, total = parameterCount(w);
    const double share = 100.0 * double(head) / double(total);
    const QString note = c.tiedOutputHead
        ? Text::tr("Its output head is tied: there is no lm_head tensor, and the logits are computed with the token "
                   "embeddings themselves. That saves %1 weights; the model holds %2, and an lm_head of its own "
                   "would add %3 per cent to them.")
        : Text::tr("Its output head is not tied: lm_head is a matrix of its own, and it holds %1 of the model's %2 "
                   "weights, %3 per cent of them. Tying it to the embeddings would save them.");
    // The final norm of the prediction position's last row, and the top token's row of W_U.
    const int position = runner.predictionPosition();
    core::Matrix h(1, c.dModel);
    core::model::normRows(
        spec.norm, runner.layerInput(c.layers).row(position), w.finalNorm, spec.eps, h, spec.normOffset);
    Eigen::Index token = 0;
    runner.logits().maxCoeff(&token);
    const core::Matrix u = core::model::tensorCopy(core::model::tensorRows(core::model::unembedding(w), int(token), 1));
    double dot = 0, firstTwo = 0;
    for (Eigen::Index k = 0; k < h.cols(); ++k) {
        const double product = double(h(0, k)) * double(u(0, k));
        dot += product;
        if (k < 2)
            firstTwo += product;
    }
    return {
        {"%M_NOTE%", note.arg(wholeNumber(head), wholeNumber(total), decimalNumber(share, 2))},
        {"%M_VOCAB%", wholeNumber(c.vocabSize)},
        {"%M_D%", wholeNumber(c.dModel)},
        {"%M_POS%", QString::number(position)},
        {"%M_ID%", QString::number(token)},
        {"%M_H0%", decimalNumber(double(h(0, 0)))},
        {"%M_H1%", decimalNumber(double(h(0, 1)))},
        {"%M_U0%", decimalNumber(double(u(0, 0)))},
        {"%M_U1%", decimalNumber(double(u(0, 1)))},
        {"%M_FIRST_TWO%", decimalNumber(firstTwo)},
        {"%M_REST%", decimalNumber(dot - firstTwo)},
        {"%M_LOGIT%", decimalNumber(dot)},
    };
}

// Where the model's norms sit, and the length of the last token's row of the stream after every
// layer of the last pass: growing in a pre-norm model, held at its norm's scale in a post-norm one.
Values prePostNormValues(const core::model::ForwardRunner &runner, QString *)
{
    const core::model::ModelConfig &c = runner.config();
    if (runner.layersDone() < c.layers)
        return {};
    const core::model::BlockSpec &spec = runner.blockSpec();
    const QString note = !spec.preNorm
        ? Text::tr("This model is post-norm, as BERT is: each layer computes norm(x + f(x)), so every row that "
                   "leaves a layer has just been normalised and its length is set by that norm's weights, whatever "
                   "the layer added.")
        : spec.sandwichNorms
        ? Text::tr("This model is pre-norm with sandwich norms, as Gemma 2 and 3 are: each sub-layer computes "
                   "x + norm(f(norm(x))), so the stream is still a running sum and can grow.")
        : Text::tr("This model is pre-norm, as GPT-2, Llama and Qwen2 are: each sub-layer computes x + f(norm(x)), "
                   "so the stream is a running sum and nothing rescales it until the final norm.");
    const int position = runner.tokenCount() - 1;
    QString rows;
    double first = 0, last = 0;
    for (int l = 0; l <= c.layers; ++l) {
        const double length = double(runner.layerInput(l).row(position).norm());
        (l == 0 ? first : last) = length;
        rows += QStringLiteral("<tr><td align=\"right\">%1</td><td align=\"right\">%2</td></tr>")
                    .arg(l)
                    .arg(decimalNumber(length));
    }
    const QString table = QStringLiteral(
        "<table cellspacing=\"0\" cellpadding=\"3\" border=\"1\"><tr><th>%1</th><th>%2</th></tr>%3</table>")
                              .arg(Text::tr("After layer").toHtmlEscaped(), Text::tr("Length").toHtmlEscaped(), rows);
    return {
        {"%M_NOTE%", note},
        {"%M_TABLE%", table},
        {"%M_POS%", QString::number(position)},
        {"%M_LAYERS%", QString::number(c.layers)},
        {"%M_D%", QString::number(c.dModel)},
        {"%M_FIRST%", decimalNumber(first)},
        {"%M_LAST%", decimalNumber(last)},
        {"%M_RATIO%", QLocale().toString(last / first, 'f', 2)},
        {"%M_SQRT_D%", decimalNumber(std::sqrt(double(c.dModel)))},
    };
}

namespace {

// Llama 3.1's published rope settings (its config.json): the page's worked example for a model
// without llama3 scaling of its own.
core::model::ModelConfig llama31Example()
{
    core::model::ModelConfig c;
    c.ropeTheta = 500000;
    c.headDimension = 128;
    c.ropeScaling.type = "llama3";
    c.ropeScaling.factor = 8;
    c.ropeScaling.lowFreqFactor = 1;
    c.ropeScaling.highFreqFactor = 4;
    c.ropeScaling.originalMaxPositions = 8192;
    return c;
}

// How many of a head's pairs of dimensions keep their frequency (wavelength shorter than
// original ÷ high_freq_factor), are divided by the factor (longer than original ÷ low_freq_factor)
// or are smoothly interpolated between (the rest): _compute_llama3_parameters' three bands.
struct Bands {
    int kept = 0, smoothed = 0, divided = 0;
    int firstSmoothed = -1;
};

Bands bandsOf(const core::RowVector &before, const core::model::RopeScaling &r)
{
    const double twoPi = 2 * 3.14159265358979323846;
    Bands b;
    for (Eigen::Index i = 0; i < before.size(); ++i) {
        const double wave = twoPi / double(before[i]);
        if (wave < r.originalMaxPositions / r.highFreqFactor)
            ++b.kept;
        else if (wave > r.originalMaxPositions / r.lowFreqFactor)
            ++b.divided;
        else {
            if (b.firstSmoothed < 0)
                b.firstSmoothed = int(i);
            ++b.smoothed;
        }
    }
    return b;
}

} // namespace

// Llama 3's rope scaling: the open model's when its config has it, else Llama 3.1's published
// values, computed by the core's own rotaryInverseFrequencies (the function every pass uses).
Values ropeScalingValues(const core::model::ForwardRunner &runner, QString *)
{
    const core::model::ModelConfig &own = runner.config();
    const core::model::BlockSpec &spec = runner.blockSpec();
    const bool scaled = spec.rotary && own.ropeScaling.type == "llama3";
    const core::model::ModelConfig c = scaled ? own : llama31Example();
    const core::model::RopeScaling &r = c.ropeScaling;
    const core::RowVector before = core::model::rotaryInverseFrequencies(c.headDim(), c.ropeTheta, {});
    // The model's own frequencies are those its passes rotate with.
    const core::RowVector after
        = scaled ? spec.inverseFrequencies : core::model::rotaryInverseFrequencies(c.headDim(), c.ropeTheta, r);
    const Bands bands = bandsOf(before, r);
    QString note;
    if (scaled)
        note = Text::tr("This model scales its rotary frequencies as Llama 3 does (rope_scaling of type llama3). "
                        "The numbers below are its own.");
    else if (spec.rotary)
        note = Text::tr("This model has rotary positions but no llama3 rope scaling (rope_scaling type: %1). The "
                        "numbers below are not this model's: they are those of Llama 3.1's published config, "
                        "computed by the same function.")
                   .arg(QString::fromStdString(own.ropeScaling.type));
    else
        note = Text::tr("This model has no rotary positions, so rope scaling does not concern it. The numbers below "
                        "are not this model's: they are those of Llama 3.1's published config, computed by the same "
                        "function the app uses for Llama models.");
    Values values = {
        {"%M_NOTE%", note},
        {"%M_THETA%", wholeNumber((long long)std::llround(c.ropeTheta))},
        {"%M_HEAD_DIM%", QString::number(c.headDim())},
        {"%M_PAIRS%", QString::number(before.size())},
        {"%M_FACTOR%", QLocale().toString(r.factor)},
        {"%M_LOW%", QLocale().toString(r.lowFreqFactor)},
        {"%M_HIGH%", QLocale().toString(r.highFreqFactor)},
        {"%M_ORIGINAL%", wholeNumber(r.originalMaxPositions)},
        {"%M_LOW_WAVE%", QLocale().toString(r.originalMaxPositions / r.lowFreqFactor, 'f', 2)},
        {"%M_HIGH_WAVE%", QLocale().toString(r.originalMaxPositions / r.highFreqFactor, 'f', 2)},
        {"%M_KEPT%", QString::number(bands.kept)},
        {"%M_SMOOTHED%", QString::number(bands.smoothed)},
        {"%M_DIVIDED%", QString::number(bands.divided)},
    };
    // The worksheet's pair: the first of the smoothed band.
    const int i = bands.firstSmoothed;
    if (i < 0) {
        values.push_back({"%M_WORKSHEET%",
            Text::tr("With these settings no pair falls between the two wavelengths, so every pair is either kept "
                     "or divided by the factor.")});
        return values;
    }
    const double twoPi = 2 * 3.14159265358979323846;
    const double wave = twoPi / double(before[i]), waveAfter = twoPi / double(after[i]);
    const double smooth = (r.originalMaxPositions / wave - r.lowFreqFactor) / (r.highFreqFactor - r.lowFreqFactor);
    const double multiplier = (1 - smooth) / r.factor + smooth;
    const QString worksheet
        = Text::tr("<p><b>Question.</b> Pair %1 of a head turns with wavelength %2 positions before scaling. Is it "
                   "kept, divided by the factor or smoothed? Compute the smooth factor s = (%3 ÷ wavelength − %4) ÷ "
                   "(%5 − %4) and the number its frequency is multiplied by, (1 − s) ÷ %6 + s. What is its "
                   "wavelength after scaling?</p><p><b>Answer.</b> %2 lies between %7 and %8, so it is smoothed: s = "
                   "%9 and the frequency is multiplied by %10, so the wavelength becomes %2 ÷ %10 = %11 positions. "
                   "Pairs with a longer wavelength are slowed down more, up to the whole factor %6.</p>")
              .arg(i)
              .arg(QLocale().toString(wave, 'f', 2), wholeNumber(r.originalMaxPositions),
                  QLocale().toString(r.lowFreqFactor), QLocale().toString(r.highFreqFactor),
                  QLocale().toString(r.factor), QLocale().toString(r.originalMaxPositions / r.highFreqFactor, 'f', 2),
                  QLocale().toString(r.originalMaxPositions / r.lowFreqFactor, 'f', 2), decimalNumber(smooth))
              .arg(decimalNumber(multiplier), QLocale().toString(waveAfter, 'f', 2));
    values.push_back({"%M_WORKSHEET%", worksheet});
    return values;
}

namespace {

// Layer 1's numbers for the position page: every head's weight on the first row's own token (the
// smallest), and each shown row's (and the last row's) mean weight on itself. Each head's weights
// cost ~20 ms at 1,024 tokens, and an open lesson window refreshes on every pass and language
// change, so the numbers of the last pass are kept: the same runner, ids and layer-1 input and
// output (which an edit to layer 1 or an ablation changes) are the same numbers.
struct LeakNumbers {
    const core::model::ForwardRunner *runner = nullptr;
    std::vector<int> ids;
    core::Matrix input, output;
    double firstMin = 1;
    std::vector<double> self; // rows 0 … shown − 1, then the last row
};

int g_leakComputations = 0;

bool same(const core::Matrix &a, const core::Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
}

const LeakNumbers &leakNumbers(const core::model::ForwardRunner &runner)
{
    static LeakNumbers cached;
    const core::Matrix &input = runner.layerInput(0);
    const core::Matrix &output = runner.layerInput(1);
    if (cached.runner == &runner && cached.ids == runner.tokenIds() && same(cached.input, input)
        && same(cached.output, output))
        return cached;
    ++g_leakComputations;
    const int heads = runner.config().heads;
    const int n = runner.tokenCount();
    // The first rows: a long text's table would bury the page.
    const int shown = std::min(n, 12);
    LeakNumbers fresh;
    fresh.self.assign(std::size_t(shown) + 1, 0.0);
    for (int h = 0; h < heads; ++h) {
        const core::Matrix w = runner.attentionWeights(0, h);
        fresh.firstMin = std::min(fresh.firstMin, double(w(0, 0)));
        for (int i = 0; i < shown; ++i)
            fresh.self[std::size_t(i)] += double(w(i, i)) / heads;
        fresh.self.back() += double(w(n - 1, n - 1)) / heads;
    }
    fresh.runner = &runner;
    fresh.ids = runner.tokenIds();
    fresh.input = input;
    fresh.output = output;
    cached = std::move(fresh);
    return cached;
}

} // namespace

int positionLeakComputations()
{
    return g_leakComputations;
}

// Row i of a causal softmax averages i + 1 values: the smallest of the first layer's heads' weights
// on the first row (all are 1 up to rounding), and each row's mean weight on its own token beside
// the uniform 1/(i + 1).
Values positionLeakValues(const core::model::ForwardRunner &runner, QString *whyNot)
{
    const core::model::ModelConfig &c = runner.config();
    const core::model::BlockSpec &spec = runner.blockSpec();
    if (!spec.causal) {
        *whyNot = Text::tr("This model is not causal: every token attends to every other, so each row of its "
                           "attention averages the same number of values and the mask tells it nothing about "
                           "position. Its position embeddings do. Open a causal model such as GPT-2, Qwen2 or Llama "
                           "for this page's numbers.");
        return {};
    }
    if (runner.layersDone() < 1)
        return {};
    const LeakNumbers &numbers = leakNumbers(runner);
    const int n = runner.tokenCount();
    const int shown = int(numbers.self.size()) - 1; // the last row is the text's last
    // Layer 1's sliding window, if it has one: row i sees keys i − w < j ≤ i.
    const int window = spec.layerWindows.empty() ? 0 : spec.layerWindows.front();
    const auto sees = [window](int i) { return window > 0 ? std::min(i + 1, window) : i + 1; };
    QString rows;
    for (int i = 0; i < shown; ++i)
        rows += QStringLiteral("<tr><td align=\"right\">%1</td><td align=\"right\">%2</td><td align=\"right\">%3</td>"
                               "<td align=\"right\">%4</td></tr>")
                    .arg(i)
                    .arg(sees(i))
                    .arg(decimalNumber(1.0 / sees(i)), decimalNumber(numbers.self[std::size_t(i)]));
    const QString table
        = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\" border=\"1\"><tr><th>%1</th><th>%2"
                         "</th><th>%3</th><th>%4</th></tr>%5</table>")
              .arg(Text::tr("Row").toHtmlEscaped(), Text::tr("Tokens it sees").toHtmlEscaped(),
                  Text::tr("Uniform weight").toHtmlEscaped(), Text::tr("Mean weight on itself").toHtmlEscaped(), rows);
    const int last = n - 1;
    const double lastSelf = numbers.self.back();
    const double firstMin = numbers.firstMin;
    return {
        {"%M_LAST_SELF%", decimalNumber(lastSelf)},
        {"%M_HEADS%", QString::number(c.heads)},
        {"%M_FIRST%", decimalNumber(firstMin)},
        {"%M_SHOWN%", QString::number(shown)},
        {"%M_TABLE%", table},
        {"%M_LAST%", QString::number(last)},
        {"%M_SEES%", QString::number(sees(last))},
        {"%M_FROM%", QString::number(last + 1 - sees(last))},
        {"%M_UNIFORM%", decimalNumber(1.0 / sees(last))},
        {"%M_WINDOW_NOTE%",
            window > 0 ? Text::tr("Layer 1 of this model is a sliding-window layer (w = %1): from row %2 on, every row "
                                  "sees exactly %1 tokens, so there the mask no longer tells the rows apart.")
                             .arg(window)
                             .arg(window - 1)
                       : QString()},
    };
}

} // namespace attnlab::ui
