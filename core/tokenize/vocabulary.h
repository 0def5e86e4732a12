#pragma once
// A token vocabulary: string ↔ id, as the models of the `tokenizers` library keep it.
//
// Built for reading a 150,000-piece tokenizer.json quickly (issue 18: the file in ≤ 0.3 s): the
// pieces lie end to end in one buffer and two open-addressing tables index them, by text and by
// id, so a lookup touches one slot and one piece instead of chasing a node per entry, and
// building never allocates per piece.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace attnlab::core::model {

// Ids above this are refused when reading a file: a real vocabulary has at most a few
// hundred thousand entries, and the id is what a model's embedding table is indexed by.
inline constexpr int kMaxTokenId = (1 << 24) - 1;

class Vocabulary {
public:
    // Room for `pieces` entries of `bytes` text in all, so reading a file grows nothing.
    void reserve(std::size_t pieces, std::size_t bytes = 0);
    // Adds `text` → id, or gives an existing text the new id (what a later vocab.txt line does).
    // The reverse lookup keeps the first text set with an id. `id` must be ≥ 0.
    void set(std::string_view text, int id);
    // The id of `text`, or −1.
    int idOf(std::string_view text) const { return idOf(text, hashOf(text)); }
    // The same with the text's hashOf() given.
    int idOf(std::string_view text, std::uint32_t hash) const;
    static std::uint32_t hashOf(std::string_view text);
    // Asks the processor to fetch what a lookup of `hash` reads first (its slot), and, with
    // `deep`, what the slot points to (the entry and its text), so that a run of lookups issued
    // ahead of time overlaps its memory reads instead of waiting for each in turn.
    void prefetch(std::uint32_t hash, bool deep) const;
    bool contains(std::string_view text) const { return idOf(text) >= 0; }
    // The text first set with `id`; empty when there is none. Valid until the next set().
    std::optional<std::string_view> textOf(int id) const;
    // The largest id set, −1 when empty.
    int maxId() const { return m_maxId; }
    std::size_t size() const { return m_entries.size(); }
    bool empty() const { return m_entries.empty(); }
    // Calls f(text, id) for every distinct text, in the order they were first set.
    template<class F> void forEach(F f) const
    {
        for (const Entry &e : m_entries)
            f(std::string_view(m_text.data() + e.offset, e.length), e.id);
    }

private:
    struct Entry {
        std::uint32_t offset;
        std::uint32_t length;
        std::uint32_t hash;
        int id;
    };
    struct IdSlot {
        int id; // −1: empty
        std::uint32_t entry;
    };
    std::string_view textAt(const Entry &e) const { return {m_text.data() + e.offset, e.length}; }
    // The slot of `text` in m_slots: the one holding it, or the empty one where it would go.
    std::size_t slotOf(std::string_view text, std::uint32_t hash) const;
    std::size_t idSlotOf(int id) const;
    void rehash(std::size_t pieces);

    std::string m_text; // every piece, end to end
    std::vector<Entry> m_entries;
    std::vector<std::uint32_t> m_slots; // entry index + 1, 0 when empty; a power of two long
    std::vector<IdSlot> m_idSlots; // the same length as m_slots
    std::size_t m_idCount = 0; // ids in m_idSlots
    int m_maxId = -1;
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
