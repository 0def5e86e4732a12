// A GGUF SentencePiece vocabulary (tokenizer.ggml.model "llama") tokenizes as llama.cpp's SPM
// tokenizer does and gives the ids of the same model's tokenizer.json (a Llama 2 one: BPE with
// byte_fallback, merges made from the scores as Hugging Face's converter makes them).
#include "core/gguf/gguftokenizer.h"

#include "ggufwriter.h"
#include "modelfixtures.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>

namespace {

using namespace attnlab;

std::vector<int> ids(const core::model::Tokenizer &t, const std::string &text, bool special = true)
{
    std::vector<int> out;
    for (const auto &token : t.encode(text, special))
        out.push_back(token.id);
    return out;
}

// A tiny SentencePiece vocabulary: <unk>, <s>, </s>, the 256 byte pieces, then pieces scored as
// SentencePiece scores them (the earlier, the higher). "ab" and "bc" tie, "ab" first.
struct SpmFixture {
    std::vector<std::string> tokens;
    std::vector<float> scores;
    std::vector<std::int32_t> types;

    explicit SpmFixture(bool bytePieces = true)
    {
        add("<unk>", 0, 2);
        add("<s>", 0, 3);
        add("</s>", 0, 3);
        for (int b = 0; bytePieces && b < 256; ++b) {
            char name[8];
            std::snprintf(name, sizeof name, "<0x%02X>", b);
            add(name, 0, 6);
        }
        const std::vector<std::string> pieces = {"\xe2\x96\x81t", "he", "\xe2\x96\x81the",
            "\xe2\x96\x81"
            "c",
            "at",
            "\xe2\x96\x81"
            "cat",
            "\xe2\x96\x81s", "\xe2\x96\x81sat", "\xe2\x96\x81o", "\xe2\x96\x81on", "\xe2\x96\x81m", "\xe2\x96\x81mat",
            "ll", "llo", "\xe2\x96\x81H", "el", "\xe2\x96\x81He", "\xe2\x96\x81Hel", "\xe2\x96\x81Hello", "or",
            "\xe2\x96\x81w", "\xe2\x96\x81wor", "ld", "\xe2\x96\x81world", "\xe4\xbd\xa0\xe5\xa5\xbd",
            "\xe4\xb8\x96\xe7\x95\x8c", "\xe2\x96\x81\xe4\xbd\xa0", "\xe2\x96\x81\xe4\xbd\xa0\xe5\xa5\xbd",
            "\xe2\x96\x81\xe2\x96\x81", "ab", "bc", "\xe2\x96\x81", "t", "h", "e", "c", "a", "b", "s", "o", "n", "m",
            "H", "l", "w", "r", "d", "\xe4\xbd\xa0", "\xe5\xa5\xbd", "\xe4\xb8\x96", "\xe7\x95\x8c", ",", "!"};
        float score = 0;
        for (const std::string &p : pieces)
            add(p, p == "bc" ? score : --score, 1); // "bc" ties with "ab"
    }
    void add(const std::string &piece, float score, int type)
    {
        tokens.push_back(piece);
        scores.push_back(score);
        types.push_back(type);
    }
    int id(const std::string &piece) const
    {
        return int(std::find(tokens.begin(), tokens.end(), piece) - tokens.begin());
    }

    test::GgufWriter gguf(std::uint32_t bos = 1) const
    {
        // As llama.cpp's converter writes a Llama 2 vocabulary (its pre is "default", which SPM ignores).
        test::GgufWriter w;
        for (const char *key : {"general.architecture", "tokenizer.ggml.model"})
            w.addString(key, "llama");
        w.addString("tokenizer.ggml.pre", "default");
        w.addUInt32("tokenizer.ggml.bos_token_id", bos);
        w.addUInt32("tokenizer.ggml.eos_token_id", 2);
        w.addUInt32("tokenizer.ggml.unknown_token_id", 0);
        w.addStringArray("tokenizer.ggml.tokens", tokens);
        w.addFloat32Array("tokenizer.ggml.scores", scores);
        w.addInt32Array("tokenizer.ggml.token_type", types);
        return w;
    }

    // The tokenizer.json of a Llama 2 model (transformers' LlamaConverter, legacy): merges from the
    // scores as SentencePieceExtractor makes them — for every piece, its splits into two pieces
    // (ordered by their ids), all sorted by the piece's score, highest first, keeping that order
    // for equal scores.
    std::string tokenizerJson() const
    {
        std::map<std::string, int> vocab;
        for (size_t i = 0; i < tokens.size(); ++i)
            vocab[tokens[i]] = int(i);
        struct Merge {
            std::string a, b;
            float score;
        };
        std::vector<Merge> merges;
        for (size_t i = 0; i < tokens.size(); ++i) {
            std::vector<Merge> local;
            const std::string &t = tokens[i];
            for (size_t k = 1; k < t.size(); ++k) {
                if ((static_cast<unsigned char>(t[k]) & 0xC0) == 0x80)
                    continue; // inside a character
                const std::string a = t.substr(0, k), b = t.substr(k);
                if (vocab.count(a) && vocab.count(b))
                    local.push_back({a, b, scores[i]});
            }
            std::sort(local.begin(), local.end(), [&](const Merge &x, const Merge &y) {
                return std::make_pair(vocab[x.a], vocab[x.b]) < std::make_pair(vocab[y.a], vocab[y.b]);
            });
            merges.insert(merges.end(), local.begin(), local.end());
        }
        std::stable_sort(
            merges.begin(), merges.end(), [](const Merge &x, const Merge &y) { return x.score > y.score; });
        using Json = nlohmann::ordered_json;
        Json mergeArray = Json::array();
        for (const Merge &m : merges)
            mergeArray.push_back(Json::array({m.a, m.b}));
        Json vocabObject = Json::object();
        for (size_t i = 0; i < tokens.size(); ++i)
            vocabObject[tokens[i]] = i;
        Json added = Json::array();
        for (int i = 0; i < 3; ++i)
            added.push_back(Json {{"id", i}, {"content", tokens[size_t(i)]}, {"single_word", false}, {"lstrip", false},
                {"rstrip", false}, {"normalized", false}, {"special", true}});
        const auto replace = [](const std::string &from, const std::string &to) {
            return Json {{"type", "Replace"}, {"pattern", Json {{"String", from}}}, {"content", to}};
        };
        const Json bos = Json {{"SpecialToken", Json {{"id", "<s>"}, {"type_id", 0}}}};
        Json json;
        json["version"] = "1.0";
        json["truncation"] = nullptr;
        json["padding"] = nullptr;
        json["added_tokens"] = added;
        json["normalizer"] = Json {{"type", "Sequence"},
            {"normalizers",
                Json::array({Json {{"type", "Prepend"}, {"prepend", "\xe2\x96\x81"}}, replace(" ", "\xe2\x96\x81")})}};
        json["pre_tokenizer"] = nullptr;
        json["post_processor"] = Json {{"type", "TemplateProcessing"},
            {"single", Json::array({bos, Json {{"Sequence", Json {{"id", "A"}, {"type_id", 0}}}}})},
            {"pair",
                Json::array({bos, Json {{"Sequence", Json {{"id", "A"}, {"type_id", 0}}}}, bos,
                    Json {{"Sequence", Json {{"id", "B"}, {"type_id", 1}}}}})},
            {"special_tokens", Json {{"<s>", Json {{"id", "<s>"}, {"ids", {1}}, {"tokens", {"<s>"}}}}}}};
        json["decoder"] = Json {{"type", "Sequence"},
            {"decoders",
                Json::array({replace("\xe2\x96\x81", " "), Json {{"type", "ByteFallback"}}, Json {{"type", "Fuse"}},
                    Json {{"type", "Strip"}, {"content", " "}, {"start", 1}, {"stop", 0}}})}};
        json["model"] = Json {{"type", "BPE"}, {"dropout", nullptr}, {"unk_token", "<unk>"},
            {"continuing_subword_prefix", nullptr}, {"end_of_word_suffix", nullptr}, {"fuse_unk", true},
            {"byte_fallback", true}, {"ignore_merges", false}, {"vocab", vocabObject}, {"merges", mergeArray}};
        return json.dump();
    }
};

class GgufSpmTest : public ::testing::Test {
protected:
    void SetUp() override { m_dir = test::makeTempDir("ggufspm"); }
    void TearDown() override { test::removeTree(m_dir); }

    core::model::TokenizerLoadResult load(const test::GgufWriter &w, const std::string &name = "spm.gguf")
    {
        w.write(m_dir + "/" + name);
        return core::gguf::loadGgufTokenizer(m_dir + "/" + name);
    }

    std::string m_dir;
};

// English, Chinese, an emoji (no piece: its four bytes), runs of spaces, newlines (bytes), the
// special tokens in the text, and nothing.
const std::vector<std::string> kTexts = {"Hello world", "the cat sat on the mat", "Hello, world!",
    "\xe4\xbd\xa0\xe5\xa5\xbd\xe4\xb8\x96\xe7\x95\x8c", "\xe4\xbd\xa0\xe5\xa5\xbd \xe4\xb8\x96\xe7\x95\x8c",
    "cat \xf0\x9f\x99\x82!", "  two  spaces ", "the\ncat\n\nsat", "the<s>cat</s> mat", "<unk>", "abc", "xyz", ""};

TEST_F(GgufSpmTest, GivesTheIdsOfTheModelsTokenizerJson)
{
    const SpmFixture spm;
    const auto json = core::model::parseTokenizerJson(spm.tokenizerJson());
    ASSERT_TRUE(json.ok()) << json.error;
    const auto gguf = load(spm.gguf());
    ASSERT_TRUE(gguf.ok()) << gguf.error;
    EXPECT_EQ(gguf.tokenizer->vocabSize(), json.tokenizer->vocabSize());
    for (const std::string &text : kTexts) {
        EXPECT_EQ(ids(*gguf.tokenizer, text), ids(*json.tokenizer, text)) << text;
        EXPECT_EQ(ids(*gguf.tokenizer, text, false), ids(*json.tokenizer, text, false)) << text;
        const std::vector<int> encoded = ids(*gguf.tokenizer, text);
        EXPECT_EQ(gguf.tokenizer->decode(encoded, true), json.tokenizer->decode(encoded, true)) << text;
        EXPECT_EQ(gguf.tokenizer->decode(encoded), json.tokenizer->decode(encoded)) << text;
    }
}

// The ids npm's @huggingface/tokenizers 0.2.0 gives for SpmFixture::tokenizerJson() (encode with
// add_special_tokens; run by hand, recorded here). Pieces: 261 "▁the", 264 "▁cat", 277 "▁Hello",
// 286 "▁你好", 284 "世界", 287 "▁▁", 290 "▁"; 3 + byte for "<0xNN>".
TEST_F(GgufSpmTest, GivesTheIdsTokenizersJsGivesForTheTokenizerJson)
{
    const std::vector<std::pair<std::string, std::vector<int>>> cases = {
        {"Hello world", {1, 277, 282}},
        {"the cat sat on the mat", {1, 261, 264, 266, 268, 261, 270}},
        {"Hello, world!", {1, 277, 310, 282, 311}},
        {"\xe4\xbd\xa0\xe5\xa5\xbd\xe4\xb8\x96\xe7\x95\x8c", {1, 286, 284}},
        {"\xe4\xbd\xa0\xe5\xa5\xbd \xe4\xb8\x96\xe7\x95\x8c", {1, 286, 290, 284}},
        {"cat \xf0\x9f\x99\x82!", {1, 264, 290, 243, 162, 156, 133, 311}},
        {"  two  spaces ", {1, 287, 259, 303, 298, 290, 265, 115, 295, 294, 293, 297, 290}},
        {"the\ncat\n\nsat", {1, 261, 13, 294, 263, 13, 13, 297, 263}},
        {"the<s>cat</s> mat", {1, 261, 1, 264, 2, 290, 270}},
        {"<unk>", {1, 0}},
        {"abc", {1, 290, 288, 294}},
        {"xyz", {1, 290, 123, 124, 125}},
        {"", {1}},
    };
    const SpmFixture spm;
    ASSERT_EQ(spm.id("\xe2\x96\x81the"), 261);
    const auto gguf = load(spm.gguf());
    ASSERT_TRUE(gguf.ok()) << gguf.error;
    for (const auto &[text, expected] : cases)
        EXPECT_EQ(ids(*gguf.tokenizer, text), expected) << text;
}

TEST_F(GgufSpmTest, MergesTheHighestScoreFirstAndFallsBackToBytes)
{
    const SpmFixture spm;
    const auto gguf = load(spm.gguf());
    ASSERT_TRUE(gguf.ok()) << gguf.error;
    const auto id = [&](const std::string &p) { return spm.id(p); };
    const std::string sp = "\xe2\x96\x81";
    // "▁the▁cat": the space goes in front and every space becomes "▁"; the BOS leads.
    EXPECT_EQ(ids(*gguf.tokenizer, "the cat"), (std::vector<int> {1, id(sp + "the"), id(sp + "cat")}));
    // "▁你好": "你好" (score −25) merges before "▁你" (−27) could; then "▁" + "你好" makes "▁你好".
    EXPECT_EQ(ids(*gguf.tokenizer, "\xe4\xbd\xa0\xe5\xa5\xbd", false),
        (std::vector<int> {id(sp + "\xe4\xbd\xa0\xe5\xa5\xbd")}));
    // A newline and an emoji are no pieces: their bytes, as <0xNN> (id 3 + byte).
    EXPECT_EQ(ids(*gguf.tokenizer, "a\n\xf0\x9f\x99\x82", false),
        (std::vector<int> {id(sp), id("a"), 3 + 0x0A, 3 + 0xF0, 3 + 0x9F, 3 + 0x99, 3 + 0x82}));
    // "▁abc": "ab" and "bc" score the same; the leftmost pair merges first, as in llama.cpp.
    EXPECT_EQ(ids(*gguf.tokenizer, "abc", false), (std::vector<int> {id(sp), id("ab"), id("c")}));
    // Text after a special token gets its own "▁" in front, as llama.cpp's is_prev_special.
    EXPECT_EQ(ids(*gguf.tokenizer, "the</s>cat", false), (std::vector<int> {id(sp + "the"), 2, id(sp + "cat")}));
    EXPECT_EQ(ids(*gguf.tokenizer, ""), (std::vector<int> {1}));
}

TEST_F(GgufSpmTest, DecodesSpacesAndBytesAndDropsTheSpacePutInFront)
{
    const SpmFixture spm;
    const auto gguf = load(spm.gguf());
    ASSERT_TRUE(gguf.ok()) << gguf.error;
    for (const std::string text : {"Hello, world!", "the\ncat \xf0\x9f\x99\x82", "  two  spaces ",
             "\xe4\xbd\xa0\xe5\xa5\xbd \xe4\xb8\x96\xe7\x95\x8c"})
        EXPECT_EQ(gguf.tokenizer->decode(ids(*gguf.tokenizer, text), true), text);
    EXPECT_EQ(gguf.tokenizer->decodedText(spm.id("\xe2\x96\x81"
                                                 "cat")),
        "cat");
}

TEST_F(GgufSpmTest, MetadataSwitchesTheSpacePrefixBosAndEos)
{
    const SpmFixture spm;
    const std::string sp = "\xe2\x96\x81";
    test::GgufWriter w = spm.gguf();
    w.addBool("tokenizer.ggml.add_space_prefix", false);
    w.addBool("tokenizer.ggml.add_bos_token", false);
    w.addBool("tokenizer.ggml.add_eos_token", true);
    const auto gguf = load(w);
    ASSERT_TRUE(gguf.ok()) << gguf.error;
    EXPECT_EQ(ids(*gguf.tokenizer, "the cat"), (std::vector<int> {spm.id("t"), spm.id("he"), spm.id(sp + "cat"), 2}));
    EXPECT_EQ(gguf.tokenizer->decode(ids(*gguf.tokenizer, "the cat"), true), "the cat");
}

TEST_F(GgufSpmTest, WithoutBytePiecesAnUnknownRunIsOneUnknownPiece)
{
    const SpmFixture spm(false);
    const auto gguf = load(spm.gguf());
    ASSERT_TRUE(gguf.ok()) << gguf.error;
    const std::vector<int> got = ids(*gguf.tokenizer, "cat xyz\xf0\x9f\x99\x82 cat", false);
    EXPECT_EQ(got,
        (std::vector<int> {spm.id("\xe2\x96\x81"
                                  "cat"),
            spm.id("\xe2\x96\x81"), 0,
            spm.id("\xe2\x96\x81"
                   "cat")}));
    const auto json = core::model::parseTokenizerJson(spm.tokenizerJson());
    ASSERT_TRUE(json.ok()) << json.error;
    EXPECT_EQ(got, ids(*json.tokenizer, "cat xyz\xf0\x9f\x99\x82 cat", false));
}

TEST_F(GgufSpmTest, RefusesBadMetadataNamingTheKey)
{
    SpmFixture spm;
    spm.scores.pop_back();
    EXPECT_EQ(load(spm.gguf()).error,
        "spm.gguf: metadata \"tokenizer.ggml.scores\": has " + std::to_string(spm.tokens.size() - 1)
            + " values, but tokenizer.ggml.tokens has " + std::to_string(spm.tokens.size()));
    const SpmFixture fixture;
    EXPECT_EQ(load(fixture.gguf(100000), "bos.gguf").error,
        "bos.gguf: metadata \"tokenizer.ggml.bos_token_id\": must be a token id from 0 to "
            + std::to_string(fixture.tokens.size() - 1) + ", not 100000");
    SpmFixture notUtf8;
    notUtf8.tokens[5] = "\xff";
    EXPECT_EQ(load(notUtf8.gguf(), "utf8.gguf").error,
        "utf8.gguf: metadata \"tokenizer.ggml.tokens\": token 5 is not UTF-8 text");
    test::GgufWriter noScores;
    noScores.addString("tokenizer.ggml.model", "llama");
    noScores.addStringArray("tokenizer.ggml.tokens", {"<unk>", "<s>"});
    EXPECT_EQ(load(noScores, "noscores.gguf").error, "noscores.gguf: the key \"tokenizer.ggml.scores\" is missing");
}

} // namespace
