// BERT as data: transformers' configuration_bert.py (BertConfig defaults) and modeling_bert.py
// (BertModel's tensor names, nn.Linear, post-LN blocks, embeddings with token types and a
// LayerNorm, BertForMaskedLM's cls.predictions head with its decoder tied to the word
// embeddings).
#include "core/model/family/families.h"

namespace attnlab::core::model {

const ModelFamily &bertFamily()
{
    static const ModelFamily family = [] {
        ModelFamily f;
        f.name = "BERT";
        f.modelType = "bert";
        ConfigKeys &k = f.config;
        k.layers = {{"num_hidden_layers"}, 12};
        k.heads = {{"num_attention_heads"}, 12};
        k.dModel = {{"hidden_size"}, 768};
        k.positions = {{"max_position_embeddings"}, 512};
        k.vocab = {{"vocab_size"}, 30522};
        k.typeVocab = {{"type_vocab_size"}, 2};
        k.dInner = {{"intermediate_size"}, 3072};
        k.epsilon = {"layer_norm_eps"};
        k.epsilonFallback = 1e-12;
        k.activation = {"hidden_act"};
        k.activationFallback = "gelu";
        // Relative position embeddings ("relative_key", …) are not implemented.
        k.fixed = {{"position_embedding_type", false, false, "absolute"}};

        TensorNames &t = f.tensors;
        t.prefix = "bert.";
        t.tokens = "embeddings.word_embeddings";
        t.positions = "embeddings.position_embeddings";
        t.tokenTypes = "embeddings.token_type_embeddings";
        t.embeddingNorm = "embeddings.LayerNorm";
        t.layer = "encoder.layer.";
        t.query = "attention.self.query";
        t.key = "attention.self.key";
        t.value = "attention.self.value";
        t.attnOut = "attention.output.dense";
        t.attnNorm = "attention.output.LayerNorm";
        t.mlpNorm = "output.LayerNorm";
        t.mlpIn = "intermediate.dense";
        t.mlpOut = "output.dense";
        t.headDense = "cls.predictions.transform.dense";
        t.headNorm = "cls.predictions.transform.LayerNorm";
        t.headBias = "cls.predictions.bias";
        t.headBiasAlias = "cls.predictions.decoder.bias";

        f.norm = NormKind::LayerNorm;
        f.placement = NormPlacement::PostLn;
        f.mlp = MlpKind::Plain;
        f.position = PositionKind::LearnedAbsolute;
        f.projection = ProjectionKind::Linear;
        f.causal = false;
        f.prediction = PredictionRule::FirstMask;
        return f;
    }();
    return family;
}

} // namespace attnlab::core::model
