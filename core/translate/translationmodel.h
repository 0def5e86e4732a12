#pragma once
// An encoder-decoder translation model (Marian / opus-mt): its two stacks, each the one block of
// core/model/block run over the rows of its family row (core/model/family/marian.cpp), its
// tokenizer, and the rules of generation_config.json. The passes follow modeling_marian.py:
// the token embeddings (model.shared) times √d_model when scale_embedding is set, plus Marian's
// sinusoidal positions from 0; the encoder's layers without a mask; the decoder's layers with the
// causal mask and cross-attention over the encoder's last output; logits = h·sharedᵀ +
// final_logits_bias.
//
// Shapes: row i is token i. Source rows × d for the encoder's output, target rows × vocab for the
// logits. A head's trace holds q, k, v as projected (rows × d_head, q before any scaling), its
// weights (query rows × key rows: target × source for cross-attention) and its context.

#include "core/model/modelweights.h"
#include "core/translate/mariantokenizer.h"

#include <functional>
#include <string>
#include <vector>

namespace attnlab::core::translate {

// Which attention of the model a trace reads.
enum class AttentionKind {
    Encoder, // the encoder's self-attention: source × source
    Decoder, // the decoder's causal self-attention: target × target
    Cross, // the decoder's attention over the encoder's output: target × source
};

// What a trace asks for: one head of one layer of one kind; layer −1: none.
struct HeadPick {
    AttentionKind kind = AttentionKind::Encoder;
    int layer = -1;
    int head = 0;
};

struct HeadTrace {
    Matrix q, k, v, weights, context;
    // Cross-attention only: the target rows q is projected from (the decoder's rows after its
    // self-attention sublayer, as the block hands them to the cross-attention), rows × d.
    Matrix input;
};

// generation_config.json's early_stopping: false (stop when no running beam can beat the worst
// finished one at its current length), true (stop once num_beams are finished), "never" (stop only
// when no running beam can beat it at any length up to the limit).
enum class EarlyStopping { Heuristic, WhenFull, Never };

// generation_config.json's rules for a translation, over config.json's values (transformers'
// GenerationConfig.from_model_config, then the file).
struct GenerationRules {
    int decoderStart = -1; // decoder_start_token_id (opus-mt: the pad id)
    int eos = -1; // eos_token_id
    int pad = -1; // pad_token_id: never generated
    int forcedEos = -1; // forced_eos_token_id: the last token a run may make; −1: none
    std::vector<int> banned; // the pad token and every one-token entry of bad_words_ids
    // Beam search's settings (transformers' defaults: 1 beam, length_penalty 1, early_stopping
    // false); opus-mt's generation_config.json asks for 4 beams.
    int numBeams = 1;
    double lengthPenalty = 1.0;
    EarlyStopping earlyStopping = EarlyStopping::Heuristic;
};

class TranslationModel {
public:
    // Opens folder `dir`: config.json (whose model_type must name an encoder-decoder),
    // generation_config.json when present, model.safetensors, source.spm, target.spm, vocab.json.
    // Throws model::ModelError naming the file: a missing or unreadable file, a model_type that
    // is not an encoder-decoder, a tensor that is missing or has the wrong shape, a vocab.json
    // with ids past vocab_size, a special id outside the vocabulary.
    static TranslationModel load(const std::string &dir);

    const MarianTokenizer &tokenizer() const { return m_tokenizer; }
    const GenerationRules &rules() const { return m_rules; }
    const model::ModelWeights &encoderWeights() const { return m_encoder; }
    const model::ModelWeights &decoderWeights() const { return m_decoder; }

    // The encoder's output for `sourceIds` (source rows × d); the picked encoder head's trace
    // into `trace` when `pick` asks for one.
    Matrix encode(const std::vector<int> &sourceIds, const HeadPick &pick = {}, HeadTrace *trace = nullptr) const;

    // The logits of every row of `targetIds` (the decoder start first; rows × vocab) over the
    // encoder's output `encoderOut`; the picked decoder or cross head's trace into `trace`.
    // `crossWeights`, when given, receives every cross-attention head's weights:
    // [layer][head] → target rows × source rows.
    Matrix decode(const Matrix &encoderOut, const std::vector<int> &targetIds, const HeadPick &pick = {},
        HeadTrace *trace = nullptr, std::vector<std::vector<Matrix>> *crossWeights = nullptr) const;

    // The logits of the last row of `targetIds` only (1 × vocab): what the next token is chosen
    // from. The other rows' logits are never formed (with 65,001 tokens they are most of a step).
    Matrix nextLogits(const Matrix &encoderOut, const std::vector<int> &targetIds) const;

    // Every head's weights of all three attentions over `sourceIds` and `targetIds` (the decoder
    // start first): [layer][head] → query rows × key rows; no logits are formed.
    struct AttentionMaps {
        std::vector<std::vector<Matrix>> encoder; // source × source
        std::vector<std::vector<Matrix>> decoder; // target × target, causal
        std::vector<std::vector<Matrix>> cross; // target × source
    };
    AttentionMaps attentionMaps(const std::vector<int> &sourceIds, const std::vector<int> &targetIds) const;

    // Layers and heads of the stack a kind of attention belongs to.
    int layers(AttentionKind kind) const;
    int heads(AttentionKind kind) const;

private:
    // The encoder's output; every layer's heads into `selfMaps` when given.
    Matrix runEncoder(const std::vector<int> &sourceIds, const HeadPick &pick, HeadTrace *trace,
        std::vector<std::vector<Matrix>> *selfMaps) const;
    // The decoder's last hidden rows (before the logits); the maps into `crossMaps` and `selfMaps`.
    Matrix runDecoder(const Matrix &encoderOut, const std::vector<int> &targetIds, const HeadPick &pick,
        HeadTrace *trace, std::vector<std::vector<Matrix>> *crossMaps,
        std::vector<std::vector<Matrix>> *selfMaps) const;
    // Logits = rows·sharedᵀ + final_logits_bias.
    Matrix logitsOf(const Matrix &rows) const;
    TranslationModel(
        MarianTokenizer tokenizer, model::ModelWeights encoder, model::ModelWeights decoder, GenerationRules rules);
    MarianTokenizer m_tokenizer;
    model::ModelWeights m_encoder, m_decoder;
    GenerationRules m_rules;
};

struct GeneratedToken {
    int id = -1;
    std::string token; // the vocabulary string
    double probability = 0; // the model's own softmax, before the generation rules
};

struct Translation {
    std::vector<int> sourceIds;
    std::vector<GeneratedToken> generated;
    std::string text; // the generated ids decoded, special tokens left out
    bool cancelled = false; // the progress callback asked to stop; `generated` is what was made
};

// Told the tokens made so far after each step (beam search: the best running beam's); returning
// false stops the run (Translation::cancelled).
using TranslationProgress = std::function<bool(const std::vector<GeneratedToken> &)>;

// Greedy decoding as transformers' generate(num_beams=1, do_sample=False) with max_new_tokens
// `maxNewTokens`: from the decoder start, the most likely token not banned (the pad token,
// bad_words_ids) at each step, </s> forced as the `maxNewTokens`-th token when forced_eos_token_id
// is set; stops after </s> or `maxNewTokens` tokens.
Translation translateGreedy(
    const TranslationModel &model, const std::string &text, int maxNewTokens, const TranslationProgress &progress = {});

} // namespace attnlab::core::translate
