// A scene file's "memory" key: a round trip, refusals of a malformed memory that name the field,
// and files without the key loading as before.

#include "core/scene/pipeline.h"
#include "core/scene/sceneio.h"
#include "core/scene/stagesjson.h"

#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <random>

using namespace attnlab::core;

namespace {

// A one-head cross-attention scene written out by hand: 2 target tokens, 3 source tokens.
std::string crossFile(const std::string &memory)
{
    return R"({"format": "attnlab.scene", "version": 1, "title": "cross", "tokens": ["The", "cat"],
  "d_model": 2, "heads": 1, "d_k": 2, "X": [[1, 0], [0, 1]],
  "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]],
  "memory": )"
        + memory + "}";
}

std::string problemAt(const LoadResult &r, const std::string &path)
{
    for (const Problem &p : r.problems)
        if (p.path == path)
            return p.message.english();
    return "(no problem at " + path + ")";
}

} // namespace

TEST(MemoryFile, AMemoryAndItsKeyTokensSurviveARoundTrip)
{
    const LoadResult r = parseScene(crossFile(R"({"tokens": ["猫", "吃", "鱼"], "X": [[1, 2], [3, 4], [5, 6]]})"));
    ASSERT_TRUE(r.ok()) << (r.problems.empty() ? "" : formatProblem("", r.problems.front()));
    const Scene &s = *r.scene;
    ASSERT_TRUE(s.hasMemory());
    EXPECT_EQ(s.memory.tokens, (std::vector<std::string> {"猫", "吃", "鱼"}));
    EXPECT_EQ(s.keyCount(), 3);
    EXPECT_FLOAT_EQ(s.memory.x(2, 1), 6.f);
    const std::string text = writeScene(s);
    EXPECT_NE(text.find("\"memory\""), std::string::npos);
    const LoadResult again = parseScene(text);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again.scene, s);

    // A random multi-head scene with a memory, through the writer and back.
    std::mt19937 rng(35);
    Scene big = attnlab::test::randomScene(rng, 4, 6, 2, 3);
    attnlab::test::giveInputX(big);
    big.memory.x = Matrix::Random(5, 6);
    big.memory.tokens = {"a", "b", "c", "d", "</s>"};
    const LoadResult back = parseScene(writeScene(big));
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back.scene->memory, big.memory);
}

TEST(MemoryFile, AMalformedMemoryIsRefusedWithTheFieldNamed)
{
    // Wrong width: rows of 3 numbers where d_model is 2.
    const LoadResult wide = parseScene(crossFile(R"({"tokens": ["猫", "吃"], "X": [[1, 2, 3], [4, 5, 6]]})"));
    EXPECT_FALSE(wide.ok());
    EXPECT_NE(problemAt(wide, "memory.X").find("d_model = 2 wide, not 3"), std::string::npos)
        << problemAt(wide, "memory.X");
    // A number that is not finite (JSON has no NaN: a string in its place, and a huge value).
    const LoadResult nan = parseScene(crossFile(R"({"tokens": ["猫"], "X": [["NaN", 1]]})"));
    EXPECT_FALSE(nan.ok());
    EXPECT_NE(problemAt(nan, "memory.X[0][0]").find("expected a number"), std::string::npos)
        << problemAt(nan, "memory.X[0][0]");
    const LoadResult huge = parseScene(crossFile(R"({"tokens": ["猫"], "X": [[1e400, 1]]})"));
    EXPECT_FALSE(huge.ok());
    // A token count other than the rows.
    const LoadResult count = parseScene(crossFile(R"({"tokens": ["猫", "吃"], "X": [[1, 2], [3, 4], [5, 6]]})"));
    EXPECT_FALSE(count.ok());
    EXPECT_NE(problemAt(count, "memory.tokens").find("3 rows, 2 tokens"), std::string::npos)
        << problemAt(count, "memory.tokens");
    // Missing parts, unknown keys and the wrong type.
    const LoadResult missing = parseScene(crossFile(R"({"tokens": ["猫"], "K": [[1, 2]]})"));
    EXPECT_NE(problemAt(missing, "memory.X").find("missing"), std::string::npos);
    EXPECT_NE(problemAt(missing, "memory.K").find("unknown key"), std::string::npos);
    const LoadResult array = parseScene(crossFile("[[1, 2]]"));
    EXPECT_NE(problemAt(array, "memory").find("expected an object"), std::string::npos);
    // A causal mask across the memory.
    std::string causal = crossFile(R"({"tokens": ["猫"], "X": [[1, 2]]})");
    causal.insert(causal.size() - 1, R"(, "mask": "causal")");
    const LoadResult masked = parseScene(causal);
    EXPECT_NE(problemAt(masked, "mask").find("masks nothing across the memory"), std::string::npos);
}

TEST(MemoryFile, FilesWithoutAMemoryLoadAndWriteAsBefore)
{
    for (const std::string &name : attnlab::test::exampleFileNames()) {
        const LoadResult r = attnlab::test::loadExampleFile(name);
        ASSERT_TRUE(r.ok()) << name;
        EXPECT_FALSE(r.scene->hasMemory()) << name;
        EXPECT_EQ(writeScene(*r.scene).find("\"memory\""), std::string::npos) << name;
    }
}

// --dump writes the memory (the rows K and V are projected from) after X, before the heads.
TEST(MemoryFile, TheDumpWritesTheMemoryBetweenXAndTheHeads)
{
    const LoadResult r = parseScene(crossFile(R"({"tokens": ["猫", "吃", "鱼"], "X": [[1, 2], [3, 4], [5, 6]]})"));
    ASSERT_TRUE(r.ok());
    Pipeline p;
    const std::string text = stagesToJson(*r.scene, p.compute(*r.scene));
    const size_t x = text.find("\"X\""), memory = text.find("\"memory\""), heads = text.find("\"heads\"");
    ASSERT_NE(memory, std::string::npos) << text;
    EXPECT_LT(x, memory);
    EXPECT_LT(memory, heads);
    const nlohmann::json dump = nlohmann::json::parse(text);
    EXPECT_EQ(dump["memory"], nlohmann::json::parse("[[1, 2], [3, 4], [5, 6]]"));
    EXPECT_EQ(dump["heads"][0]["weights"].size(), 2u);
    EXPECT_EQ(dump["heads"][0]["weights"][0].size(), 3u); // target × source
    // A scene without a memory has no such key.
    Scene plain = *r.scene;
    plain.memory = {};
    EXPECT_EQ(stagesToJson(plain, p.compute(plain)).find("\"memory\""), std::string::npos);
}
