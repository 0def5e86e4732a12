// The rotary keys of the scene format: rope_convention, rope_theta and rope_frequencies — read,
// written only when they differ from the defaults, and refused with a message naming the key.
#include "core/scene/pipeline.h"
#include "core/scene/sceneio.h"

#include "testutil.h"

#include <gtest/gtest.h>

#include <random>

using namespace attnlab::core;

namespace {

// A direct-mode scene with RoPE and d_k = 4; `extra` is spliced in before "direct".
std::string ropeScene(const std::string &extra, const std::string &positional = "rope")
{
    return R"({"tokens": ["a", "b", "c"], "positional_encoding": ")" + positional + "\", " + extra
        + R"("direct": {"Q": [[1, 2, 3, 4], [2, 3, 4, 5], [0, 1, 0, 1]],
                        "K": [[1, 0, 0, 1], [3, 4, 5, 6], [1, 1, 1, 1]], "V": [[1], [2], [3]]}})";
}

Problem firstProblem(const std::string &text)
{
    const LoadResult r = parseScene(text);
    EXPECT_FALSE(r.ok());
    return r.problems.empty() ? Problem {} : r.problems.front();
}

} // namespace

TEST(SceneFileRope, DefaultsAreInterleavedPairsWithBaseTenThousand)
{
    const LoadResult r = parseScene(ropeScene(""));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.scene->ropeConvention, RotaryConvention::Interleaved);
    EXPECT_EQ(double(r.scene->ropeBase), kDefaultRopeBase);
    EXPECT_EQ(r.scene->ropeFrequencies.size(), 0);
    EXPECT_TRUE(hasDefaultRope(*r.scene));
    EXPECT_EQ(writeScene(*r.scene).find("rope_"), std::string::npos) << "a default scene is written as before";
}

TEST(SceneFileRope, ReadsTheConventionTheBaseAndTheTable)
{
    LoadResult r = parseScene(ropeScene(R"("rope_convention": "rotate_half", "rope_theta": 1000000, )"));
    ASSERT_TRUE(r.ok()) << r.problems[0].path << ": " << r.problems[0].message.english();
    EXPECT_EQ(r.scene->ropeConvention, RotaryConvention::HalfSplit);
    EXPECT_EQ(r.scene->ropeBase, 1000000.f);
    EXPECT_NEAR(ropeFrequencies(*r.scene)[1], 0.001, 1e-12); // 10^6^(−2/4)

    r = parseScene(ropeScene(R"("rope_frequencies": [1, 0.03125], )"));
    ASSERT_TRUE(r.ok()) << r.problems[0].path << ": " << r.problems[0].message.english();
    EXPECT_EQ(ropeFrequencies(*r.scene), (std::vector<double> {1.0, 0.03125}));
}

TEST(SceneFileRope, RoundTripsEveryRotarySetting)
{
    std::mt19937 rng(5);
    Scene s = attnlab::test::randomScene(rng, 5, 6, 2, 4, PositionalEncoding::Rope);
    s.ropeConvention = RotaryConvention::HalfSplit;
    for (int variant = 0; variant < 2; ++variant) {
        if (variant == 0)
            s.ropeBase = 500000;
        else
            s.ropeFrequencies = RowVector::LinSpaced(2, 1.0f, 0.0625f);
        const std::string text = writeScene(s);
        EXPECT_NE(text.find("\"rope_convention\": \"rotate_half\""), std::string::npos);
        const LoadResult r = parseScene(text);
        ASSERT_TRUE(r.ok()) << r.problems[0].path << ": " << r.problems[0].message.english();
        EXPECT_TRUE(*r.scene == s);
        EXPECT_EQ(writeScene(*r.scene), text);
    }
}

TEST(SceneFileRope, ConventionsDifferInTheComputedRotation)
{
    const LoadResult a = parseScene(ropeScene(""));
    const LoadResult b = parseScene(ropeScene(R"("rope_convention": "rotate_half", )"));
    ASSERT_TRUE(a.ok() && b.ok());
    Pipeline pa, pb;
    const Matrix &ka = pa.compute(*a.scene).heads[0].kRotated;
    const Matrix &kb = pb.compute(*b.scene).heads[0].kRotated;
    // Row 1 = (3, 4, 5, 6) at position 1, θ_0 = 1: interleaved turns (3, 4), rotate-half (3, 5).
    EXPECT_NEAR(ka(1, 0), 3 * std::cos(1.0) - 4 * std::sin(1.0), 1e-5);
    EXPECT_NEAR(kb(1, 0), 3 * std::cos(1.0) - 5 * std::sin(1.0), 1e-5);
}

struct RopeBadInput {
    std::string name, text, path, message;
};

void PrintTo(const RopeBadInput &bad, std::ostream *os)
{
    *os << bad.name;
}

class SceneFileRopeBadInput : public ::testing::TestWithParam<RopeBadInput> { };

TEST_P(SceneFileRopeBadInput, IsRejectedNamingTheKey)
{
    const Problem p = firstProblem(GetParam().text);
    EXPECT_EQ(p.path, GetParam().path);
    EXPECT_NE(p.message.english().find(GetParam().message), std::string::npos) << p.message.english();
}

INSTANTIATE_TEST_SUITE_P(Table, SceneFileRopeBadInput,
    ::testing::Values(RopeBadInput {"UnknownConvention", ropeScene(R"("rope_convention": "neox", )"), "rope_convention",
                          "expected \"interleaved\" (pairs 2i, 2i+1) or \"rotate_half\""},
        RopeBadInput {
            "ConventionNotAString", ropeScene(R"("rope_convention": 2, )"), "rope_convention", "expected a string"},
        RopeBadInput {"ZeroTheta", ropeScene(R"("rope_theta": 0, )"), "rope_theta", "greater than 0"},
        RopeBadInput {"NegativeTheta", ropeScene(R"("rope_theta": -5, )"), "rope_theta", "greater than 0"},
        RopeBadInput {"ThetaNotANumber", ropeScene(R"("rope_theta": "big", )"), "rope_theta", "expected a number"},
        RopeBadInput {"HugeTheta", ropeScene(R"("rope_theta": 1e9, )"), "rope_theta", "between -1000000 and 1000000"},
        RopeBadInput {"TableLength", ropeScene(R"("rope_frequencies": [1, 0.1, 0.01], )"), "rope_frequencies",
            "expected 2 numbers (one frequency per rotated pair: d_k/2 = 2), got 3"},
        RopeBadInput {
            "TableEntry", ropeScene(R"("rope_frequencies": [1, null], )"), "rope_frequencies[1]", "expected a number"},
        RopeBadInput {"ThetaAndTable", ropeScene(R"("rope_theta": 500000, "rope_frequencies": [1, 0.1], )"),
            "rope_theta", "cannot be given together with \"rope_frequencies\""},
        RopeBadInput {"ConventionWithoutRope", ropeScene(R"("rope_convention": "rotate_half", )", "none"),
            "rope_convention", "only applies with \"positional_encoding\": \"rope\""},
        RopeBadInput {"ThetaWithoutRope", ropeScene(R"("rope_theta": 10000, )", "none"), "rope_theta",
            "only applies with \"positional_encoding\": \"rope\""}),
    [](const ::testing::TestParamInfo<RopeBadInput> &info) { return info.param.name; });
