#include "core/scene/sceneio.h"

#include "testutil.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

using namespace attnlab::core;

namespace {

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

const char *kValid = R"({
  "format": "attnlab.scene", "version": 1,
  "title": "猫吃鱼",
  "tokens": ["猫", "吃", "鱼"],
  "d_model": 2,
  "embeddings": {"猫": [0.1, 0.2], "吃": [0.3, 0.4], "鱼": [0.5, 0.6]},
  "heads": 1, "d_k": 2,
  "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]],
  "mask": "causal"
})";

// kValid with `from` replaced by `to`.
std::string variant(const std::string &from, const std::string &to)
{
    std::string text = kValid;
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
}

} // namespace

TEST(SceneFile, ParsesAValidSceneWithDefaults)
{
    const LoadResult r = parseScene(kValid);
    ASSERT_TRUE(r.ok()) << r.problems[0].path << ": " << r.problems[0].message.english();
    EXPECT_EQ(r.scene->tokens.size(), 3u);
    EXPECT_EQ(r.scene->vocabulary, (std::vector<std::string> {"猫", "吃", "鱼"}));
    EXPECT_EQ(r.scene->mask, MaskKind::Causal);
    EXPECT_EQ(r.scene->scale, ScaleKind::SqrtDk);
    EXPECT_EQ(r.scene->positional, PositionalEncoding::None);
    EXPECT_FLOAT_EQ(r.scene->embeddings(1, 1), 0.4f);
}

TEST(SceneFile, LoadSaveLoadGivesTheSameScene)
{
    std::mt19937 rng(11);
    Scene s = attnlab::test::randomScene(rng, 6, 5, 2, 3, PositionalEncoding::Sinusoidal);
    s.title = "a \"quoted\" title\twith 表情 😀";
    s.description = {{"en", "English"}, {"zh_CN", "中文"}};
    s.scale = ScaleKind::Custom;
    s.customDivisor = 1.5f;
    s.mask = MaskKind::Custom;
    s.customMask = MaskMatrix::Ones(6, 6);
    s.customMask(2, 3) = 0;
    const std::string text = writeScene(s);
    const LoadResult r = parseScene(text);
    ASSERT_TRUE(r.ok()) << r.problems[0].path << ": " << r.problems[0].message.english();
    EXPECT_TRUE(*r.scene == s);
    EXPECT_EQ(writeScene(*r.scene), text);
}

TEST(SceneFile, DirectModeRoundTrips)
{
    const std::string text = readFile(ATTNLAB_SOURCE_DIR "/resources/examples/cat-eats-fish-handcalc.attn.json");
    const LoadResult r = parseScene(text);
    ASSERT_TRUE(r.ok()) << r.problems[0].path << ": " << r.problems[0].message.english();
    EXPECT_TRUE(r.scene->direct);
    const LoadResult again = parseScene(writeScene(*r.scene));
    ASSERT_TRUE(again.ok());
    EXPECT_TRUE(*again.scene == *r.scene);
}

struct BadInput {
    std::string name;
    std::string text;
    std::string path; // expected JSON path of the first problem
    std::string message; // a part of its message
};

// Names the case in test listings instead of dumping the struct's bytes.
void PrintTo(const BadInput &bad, std::ostream *os)
{
    *os << bad.name;
}

class SceneFileBadInput : public ::testing::TestWithParam<BadInput> { };

TEST_P(SceneFileBadInput, IsRejectedWithAPreciseMessage)
{
    const BadInput &bad = GetParam();
    const LoadResult r = parseScene(bad.text);
    ASSERT_FALSE(r.ok());
    ASSERT_FALSE(r.problems.empty());
    bool found = false;
    for (const Problem &p : r.problems)
        found = found || (p.path == bad.path && p.message.english().find(bad.message) != std::string::npos);
    EXPECT_TRUE(found) << "first problem: " << r.problems[0].path << ": " << r.problems[0].message.english();
}

INSTANTIATE_TEST_SUITE_P(Table, SceneFileBadInput,
    ::testing::Values(BadInput {"SyntaxError", variant("\"heads\": 1,", "\"heads\": 1,,"), "", "invalid JSON"},
        BadInput {"NotAnObject", "[1, 2]", "", "expected a JSON object"},
        BadInput {"UnknownKey", variant("\"heads\"", "\"haeds\": 1, \"heads\""), "haeds", "unknown key"},
        BadInput {"DuplicateKey", variant("\"heads\": 1", "\"heads\": 1, \"heads\": 2"), "heads", "more than once"},
        BadInput {"WrongShape", variant("\"W_Q\": [[1, 0], [0, 1]]", "\"W_Q\": [[1, 0, 0], [0, 1, 0]]"), "W_Q",
            "expected a 2×2 matrix"},
        BadInput {"RaggedRow", variant("\"W_K\": [[1, 0], [0, 1]]", "\"W_K\": [[1, 0], [0]]"), "W_K[1]",
            "has 1 numbers, but row 0 has 2"},
        BadInput {"NonNumeric", variant("\"W_Q\": [[1, 0], [0, 1]]", "\"W_Q\": [[1, 0], [0, \"x\"]]"), "W_Q[1][1]",
            "expected a number"},
        BadInput {"Overflow", variant("\"W_Q\": [[1, 0], [0, 1]]", "\"W_Q\": [[1, 0], [0, 1e999]]"), "",
            "number overflow parsing '1e999'"},
        BadInput {"MissingEmbedding", variant("\"鱼\": [0.5, 0.6]", "\"鲸\": [0.5, 0.6]"), "tokens[2]",
            "has no row in \"embeddings\""},
        BadInput {
            "EmbeddingLength", variant("\"吃\": [0.3, 0.4]", "\"吃\": [0.3]"), "embeddings[\"吃\"]", "d_model is 2"},
        BadInput {"UnknownMask", variant("\"causal\"", "\"casual\""), "mask", "expected \"none\", \"causal\""},
        BadInput {"MaskShape", variant("\"causal\"", "[[1, 0], [1, 1]]"), "mask", "expected a 3×3 matrix"},
        BadInput {"MaskValue", variant("\"causal\"", "[[1, 0, 0], [1, 2, 0], [1, 1, 1]]"), "mask[1][1]", "0 (hidden)"},
        BadInput {"UnknownPositional", variant("\"heads\": 1", "\"positional_encoding\": \"learned\", \"heads\": 1"),
            "positional_encoding", "expected \"none\", \"sinusoidal\" or \"rope\""},
        BadInput {"NegativeScale", variant("\"heads\": 1", "\"scale\": -2, \"heads\": 1"), "scale", "at least 0.001"},
        BadInput {"UnknownScale", variant("\"heads\": 1", "\"scale\": \"sqrt\", \"heads\": 1"), "scale",
            "expected \"sqrt_dk\""},
        BadInput {"HeadsNeedWO", variant("\"heads\": 1, \"d_k\": 2", "\"heads\": 2, \"d_k\": 1"), "W_O", "required"},
        BadInput {"TooManyHeads", variant("\"heads\": 1", "\"heads\": 65"), "heads", "more than the limit of 64"},
        BadInput {
            "DModelLimit", variant("\"d_model\": 2", "\"d_model\": 5000"), "d_model", "more than the limit of 4096"},
        BadInput {"NoTokens", variant("[\"猫\", \"吃\", \"鱼\"]", "[]"), "tokens", "at least one token"},
        BadInput {"EmptyToken", variant("[\"猫\", \"吃\", \"鱼\"]", "[\"猫\", \"\", \"鱼\"]"), "tokens[1]",
            "must not be empty"},
        BadInput {"TokenNotString", variant("[\"猫\", \"吃\", \"鱼\"]", "[\"猫\", 3, \"鱼\"]"), "tokens[1]",
            "expected a string"},
        BadInput {"WrongFormat", variant("attnlab.scene", "other.scene"), "format", "expected \"attnlab.scene\""},
        BadInput {"NewerVersion", variant("\"version\": 1", "\"version\": 2"), "version", "version 2"},
        BadInput {"HugeValue", variant("\"W_V\": [[1, 0], [0, 1]]", "\"W_V\": [[1, 0], [0, 1e7]]"), "W_V[1][1]",
            "between -1000000 and 1000000"},
        BadInput {"DirectWithWeights",
            R"({"tokens": ["a"], "direct": {"Q": [[1]], "K": [[1]], "V": [[1]]}, "W_Q": [[1]]})", "W_Q",
            "does not belong in a direct-mode scene"},
        BadInput {"DirectShape",
            R"({"tokens": ["a", "b"], "direct": {"Q": [[1], [2]], "K": [[1, 2], [3, 4]], "V": [[1], [2]]}})",
            "direct.K", "expected a 2×1 matrix"}),
    [](const ::testing::TestParamInfo<BadInput> &info) { return info.param.name; });

TEST(SceneFile, SyntaxErrorsCarryLineAndColumn)
{
    const LoadResult r = parseScene("{\n  \"tokens\": [\"a\",\n  ]\n}");
    ASSERT_EQ(r.problems.size(), 1u);
    EXPECT_EQ(r.problems[0].line, 3);
    EXPECT_EQ(r.problems[0].column, 3);
    EXPECT_EQ(formatProblem("f.attn.json", r.problems[0]).rfind("f.attn.json:3:3: invalid JSON", 0), 0u);
}

TEST(SceneFile, RopeWithOddDkIsRejected)
{
    const std::string text = R"({"tokens": ["a", "b"], "positional_encoding": "rope",
        "direct": {"Q": [[1, 2, 3], [2, 3, 4]], "K": [[1, 2, 3], [3, 4, 5]], "V": [[1], [2]]}})";
    const LoadResult r = parseScene(text);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.problems[0].path, "direct.Q");
    EXPECT_NE(r.problems[0].message.english().find("must be even"), std::string::npos);
}

TEST(SceneFile, TooManyTokensIsALimitNotAnAllocation)
{
    std::string text = R"({"tokens": [)";
    for (int i = 0; i < 2049; ++i)
        text += (i ? ",\"a\"" : "\"a\"");
    text += R"(], "direct": {"Q": [[1]], "K": [[1]], "V": [[1]]}})";
    const LoadResult r = parseScene(text);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.problems[0].path, "tokens");
    EXPECT_NE(r.problems[0].message.english().find("limit of 2048"), std::string::npos);
}

TEST(SceneFile, UnreadableFileIsAProblemNotACrash)
{
    const LoadResult r = loadSceneFile("/nonexistent/scene.attn.json");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.problems[0].message.english().find("cannot open"), std::string::npos);
}

TEST(SceneFile, EveryShippedExampleLoadsAndRoundTrips)
{
    int count = 0;
    for (const auto &entry : std::filesystem::directory_iterator(ATTNLAB_SOURCE_DIR "/resources/examples")) {
        const std::string path = entry.path().string();
        const LoadResult r = loadSceneFile(path);
        ASSERT_TRUE(r.ok()) << path << ": " << r.problems[0].path << ": " << r.problems[0].message.english();
        const LoadResult again = parseScene(writeScene(*r.scene));
        ASSERT_TRUE(again.ok()) << path;
        EXPECT_TRUE(*again.scene == *r.scene) << path;
        ++count;
    }
    EXPECT_GE(count, 9);
}

TEST(SceneFile, TitlesMayComeInSeveralLanguages)
{
    const std::string text
        = variant("\"title\": \"猫吃鱼\"", "\"title\": {\"zh_CN\": \"猫吃鱼\", \"en\": \"The cat eats fish\"}");
    const LoadResult r = parseScene(text);
    ASSERT_TRUE(r.ok()) << r.problems[0].path << ": " << r.problems[0].message.english();
    EXPECT_EQ(r.scene->title, "The cat eats fish");
    ASSERT_TRUE(hasTitleTranslations(*r.scene));
    const LoadResult again = parseScene(writeScene(*r.scene));
    ASSERT_TRUE(again.ok());
    EXPECT_TRUE(*again.scene == *r.scene);
    EXPECT_EQ(again.scene->titleTranslations, r.scene->titleTranslations);

    Scene edited = *r.scene; // a title typed by the user replaces the translations
    edited.title = "My sentence";
    EXPECT_FALSE(hasTitleTranslations(edited));
    const LoadResult saved = parseScene(writeScene(edited));
    ASSERT_TRUE(saved.ok());
    EXPECT_EQ(saved.scene->title, "My sentence");
    EXPECT_TRUE(saved.scene->titleTranslations.empty());
}
