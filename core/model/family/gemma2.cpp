// Gemma 2 as data: transformers' configuration_gemma2.py (Gemma2Config defaults) and
// modeling_gemma2.py. What the block does with it, step by step (each a choice of the row):
// - h₀ = embed_tokens[ids] · √hidden_size (Gemma2Model's `normalizer`, float32 here: see
//   BlockSpec::embeddingScale);
// - Gemma2RMSNorm: x·rsqrt(mean(x²) + ε) in float32, times (1 + w) (normWeightOffset 1);
// - four norms per layer: input_layernorm before attention, post_attention_layernorm on the
//   attention's output before the residual sum, pre_feedforward_layernorm before the MLP,
//   post_feedforward_layernorm on the MLP's output before its sum (the "sandwich");
// - attention: q, k, v, o without biases (attention_bias false), grouped-query, head_dim 256 by
//   default, rotate-half RoPE with rope_theta; scores · query_pre_attn_scalar^−½, then
//   tanh(s / attn_logit_softcapping)·attn_logit_softcapping, then the mask, then softmax in
//   float32;
// - sliding window on the even layers (`not bool(layer_idx % 2)`, or layer_types when given): a
//   query at i sees keys i − sliding_window < j ≤ i; the odd layers see every key j ≤ i;
// - GeGLU MLP: down(gelu_pytorch_tanh(gate(x)) ⊙ up(x)), `hidden_activation`;
// - the final norm, the output head tied to embed_tokens, then the logits capped by
//   final_logit_softcapping the same way.
#include "core/model/family/families.h"

namespace attnlab::core::model {

const ModelFamily &gemma2Family()
{
    static const ModelFamily family = [] {
        ModelFamily f;
        f.name = "Gemma 2";
        f.modelType = "gemma2";
        ConfigKeys &k = f.config;
        k.layers = {{"num_hidden_layers"}, 26};
        k.heads = {{"num_attention_heads"}, 8};
        k.kvHeads = {{"num_key_value_heads"}, 4};
        k.headDim = {{"head_dim"}, 256};
        k.dModel = {{"hidden_size"}, 2304};
        k.positions = {{"max_position_embeddings"}, 8192};
        k.vocab = {{"vocab_size"}, 256000};
        k.typeVocab = {{}, 0};
        k.dInner = {{"intermediate_size"}, 9216};
        k.epsilon = {"rms_norm_eps"};
        k.epsilonFallback = 1e-6;
        // Gemma2MLP reads hidden_activation (config.json's hidden_act is a leftover of Gemma 1).
        k.activation = {"hidden_activation"};
        k.activationFallback = "gelu_pytorch_tanh";
        k.qkvBias = {"attention_bias", false};
        k.outBias = {"attention_bias", false};
        k.mlpBias = {"", false};
        k.tiedOutputHead = {"tie_word_embeddings", true};

        AttentionVariantKeys &v = f.variants;
        v.queryPreAttnScalar = "query_pre_attn_scalar";
        v.queryPreAttnScalarFallback = 256;
        v.attnSoftcap = "attn_logit_softcapping";
        v.attnSoftcapFallback = 50.0;
        v.finalSoftcap = "final_logit_softcapping";
        v.finalSoftcapFallback = 30.0;
        v.slidingWindow = "sliding_window";
        v.slidingWindowFallback = 4096;
        v.layerTypes = "layer_types";
        v.slidingPatternFallback = 2;

        TensorNames &t = f.tensors;
        t.prefix = "model.";
        t.tokens = "embed_tokens";
        t.layer = "layers.";
        t.query = "self_attn.q_proj";
        t.key = "self_attn.k_proj";
        t.value = "self_attn.v_proj";
        t.attnOut = "self_attn.o_proj";
        t.attnNorm = "input_layernorm";
        t.attnPostNorm = "post_attention_layernorm";
        t.mlpNorm = "pre_feedforward_layernorm";
        t.mlpPostNorm = "post_feedforward_layernorm";
        t.mlpGate = "mlp.gate_proj";
        t.mlpIn = "mlp.up_proj";
        t.mlpOut = "mlp.down_proj";
        t.finalNorm = "norm";
        t.outputHead = "lm_head";

        f.norm = NormKind::RmsNorm;
        f.normWeightOffset = 1;
        f.scaledEmbeddings = true;
        f.placement = NormPlacement::PreLn;
        f.mlp = MlpKind::GatedSilu; // gated; the activation is the config's
        f.position = PositionKind::Rotary;
        f.rotary.convention = RotaryConvention::HalfSplit;
        f.rotary.thetaFallback = 10000.0;
        f.projection = ProjectionKind::Linear;
        f.scoreScaling = ScoreScaling::TimesInverseSqrtQueryPreAttnScalar;
        f.causal = true;
        f.prediction = PredictionRule::NextToken;
        return f;
    }();
    return family;
}

} // namespace attnlab::core::model
