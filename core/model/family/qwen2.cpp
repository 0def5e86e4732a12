// Qwen2 (Qwen2 and Qwen2.5) as data: transformers' configuration_qwen2.py (Qwen2Config
// defaults) and modeling_qwen2.py (Qwen2Model's tensor names, RMSNorm pre-norm blocks,
// grouped-query attention with biases on q, k and v but none on o_proj, rotate-half rotary
// positions, the SwiGLU MLP without biases, the final norm, an lm_head of its own unless
// tie_word_embeddings). Its tensor names and block are Llama's; only the configuration differs.
#include "core/model/family/families.h"

namespace attnlab::core::model {

const ModelFamily &qwen2Family()
{
    static const ModelFamily family = [] {
        ModelFamily f = llamaFamily();
        f.name = "Qwen2";
        f.modelType = "qwen2";
        ConfigKeys &k = f.config;
        // Qwen2Config's default is 32 key/value heads, not "as many as query heads".
        k.kvHeads = {{"num_key_value_heads"}, 32};
        k.positions = {{"max_position_embeddings"}, 32768};
        k.vocab = {{"vocab_size"}, 151936};
        k.dInner = {{"intermediate_size"}, 22016};
        // No attention_bias or mlp_bias keys: q, k and v always have biases, o_proj and the MLP never.
        k.qkvBias = {"", true};
        k.outBias = {"", false};
        k.mlpBias = {"", false};
        // Sliding-window attention in the upper layers is not implemented.
        k.fixed = {{"use_sliding_window", true, false, {}}};
        return f;
    }();
    return family;
}

} // namespace attnlab::core::model
