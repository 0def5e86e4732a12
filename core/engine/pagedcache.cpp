#include "core/engine/pagedcache.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace attnlab::core::engine {

PagedCache::PagedCache(int blockSize, std::int64_t bytesPerToken)
    : m_blockSize(blockSize)
    , m_bytesPerToken(bytesPerToken)
{
    if (blockSize < 1)
        throw std::invalid_argument("paged cache: block size " + std::to_string(blockSize) + " is below 1");
    if (bytesPerToken < 0)
        throw std::invalid_argument("paged cache: negative bytes per token");
}

void PagedCache::check(int sequence) const
{
    if (!isLive(sequence))
        throw std::out_of_range("paged cache: no live sequence " + std::to_string(sequence));
}

bool PagedCache::isLive(int sequence) const
{
    return sequence >= 0 && sequence < sequenceCount() && m_live[size_t(sequence)];
}

int PagedCache::addSequence()
{
    m_tables.emplace_back();
    m_tokens.push_back(0);
    m_live.push_back(true);
    return sequenceCount() - 1;
}

int PagedCache::allocate()
{
    const auto free = std::find(m_refs.begin(), m_refs.end(), 0);
    const int block = int(free - m_refs.begin());
    if (free == m_refs.end()) {
        m_refs.push_back(0);
        m_filled.push_back(0);
    }
    m_refs[size_t(block)] = 1;
    m_filled[size_t(block)] = 0;
    return block;
}

void PagedCache::release(int block)
{
    if (--m_refs[size_t(block)] == 0)
        m_filled[size_t(block)] = 0;
}

void PagedCache::append(int sequence, int tokens)
{
    check(sequence);
    if (tokens < 0)
        throw std::invalid_argument("paged cache: cannot append a negative number of tokens");
    std::vector<int> &table = m_tables[size_t(sequence)];
    int &count = m_tokens[size_t(sequence)];
    for (int t = 0; t < tokens; ++t) {
        const int slot = count % m_blockSize;
        if (slot == 0) {
            table.push_back(allocate());
        } else if (m_refs[size_t(table.back())] > 1) {
            // Others still read this block: write into a copy of its filled slots.
            const int shared = table.back();
            const int copy = allocate();
            m_filled[size_t(copy)] = slot;
            release(shared);
            table.back() = copy;
            ++m_copies;
        }
        // Sharers forked at the same point have the same slots filled; a block is never written
        // past what its owner has, so the fill is this sequence's.
        m_filled[size_t(table.back())] = slot + 1;
        ++count;
    }
}

int PagedCache::fork(int parent)
{
    check(parent);
    const int child = addSequence();
    m_tables[size_t(child)] = m_tables[size_t(parent)];
    m_tokens[size_t(child)] = m_tokens[size_t(parent)];
    for (int block : m_tables[size_t(child)])
        ++m_refs[size_t(block)];
    return child;
}

void PagedCache::free(int sequence)
{
    check(sequence);
    for (int block : m_tables[size_t(sequence)])
        release(block);
    m_tables[size_t(sequence)].clear();
    m_tokens[size_t(sequence)] = 0;
    m_live[size_t(sequence)] = false;
}

const std::vector<int> &PagedCache::blockTable(int sequence) const
{
    if (sequence < 0 || sequence >= sequenceCount())
        throw std::out_of_range("paged cache: no sequence " + std::to_string(sequence));
    return m_tables[size_t(sequence)];
}

int PagedCache::tokens(int sequence) const
{
    blockTable(sequence); // checks the id
    return m_tokens[size_t(sequence)];
}

int PagedCache::refCount(int block) const
{
    return block >= 0 && block < blockCapacity() ? m_refs[size_t(block)] : 0;
}

int PagedCache::filledSlots(int block) const
{
    return block >= 0 && block < blockCapacity() ? m_filled[size_t(block)] : 0;
}

std::vector<int> PagedCache::owners(int block) const
{
    std::vector<int> out;
    for (int s = 0; s < sequenceCount(); ++s) {
        const std::vector<int> &table = m_tables[size_t(s)];
        if (std::find(table.begin(), table.end(), block) != table.end())
            out.push_back(s);
    }
    return out;
}

int PagedCache::blocksInUse() const
{
    return int(std::count_if(m_refs.begin(), m_refs.end(), [](int r) { return r > 0; }));
}

int PagedCache::sharedBlocks() const
{
    return int(std::count_if(m_refs.begin(), m_refs.end(), [](int r) { return r > 1; }));
}

std::int64_t PagedCache::bytesUsed() const
{
    return std::int64_t(blocksInUse()) * bytesPerBlock();
}

std::int64_t PagedCache::bytesFilled() const
{
    std::int64_t slots = 0;
    for (int f : m_filled)
        slots += f;
    return slots * m_bytesPerToken;
}

std::int64_t PagedCache::bytesWithoutSharing() const
{
    std::int64_t blocks = 0;
    for (const std::vector<int> &table : m_tables)
        blocks += std::int64_t(table.size());
    return blocks * bytesPerBlock();
}

PagedCache sampledContinuations(
    int promptTokens, int generatedTokens, int continuations, int blockSize, std::int64_t bytesPerToken)
{
    if (promptTokens < 0 || generatedTokens < 0 || continuations < 1)
        throw std::invalid_argument("paged cache: a prompt and its continuations need counts ≥ 0 and ≥ 1 continuation");
    PagedCache cache(blockSize, bytesPerToken);
    const int prompt = cache.addSequence();
    cache.append(prompt, promptTokens);
    for (int c = 1; c < continuations; ++c)
        cache.fork(prompt);
    for (int round = 0; round < generatedTokens; ++round)
        for (int s = 0; s < continuations; ++s)
            cache.append(s);
    return cache;
}

} // namespace attnlab::core::engine
