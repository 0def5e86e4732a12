// Qwen3 as data: transformers' configuration_qwen3.py (Qwen3Config defaults: head_dim 128 whatever
// hidden_size / heads is, attention_bias off, 32 key/value heads) and modeling_qwen3.py (Qwen2's
// block without q/k/v biases, plus q_norm and k_norm: an RMSNorm over each head's q and k before
// the rotary positions). Sliding-window attention (use_sliding_window, or "sliding_attention" in
// layer_types) is refused: the block attends to every earlier token.
#include "core/model/family/families.h"

namespace attnlab::core::model {

const ModelFamily &qwen3Family()
{
    static const ModelFamily family = [] {
        ModelFamily f = qwen2Family();
        f.name = "Qwen3";
        f.modelType = "qwen3";
        ConfigKeys &k = f.config;
        k.kvHeads = {{"num_key_value_heads"}, 32};
        k.headDim = {{"head_dim"}, 128};
        k.dInner = {{"intermediate_size"}, 22016};
        // attention_bias covers q, k, v and o_proj alike (Qwen3Attention).
        k.qkvBias = {"attention_bias", false};
        k.outBias = {"attention_bias", false};
        k.mlpBias = {"", false};
        k.tiedOutputHead = {"tie_word_embeddings", false};
        // Qwen3Config.__post_init__: use_sliding_window makes the layers from max_window_layers on
        // "sliding_attention"; a config may also list layer_types itself.
        k.fixed = {{"use_sliding_window", true, false, {}}, {"layer_types", false, false, "full_attention", true}};

        TensorNames &t = f.tensors;
        t.queryNorm = "self_attn.q_norm";
        t.keyNorm = "self_attn.k_norm";
        f.qkNorm = QkNorm::PerHead;
        return f;
    }();
    return family;
}

} // namespace attnlab::core::model
