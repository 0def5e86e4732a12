// Our tokenizers against a reference: the npm package @huggingface/tokenizers ran the same
// tokenizer.json files on the same texts (scripts/tokenizer-reference wrote both into
// tests/core/tokenize/reference). Six styles: GPT-2 and Qwen2 byte-level BPE, Llama 3 (a
// Split regex, ignore_merges, <|begin_of_text|> from a template), Llama 2 (Prepend + Replace,
// byte fallback, <s>; and its newer Metaspace form) and BERT's WordPiece; texts in Chinese and
// other scripts, numbers, runs of white space, emoji and special tokens.

#include "core/tokenize/tokenizer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace attnlab::core::model;

namespace {

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

std::string referencePath(const std::string &name)
{
    return std::string(ATTNLAB_SOURCE_DIR) + "/tests/core/tokenize/reference/" + name;
}

class TokenizerReference : public testing::TestWithParam<std::string> { };

TEST_P(TokenizerReference, EncodesAndDecodesEveryTextAsTheLibraryDoes)
{
    const std::string style = GetParam();
    const TokenizerLoadResult loaded = parseTokenizerJson(readFile(referencePath(style + ".tokenizer.json")));
    ASSERT_TRUE(loaded.ok()) << loaded.error;
    const Tokenizer &tokenizer = *loaded.tokenizer;
    const nlohmann::json golden = nlohmann::json::parse(readFile(referencePath(style + ".golden.json")));
    const nlohmann::json &cases = golden.at("cases");
    ASSERT_GE(cases.size(), 100u);
    for (const nlohmann::json &c : cases) {
        const std::string text = c.at("text").get<std::string>();
        std::vector<int> ids;
        std::vector<std::string> pieces;
        for (const Token &t : tokenizer.encode(text)) {
            ids.push_back(t.id);
            pieces.push_back(t.piece);
        }
        EXPECT_EQ(ids, c.at("ids").get<std::vector<int>>()) << style << ": " << text;
        EXPECT_EQ(pieces, c.at("tokens").get<std::vector<std::string>>()) << style << ": " << text;
        EXPECT_EQ(tokenizer.decode(c.at("ids").get<std::vector<int>>()), c.at("decoded").get<std::string>())
            << style << ": " << text;
    }
}

// decodedText (the "token" of --predict) of single pieces: the decoder's text, with the bytes of a
// lone byte-fallback piece shown in hex where the library would print U+FFFD.
TEST(TokenizerReferencePieces, SentencePiecePiecesReadAsTheLibraryDecodesThem)
{
    const TokenizerLoadResult loaded = parseTokenizerJson(readFile(referencePath("llama2.tokenizer.json")));
    ASSERT_TRUE(loaded.ok()) << loaded.error;
    const Tokenizer &t = *loaded.tokenizer;
    ASSERT_GE(t.idOf("\u2581The"), 0);
    EXPECT_EQ(t.decodedText(t.idOf("\u2581The")), "The"); // Strip takes the one leading space
    EXPECT_EQ(t.decodedText(t.idOf("at")), "at");
    EXPECT_EQ(t.decodedText(t.idOf("<0x41>")), "A");
    EXPECT_EQ(t.decodedText(t.idOf("<0xE7>")), "\u2039e7\u203a");
    EXPECT_EQ(t.decodedText(t.idOf("<s>")), "<s>");
    EXPECT_EQ(t.decode({t.idOf("<0xE7>")}), "\uFFFD");
}

INSTANTIATE_TEST_SUITE_P(Styles, TokenizerReference,
    testing::Values("gpt2", "bert", "qwen2", "llama3", "llama2", "llama2-metaspace"),
    [](const testing::TestParamInfo<std::string> &info) {
        std::string name = info.param;
        std::replace(name.begin(), name.end(), '-', '_');
        return name;
    });

} // namespace
