// Gemma 3 as data: transformers' configuration_gemma3.py (Gemma3TextConfig's defaults) and
// modeling_gemma3.py. Gemma 2's block (gemma2.cpp: embeddings × √hidden_size, RMSNorm as
// x̂·(1 + w) in float32, four norms per layer, GeGLU with hidden_activation, scores ·
// query_pre_attn_scalar^−½, the head tied to embed_tokens), and what Gemma 3 changes:
// - q_norm and k_norm: a Gemma3RMSNorm (1 + w) over each head's d_head values of q and k, after
//   the projection and before the rotation (Gemma3Attention.forward);
// - no soft-capping by default (attn_logit_softcapping and final_logit_softcapping None; a config
//   that sets them gets them, before the mask and on the logits as in Gemma 2);
// - which layers slide: layer_types, else every sliding_window_pattern-th layer (6) is full
//   attention ("sliding_attention" if (i + 1) % pattern else "full_attention"); sliding_window 4096;
// - two rotary tables (Gemma3RotaryEmbedding): the sliding layers at rope_local_base_freq (10000)
//   without scaling, the full layers at rope_theta (1 000 000) with rope_scaling (linear, factor 8
//   in the 4B and larger models; none in 1B); transformers v5 writes both in rope_parameters, one
//   object per layer type ({"full_attention": {…}, "sliding_attention": {…}});
// - use_bidirectional_attention (the embedding models') makes attention non-causal: refused.
// The multimodal "gemma3" (Gemma3ForConditionalGeneration) is the same language model: its keys
// in config.json's text_config, its tensors under language_model.model. as the hub's files store
// them (Gemma3ForConditionalGeneration._checkpoint_conversion_mapping maps "^language_model.model"
// to "model.language_model", the prefix a newer transformers saves); the vision tower and the
// projector are not read.
#include "core/model/family/families.h"

namespace attnlab::core::model {

const ModelFamily &gemma3TextFamily()
{
    static const ModelFamily family = [] {
        ModelFamily f = gemma2Family();
        f.name = "Gemma 3";
        f.modelType = "gemma3_text";
        ConfigKeys &k = f.config;
        k.layers = {{"num_hidden_layers"}, 26};
        k.heads = {{"num_attention_heads"}, 8};
        k.kvHeads = {{"num_key_value_heads"}, 4};
        k.headDim = {{"head_dim"}, 256};
        k.dModel = {{"hidden_size"}, 2304};
        k.positions = {{"max_position_embeddings"}, 131072};
        k.vocab = {{"vocab_size"}, 262208};
        k.dInner = {{"intermediate_size"}, 9216};
        k.fixed = {{"use_bidirectional_attention", true, false, {}}};

        AttentionVariantKeys &v = f.variants;
        v.attnSoftcapFallback = 0;
        v.finalSoftcapFallback = 0;
        v.slidingWindowFallback = 4096;
        v.slidingPattern = "sliding_window_pattern";
        v.slidingPatternFallback = 6;
        v.localRopeTheta = "rope_local_base_freq";
        v.localRopeThetaFallback = 10000;

        f.rotary.thetaFallback = 1000000.0;
        f.rotary.globalLayerType = "full_attention";
        f.rotary.localLayerType = "sliding_attention";
        f.tensors.queryNorm = "self_attn.q_norm";
        f.tensors.keyNorm = "self_attn.k_norm";
        f.qkNorm = QkNorm::PerHead;
        return f;
    }();
    return family;
}

const ModelFamily &gemma3Family()
{
    static const ModelFamily family = [] {
        ModelFamily f = gemma3TextFamily();
        f.name = "Gemma 3 (text part)";
        f.modelType = "gemma3";
        f.config.section = "text_config";
        f.tensors.prefix = "language_model.model.";
        f.tensors.prefixAlias = "model.language_model.";
        return f;
    }();
    return family;
}

} // namespace attnlab::core::model
