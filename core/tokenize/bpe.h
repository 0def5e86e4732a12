#pragma once
// tokenizers' models::BPE (models/bpe/model.rs and word.rs): a word is split into its
// characters, each looked up in the vocabulary, then pairs are merged lowest rank first —
// with the same priority queue, so ties and chains resolve exactly as there.

#include "core/tokenize/parts.h"

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace attnlab::core::model {

class BpeModel : public ModelPart {
public:
    Vocabulary vocabulary;
    std::optional<std::string> unkToken;
    std::string continuingSubwordPrefix; // "" when null
    std::string endOfWordSuffix; // "" when null
    bool fuseUnk = false;
    bool byteFallback = false;
    bool ignoreMerges = false;

    // Registers merge number `rank` (a, b). Returns an empty string, or which of a, b or their
    // concatenation is missing from the vocabulary (the library's MergeTokenOutOfVocabulary).
    // A pair given twice keeps its later rank, as the library's HashMap collect does.
    std::string addMerge(std::string_view a, std::string_view b, int rank);
    // Room for `count` merges, so reading a file rehashes nothing.
    void reserveMerges(size_t count) { m_merges.reserve(count); }
    // addMerge() for every pair in order, rank = index, with the vocabulary's reads issued a few
    // merges ahead (151,643 merges of Qwen2.5 are 455,000 look-ups at random places). Returns
    // the index of the first merge with a piece missing and what is missing, or −1 and "".
    std::pair<long, std::string> addMerges(const std::vector<std::pair<std::string, std::string>> &merges);
    size_t mergeCount() const override { return m_merges.size(); }

    // Tokenizes one word, character by character (for byte-level BPE the pre-tokenizer has
    // already turned every byte into its printable character). Results are cached per word.
    std::vector<ModelPiece> tokenize(const Text &word) const override;
    const Vocabulary &vocab() const override { return vocabulary; }
    TokenizerKind kind() const override { return TokenizerKind::Bpe; }

private:
    struct Merge {
        int rank;
        int newId;
    };
    static uint64_t key(int a, int b) { return (uint64_t(uint32_t(a)) << 32) | uint32_t(b); }
    std::vector<ModelPiece> merge(const std::vector<std::string> &units) const;

    std::unordered_map<uint64_t, Merge> m_merges;
    std::string m_joined; // addMerge's a + b, kept to reuse its buffer
    mutable std::mutex m_cacheMutex;
    mutable std::unordered_map<std::string, std::vector<ModelPiece>> m_cache;
};

} // namespace attnlab::core::model
