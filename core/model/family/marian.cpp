// Marian (Helsinki-NLP's opus-mt) as data: transformers' configuration_marian.py (MarianConfig's
// defaults) and modeling_marian.py. An encoder-decoder is two rows of the same block read from one
// config.json: the encoder (post-norm self-attention and MLP, no mask) and the decoder (causal
// self-attention, then cross-attention over the encoder's output, then the MLP, each followed by
// its residual sum and LayerNorm). Both add Marian's static sinusoidal positions to embeddings
// scaled by √d_model when scale_embedding is true, share model.shared as the token embeddings,
// and have no final norm; the decoder's logits get final_logits_bias.
#include "core/model/family/families.h"

namespace attnlab::core::model {

namespace {

// What both halves share: the config keys but the per-stack ones, the tensor names of a layer's
// self-attention and MLP, the block's choices.
ModelFamily marianCommon()
{
    ModelFamily f;
    ConfigKeys &k = f.config;
    k.dModel = {{"d_model"}, 1024};
    k.positions = {{"max_position_embeddings"}, 1024};
    k.vocab = {{"vocab_size"}, 58101};
    // nn.LayerNorm's default ε; MarianConfig has no key for it.
    k.epsilonFallback = 1e-5;
    k.activation = {"activation_function"};
    k.activationFallback = "gelu";
    k.scaleEmbedding = {"scale_embedding", false};

    TensorNames &t = f.tensors;
    t.prefix = "model.";
    t.tokens = "shared";
    t.query = "self_attn.q_proj";
    t.key = "self_attn.k_proj";
    t.value = "self_attn.v_proj";
    t.attnOut = "self_attn.out_proj";
    t.attnNorm = "self_attn_layer_norm";
    t.mlpIn = "fc1";
    t.mlpOut = "fc2";
    t.mlpNorm = "final_layer_norm";

    f.norm = NormKind::LayerNorm;
    f.placement = NormPlacement::PostLn;
    f.mlp = MlpKind::Plain;
    f.position = PositionKind::Sinusoidal;
    f.projection = ProjectionKind::Linear;
    // q_proj(x) * head_dim**-0.5 before the product; the same as scaling the scores up to rounding.
    f.scoreScaling = ScoreScaling::TimesInverseSqrtHead;
    f.prediction = PredictionRule::NextToken;
    return f;
}

} // namespace

const ModelFamily &marianEncoderFamily()
{
    static const ModelFamily family = [] {
        ModelFamily f = marianCommon();
        f.name = "Marian encoder";
        f.modelType = "marian";
        f.config.layers = {{"encoder_layers"}, 12};
        f.config.heads = {{"encoder_attention_heads"}, 16};
        f.config.dInner = {{"encoder_ffn_dim"}, 4096};
        f.tensors.layer = "encoder.layers.";
        f.causal = false;
        return f;
    }();
    return family;
}

const ModelFamily &marianDecoderFamily()
{
    static const ModelFamily family = [] {
        ModelFamily f = marianCommon();
        f.name = "Marian decoder";
        f.modelType = "marian";
        f.config.layers = {{"decoder_layers"}, 12};
        f.config.heads = {{"decoder_attention_heads"}, 16};
        f.config.dInner = {{"decoder_ffn_dim"}, 4096};
        TensorNames &t = f.tensors;
        t.layer = "decoder.layers.";
        t.crossQuery = "encoder_attn.q_proj";
        t.crossKey = "encoder_attn.k_proj";
        t.crossValue = "encoder_attn.v_proj";
        t.crossOut = "encoder_attn.out_proj";
        t.crossNorm = "encoder_attn_layer_norm";
        t.logitsBias = "final_logits_bias";
        f.crossAttention = true;
        f.causal = true;
        return f;
    }();
    return family;
}

} // namespace attnlab::core::model
