// Qwen2 (Qwen2 and Qwen2.5) as data: transformers' configuration_qwen2.py (Qwen2Config
// defaults) and modeling_qwen2.py (Qwen2Model's tensor names, RMSNorm pre-norm blocks,
// grouped-query attention with biases on q, k and v but none on o_proj, rotate-half rotary
// positions, the SwiGLU MLP without biases, the final norm, an lm_head of its own unless
// tie_word_embeddings).
#include "core/model/family/families.h"

namespace attnlab::core::model {

const ModelFamily &qwen2Family()
{
    static const ModelFamily family = [] {
        ModelFamily f;
        f.name = "Qwen2";
        f.modelType = "qwen2";
        ConfigKeys &k = f.config;
        k.layers = {{"num_hidden_layers"}, 32};
        k.heads = {{"num_attention_heads"}, 32};
        // Qwen2Config's default is 32 key/value heads, not "as many as query heads".
        k.kvHeads = {{"num_key_value_heads"}, 32};
        k.headDim = {{"head_dim"}, 0};
        k.dModel = {{"hidden_size"}, 4096};
        k.positions = {{"max_position_embeddings"}, 32768};
        k.vocab = {{"vocab_size"}, 151936};
        k.typeVocab = {{}, 0};
        k.dInner = {{"intermediate_size"}, 22016};
        k.epsilon = {"rms_norm_eps"};
        k.epsilonFallback = 1e-6;
        k.activation = {"hidden_act"};
        k.activationFallback = "silu";
        k.qkvBias = {"", true};
        k.outBias = {"", false};
        k.mlpBias = {"", false};
        k.tiedOutputHead = {"tie_word_embeddings", false};
        // Sliding-window attention in the upper layers is not implemented.
        k.fixed = {{"use_sliding_window", true, false, {}}};

        TensorNames &t = f.tensors;
        t.prefix = "model.";
        t.tokens = "embed_tokens";
        t.layer = "layers.";
        t.query = "self_attn.q_proj";
        t.key = "self_attn.k_proj";
        t.value = "self_attn.v_proj";
        t.attnOut = "self_attn.o_proj";
        t.attnNorm = "input_layernorm";
        t.mlpNorm = "post_attention_layernorm";
        t.mlpGate = "mlp.gate_proj";
        t.mlpIn = "mlp.up_proj";
        t.mlpOut = "mlp.down_proj";
        t.finalNorm = "norm";
        t.outputHead = "lm_head";

        f.norm = NormKind::RmsNorm;
        f.placement = NormPlacement::PreLn;
        f.mlp = MlpKind::GatedSilu;
        f.position = PositionKind::Rotary;
        f.rotary.convention = RotaryConvention::HalfSplit;
        f.rotary.thetaFallback = 10000.0;
        f.projection = ProjectionKind::Linear;
        f.scoreScaling = ScoreScaling::TimesInverseSqrtHead;
        f.causal = true;
        f.prediction = PredictionRule::NextToken;
        return f;
    }();
    return family;
}

} // namespace attnlab::core::model
