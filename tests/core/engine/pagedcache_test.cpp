// The paged KV cache's bookkeeping (issue 32) against cases counted by hand: block tables, bytes
// used and wasted, prefix sharing after a fork, copy-on-write of a shared partly filled block,
// freeing.

#include "core/engine/pagedcache.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

using attnlab::core::engine::PagedCache;
using attnlab::core::engine::sampledContinuations;

namespace {
// A round number of bytes per token makes the hand counts easy to read.
constexpr std::int64_t kBytes = 100;
} // namespace

TEST(PagedCache, ALongSequenceFillsBlocksAndWastesOnlyTheLastOnesTail)
{
    PagedCache cache(16, kBytes);
    const int s = cache.addSequence();
    cache.append(s, 37);
    // 37 = 16 + 16 + 5: three blocks, the last with 11 empty slots.
    EXPECT_EQ(cache.blockTable(s), (std::vector<int> {0, 1, 2}));
    EXPECT_EQ(cache.tokens(s), 37);
    EXPECT_EQ(cache.filledSlots(2), 5);
    EXPECT_EQ(cache.blocksInUse(), 3);
    EXPECT_EQ(cache.bytesPerBlock(), 1600);
    EXPECT_EQ(cache.bytesUsed(), 4800);
    EXPECT_EQ(cache.bytesFilled(), 3700);
    EXPECT_EQ(cache.bytesWasted(), 1100);
    EXPECT_EQ(cache.sharedBlocks(), 0);
    EXPECT_EQ(cache.copyOnWrites(), 0);

    cache.append(s, 11); // 48 = 3 × 16: nothing wasted
    EXPECT_EQ(cache.blocksInUse(), 3);
    EXPECT_EQ(cache.bytesWasted(), 0);
    cache.append(s); // the 49th token opens a fourth block with 15 empty slots
    EXPECT_EQ(cache.blockTable(s), (std::vector<int> {0, 1, 2, 3}));
    EXPECT_EQ(cache.bytesWasted(), 15 * kBytes);
}

TEST(PagedCache, ContinuationsShareThePromptAndCopyItsPartlyFilledLastBlock)
{
    // 37 prompt tokens in blocks 0, 1, 2 (5 filled); three continuations of 3 tokens each.
    const PagedCache cache = sampledContinuations(37, 3, 3, 16, kBytes);
    // Sequence 0 appends first to the shared block 2 (3 references): copies it into block 3.
    // Sequence 1 then finds 2 references: copies into block 4. Sequence 2 is the last sharer
    // and writes into block 2 itself.
    EXPECT_EQ(cache.copyOnWrites(), 2);
    EXPECT_EQ(cache.blockTable(0), (std::vector<int> {0, 1, 3}));
    EXPECT_EQ(cache.blockTable(1), (std::vector<int> {0, 1, 4}));
    EXPECT_EQ(cache.blockTable(2), (std::vector<int> {0, 1, 2}));
    for (int s = 0; s < 3; ++s)
        EXPECT_EQ(cache.tokens(s), 40);
    EXPECT_EQ(cache.refCount(0), 3);
    EXPECT_EQ(cache.refCount(1), 3);
    EXPECT_EQ(cache.refCount(2), 1);
    EXPECT_EQ(cache.owners(1), (std::vector<int> {0, 1, 2}));
    EXPECT_EQ(cache.owners(4), (std::vector<int> {1}));
    for (int block : {2, 3, 4})
        EXPECT_EQ(cache.filledSlots(block), 8);
    EXPECT_EQ(cache.blocksInUse(), 5);
    EXPECT_EQ(cache.sharedBlocks(), 2);
    EXPECT_EQ(cache.bytesUsed(), 5 * 1600);
    EXPECT_EQ(cache.bytesFilled(), (16 + 16 + 8 + 8 + 8) * kBytes);
    EXPECT_EQ(cache.bytesWasted(), 3 * 8 * kBytes);
    // Without sharing, each continuation would hold its own 3 blocks.
    EXPECT_EQ(cache.bytesWithoutSharing(), 9 * 1600);
}

TEST(PagedCache, APromptThatFillsItsBlocksNeedsNoCopy)
{
    const PagedCache cache = sampledContinuations(32, 1, 3, 16, kBytes);
    EXPECT_EQ(cache.copyOnWrites(), 0);
    EXPECT_EQ(cache.blockTable(0), (std::vector<int> {0, 1, 2}));
    EXPECT_EQ(cache.blockTable(1), (std::vector<int> {0, 1, 3}));
    EXPECT_EQ(cache.blockTable(2), (std::vector<int> {0, 1, 4}));
    EXPECT_EQ(cache.sharedBlocks(), 2);
    EXPECT_EQ(cache.bytesWasted(), 3 * 15 * kBytes);
}

TEST(PagedCache, BeforeAnyTokenIsGeneratedTheContinuationsShareEveryBlock)
{
    const PagedCache cache = sampledContinuations(37, 0, 4, 16, kBytes);
    EXPECT_EQ(cache.blocksInUse(), 3);
    EXPECT_EQ(cache.sharedBlocks(), 3);
    EXPECT_EQ(cache.refCount(2), 4);
    EXPECT_EQ(cache.bytesWasted(), 11 * kBytes); // the shared tail counts once
    EXPECT_EQ(cache.bytesWithoutSharing(), 4 * 3 * 1600);
}

TEST(PagedCache, BlocksOfOneTokenWasteNothingAndNeverCopy)
{
    const PagedCache cache = sampledContinuations(5, 2, 2, 1, kBytes);
    EXPECT_EQ(cache.copyOnWrites(), 0);
    EXPECT_EQ(cache.blocksInUse(), 5 + 2 * 2);
    EXPECT_EQ(cache.sharedBlocks(), 5);
    EXPECT_EQ(cache.bytesWasted(), 0);
}

TEST(PagedCache, FreeingReturnsUnsharedBlocksAndTheLowestFreeBlockIsReused)
{
    PagedCache cache = sampledContinuations(37, 3, 3, 16, kBytes);
    cache.free(1);
    EXPECT_FALSE(cache.isLive(1));
    EXPECT_TRUE(cache.blockTable(1).empty());
    EXPECT_EQ(cache.refCount(4), 0);
    EXPECT_EQ(cache.filledSlots(4), 0);
    EXPECT_EQ(cache.refCount(0), 2);
    EXPECT_EQ(cache.blocksInUse(), 4);
    EXPECT_EQ(cache.bytesWasted(), 2 * 8 * kBytes);

    const int s = cache.addSequence();
    cache.append(s, 17);
    EXPECT_EQ(cache.blockTable(s), (std::vector<int> {4, 5}));

    for (int seq : {0, 2, s})
        cache.free(seq);
    EXPECT_EQ(cache.blocksInUse(), 0);
    EXPECT_EQ(cache.bytesUsed(), 0);
    EXPECT_EQ(cache.bytesWasted(), 0);
    EXPECT_EQ(cache.blockCapacity(), 6);
}

TEST(PagedCache, AForkOfAForkSharesWithBothAndCopiesOnItsOwnWrite)
{
    PagedCache cache(4, kBytes);
    const int a = cache.addSequence();
    cache.append(a, 6); // blocks 0 (4), 1 (2)
    const int b = cache.fork(a);
    const int c = cache.fork(b);
    EXPECT_EQ(cache.refCount(1), 3);
    cache.append(c, 3); // copies block 1 into 2 (2 → 4 filled), then opens block 3 (1 filled)
    EXPECT_EQ(cache.blockTable(c), (std::vector<int> {0, 2, 3}));
    EXPECT_EQ(cache.copyOnWrites(), 1);
    EXPECT_EQ(cache.refCount(1), 2);
    EXPECT_EQ(cache.filledSlots(1), 2);
    EXPECT_EQ(cache.filledSlots(2), 4);
    EXPECT_EQ(cache.filledSlots(3), 1);
    EXPECT_EQ(cache.tokens(c), 9);
    EXPECT_EQ(cache.tokens(a), 6);
}

TEST(PagedCache, BytesComeFromTheModelsLayersHeadsAndElementSize)
{
    // A Qwen2.5-0.5B-shaped cache in BF16: 2 (K, V) × 24 layers × 2 K/V heads × 64 × 2 bytes.
    const std::int64_t perToken = 2 * 24 * 2 * 64 * 2;
    ASSERT_EQ(perToken, 12288);
    const PagedCache cache = sampledContinuations(100, 0, 1, 16, perToken);
    EXPECT_EQ(cache.bytesPerBlock(), 196608);
    EXPECT_EQ(cache.blocksInUse(), 7); // 6 × 16 + 4
    EXPECT_EQ(cache.bytesWasted(), 12 * perToken);
}

TEST(PagedCache, RefusesWhatCannotBe)
{
    EXPECT_THROW(PagedCache(0, kBytes), std::invalid_argument);
    PagedCache cache(16, kBytes);
    const int s = cache.addSequence();
    EXPECT_THROW(cache.append(s, -1), std::invalid_argument);
    cache.free(s);
    EXPECT_THROW(cache.append(s), std::out_of_range);
    EXPECT_THROW(cache.fork(s), std::out_of_range);
    EXPECT_THROW(cache.blockTable(7), std::out_of_range);
    EXPECT_THROW(sampledContinuations(3, 1, 0, 16, kBytes), std::invalid_argument);
}
