#include "core/gguf/quantcompare.h"

#include "core/gguf/gguffile.h"
#include "core/gguf/modellist.h"
#include "core/model/decoder.h"
#include "core/model/headscene.h"
#include "core/model/sampling.h"
#include "core/scene/pipeline.h"

#include <chrono>

namespace attnlab::core::gguf {

FileHead fileHead(
    const model::ForwardRunner &runner, int layer, int head, const std::vector<std::string> &tokens, int topCount)
{
    // The head as the board's scene: its pipeline gives the scores with the model's mask, the
    // weights and the context from the runner's own attention input and weights.
    Pipeline pipeline;
    const Stages &stages = pipeline.compute(model::headScene(runner, layer, head, tokens));
    const HeadStages &h = stages.heads.at(0);
    FileHead out;
    out.scores = h.masked;
    out.weights = h.weights;
    out.context = h.context;
    if (runner.canPredict() && runner.probabilities().size() > 0)
        out.top = model::topK(runner.probabilities(), topCount);
    return out;
}

Matrix weightDifference(const FileHead &first, const FileHead &other)
{
    if (first.weights.rows() != other.weights.rows() || first.weights.cols() != other.weights.cols())
        return Matrix();
    return other.weights - first.weights;
}

FileCost fileCost(const GgufFile &file)
{
    FileCost cost;
    cost.quantization = fileQuantization(file);
    cost.fileBytes = file.fileSize();
    std::uint64_t bytes = 0;
    for (const GgufTensor &t : file.tensors()) {
        cost.weightElements += t.elements;
        bytes += t.bytes;
        cost.memoryBytes += t.extents.size() == 2 ? t.bytes : t.elements * sizeof(float);
    }
    cost.bitsPerWeight = cost.weightElements ? double(bytes) * 8 / double(cost.weightElements) : 0;
    return cost;
}

bool measureDecodeSpeed(const std::shared_ptr<const model::ModelWeights> &weights, const std::vector<int> &prompt,
    int count, const std::function<bool()> &cancelled, DecodeSpeed *speed)
{
    *speed = DecodeSpeed {};
    model::Decoder decoder(weights);
    const model::ForwardProgress progress = [&cancelled](int, int) { return !cancelled || !cancelled(); };
    if (!decoder.append(prompt, progress))
        return false;
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    for (int i = 0; i < count && decoder.positionsLeft() > 0; ++i) {
        if (cancelled && cancelled())
            return false;
        if (!decoder.append({model::greedyToken(decoder.logits())}, progress))
            return false;
        ++speed->tokens;
    }
    speed->seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return true;
}

} // namespace attnlab::core::gguf
