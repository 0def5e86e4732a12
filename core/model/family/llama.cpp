// Llama (Llama 2 and 3, TinyLlama, SmolLM) as data: transformers' configuration_llama.py
// (LlamaConfig defaults: attention_bias and mlp_bias off, head_dim null → hidden_size / heads,
// num_key_value_heads null → heads) and modeling_llama.py (LlamaModel's tensor names, RMSNorm
// pre-norm blocks, grouped-query attention, rotate-half rotary positions with rope_scaling, the
// SwiGLU MLP, the final norm, an lm_head of its own unless tie_word_embeddings).
#include "core/model/family/families.h"

namespace attnlab::core::model {

const ModelFamily &llamaFamily()
{
    static const ModelFamily family = [] {
        ModelFamily f;
        f.name = "Llama";
        f.modelType = "llama";
        ConfigKeys &k = f.config;
        k.layers = {{"num_hidden_layers"}, 32};
        k.heads = {{"num_attention_heads"}, 32};
        k.kvHeads = {{"num_key_value_heads"}, 0};
        k.headDim = {{"head_dim"}, 0};
        k.dModel = {{"hidden_size"}, 4096};
        k.positions = {{"max_position_embeddings"}, 2048};
        k.vocab = {{"vocab_size"}, 32000};
        k.typeVocab = {{}, 0};
        k.dInner = {{"intermediate_size"}, 11008};
        k.epsilon = {"rms_norm_eps"};
        k.epsilonFallback = 1e-6;
        k.activation = {"hidden_act"};
        k.activationFallback = "silu";
        // attention_bias covers q, k, v and o_proj alike.
        k.qkvBias = {"attention_bias", false};
        k.outBias = {"attention_bias", false};
        k.mlpBias = {"mlp_bias", false};
        k.tiedOutputHead = {"tie_word_embeddings", false};

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
