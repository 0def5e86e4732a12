#include "core/model/headscene.h"

#include "core/model/block/blockmath.h"
#include "core/model/block/blockspec.h"

#include <cmath>
#include <iomanip>
#include <sstream>
#include <stdexcept>

namespace attnlab::core::model {

namespace {

// 1000000 rather than to_string's 1000000.000000.
std::string plainNumber(double x)
{
    std::ostringstream out;
    out << std::setprecision(12) << x;
    return out.str();
}

// "3 and 4" / "1, 2 and 3" (English), "头 3、头 4" (Chinese).
std::string headList(int first, int count, bool chinese)
{
    std::string out;
    for (int h = first; h < first + count; ++h) {
        if (h > first)
            out += chinese ? "、" : h + 1 == first + count ? " and " : ", ";
        out += (chinese ? "头 " : "") + std::to_string(h + 1);
    }
    return out;
}

// A head of a rotary model (Qwen2, Llama): Q and K rotate with the family's pairing and the
// model's own frequencies — rope_theta, or the llama3-scaled table — so the board rotates them
// as the model does. Under grouped-query attention the description names the heads that read
// the same key/value head, whose W_K and W_V an applied edit changes together.
void addRotaryPositions(const ModelConfig &c, const BlockSpec &spec, int head, bool hasOutputBias, Scene &s)
{
    const ModelFamily &f = *c.family;
    s.positional = PositionalEncoding::Rope;
    s.ropeConvention = f.rotary.convention;
    // A table also for a layer with frequencies of its own (Gemma 3's rope_local_base_freq).
    const bool table = c.ropeScaling.type != "default" || spec.ropeSet != 0;
    if (table)
        s.ropeFrequencies = spec.inverseFrequencies;
    else
        s.ropeBase = Scalar(c.ropeTheta);
    const bool local = spec.ropeSet != 0;
    const std::string theta = plainNumber(local ? c.localRopeTheta : c.ropeTheta);
    const std::string &scaling = local ? c.localRopeScaling.type : c.ropeScaling.type;
    // The pairs as the family's pairing gives them: all of up to three, else the first two and
    // the last.
    const int dh = c.headDim(), half = dh / 2;
    std::string pairs;
    for (int i = 0; i < half; ++i) {
        if (half > 3 && i == 2) {
            pairs += " …";
            i = half - 1;
        }
        const auto [a, b] = ropePairColumns(f.rotary.convention, i, dh);
        pairs += (i > 0 ? " (" : "(") + std::to_string(a) + ", " + std::to_string(b) + ")";
    }
    const std::string convention = core::name(f.rotary.convention);
    std::string en = "X is what this layer's attention reads (the output of " + f.tensors.attnNorm + "). Then " + f.name
        + " rotates Q and K by each token's position, dimensions turning in " + convention + " pairs " + pairs
        + ", pair i at "
        + (table ? "the model's own frequency θ_i (rope_theta " + theta + ", rescaled by its rope_scaling \"" + scaling
                    + "\")"
                 : "θ_i = " + theta + "^(−2i/d_k)")
        + ".";
    std::string zh = "X 是这一层注意力的输入（" + f.tensors.attnNorm + " 的输出）。随后 " + f.name
        + " 按每个词元的位置旋转 Q 和 K，各维按 " + convention + " 方式成对转动 " + pairs + "，第 i 对的频率为"
        + (table ? "模型自己的 θ_i（rope_theta " + theta + "，按其 rope_scaling “" + scaling + "”调整）"
                 : " θ_i = " + theta + "^(−2i/d_k)")
        + "。";
    if (hasOutputBias) {
        en += " b_O is the bias of the whole layer's output projection, added once to the sum of all heads.";
        zh += "b_O 是整层输出投影的偏置，对所有头之和只加一次。";
    }
    const int group = c.heads / c.keyValueHeads(), kv = c.kvHeadOf(head);
    if (group > 1) {
        const bool shared = s.bk.size() > 0;
        const std::string kv1 = std::to_string(kv + 1);
        en += " Grouped-query attention: heads " + headList(kv * group, group, false)
            + " of this layer all read key/value head " + kv1 + ", so their "
            + (shared ? "W_K, W_V, b_K and b_V are" : "W_K and W_V are")
            + " one set of numbers: applying an edit of them to the model changes every one of these heads.";
        zh += "分组查询注意力：这一层的" + headList(kv * group, group, true) + " 都读取键/值头 " + kv1 + "，它们的"
            + (shared ? "W_K、W_V、b_K、b_V" : "W_K、W_V") + "是同一组数：把对它们的修改应用到模型，会改变所有这些头。";
    }
    s.description = {{"en", en}, {"zh_CN", zh}};
}

} // namespace

Scene headScene(const ModelWeights &weights, const Matrix &attentionInput, int layer, int head,
    const std::vector<std::string> &tokens)
{
    if (layer < 0 || layer >= int(weights.layers.size()))
        throw std::invalid_argument(
            "layer " + std::to_string(layer + 1) + " is outside 1…" + std::to_string(weights.layers.size()));
    return headScene(weights.config, weights.layers[layer], attentionInput, layer, head, tokens);
}

Scene headScene(const ModelConfig &c, const LayerWeights &L, const Matrix &attentionInput, int layer, int head,
    const std::vector<std::string> &tokens, int cacheWindow, int cacheSinks)
{
    if (layer < 0 || layer >= c.layers)
        throw std::invalid_argument("layer " + std::to_string(layer + 1) + " is outside 1…" + std::to_string(c.layers));
    if (head < 0 || head >= c.heads)
        throw std::invalid_argument("head " + std::to_string(head + 1) + " is outside 1…" + std::to_string(c.heads));
    if (attentionInput.cols() != c.dModel || attentionInput.rows() != Eigen::Index(tokens.size()))
        throw std::invalid_argument("the attention input is " + std::to_string(attentionInput.rows()) + "×"
            + std::to_string(attentionInput.cols()) + " but there are " + std::to_string(tokens.size())
            + " tokens of width " + std::to_string(c.dModel));

    const int d = c.dModel, dh = c.headDim(), first = head * dh;
    const ModelFamily &f = *c.family;
    BlockSpec spec = BlockSpec::of(c).layer(layer);
    spec.cacheWindow = cacheWindow;
    spec.cacheSinks = cacheSinks;
    const bool preLn = spec.preNorm;
    Scene s;
    const std::string &model = f.name;
    const std::string l1 = std::to_string(layer + 1), h1 = std::to_string(head + 1);
    s.title = model + " layer " + l1 + " head " + h1;
    s.titleTranslations = {{"en", s.title}, {"zh_CN", model + " 第 " + l1 + " 层，头 " + h1}};
    s.description
        = {{"en",
               std::string("X is what this layer's attention reads (")
                   + (preLn ? "the output of " + f.tensors.attnNorm : std::string("the layer's input"))
                   + "). b_O is the bias of the whole layer's output projection, added once to the sum of all heads."},
            {"zh_CN",
                std::string("X 是这一层注意力的输入（")
                    + (preLn ? f.tensors.attnNorm + " 的输出" : std::string("这一层的输入"))
                    + "）。b_O 是整层输出投影的偏置，对所有头之和只加一次。"}};
    s.tokens = tokens;
    // The head as the block computes it (core/model/block/): its mask, the 1/√d_k scaling, and
    // under rotary positions the rotation of Q and K.
    s.mask = spec.causal ? MaskKind::Causal : MaskKind::None;
    if (spec.causal && spec.window > 0 && spec.cacheWindow == 0) {
        // A sliding-window layer (Gemma 2/3, Mistral) is the scene's own sliding-window choice, so
        // the board draws its band and the explanation names it.
        s.variants.slidingWindow = spec.window;
    } else if (spec.causal && (spec.window > 0 || spec.cacheWindow > 0)) {
        // A sliding-window layer (row i sees keys i − window < j ≤ i), and the engine's cache
        // policy (the sinks and the last keys): BlockSpec::visibleKeys.
        const Eigen::Index n = Eigen::Index(tokens.size());
        s.mask = MaskKind::Custom;
        s.customMask = MaskMatrix::Zero(n, n);
        for (Eigen::Index r = 0; r < n; ++r) {
            const BlockSpec::VisibleKeys v = spec.visibleKeys(r);
            s.customMask.row(r).segment(v.from, r + 1 - v.from).setOnes();
            s.customMask.row(r).segment(v.gapFrom, v.gapTo - v.gapFrom).setZero();
        }
    }
    s.scale = ScaleKind::SqrtDk;
    if (spec.scoreScaling == ScoreScaling::TimesInverseSqrtQueryPreAttnScalar) {
        // Gemma: · query_pre_attn_scalar^−½, shown as ÷ √query_pre_attn_scalar.
        s.scale = ScaleKind::Custom;
        s.customDivisor = Scalar(std::sqrt(spec.queryPreAttnScalar));
    }
    s.dModel = d;
    s.heads = 1;
    s.dK = dh;
    s.x = attentionInput;
    // The scene is inputs × outputs, the weights outputs × inputs. Under grouped-query attention
    // K and V are those of the key/value head this head reads. A bias the config does not have
    // stays empty (zero).
    const int kv = c.kvHeadOf(head) * dh;
    s.wq = tensorBlock(L.query, first, 0, dh, d).transpose();
    s.wk = tensorBlock(L.key, kv, 0, dh, d).transpose();
    s.wv = tensorBlock(L.value, kv, 0, dh, d).transpose();
    if (!L.queryBias.empty()) {
        s.bq = vectorSegment(L.queryBias, first, dh);
        s.bk = vectorSegment(L.keyBias, kv, dh);
        s.bv = vectorSegment(L.valueBias, kv, dh);
    }
    s.wo = tensorBlock(L.attnOut, 0, first, d, dh).transpose();
    if (!L.attnOutBias.empty())
        s.bo = vectorSegment(L.attnOutBias, 0, d);
    s.positional = PositionalEncoding::None;
    if (spec.rotary)
        addRotaryPositions(c, spec, head, !L.attnOutBias.empty(), s);
    // The family's attention variants are the scene's own choices (core/scene/variants): QK-norm
    // (Qwen3, Gemma 3) with the layer's q_norm and k_norm weights — Gemma's (1 + w) as the weight
    // the norm multiplies by — and its epsilon; Gemma 2's soft cap of the scores.
    if (spec.qkNorm) {
        if (spec.norm != NormKind::RmsNorm)
            throw std::invalid_argument("the scene board's QK-norm is an RMSNorm; this model's is not");
        s.variants.qkNorm = true;
        s.variants.qNormWeight = vectorSegment(L.queryNorm.weight, 0, dh).array() + spec.normOffset;
        s.variants.kNormWeight = vectorSegment(L.keyNorm.weight, 0, dh).array() + spec.normOffset;
        s.variants.qkNormEpsilon = spec.eps;
    }
    if (spec.attnSoftcap > 0)
        s.variants.softCap = spec.attnSoftcap;
    // Say which of the Settings panel's variant switches are the model's own.
    const std::string cap = plainNumber(spec.attnSoftcap), w = std::to_string(spec.window);
    std::string en, zh;
    if (spec.qkNorm) {
        en += " " + f.name
            + " normalises each head's Q and K (q_norm, k_norm) before the rotation: the board's QK-norm.";
        zh += f.name + " 在旋转之前对每个头的 Q 和 K 做归一化（q_norm、k_norm）：即流程板的 QK-norm。";
    }
    if (spec.attnSoftcap > 0) {
        en += " " + f.name + " caps every score as tanh(s/" + cap + ")·" + cap
            + " (attn_logit_softcapping): the board's soft cap.";
        zh += f.name + " 把每个分数限制为 tanh(s/" + cap + ")·" + cap
            + "（attn_logit_softcapping）：即流程板的软上限。";
    }
    if (s.variants.slidingWindow > 0) {
        en += " Layer " + l1 + " is a sliding-window layer: each token sees itself and the "
            + std::to_string(spec.window - 1) + " before it (window " + w + ").";
        zh += "第 " + l1 + " 层是滑动窗口层：每个词元只看到自己和它之前的 " + std::to_string(spec.window - 1)
            + " 个（窗口 " + w + "）。";
    }
    s.description[0].second += en;
    s.description[1].second += zh;
    return s;
}

Scene headScene(const ForwardRunner &runner, int layer, int head, const std::vector<std::string> &tokens)
{
    if (layer < 0 || layer >= runner.layers())
        throw std::invalid_argument(
            "layer " + std::to_string(layer + 1) + " is outside 1…" + std::to_string(runner.layers()));
    if (layer >= runner.layersDone())
        throw std::invalid_argument("layer " + std::to_string(layer + 1) + " has not been computed yet");
    return headScene(runner.config(), runner.layerWeights(layer), runner.attentionInput(layer), layer, head, tokens,
        runner.cacheWindow(), runner.cacheSinks());
}

} // namespace attnlab::core::model
