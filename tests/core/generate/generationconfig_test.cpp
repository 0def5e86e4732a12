// generation_config.json (core/generate/generationconfig): what transformers' GenerationConfig
// reads of eos_token_id, and a one-line problem naming the file and the field for everything else.

#include "modelfixtures.h"
#include "tokenizerfixtures.h"

#include "core/generate/generationconfig.h"
#include "core/model/modelerror.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace attnlab;
using namespace attnlab::core::generate;
using attnlab::core::model::ModelError;

namespace {

constexpr int kVocab = 300;

std::vector<int> endTokens(const std::string &text)
{
    return parseGenerationConfig(text, kVocab).endTokens;
}

// The problem parseGenerationConfig throws for `text`: its field and its English line.
struct Refusal {
    std::string path;
    std::string what;
};

Refusal refusal(const std::string &text)
{
    try {
        parseGenerationConfig(text, kVocab);
    } catch (const ModelError &e) {
        EXPECT_EQ(e.problem().file, "generation_config.json");
        return {e.problem().path, e.what()};
    }
    ADD_FAILURE() << "accepted: " << text;
    return {};
}

} // namespace

TEST(GenerationConfig, EosTokenIdIsAnIdOrAListOfIds)
{
    EXPECT_EQ(endTokens(R"({"bos_token_id": 1, "eos_token_id": 7})"), (std::vector<int> {7}));
    // Llama 3.x lists three, in this order.
    EXPECT_EQ(endTokens(R"({"eos_token_id": [128, 8, 9]})"), (std::vector<int> {128, 8, 9}));
    // Qwen2.5-Instruct's file, with the sampling defaults the app does not apply.
    EXPECT_EQ(endTokens(R"({"bos_token_id": 151, "do_sample": true, "eos_token_id": [145, 143], "pad_token_id": 143,
        "repetition_penalty": 1.05, "temperature": 0.7, "top_p": 0.8, "top_k": 20, "transformers_version": "4.37.0"})"),
        (std::vector<int> {145, 143}));
    EXPECT_EQ(endTokens(R"({"eos_token_id": 0})"), (std::vector<int> {0}));
    EXPECT_EQ(endTokens(R"({"eos_token_id": 299})"), (std::vector<int> {299}));
}

TEST(GenerationConfig, AbsentNullOrEmptyMeansNoEndToken)
{
    EXPECT_TRUE(endTokens("{}").empty());
    EXPECT_TRUE(endTokens(R"({"max_length": 50, "_from_model_config": true})").empty());
    EXPECT_TRUE(endTokens(R"({"eos_token_id": null})").empty());
    EXPECT_TRUE(endTokens(R"({"eos_token_id": []})").empty());
}

TEST(GenerationConfig, AnIdOfAnotherTypeIsRefusedWithItsField)
{
    for (const auto &[text, path, shown] : std::vector<std::tuple<std::string, std::string, std::string>> {
             {R"({"eos_token_id": "</s>"})", "eos_token_id", "\"</s>\""},
             {R"({"eos_token_id": 2.0})", "eos_token_id", "2.0"},
             {R"({"eos_token_id": true})", "eos_token_id", "true"},
             {R"({"eos_token_id": -1})", "eos_token_id", "-1"},
             {R"({"eos_token_id": {"id": 2}})", "eos_token_id", "{\"id\":2}"},
             {R"({"eos_token_id": [2, [3]]})", "eos_token_id[1]", "[3]"},
             {R"({"eos_token_id": [2, 3, null]})", "eos_token_id[2]", "null"},
         }) {
        SCOPED_TRACE(text);
        const Refusal r = refusal(text);
        EXPECT_EQ(r.path, path);
        EXPECT_EQ(r.what,
            "generation_config.json: " + path + ": expected a token id (a whole number ≥ 0) or a list of them, got "
                + shown);
    }
}

TEST(GenerationConfig, AnIdOutsideTheVocabularyIsRefused)
{
    Refusal r = refusal(R"({"eos_token_id": [299, 300]})");
    EXPECT_EQ(r.path, "eos_token_id[1]");
    EXPECT_EQ(r.what,
        "generation_config.json: eos_token_id[1]: token id 300 is outside the model's vocabulary of 300 ids "
        "(config.json's vocab_size)");
    r = refusal(R"({"eos_token_id": 18446744073709551615})");
    EXPECT_EQ(r.path, "eos_token_id");
    EXPECT_NE(r.what.find("18446744073709551615 is outside"), std::string::npos) << r.what;
    r = refusal(R"({"eos_token_id": 4294967296})");
    EXPECT_NE(r.what.find("4294967296 is outside"), std::string::npos) << r.what;
}

TEST(GenerationConfig, TheJsonGuardRefusesWhatItRefusesEverywhere)
{
    EXPECT_EQ(refusal("[1, 2]").what, "generation_config.json: must be a JSON object");
    EXPECT_EQ(refusal(R"({"eos_token_id": 1, "eos_token_id": 2})").path, "eos_token_id");
    EXPECT_NE(refusal(R"({"eos_token_id": 1)").what.find("generation_config.json:1:"), std::string::npos);
    EXPECT_NE(refusal(R"({"eos_token_id": 1e999})").what.find("generation_config.json"), std::string::npos);
    // Deeper than 16 levels, and more than 1 MiB, are refused before anything is built.
    const std::string deep = R"({"a": )" + std::string(20, '[') + std::string(20, ']') + "}";
    EXPECT_NE(refusal(deep).what.find("generation_config.json"), std::string::npos);
    const std::string big = R"({"pad": ")" + std::string(kMaxGenerationConfigBytes, 'x') + "\"}";
    EXPECT_NE(refusal(big).what.find("generation_config.json"), std::string::npos);
}

TEST(GenerationConfig, ReadingAFolderWithoutTheFileGivesNothing)
{
    const std::string dir = test::makeTempDir("generation-config");
    EXPECT_FALSE(readGenerationConfig(dir, kVocab).has_value());
    test::writeTextFile(dir + "/generation_config.json", R"({"eos_token_id": [5, 6]})");
    const std::optional<GenerationConfig> read = readGenerationConfig(dir, kVocab);
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(read->endTokens, (std::vector<int> {5, 6}));
    test::writeTextFile(dir + "/generation_config.json", R"({"eos_token_id": "x"})");
    EXPECT_THROW(readGenerationConfig(dir, kVocab), ModelError);
    test::removeTree(dir);
}
