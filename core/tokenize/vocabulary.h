#pragma once
// A token vocabulary: string ↔ id, as the models of the `tokenizers` library keep it.

#include <string>
#include <unordered_map>

namespace attnlab::core::model {

// Ids above this are refused when reading a file: a real vocabulary has at most a few
// hundred thousand entries, and the id is what a model's embedding table is indexed by.
inline constexpr int kMaxTokenId = (1 << 24) - 1;

struct Vocabulary {
    std::unordered_map<std::string, int> ids;
    // Reverse map. When two strings share an id the first one read keeps it.
    std::unordered_map<int, std::string> texts;
    int maxId = -1;

    // Adds or replaces `text` → id (replacing is what a later vocab.txt line does).
    void set(const std::string &text, int id)
    {
        ids[text] = id;
        texts.emplace(id, text);
        if (id > maxId)
            maxId = id;
    }
    int idOf(const std::string &text) const
    {
        const auto it = ids.find(text);
        return it == ids.end() ? -1 : it->second;
    }
    bool contains(const std::string &text) const { return ids.count(text) != 0; }
};

// What a model returns for one word: a vocabulary id and the characters of the word it
// covers, [begin, end) as indices into the word's units (bytes for byte-level BPE, code
// points otherwise).
struct ModelPiece {
    int id = -1;
    int begin = 0;
    int end = 0;
};

} // namespace attnlab::core::model
