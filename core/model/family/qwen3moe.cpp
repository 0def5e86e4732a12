// Qwen3-MoE as data: transformers' configuration_qwen3_moe.py (Qwen3MoeConfig defaults: 128
// experts, 8 per token, moe_intermediate_size 768, decoder_sparse_step 1, norm_topk_prob off,
// mlp_only_layers empty, 4 key/value heads, no head_dim of its own: hidden_size / heads unless
// config.json gives one) and modeling_qwen3_moe.py (Qwen3's attention with q_norm and k_norm; on
// the sparse layers Qwen3MoeSparseMoeBlock: the router mlp.gate and the SwiGLU experts
// mlp.experts.{e}.gate_proj, up_proj, down_proj; on the others Qwen3MoeMLP of intermediate_size).
#include "core/model/family/families.h"

namespace attnlab::core::model {

const ModelFamily &qwen3MoeFamily()
{
    static const ModelFamily family = [] {
        ModelFamily f = qwen3Family();
        f.name = "Qwen3-MoE";
        f.modelType = "qwen3_moe";
        ConfigKeys &k = f.config;
        k.layers = {{"num_hidden_layers"}, 24};
        k.heads = {{"num_attention_heads"}, 32};
        k.kvHeads = {{"num_key_value_heads"}, 4};
        k.headDim = {{"head_dim"}, 0};
        k.dModel = {{"hidden_size"}, 2048};
        k.dInner = {{"intermediate_size"}, 6144};
        // attribute_map: num_experts ← num_local_experts.
        k.experts = {{"num_experts", "num_local_experts"}, 128};
        k.expertsPerToken = {{"num_experts_per_tok"}, 8};
        k.expertInner = {{"moe_intermediate_size"}, 768};
        k.sparseStep = {{"decoder_sparse_step"}, 1};
        k.renormaliseTopK = {"norm_topk_prob", false};
        k.denseLayers = "mlp_only_layers";
        // Qwen3MoeConfig keeps sliding_window only under use_sliding_window, then every layer
        // slides: refused, as for Qwen3.
        k.fixed = {{"use_sliding_window", true, false, {}}};

        TensorNames &t = f.tensors;
        t.router = "mlp.gate";
        t.expertGate = "mlp.experts.{e}.gate_proj";
        t.expertUp = "mlp.experts.{e}.up_proj";
        t.expertDown = "mlp.experts.{e}.down_proj";
        f.routing = MlpRouting::SparseTopK;
        return f;
    }();
    return family;
}

} // namespace attnlab::core::model
