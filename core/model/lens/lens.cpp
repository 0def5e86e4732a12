#include "core/model/lens/lens.h"

#include "core/model/block/blockmath.h"
#include "core/model/block/blockspec.h"
#include "core/model/lens/block.h"
#include "core/scene/softmax.h"

#include <stdexcept>
#include <string>

namespace attnlab::core::model {

const TensorView &unembedding(const ModelWeights &weights)
{
    return weights.config.tiedOutputHead ? weights.tokenEmbeddings : weights.outputHead;
}

Matrix outputHeadLogits(const ModelWeights &weights, const Eigen::Ref<const Matrix> &residual)
{
    const ModelConfig &c = weights.config;
    Matrix x(residual.rows(), c.dModel);
    Matrix logits(residual.rows(), c.vocabSize);
    if (weights.mlmDense.empty()) {
        // The final norm and the output head: the token embeddings when tied, else lm_head.
        const BlockSpec spec = BlockSpec::of(c);
        normRows(spec.norm, residual, weights.finalNorm, spec.eps, x, spec.normOffset);
        project(x, unembedding(weights), TensorView {}, logits);
        // Gemma's final soft-capping, as the model's own prediction has it.
        capLogits(spec, logits.data(), logits.size());
        return logits;
    }
    // BertLMPredictionHead: transform (dense, act, LayerNorm), tied decoder, output bias.
    Matrix t(residual.rows(), c.dModel);
    project(residual, weights.mlmDense, weights.mlmDenseBias, t);
    activate(modelActivation(c), t);
    layerNormRows(t, weights.mlmNorm, c.layerNormEps, x);
    project(x, weights.tokenEmbeddings, weights.mlmBias, logits);
    return logits;
}

LogitLens logitLens(const ForwardRunner &runner)
{
    if (!runner.canPredict() || !runner.isComplete())
        throw std::invalid_argument("the logit lens needs a complete pass of a model that can predict");
    const int L = runner.layers(), p = runner.predictionPosition();
    Matrix residual(L, runner.config().dModel);
    for (int l = 0; l < L; ++l)
        residual.row(l) = runner.layerInput(l).row(p);
    LogitLens lens;
    lens.position = p;
    lens.logits.resize(L + 1, runner.config().vocabSize);
    lens.logits.topRows(L) = outputHeadLogits(runner.weights(), residual);
    lens.logits.row(L) = runner.logits();
    lens.probabilities.resize(L + 1, lens.logits.cols());
    for (int l = 0; l < L; ++l)
        lens.probabilities.row(l) = softmax(lens.logits.row(l));
    lens.probabilities.row(L) = runner.probabilities();
    return lens;
}

std::vector<std::vector<TokenProbability>> lensTopTokens(const ForwardRunner &runner, int row, int k)
{
    if (!runner.canPredict() || !runner.isComplete())
        throw std::invalid_argument("the logit lens needs a complete pass of a model that can predict");
    if (row < 0 || row >= runner.tokenCount())
        throw std::invalid_argument("row " + std::to_string(row) + " is outside the sequence");
    const int L = runner.layers();
    const bool predicted = row == runner.predictionPosition();
    // The prediction row's last layer is the runner's own; the other rows read every layer.
    const int computed = predicted ? L : L + 1;
    Matrix residual(computed, runner.config().dModel);
    for (int l = 0; l < computed; ++l)
        residual.row(l) = runner.layerInput(l).row(row);
    const Matrix logits = outputHeadLogits(runner.weights(), residual);
    std::vector<std::vector<TokenProbability>> top;
    for (int l = 0; l < computed; ++l)
        top.push_back(topK(softmax(logits.row(l)), k));
    if (predicted)
        top.push_back(topK(runner.probabilities(), k));
    return top;
}

} // namespace attnlab::core::model
