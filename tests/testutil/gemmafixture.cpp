#include "gemmafixture.h"

#include <cstdint>
#include <random>

namespace attnlab::test {

void writeTinyGemma(const std::string &dir, const TinyGemmaOptions &o)
{
    const bool multimodal = o.modelType == "gemma3";
    const bool gemma3 = o.modelType == "gemma3_text" || multimodal;
    const std::int64_t d = o.dModel, dh = o.headDim, inner = o.dInner;
    std::vector<std::pair<std::string, std::vector<std::int64_t>>> specs = {{"embed_tokens.weight", {o.vocab, d}}};
    for (int l = 0; l < o.layers; ++l) {
        const std::string p = "layers." + std::to_string(l) + ".";
        specs.push_back({p + "input_layernorm.weight", {d}});
        specs.push_back({p + "self_attn.q_proj.weight", {o.heads * dh, d}});
        specs.push_back({p + "self_attn.k_proj.weight", {o.kvHeads * dh, d}});
        specs.push_back({p + "self_attn.v_proj.weight", {o.kvHeads * dh, d}});
        specs.push_back({p + "self_attn.o_proj.weight", {d, o.heads * dh}});
        if (gemma3) {
            specs.push_back({p + "self_attn.q_norm.weight", {dh}});
            specs.push_back({p + "self_attn.k_norm.weight", {dh}});
        }
        specs.push_back({p + "post_attention_layernorm.weight", {d}});
        specs.push_back({p + "pre_feedforward_layernorm.weight", {d}});
        specs.push_back({p + "post_feedforward_layernorm.weight", {d}});
        specs.push_back({p + "mlp.gate_proj.weight", {inner, d}});
        specs.push_back({p + "mlp.up_proj.weight", {inner, d}});
        specs.push_back({p + "mlp.down_proj.weight", {d, inner}});
    }
    specs.push_back({"norm.weight", {d}});
    const std::string prefix = multimodal ? o.multimodalPrefix : "model.";
    for (auto &spec : specs)
        spec.first = prefix + spec.first;
    // The parts of Gemma3ForConditionalGeneration the language model does not read.
    if (multimodal) {
        specs.push_back({"vision_tower.vision_model.embeddings.patch_embedding.weight", {4, 3, 2, 2}});
        specs.push_back({"vision_tower.vision_model.post_layernorm.weight", {4}});
        specs.push_back({"multi_modal_projector.mm_input_projection_weight", {4, d}});
        specs.push_back({"multi_modal_projector.mm_soft_emb_norm.weight", {4}});
    }

    std::mt19937 rng(o.seed);
    std::normal_distribution<float> normal(0.f, 0.5f);
    std::vector<FixtureTensor> tensors;
    for (const auto &[name, shape] : specs) {
        FixtureTensor t;
        t.name = name;
        t.shape = shape;
        t.dtype = o.dtype;
        std::int64_t count = 1;
        for (const std::int64_t n : shape)
            count *= n;
        // Norm weights small around 0 (1 + w near 1), the rest N(0, 0.5).
        const bool norm = name.find("norm") != std::string::npos;
        for (std::int64_t i = 0; i < count; ++i)
            t.values.push_back(roundToDType(norm ? 0.3f * normal(rng) : normal(rng), o.dtype));
        tensors.push_back(std::move(t));
    }
    if (o.editTensors)
        o.editTensors(tensors);

    std::map<std::string, std::string> keys = {
        {"model_type", "\"" + o.modelType + "\""},
        {"architectures",
            multimodal   ? "[\"Gemma3ForConditionalGeneration\"]"
                : gemma3 ? "[\"Gemma3ForCausalLM\"]"
                         : "[\"Gemma2ForCausalLM\"]"},
        {"num_hidden_layers", std::to_string(o.layers)},
        {"num_attention_heads", std::to_string(o.heads)},
        {"num_key_value_heads", std::to_string(o.kvHeads)},
        {"head_dim", std::to_string(o.headDim)},
        {"hidden_size", std::to_string(o.dModel)},
        {"intermediate_size", std::to_string(o.dInner)},
        {"max_position_embeddings", std::to_string(o.positions)},
        {"vocab_size", std::to_string(o.vocab)},
        {"rms_norm_eps", "1e-06"},
        {"hidden_activation", "\"gelu_pytorch_tanh\""},
        {"hidden_act", "\"gelu_pytorch_tanh\""},
        {"rope_theta", o.ropeTheta},
        {"sliding_window", o.slidingWindow},
        {"query_pre_attn_scalar", o.queryPreAttnScalar},
        {"attn_logit_softcapping", o.attnSoftcap},
        {"final_logit_softcapping", o.finalSoftcap},
        {"attention_bias", "false"},
        {"tie_word_embeddings", "true"},
        {"bos_token_id", "2"},
        {"eos_token_id", "1"},
    };
    for (const auto &[k, v] : o.configEdits)
        keys[k] = v;
    // The multimodal layout: these at the top, the rest in text_config.
    const auto top = [&](const std::string &k) {
        return !multimodal || k == "model_type" || k == "architectures" || k == "bos_token_id" || k == "eos_token_id";
    };
    const auto object = [&](bool atTop, const std::string &indent) {
        std::string text;
        for (const auto &[k, v] : keys)
            if (!v.empty() && top(k) == atTop)
                text += std::string(text.empty() ? "" : ",\n") + indent + "\"" + k + "\": " + v;
        return text;
    };
    std::string config = "{\n" + object(true, "  ");
    if (multimodal)
        config += ",\n  \"text_config\": {\n" + object(false, "    ") + "\n  }";
    writeBytes(dir + "/config.json", config + "\n}\n");
    writeBytes(dir + "/model.safetensors", safetensorsBytes(tensors, {{"format", "pt"}}));
    if (o.addFiles)
        o.addFiles(dir);
}

} // namespace attnlab::test
