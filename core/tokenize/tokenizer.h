#pragma once
// The tokenizers of real checkpoints, read from tokenizer.json as the Hugging Face `tokenizers`
// library writes it and run exactly as that library runs them (so ids agree with transformers'
// fast tokenizers): GPT-2's and Qwen2's byte-level BPE, Llama 3's (ignore_merges), Llama 2's
// SentencePiece-style BPE with byte fallback, BERT's WordPiece.
//
// encode(text) does, in order (parts.h has the parts):
// 1. added tokens whose `normalized` is false (the special tokens: [MASK], <|endoftext|>,
//    <|im_start|>) are found in the raw text — leftmost, longest first, honouring single_word,
//    lstrip and rstrip — and kept whole;
// 2. each remaining piece goes through the normalizer, then added tokens whose `normalized` is
//    true are found in the normalized text;
// 3. the pre-tokenizer splits each piece into words;
// 4. the model (BPE or WordPiece) turns each word into vocabulary pieces;
// 5. the post-processor adds its special tokens ([CLS] … [SEP], <s>, <|begin_of_text|>).
// decode(ids) runs the decoder.
//
// A part whose "type" is not known is refused when reading, by name. BPE dropout is ignored (it
// is random and only meant for training); truncation, padding and pair templates are not used.

#include "core/text/problem.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace attnlab::core::model {

enum class TokenizerKind { Bpe, WordPiece };

struct Token {
    int id = -1;
    // The vocabulary string: "Ġcat", "##ing", "[CLS]".
    std::string piece;
    // Text for a chip, see Tokenizer::displayText().
    std::string display;
    // The bytes of the input this token came from, [begin, end). A byte-level piece that
    // holds part of a character points at the whole character. Tokens the post-processor
    // adds ([CLS], [SEP]) have begin == end == 0, as in the library.
    int begin = 0;
    int end = 0;
    // An added token marked special in the file and found in the text, or a token the
    // post-processor added. A model's own [UNK] for an unknown word is not special.
    bool special = false;
};

namespace detail {
struct TokenizerData;
}

class Tokenizer {
public:
    TokenizerKind kind() const;

    // Tokenizes UTF-8 text. Invalid UTF-8 bytes are read as U+FFFD each (the library only
    // accepts valid UTF-8). With `addSpecialTokens` false the post-processor adds nothing (the
    // library's add_special_tokens=False, as transformers' apply_chat_template encodes a prompt
    // whose template already wrote <|begin_of_text|> or <s>). Thread-safe.
    std::vector<Token> encode(const std::string &text, bool addSpecialTokens = true) const;

    // The vocabulary string of an id (added tokens first, then the model's vocabulary), or ""
    // for an id that has none.
    std::string tokenText(int id) const;
    // The id of a vocabulary string (added tokens first), or -1.
    int idOf(const std::string &piece) const;
    // The id of [MASK] (or <mask>), or -1 when the vocabulary has neither.
    int maskTokenId() const;
    // One more than the largest id of the model's vocabulary and the added tokens: the number
    // of rows a model's embedding table needs (GPT-2: 50257, bert-base-uncased: 30522).
    int vocabSize() const;

    // The chip text of a vocabulary piece.
    // - Byte-level BPE pieces are decoded back to their bytes; a leading space is shown as
    //   "␣" (U+2423 OPEN BOX) and so is every space of an all-space piece; a newline as "↵",
    //   a tab as "⇥". When the bytes are not valid UTF-8 on their own (one character split
    //   across pieces) the piece is shown as its bytes in hex: "‹e6 b2›".
    // - WordPiece pieces, added tokens and other BPE pieces are shown as they are ("##ing").
    std::string displayText(int id) const;

    // The text a vocabulary piece stands for, as transformers' `tokenizer.decode([id])` and the
    // fill-mask pipeline's "token_str" give it: the piece through the decoder (" cat" for "Ġcat",
    // "\n" for "Ċ", "##ing" for "##ing"); added tokens as they are ("[MASK]"). A byte-level
    // pipeline without a decoder is read as if it had ByteLevel. Where the library would print
    // U+FFFD because the bytes are not valid UTF-8 on their own, this gives the display form
    // instead ("‹e6 b2›"), so no byte is lost. "" for an id with no vocabulary string.
    std::string decodedText(int id) const;

    // The text of a sequence of ids, as the library's `decode(ids, skip_special_tokens)` gives it:
    // the pieces (ids with no vocabulary string left out) through the decoder, or joined with
    // spaces when the file has none.
    std::string decode(const std::vector<int> &ids, bool skipSpecialTokens = false) const;

    // The text that `generated` ids add after `prompt` ids, as a streaming detokenizer shows it:
    // decode(prompt + generated) past decode(prompt), so that the generated ids are decoded
    // together (a character whose bytes byte-level BPE or byte fallback split across tokens comes
    // out whole) and in their context (a decoder that strips the text's first space keeps the
    // space of the first generated word). When that text does not start with decode(prompt), the
    // generated ids are decoded on their own. Bytes at the end that are not yet a whole character
    // (decode writes U+FFFD for them) are held back until the next ids complete it; `*pending`
    // (when not null) says whether anything was held back.
    std::string decodeContinuation(
        const std::vector<int> &prompt, const std::vector<int> &generated, bool *pending = nullptr) const;

    // For tests and diagnostics: the number of BPE merges read (0 for WordPiece).
    size_t mergeCount() const;

private:
    friend struct TokenizerFactory;
    explicit Tokenizer(std::shared_ptr<const detail::TokenizerData> data);
    std::shared_ptr<const detail::TokenizerData> m_data;
};

struct TokenizerLoadResult {
    std::optional<Tokenizer> tokenizer; // set exactly when problem is not
    // What is wrong, as data for the user's language (ui/i18n/coremessages.h): the file
    // ("tokenizer.json", "merges.txt", or the folder when no tokenizer file is there), the field's
    // JSON path ("model.merges[3]") and the message with its arguments.
    std::optional<Problem> problem;
    // The same in English, one line naming the file and the field: "tokenizer.json: model.merges[3]: …".
    std::string error;

    bool ok() const { return tokenizer.has_value(); }
};

// Reads the tokenizer of a model folder laid out as the Hugging Face hub stores it:
// tokenizer.json when present; otherwise BERT's vocab.txt (with tokenizer_config.json's
// do_lower_case, default true; strip_accents, default null; tokenize_chinese_chars, default
// true), or GPT-2's vocab.json + merges.txt (with tokenizer_config.json's add_prefix_space,
// default false). The fallbacks build what transformers' convert_slow_tokenizer builds from
// those files. Never throws.
TokenizerLoadResult loadTokenizer(const std::string &dir);

// Parses the text of a tokenizer.json. Never throws, whatever the text (fuzzing entry point).
TokenizerLoadResult parseTokenizerJson(const std::string &text);

// Files larger than this are refused before reading (real tokenizer.json files are < 20 MB).
inline constexpr size_t kMaxTokenizerFileBytes = size_t(64) << 20;

} // namespace attnlab::core::model
