#include "core/tokenize/vocabulary.h"

#include <algorithm>
#include <functional>

namespace attnlab::core::model {

namespace {

// Slots stay at most half full, so a probe ends after about two steps.
std::size_t tableSize(std::size_t pieces)
{
    std::size_t size = 16;
    while (size < 2 * pieces)
        size *= 2;
    return size;
}

std::size_t idHash(int id)
{
    // Fibonacci hashing spreads consecutive ids over the table.
    return std::size_t((std::uint64_t(std::uint32_t(id)) * 0x9E3779B97F4A7C15ull) >> 32);
}

} // namespace

std::uint32_t Vocabulary::hashOf(std::string_view text)
{
    return std::uint32_t(std::hash<std::string_view> {}(text));
}

void Vocabulary::reserve(std::size_t pieces, std::size_t bytes)
{
    m_entries.reserve(pieces);
    m_text.reserve(bytes);
    if (tableSize(pieces) > m_slots.size())
        rehash(pieces);
}

std::size_t Vocabulary::slotOf(std::string_view text, std::uint32_t hash) const
{
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const std::uint32_t slot = m_slots[i];
        if (slot == 0)
            return i;
        const Entry &e = m_entries[slot - 1];
        if (e.hash == hash && textAt(e) == text)
            return i;
    }
}

std::size_t Vocabulary::idSlotOf(int id) const
{
    const std::size_t mask = m_idSlots.size() - 1;
    for (std::size_t i = idHash(id) & mask;; i = (i + 1) & mask)
        if (m_idSlots[i].id == id || m_idSlots[i].id < 0)
            return i;
}

void Vocabulary::rehash(std::size_t pieces)
{
    const std::size_t size = tableSize(pieces);
    const std::vector<IdSlot> oldIds = std::move(m_idSlots);
    m_slots.assign(size, 0);
    m_idSlots.assign(size, IdSlot {-1, 0});
    for (std::size_t e = 0; e < m_entries.size(); ++e)
        m_slots[slotOf(textAt(m_entries[e]), m_entries[e].hash)] = std::uint32_t(e + 1);
    for (const IdSlot &s : oldIds)
        if (s.id >= 0)
            m_idSlots[idSlotOf(s.id)] = s;
}

void Vocabulary::set(std::string_view text, int id)
{
    // A text given again with another id adds an id slot but no entry: both tables count.
    const std::size_t used = std::max(m_entries.size(), m_idCount) + 1;
    if (2 * used > m_slots.size())
        rehash(2 * used);
    const std::uint32_t hash = hashOf(text);
    const std::size_t slot = slotOf(text, hash);
    std::uint32_t entry = m_slots[slot];
    if (entry == 0) {
        m_entries.push_back(Entry {std::uint32_t(m_text.size()), std::uint32_t(text.size()), hash, id});
        m_text.append(text);
        entry = std::uint32_t(m_entries.size());
        m_slots[slot] = entry;
    } else {
        m_entries[entry - 1].id = id;
    }
    IdSlot &byId = m_idSlots[idSlotOf(id)];
    if (byId.id < 0) {
        byId = IdSlot {id, entry - 1};
        ++m_idCount;
    }
    if (id > m_maxId)
        m_maxId = id;
}

int Vocabulary::idOf(std::string_view text, std::uint32_t hash) const
{
    if (m_slots.empty())
        return -1;
    const std::uint32_t slot = m_slots[slotOf(text, hash)];
    return slot == 0 ? -1 : m_entries[slot - 1].id;
}

void Vocabulary::prefetch(std::uint32_t hash, bool deep) const
{
    if (m_slots.empty())
        return;
    const std::uint32_t *slot = &m_slots[hash & (m_slots.size() - 1)];
    if (!deep) {
        __builtin_prefetch(slot);
        return;
    }
    if (*slot != 0) {
        const Entry &e = m_entries[*slot - 1];
        __builtin_prefetch(&e);
        __builtin_prefetch(m_text.data() + e.offset);
    }
}

std::optional<std::string_view> Vocabulary::textOf(int id) const
{
    if (m_idSlots.empty() || id < 0)
        return std::nullopt;
    const IdSlot &s = m_idSlots[idSlotOf(id)];
    if (s.id < 0)
        return std::nullopt;
    return textAt(m_entries[s.entry]);
}

} // namespace attnlab::core::model
