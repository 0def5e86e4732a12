// GPT-2 as data: transformers' configuration_gpt2.py (GPT2Config: defaults and attribute_map)
// and modeling_gpt2.py (GPT2Model's tensor names, Conv1D, pre-LN blocks, ln_f, the lm_head tied
// to wte).
#include "core/model/family/families.h"

namespace attnlab::core::model {

const ModelFamily &gpt2Family()
{
    static const ModelFamily family = [] {
        ModelFamily f;
        f.name = "GPT-2";
        f.modelType = "gpt2";
        ConfigKeys &k = f.config;
        k.layers = {{"n_layer", "num_hidden_layers"}, 12};
        k.heads = {{"n_head", "num_attention_heads"}, 12};
        k.dModel = {{"n_embd", "hidden_size"}, 768};
        k.positions = {{"n_positions", "max_position_embeddings"}, 1024};
        k.vocab = {{"vocab_size"}, 50257};
        k.typeVocab = {{}, 0};
        k.dInner = {{"n_inner"}, 0, true};
        k.innerPerDModel = 4;
        k.epsilon = {"layer_norm_epsilon"};
        k.epsilonFallback = 1e-5;
        k.activation = {"activation_function"};
        k.activationFallback = "gelu_new";
        // Variants of the attention scale the forward pass does not implement.
        k.fixed = {{"scale_attn_by_inverse_layer_idx", true, false, {}}, {"scale_attn_weights", true, true, {}}};

        TensorNames &t = f.tensors;
        t.prefix = "transformer.";
        t.tokens = "wte";
        t.positions = "wpe";
        t.layer = "h.";
        t.query = t.key = t.value = "attn.c_attn"; // fused: q, k, v side by side
        t.attnOut = "attn.c_proj";
        t.attnNorm = "ln_1";
        t.mlpNorm = "ln_2";
        t.mlpIn = "mlp.c_fc";
        t.mlpOut = "mlp.c_proj";
        t.finalNorm = "ln_f";

        f.norm = NormKind::LayerNorm;
        f.placement = NormPlacement::PreLn;
        f.mlp = MlpKind::Plain;
        f.position = PositionKind::LearnedAbsolute;
        f.projection = ProjectionKind::Conv1DFused;
        f.causal = true;
        f.prediction = PredictionRule::NextToken;
        return f;
    }();
    return family;
}

} // namespace attnlab::core::model
