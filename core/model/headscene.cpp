#include "core/model/headscene.h"

#include "core/model/blockmath.h"

#include <stdexcept>

namespace attnlab::core::model {

Scene headScene(const ModelWeights &weights, const Matrix &attentionInput, int layer, int head,
    const std::vector<std::string> &tokens)
{
    if (layer < 0 || layer >= int(weights.layers.size()))
        throw std::invalid_argument(
            "layer " + std::to_string(layer + 1) + " is outside 1…" + std::to_string(weights.layers.size()));
    return headScene(weights.config, weights.layers[layer], attentionInput, layer, head, tokens);
}

Scene headScene(const ModelConfig &c, const LayerWeights &L, const Matrix &attentionInput, int layer, int head,
    const std::vector<std::string> &tokens)
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
    const bool preLn = f.placement == NormPlacement::PreLn;
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
    s.mask = f.causal ? MaskKind::Causal : MaskKind::None;
    s.scale = ScaleKind::SqrtDk;
    if (f.position == PositionKind::Rotary) {
        // Scenes rotate pairs (2i, 2i+1) with θ = 10000; this model rotates (i, i + d/2) with its
        // own frequencies. So the head comes as Q and K already rotated (and its V), which gives
        // the model's own attention weights and context.
        s.direct = true;
        const int kv = c.kvHeadOf(head) * dh;
        projectSlice(attentionInput, L.query, f.projection, L.queryBias, first, dh, s.q);
        projectSlice(attentionInput, L.key, f.projection, L.keyBias, kv, dh, s.k);
        projectSlice(attentionInput, L.value, f.projection, L.valueBias, kv, dh, s.v);
        Matrix cos, sin;
        rotaryTables(rotaryInverseFrequencies(dh, c.ropeTheta, c.ropeScaling), 0, int(attentionInput.rows()), cos, sin);
        applyRotary(s.q, cos, sin);
        applyRotary(s.k, cos, sin);
        s.description = {{"en",
                             "Q and K are this head's queries and keys after " + model
                                 + "'s rotary positions (pairs i and i + d/2); K and V belong to key/value head "
                                 + std::to_string(c.kvHeadOf(head) + 1) + "."},
            {"zh_CN",
                "Q 和 K 是这个头经过 " + model
                    + " 旋转位置编码（第 i 与 i + d/2 维成对）之后的查询和键；K 和 V 属于键/值头 "
                    + std::to_string(c.kvHeadOf(head) + 1) + "。"}};
        s.positional = PositionalEncoding::None;
        return s;
    }
    s.dModel = d;
    s.heads = 1;
    s.dK = dh;
    s.x = attentionInput;
    if (f.projection == ProjectionKind::Conv1DFused) {
        s.wq = tensorBlock(L.attnWeight, 0, first, d, dh);
        s.wk = tensorBlock(L.attnWeight, 0, d + first, d, dh);
        s.wv = tensorBlock(L.attnWeight, 0, 2 * d + first, d, dh);
        s.bq = vectorSegment(L.attnBias, first, dh);
        s.bk = vectorSegment(L.attnBias, d + first, dh);
        s.bv = vectorSegment(L.attnBias, 2 * d + first, dh);
        s.wo = tensorBlock(L.attnOut, first, 0, dh, d);
    } else {
        // nn.Linear, out × in. Under grouped-query attention K and V are those of the key/value
        // head this head reads. A bias the config does not have stays empty (zero).
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
    }
    s.mask = f.causal ? MaskKind::Causal : MaskKind::None;
    if (!L.attnOutBias.empty())
        s.bo = vectorSegment(L.attnOutBias, 0, d);
    s.positional = PositionalEncoding::None;
    s.scale = ScaleKind::SqrtDk;
    return s;
}

Scene headScene(const ForwardRunner &runner, int layer, int head, const std::vector<std::string> &tokens)
{
    if (layer < 0 || layer >= runner.layers())
        throw std::invalid_argument(
            "layer " + std::to_string(layer + 1) + " is outside 1…" + std::to_string(runner.layers()));
    if (layer >= runner.layersDone())
        throw std::invalid_argument("layer " + std::to_string(layer + 1) + " has not been computed yet");
    return headScene(runner.config(), runner.layerWeights(layer), runner.attentionInput(layer), layer, head, tokens);
}

} // namespace attnlab::core::model
