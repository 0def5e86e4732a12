#pragma once
// The KV cache as paged memory, as vLLM's PagedAttention keeps it (Kwon et al. 2023): the cache
// is cut into fixed-size blocks of `blockSize` token slots, each block holding those tokens' keys
// and values in every layer and key/value head. A sequence owns no contiguous memory, only a block
// table: the physical block of its tokens 0 … B−1, of B … 2B−1, and so on. Only the last block of
// a sequence can be partly filled, so at most B − 1 slots per sequence are wasted (internal
// fragmentation) where a contiguous cache reserved for the longest text wastes the rest.
//
// Sequences can share blocks: fork() gives a new sequence the parent's table and raises each
// block's reference count, as when several sampled continuations of one prompt share the prompt's
// blocks. A shared block is never written: a sequence appending to a shared, partly filled last
// block first copies it into a block of its own (copy-on-write) and drops its reference; the last
// sharer left writes in place. A freed sequence drops its references, and a block nobody refers
// to returns to the free list. Blocks are handed out lowest free id first, so the layout is
// deterministic.

#include <cstdint>
#include <vector>

namespace attnlab::core::engine {

class PagedCache {
public:
    // `blockSize` token slots per block (≥ 1); `bytesPerToken` is one token's keys and values in
    // every layer (KvCacheSize::bytesPerToken).
    PagedCache(int blockSize, std::int64_t bytesPerToken);

    int blockSize() const { return m_blockSize; }
    std::int64_t bytesPerToken() const { return m_bytesPerToken; }
    std::int64_t bytesPerBlock() const { return m_bytesPerToken * m_blockSize; }

    // A new, empty sequence; its id (ids count from 0 and are never reused).
    int addSequence();
    // Appends `tokens` tokens to a live sequence, taking blocks as its last one fills; copies a
    // shared, partly filled last block first (copy-on-write).
    void append(int sequence, int tokens = 1);
    // A new sequence sharing every block of `parent` (each block's reference count + 1); its id.
    int fork(int parent);
    // Drops the sequence's references; blocks left with none return to the free list.
    void free(int sequence);

    int sequenceCount() const { return int(m_tables.size()); }
    bool isLive(int sequence) const;
    // The sequence's physical blocks, in the order of its tokens (empty once freed).
    const std::vector<int> &blockTable(int sequence) const;
    int tokens(int sequence) const;

    // Physical blocks: every id ever handed out is < blockCapacity(); a free one has reference
    // count 0 and no filled slots.
    int blockCapacity() const { return int(m_refs.size()); }
    int refCount(int block) const;
    int filledSlots(int block) const;
    // The live sequences whose tables hold the block, in increasing id.
    std::vector<int> owners(int block) const;
    int blocksInUse() const;
    int sharedBlocks() const; // in use by more than one sequence
    int copyOnWrites() const { return m_copies; }

    // Bytes of the blocks in use; of their filled slots; and the difference, the empty slots of
    // partly filled blocks (internal fragmentation).
    std::int64_t bytesUsed() const;
    std::int64_t bytesFilled() const;
    std::int64_t bytesWasted() const { return bytesUsed() - bytesFilled(); }
    // What the live sequences would take in blocks of their own, nothing shared.
    std::int64_t bytesWithoutSharing() const;

private:
    int allocate();
    void release(int block);
    void check(int sequence) const;

    int m_blockSize;
    std::int64_t m_bytesPerToken;
    std::vector<std::vector<int>> m_tables;
    std::vector<int> m_tokens;
    std::vector<bool> m_live;
    std::vector<int> m_refs; // per physical block
    std::vector<int> m_filled; // per physical block: slots written
    int m_copies = 0;
};

// The cache after `continuations` sampled continuations of one prompt: the prompt's `promptTokens`
// are written once into sequence 0, which is forked into continuations − 1 more sequences; then
// each sequence in turn appends one token, `generatedTokens` rounds (every continuation as long as
// the others). The first continuations − 1 sequences to append to a shared partly filled last
// block copy it; the last writes in place.
PagedCache sampledContinuations(
    int promptTokens, int generatedTokens, int continuations, int blockSize, std::int64_t bytesPerToken);

} // namespace attnlab::core::engine
