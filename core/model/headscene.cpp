#include "core/model/headscene.h"

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
        const auto w = L.attnWeight.matrix();
        const auto b = L.attnBias.vector();
        s.wq = w.middleCols(first, dh);
        s.wk = w.middleCols(d + first, dh);
        s.wv = w.middleCols(2 * d + first, dh);
        s.bq = b.segment(first, dh);
        s.bk = b.segment(d + first, dh);
        s.bv = b.segment(2 * d + first, dh);
        s.wo = L.attnOut.matrix().middleRows(first, dh);
    } else {
        s.wq = L.query.matrix().middleRows(first, dh).transpose();
        s.wk = L.key.matrix().middleRows(first, dh).transpose();
        s.wv = L.value.matrix().middleRows(first, dh).transpose();
        s.bq = L.queryBias.vector().segment(first, dh);
        s.bk = L.keyBias.vector().segment(first, dh);
        s.bv = L.valueBias.vector().segment(first, dh);
        s.wo = L.attnOut.matrix().middleCols(first, dh).transpose();
    }
    s.mask = f.causal ? MaskKind::Causal : MaskKind::None;
    s.bo = L.attnOutBias.vector();
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
