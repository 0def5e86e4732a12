#include "core/model/family/families.h"

namespace attnlab::core::model {

const std::vector<const ModelFamily *> &modelFamilies()
{
    static const std::vector<const ModelFamily *> all = {&gpt2Family(), &bertFamily(), &qwen2Family(), &llamaFamily(),
        &gemma2Family(), &qwen3Family(), &qwen3MoeFamily(), &gemma3TextFamily(), &gemma3Family()};
    return all;
}

const EncoderDecoderFamily *findEncoderDecoder(const std::string &modelType)
{
    static const EncoderDecoderFamily marian {&marianEncoderFamily(), &marianDecoderFamily()};
    for (const EncoderDecoderFamily *f : {&marian})
        if (f->decoder->modelType == modelType)
            return f;
    return nullptr;
}

const ModelFamily *findFamily(const std::string &modelType)
{
    for (const ModelFamily *f : modelFamilies())
        if (f->modelType == modelType)
            return f;
    return nullptr;
}

bool isPreNorm(const ModelFamily &f)
{
    return f.placement == NormPlacement::PreLn;
}

bool canGenerateText(const ModelFamily &f)
{
    return f.causal && isPreNorm(f) && predictsNextToken(f);
}

const NormDescription &normDescription(NormKind kind)
{
    static const NormDescription layerNorm {"LayerNorm", "LN", true};
    static const NormDescription rmsNorm {"RMSNorm", "RMSNorm", false};
    return kind == NormKind::RmsNorm ? rmsNorm : layerNorm;
}

bool predictsNextToken(const ModelFamily &f)
{
    return f.prediction == PredictionRule::NextToken;
}

int predictionPosition(const ModelFamily &family, const std::vector<int> &ids, int maskId)
{
    if (ids.empty())
        return -1;
    switch (family.prediction) {
    case PredictionRule::NextToken:
        return int(ids.size()) - 1;
    case PredictionRule::FirstMask:
        for (size_t i = 0; i < ids.size() && maskId >= 0; ++i)
            if (ids[i] == maskId)
                return int(i);
        return -1;
    }
    return -1;
}

} // namespace attnlab::core::model
