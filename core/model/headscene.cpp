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
        s.wq = tensorBlock(L.query, first, 0, dh, d).transpose();
        s.wk = tensorBlock(L.key, first, 0, dh, d).transpose();
        s.wv = tensorBlock(L.value, first, 0, dh, d).transpose();
        s.bq = vectorSegment(L.queryBias, first, dh);
        s.bk = vectorSegment(L.keyBias, first, dh);
        s.bv = vectorSegment(L.valueBias, first, dh);
        s.wo = tensorBlock(L.attnOut, 0, first, d, dh).transpose();
    }
    s.mask = f.causal ? MaskKind::Causal : MaskKind::None;
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
