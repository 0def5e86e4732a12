#pragma once
// Tiny Qwen2-, Qwen3- and Llama-shaped checkpoints built in memory, and an independent naive
// reference of their forward pass in double precision with plain loops (no Eigen, no production
// code), following transformers' modeling_llama.py / modeling_qwen2.py / modeling_qwen3.py and
// modeling_rope_utils.py: RMSNorm pre-norm blocks, grouped-query attention, Qwen3's RMSNorm of
// each head's q and k before the rotation, rotate-half rotary positions (with llama3 scaling), the
// SwiGLU MLP, the final norm and a tied or untied output head.

#include "modelreference.h"

#include <functional>
#include <string>

namespace attnlab::test {

struct RotaryShape {
    std::string family = "qwen2"; // model_type: "qwen2", "qwen3" or "llama"
    int layers = 2;
    int heads = 4;
    int kvHeads = 2;
    int dModel = 16;
    int headDim = 0; // 0: dModel / heads
    int dInner = 24;
    int positions = 32;
    int vocab = 29;
    double theta = 10000;
    core::model::RopeScaling scaling; // type "default" or "llama3"
    bool attentionBias = false; // llama, qwen3: attention_bias (Qwen2 has q/k/v biases always)
    bool mlpBias = false; // llama: mlp_bias
    bool tied = false;
    // qwen3_moe: experts (0: none), per token, each one's width, renormalised weights, every how
    // many layers the MLP is sparse, the layers that stay dense.
    int experts = 0;
    int expertsPerToken = 2;
    int expertInner = 10;
    bool renormalise = false;
    int sparseStep = 1;
    std::vector<int> denseLayers;
};

ModelConfig rotaryConfig(const RotaryShape &shape);
std::shared_ptr<ModelWeights> makeRotary(const ModelConfig &c, unsigned seed = 5);

// The forward pass of a Qwen2 or Llama checkpoint, or of any family with their block (RMSNorm
// pre-norm, the gated SiLU MLP) and learned absolute positions instead of rotary ones; inputs[l] is the residual stream
// entering layer l (inputs[layers] the last block's output before the final norm), attentionInputs[l] the output of
// input_layernorm, weights[l][h] head h's attention weights. A layer with a router runs Qwen3-MoE's
// sparse MLP (softmax, top-k with the lower index first among equal probabilities, renormalised
// when the config says so, the experts' weighted sum) and records its routing.
// `visible`, when given, says which keys j ≤ i query i may see (an inference engine's cache
// policy); the others get weight 0.
Reference rotaryReference(const ModelWeights &w, const std::vector<int> &ids, const Mat &headMask,
    const std::function<bool(int query, int key)> &visible = {});

// transformers' inverse frequencies (default or llama3) in double.
Vec rotaryInverseFrequenciesRef(int headDim, double theta, const core::model::RopeScaling &scaling);

std::vector<int> rotaryIds();

} // namespace attnlab::test
