// Hostile scene files: each is answered (accepted or refused with a precise problem). How long
// they take is measured by bench/sceneio_bench.cpp (docs/reliability.md), not asserted here.
#include "core/scene/sceneio.h"

#include "hostileinputs.h"

#include <gtest/gtest.h>

using namespace attnlab::core;
using namespace attnlab::test;

namespace {

bool hasProblem(const LoadResult &r, const std::string &path, const std::string &part)
{
    for (const Problem &p : r.problems)
        if (p.path == path && p.message.english().find(part) != std::string::npos)
            return true;
    return false;
}

std::string firstProblem(const LoadResult &r)
{
    return r.problems.empty() ? "(none)" : r.problems[0].path + ": " + r.problems[0].message.english();
}

} // namespace

TEST(SceneFileLimits, EightyThousandEmbeddingsKeepTheirFileOrder)
{
    const LoadResult r = parseScene(manyEmbeddings(80'000));
    ASSERT_TRUE(r.ok()) << firstProblem(r);
    ASSERT_EQ(r.scene->vocabulary.size(), 80'001u);
    EXPECT_EQ(r.scene->vocabulary.front(), "w79999");
    EXPECT_EQ(r.scene->vocabulary[1], "w79998");
    EXPECT_EQ(r.scene->vocabulary.back(), "t");
    EXPECT_FLOAT_EQ(r.scene->embeddings(80'000, 0), 1.f);
}

TEST(SceneFileLimits, FortyThousandDescriptionLanguagesKeepTheirFileOrder)
{
    const LoadResult r = parseScene(manyDescriptions(40'000));
    ASSERT_TRUE(r.ok()) << firstProblem(r);
    ASSERT_EQ(r.scene->description.size(), 40'000u);
    EXPECT_EQ(r.scene->description.front().first, "l39999");
    EXPECT_EQ(r.scene->description.back().first, "l0");
}

TEST(SceneFileLimits, HugeIntegersAreTooLargeNotWrapped)
{
    LoadResult r = parseScene(sceneWith("\"heads\": 18446744073709551615,"));
    EXPECT_TRUE(hasProblem(r, "heads", "18446744073709551615, more than the limit of 64")) << firstProblem(r);
    r = parseScene(sceneWith("\"version\": 9223372036854775808,"));
    EXPECT_TRUE(hasProblem(r, "version", "more than the limit")) << firstProblem(r);
    r = parseScene(sceneWith("\"heads\": 99999999999999999999999,"));
    EXPECT_TRUE(hasProblem(r, "heads", "too large")) << firstProblem(r);
    r = parseScene(sceneWith("\"heads\": -9223372036854775808,"));
    EXPECT_TRUE(hasProblem(r, "heads", "must be at least 1")) << firstProblem(r);
}

TEST(SceneFileLimits, DModelAtTheLargestUnsignedIsTooLarge)
{
    std::string text = sceneWith("");
    text.replace(text.find("\"d_model\": 1"), 12, "\"d_model\": 18446744073709551615");
    const LoadResult r = parseScene(text);
    EXPECT_TRUE(hasProblem(r, "d_model", "more than the limit of 4096")) << firstProblem(r);
}

TEST(SceneFileLimits, TenMegabytesOfNestingAreRefusedWithAPosition)
{
    const LoadResult r = parseScene(deepNesting(5'000'000));
    ASSERT_EQ(r.problems.size(), 1u);
    EXPECT_NE(r.problems[0].message.english().find("nested deeper than the limit of 64"), std::string::npos);
    EXPECT_EQ(r.problems[0].line, 1);
    EXPECT_EQ(r.problems[0].column, 65);
}

TEST(SceneFileLimits, TextOverTheFileLimitIsRefusedUnread)
{
    const LoadResult r = parseScene(std::string(kMaxFileBytes + 1, '['));
    ASSERT_EQ(r.problems.size(), 1u);
    EXPECT_NE(r.problems[0].message.english().find("more than the limit of " + std::to_string(kMaxFileBytes)),
        std::string::npos)
        << firstProblem(r);
}

TEST(SceneFileLimits, ProblemsPastAHundredAreCountedNotKept)
{
    LoadResult r;
    // Read to the end, and its 300,000 problems cost no memory.
    std::string text = "{\"W_Q\": [[\"x\"";
    for (int i = 0; i < 300'000; ++i)
        text += ",\"x\"";
    r = parseScene(text + "]]}");
    ASSERT_EQ(r.problems.size(), 101u);
    EXPECT_EQ(r.problems.back().message.english().rfind("and ", 0), 0u) << r.problems.back().message.english();
}
