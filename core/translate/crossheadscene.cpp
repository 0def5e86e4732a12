#include "core/translate/crossheadscene.h"

#include "core/model/block/blockmath.h"

#include <stdexcept>
#include <string>

namespace attnlab::core::translate {

namespace {

std::vector<std::string> tokenTexts(const TranslationModel &model, const std::vector<int> &ids)
{
    std::vector<std::string> out;
    for (const int id : ids)
        out.push_back(model.tokenizer().tokenText(id));
    return out;
}

} // namespace

Scene crossHeadScene(const TranslationModel &model, const std::vector<int> &sourceIds,
    const std::vector<int> &targetIds, int layer, int head)
{
    const AttentionKind kind = AttentionKind::Cross;
    if (layer < 0 || layer >= model.layers(kind))
        throw std::invalid_argument(
            "layer " + std::to_string(layer + 1) + " is outside 1…" + std::to_string(model.layers(kind)));
    if (head < 0 || head >= model.heads(kind))
        throw std::invalid_argument(
            "head " + std::to_string(head + 1) + " is outside 1…" + std::to_string(model.heads(kind)));
    if (sourceIds.empty() || targetIds.empty())
        throw std::invalid_argument("cross-attention needs a source token and a target token");

    const model::ModelConfig &c = model.decoderWeights().config;
    const model::LayerWeights &L = model.decoderWeights().layers[size_t(layer)];
    const int d = c.dModel, dh = c.headDim(), first = head * dh;
    const Matrix memory = model.encode(sourceIds);
    HeadTrace trace;
    model.decode(memory, targetIds, {kind, layer, head}, &trace);

    Scene s;
    const std::string model1 = c.family->name, l1 = std::to_string(layer + 1), h1 = std::to_string(head + 1);
    s.title = model1 + " cross-attention, layer " + l1 + " head " + h1;
    s.titleTranslations = {{"en", s.title}, {"zh_CN", model1 + " 交叉注意力，第 " + l1 + " 层，头 " + h1}};
    s.description = {{"en",
                         "Cross-attention: Q comes from the decoder (X is the target rows after the decoder's "
                         "self-attention sublayer), K and V come from the encoder (the memory is the encoder's "
                         "output, one row per source token). Each target token weighs the source tokens; nothing "
                         "is masked. b_O is the bias of the layer's whole output projection, added once to the "
                         "sum of all heads."},
        {"zh_CN",
            "交叉注意力：Q 来自解码器（X 是目标词元经过解码器自注意力子层之后的行），K 和 V "
            "来自编码器（记忆是编码器的输出，每个源词元一行）。每个目标词元对各个源词元加权；不做任何遮盖。"
            "b_O 是整层输出投影的偏置，对所有头之和只加一次。"}};
    s.tokens = tokenTexts(model, targetIds);
    s.dModel = d;
    s.heads = 1;
    s.dK = dh;
    s.x = trace.input;
    s.memory.x = memory;
    s.memory.tokens = tokenTexts(model, sourceIds);
    s.wq = model::tensorBlock(L.crossQuery, first, 0, dh, d).transpose();
    s.wk = model::tensorBlock(L.crossKey, first, 0, dh, d).transpose();
    s.wv = model::tensorBlock(L.crossValue, first, 0, dh, d).transpose();
    if (!L.crossQueryBias.empty())
        s.bq = model::vectorSegment(L.crossQueryBias, first, dh);
    if (!L.crossKeyBias.empty())
        s.bk = model::vectorSegment(L.crossKeyBias, first, dh);
    if (!L.crossValueBias.empty())
        s.bv = model::vectorSegment(L.crossValueBias, first, dh);
    s.wo = model::tensorBlock(L.crossOut, 0, first, d, dh).transpose();
    if (!L.crossOutBias.empty())
        s.bo = model::vectorSegment(L.crossOutBias, 0, d);
    s.positional = PositionalEncoding::None;
    s.scale = ScaleKind::SqrtDk;
    s.mask = MaskKind::None;
    return s;
}

} // namespace attnlab::core::translate
