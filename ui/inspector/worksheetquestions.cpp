#include "ui/inspector/worksheetquestions.h"

#include "core/engine/flashtrace.h"
#include "core/engine/pagedcache.h"
#include "core/engine/roofline.h"
#include "core/engine/speculative.h"
#include "core/model/block/blockspec.h"
#include "core/scene/pipeline.h"
#include "core/scene/scene.h"
#include "core/scene/variants/variants.h"
#include "ui/document/examples.h"

#include <QLocale>

#include <cmath>
#include <utility>
#include <vector>

namespace attnlab::ui {

namespace {

using Numbers = std::vector<std::pair<const char *, QString>>;

QString fixed(double x, int decimals)
{
    return QLocale().toString(x, 'f', decimals);
}

QString whole(std::int64_t x)
{
    return QLocale().toString(qlonglong(x));
}

// A Qwen2.5-0.5B-shaped model in BF16: 24 layers, d 896, 14 heads of 64, 2 key/value heads, MLP
// 4864, a tied head over 151936 tokens (the shape tests/testutil/qwenshaped writes).
core::engine::ModelTraffic qwenShape()
{
    constexpr std::int64_t d = 896, kv = 128, inner = 4864, vocab = 151936;
    core::engine::ModelTraffic qwen;
    qwen.layers = 24;
    qwen.heads = 14;
    qwen.kvHeads = 2;
    qwen.headDim = 64;
    qwen.bytesPerWeight = 2;
    qwen.weights = qwen.layers * (2 * d * d + 2 * kv * d + 3 * inner * d) + vocab * d;
    return qwen;
}

// 猫吃鱼's query 猫 read in tiles of 1 query × 2 keys: 猫 and 吃, then 鱼, which raises the maximum.
Numbers flash()
{
    const core::LoadResult loaded = loadExample(QStringLiteral("cat-eats-fish"));
    if (!loaded.ok())
        return {};
    const core::Scene &scene = *loaded.scene;
    core::Pipeline pipeline;
    const core::HeadStages &h = pipeline.compute(scene).heads.front();
    constexpr int row = 0;
    const core::engine::FlashTrace trace = core::engine::flashTrace(
        h.queries(), h.keys(), h.v, core::effectiveMask(scene), 1.0 / double(core::divisor(scene)), 1, 2);
    std::vector<const core::engine::FlashStep *> steps;
    for (const core::engine::FlashStep &s : trace.steps)
        if (s.rowTile == row)
            steps.push_back(&s);
    if (steps.size() != 2)
        return {};
    const double m1 = steps[0]->m[0], l1 = steps[0]->l[0], m2 = steps[1]->m[0], l2 = steps[1]->l[0];
    const double s3 = double(h.scaled(row, 2));
    return {
        {"%WQ_DK%", QString::number(scene.dK)},
        {"%WQ_TR%", QString::number(trace.tileRows)},
        {"%WQ_TC%", QString::number(trace.tileCols)},
        {"%WQ_S1%", fixed(h.scaled(row, 0), 4)},
        {"%WQ_S2%", fixed(h.scaled(row, 1), 4)},
        {"%WQ_S3%", fixed(s3, 4)},
        {"%WQ_M1%", fixed(m1, 4)},
        {"%WQ_L1%", fixed(l1, 4)},
        {"%WQ_M2%", fixed(m2, 4)},
        {"%WQ_R%", fixed(std::exp(m1 - m2), 4)},
        {"%WQ_L2%", fixed(l2, 4)},
        {"%WQ_W3%", fixed(std::exp(s3 - m2) / l2, 4)},
    };
}

// A chat of 100 tokens under a window of 16 with 4 sinks: what the last query sees and keeps.
Numbers kvPolicy()
{
    constexpr int tokens = 100;
    core::model::BlockSpec spec;
    spec.cacheWindow = 16;
    spec.cacheSinks = 4;
    const core::model::BlockSpec::VisibleKeys v = spec.visibleKeys(tokens - 1);
    const std::int64_t kept = (tokens - v.from) - (v.gapTo - v.gapFrom);
    const std::int64_t token = qwenShape().cacheBytes(1);
    return {
        {"%WQ_TOKENS%", QString::number(tokens)},
        {"%WQ_LAST%", QString::number(tokens - 1)},
        {"%WQ_W%", QString::number(spec.cacheWindow)},
        {"%WQ_S%", QString::number(spec.cacheSinks)},
        {"%WQ_FROM%", QString::number(v.from)},
        {"%WQ_SINKS_TO%", QString::number(v.gapFrom - 1)},
        {"%WQ_WIN_FROM%", QString::number(v.gapTo)},
        {"%WQ_KEPT%", QString::number(kept)},
        {"%WQ_TOKEN_BYTES%", whole(token)},
        {"%WQ_KEPT_BYTES%", whole(kept * token)},
        {"%WQ_FULL_BYTES%", whole(tokens * token)},
    };
}

// A prompt of 40 tokens in blocks of 16, four sampled continuations of 10 tokens each.
Numbers pagedCache()
{
    constexpr int prompt = 40, generated = 10, continuations = 4, blockSize = 16;
    const std::int64_t token = qwenShape().cacheBytes(1);
    const core::engine::PagedCache alone = core::engine::sampledContinuations(prompt, 0, 1, blockSize, 1);
    const core::engine::PagedCache shared
        = core::engine::sampledContinuations(prompt, generated, continuations, blockSize, token);
    return {
        {"%WQ_PROMPT%", QString::number(prompt)},
        {"%WQ_BLOCK%", QString::number(blockSize)},
        {"%WQ_CONT%", QString::number(continuations)},
        {"%WQ_GEN%", QString::number(generated)},
        {"%WQ_PROMPT_BLOCKS%", QString::number(alone.blocksInUse())},
        {"%WQ_EMPTY%", QString::number(alone.bytesWasted())}, // 1 byte per token: slots
        {"%WQ_USED%", QString::number(shared.blocksInUse())},
        {"%WQ_COPIES%", QString::number(shared.copyOnWrites())},
        {"%WQ_UNSHARED%", QString::number(shared.bytesWithoutSharing() / shared.bytesPerBlock())},
        {"%WQ_TOKEN_BYTES%", whole(token)},
        {"%WQ_USED_BYTES%", whole(shared.bytesUsed())},
        {"%WQ_UNSHARED_BYTES%", whole(shared.bytesWithoutSharing())},
    };
}

// The sampling rule on three tokens 猫, 吃, 鱼: the target's p, the draft's q, the draft proposes 吃.
Numbers speculative()
{
    core::RowVector p(3), q(3);
    p << 0.5f, 0.3f, 0.2f;
    q << 0.2f, 0.6f, 0.2f;
    constexpr int proposed = 1, first = 0;
    const core::RowVector residual = core::engine::residualDistribution(p, q);
    const double rejected = double(residual.sum());
    const double acceptFirst = core::engine::acceptanceProbability(p, q, first);
    // The first token comes out when the draft proposes it and the target accepts it, or after a
    // rejection of any proposal, drawn from the renormalised residual.
    const double outFirst = double(q[first]) * acceptFirst + rejected * double(residual[first]) / rejected;
    Numbers numbers {
        {"%WQ_ACCEPT%", fixed(core::engine::acceptanceProbability(p, q, proposed), 2)},
        {"%WQ_ACC1%", fixed(acceptFirst, 2)},
        {"%WQ_RSUM%", fixed(rejected, 2)},
        {"%WQ_OUT1%", fixed(outFirst, 2)},
    };
    static const char *const names[3][3]
        = {{"%WQ_P1%", "%WQ_Q1%", "%WQ_R1%"}, {"%WQ_P2%", "%WQ_Q2%", "%WQ_R2%"}, {"%WQ_P3%", "%WQ_Q3%", "%WQ_R3%"}};
    for (int i = 0; i < 3; ++i) {
        numbers.emplace_back(names[i][0], fixed(p[i], 2));
        numbers.emplace_back(names[i][1], fixed(q[i], 2));
        numbers.emplace_back(names[i][2], fixed(residual[i], 2));
    }
    return numbers;
}

// The Qwen2.5-0.5B shape decoding after a prompt of 200 tokens on a machine reading 20 GB/s,
// where a generation measured 80 ms/token.
Numbers roofline()
{
    const core::engine::ModelTraffic qwen = qwenShape();
    constexpr int prompt = 200;
    constexpr double gigabytesPerSecond = 20, measuredMs = 80;
    const core::engine::PassCost step = core::engine::decodeCost(qwen, prompt);
    const double floor = core::engine::floorMs(step.bytes, gigabytesPerSecond * 1e9);
    return {
        {"%WQ_WEIGHTS%", whole(qwen.weights)},
        {"%WQ_WEIGHT_MB%", fixed(double(qwen.weightBytes()) / 1e6, 1)},
        {"%WQ_PROMPT%", QString::number(prompt)},
        {"%WQ_TOKENS%", QString::number(prompt + 1)},
        {"%WQ_CACHE_MB%", fixed(double(qwen.cacheBytes(prompt + 1)) / 1e6, 1)},
        {"%WQ_READ_MB%", fixed(step.bytes / 1e6, 1)},
        {"%WQ_BW%", QString::number(gigabytesPerSecond)},
        {"%WQ_FLOOR%", fixed(floor, 1)},
        {"%WQ_MEASURED%", QString::number(measuredMs)},
        {"%WQ_RATIO%", fixed(measuredMs / floor, 1)},
        {"%WQ_DECODE_I%", fixed(step.intensity(), 2)},
        {"%WQ_PREFILL_I%", fixed(core::engine::prefillCost(qwen, prompt).intensity(), 0)},
    };
}

// The attention variants' questions (issue 31) on 猫吃鱼's query 猫 (row 0) and 鱼 (row 2).
const core::HeadStages *catEatsFish(core::Pipeline &pipeline)
{
    const core::LoadResult loaded = loadExample(QStringLiteral("cat-eats-fish"));
    if (!loaded.ok())
        return nullptr;
    return &pipeline.compute(*loaded.scene).heads.front();
}

// 猫's scaled score for 鱼 under a cap of 2, and a score of 10 under the same cap.
Numbers softCap()
{
    core::Pipeline pipeline;
    const core::HeadStages *h = catEatsFish(pipeline);
    if (!h)
        return {};
    constexpr double cap = 2, large = 10;
    const double s = double(h->scaled(0, 2));
    return {
        {"%WQ_CS%", fixed(s, 4)},
        {"%WQ_CC%", QString::number(cap)},
        {"%WQ_CO%", fixed(std::tanh(s / cap) * cap, 4)},
        {"%WQ_CBIG%", QString::number(large)},
        {"%WQ_CBO%", fixed(std::tanh(large / cap) * cap, 4)},
    };
}

// 鱼 (token 2) under a window of 2 sees 吃 and itself.
Numbers window()
{
    core::Pipeline pipeline;
    const core::HeadStages *h = catEatsFish(pipeline);
    if (!h)
        return {};
    constexpr int width = 2, query = 2;
    const double a = double(h->scaled(query, 1)), b = double(h->scaled(query, 2));
    return {
        {"%WQ_WW%", QString::number(width)},
        {"%WQ_WI%", QString::number(query)},
        {"%WQ_WA%", fixed(a, 4)},
        {"%WQ_WB%", fixed(b, 4)},
        {"%WQ_WO%", fixed(std::exp(a) / (std::exp(a) + std::exp(b)), 4)},
    };
}

// 猫's row with a sink logit of 0.
Numbers sink()
{
    core::Pipeline pipeline;
    const core::HeadStages *h = catEatsFish(pipeline);
    if (!h)
        return {};
    constexpr double logit = 0;
    double sum = std::exp(logit);
    for (int j = 0; j < 3; ++j)
        sum += std::exp(double(h->scaled(0, j)));
    const double share = std::exp(logit) / sum;
    return {
        {"%WQ_SS%", QString::number(logit)},
        {"%WQ_K1%", fixed(h->scaled(0, 0), 4)},
        {"%WQ_K2%", fixed(h->scaled(0, 1), 4)},
        {"%WQ_K3%", fixed(h->scaled(0, 2), 4)},
        {"%WQ_SSH%", fixed(share, 4)},
        {"%WQ_SW3%", fixed(std::exp(double(h->scaled(0, 2))) / sum, 4)},
        {"%WQ_SREST%", fixed(1 - share, 4)},
    };
}

// 猫's query row normed with weights 1 and Qwen3's ε.
Numbers qkNorm()
{
    core::Pipeline pipeline;
    const core::HeadStages *h = catEatsFish(pipeline);
    if (!h || h->q.cols() < 1)
        return {};
    const int dk = int(h->q.cols());
    double meanSquare = 0;
    QStringList entries;
    for (int c = 0; c < dk; ++c) {
        meanSquare += double(h->q(0, c)) * double(h->q(0, c)) / dk;
        entries << fixed(h->q(0, c), 4);
    }
    const double rms = std::sqrt(meanSquare + core::kDefaultQkNormEpsilon);
    return {
        {"%WQ_QVEC%", entries.join(QStringLiteral(", "))},
        {"%WQ_DK%", QString::number(dk)},
        {"%WQ_Q0%", fixed(h->q(0, 0), 4)},
        {"%WQ_MS%", fixed(meanSquare, 4)},
        {"%WQ_RMS%", fixed(rms, 4)},
        {"%WQ_QN0%", fixed(double(h->q(0, 0)) / rms, 4)},
    };
}

} // namespace

QString fillWorksheetQuestion(const QString &page, QString html)
{
    if (!html.contains(QLatin1String("%WQ_")))
        return html;
    static const std::pair<const char *, Numbers (*)()> questions[]
        = {{"flash", flash}, {"kvpolicy", kvPolicy}, {"pagedcache", pagedCache}, {"speculative", speculative},
            {"roofline", roofline}, {"softcap", softCap}, {"window", window}, {"sink", sink}, {"qknorm", qkNorm}};
    Numbers numbers;
    for (const auto &[name, compute] : questions)
        if (page == QLatin1String(name))
            numbers = compute();
    for (const auto &[key, value] : numbers)
        html.replace(QLatin1String(key), value);
    return html;
}

} // namespace attnlab::ui
