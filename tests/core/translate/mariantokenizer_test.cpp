// Marian's tokenizer against what SentencePiece's own spm_encode and spm_decode made of the same
// texts with the same tiny models (scripts/marian-spm-fixtures wrote tests/core/translate/data),
// mapped through vocab.json as MarianTokenizer maps them.

#include "core/model/modelerror.h"
#include "core/translate/mariantokenizer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace attnlab::core;
using translate::MarianTokenizer;

namespace {

const std::string kData = std::string(ATTNLAB_SOURCE_DIR) + "/tests/core/translate/data";

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

nlohmann::json golden()
{
    return nlohmann::json::parse(readFile(kData + "/marian.golden.json"));
}

// A scratch folder with some of the fixture's files, removed at the end of the test.
struct ScratchFolder {
    std::filesystem::path path;
    explicit ScratchFolder(const std::vector<std::string> &files)
        : path(std::filesystem::temp_directory_path()
            / ("attnlab-marian-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-"
                + ::testing::UnitTest::GetInstance()->current_test_info()->name()))
    {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
        for (const auto &f : files)
            std::filesystem::copy_file(kData + "/" + f, path / f);
    }
    ~ScratchFolder() { std::filesystem::remove_all(path); }
};

void expectCases(const nlohmann::json &cases, bool target)
{
    const MarianTokenizer tok = MarianTokenizer::load(kData);
    ASSERT_GE(cases.size(), 3u);
    for (const auto &c : cases) {
        const std::string text = c.at("text").get<std::string>();
        const auto tokens = target ? tok.encodeTarget(text) : tok.encodeSource(text);
        std::vector<int> ids;
        std::vector<std::string> pieces;
        for (const auto &t : tokens) {
            ids.push_back(t.id);
            if (!t.special)
                pieces.push_back(t.piece);
        }
        EXPECT_EQ(ids, c.at("ids").get<std::vector<int>>()) << text;
        EXPECT_EQ(pieces, c.at("pieces").get<std::vector<std::string>>()) << text;
        ASSERT_FALSE(tokens.empty());
        EXPECT_EQ(tokens.back().id, tok.eosId());
        EXPECT_TRUE(tokens.back().special);
        if (c.contains("decoded")) {
            EXPECT_EQ(tok.decode(ids), c.at("decoded").get<std::string>()) << text;
        }
    }
}

} // namespace

TEST(MarianTokenizer, SourceTextsGetSentencePiecesPiecesAndVocabJsonIds)
{
    expectCases(golden().at("source"), false);
}

TEST(MarianTokenizer, TargetTextsGoThroughTargetSpmAndDecodeAsSpmDecode)
{
    expectCases(golden().at("target"), true);
}

TEST(MarianTokenizer, FullWidthTextIsNormalisedByTheSpmsOwnRules)
{
    const MarianTokenizer tok = MarianTokenizer::load(kData);
    // nmt_nfkc: "，" becomes ",", "ＡＢＣ" becomes "ABC"; both are unknown to the tiny vocabulary,
    // so they are <unk>, while 猫 and 吃 keep their ids.
    const auto tokens = tok.encodeSource("ＡＢＣ猫，吃");
    ASSERT_EQ(tokens.size(), 6u);
    EXPECT_EQ(tokens[1].piece, "ABC");
    EXPECT_EQ(tokens[1].id, tok.unkId());
    EXPECT_EQ(tokens[3].piece, ",");
    EXPECT_EQ(tokens[2].id, tok.idOf("猫"));
    // Offsets point into the original (full-width) text: ＡＢＣ is 9 bytes.
    EXPECT_EQ(tokens[1].begin, 0);
    EXPECT_EQ(tokens[1].end, 9);
    EXPECT_EQ(tokens[2].begin, 9);
    EXPECT_EQ(tokens[2].end, 12);
}

TEST(MarianTokenizer, APieceTheSpmHasAndVocabJsonLacksIsUnk)
{
    const MarianTokenizer tok = MarianTokenizer::load(kData);
    EXPECT_EQ(tok.idOf("不"), -1);
    const auto tokens = tok.encodeSource("不");
    ASSERT_EQ(tokens.size(), 3u); // "▁", "不", </s>
    EXPECT_EQ(tokens[1].piece, "不");
    EXPECT_EQ(tokens[1].id, tok.unkId());
}

TEST(MarianTokenizer, ALeadingLanguageCodeIsOneToken)
{
    const MarianTokenizer tok = MarianTokenizer::load(kData);
    const auto tokens = tok.encodeSource(">>cmn_Hans<<猫");
    ASSERT_GE(tokens.size(), 3u);
    EXPECT_EQ(tokens[0].piece, ">>cmn_Hans<<");
    EXPECT_EQ(tokens[0].id, tok.unkId()); // the tiny vocabulary has no language codes
    EXPECT_EQ(tokens[1].piece, "▁猫");
    EXPECT_EQ(tokens[1].begin, 12);
}

TEST(MarianTokenizer, SpecialIdsComeFromVocabJson)
{
    const MarianTokenizer tok = MarianTokenizer::load(kData);
    EXPECT_EQ(tok.eosId(), 0);
    EXPECT_EQ(tok.unkId(), 1);
    EXPECT_EQ(tok.padId(), tok.vocabSize() - 1);
    EXPECT_EQ(tok.tokenText(tok.padId()), "<pad>");
    EXPECT_EQ(tok.decode({tok.padId(), tok.idOf("▁cat"), tok.eosId()}), "cat");
}

TEST(MarianTokenizer, AFolderWithoutSourceSpmIsRefusedByName)
{
    ScratchFolder folder({"target.spm", "vocab.json"});
    try {
        MarianTokenizer::load(folder.path.string());
        FAIL() << "loaded without source.spm";
    } catch (const model::ModelError &e) {
        EXPECT_EQ(e.problem().file, "source.spm");
        EXPECT_EQ(std::string(e.what()).rfind("source.spm:", 0), 0u) << e.what();
    }
}

TEST(MarianTokenizer, AnSpmThatIsNotSentencePieceIsRefused)
{
    ScratchFolder folder({"source.spm", "vocab.json"});
    std::ofstream(folder.path / "target.spm") << "not a model";
    try {
        MarianTokenizer::load(folder.path.string());
        FAIL() << "loaded a broken target.spm";
    } catch (const model::ModelError &e) {
        EXPECT_EQ(e.problem().file, "target.spm");
    }
}

TEST(MarianTokenizer, VocabJsonWithoutUnkIsRefused)
{
    ScratchFolder folder({"source.spm", "target.spm"});
    std::ofstream(folder.path / "vocab.json") << R"({"</s>": 0, "▁猫": 1})";
    try {
        MarianTokenizer::load(folder.path.string());
        FAIL() << "loaded a vocab.json without <unk>";
    } catch (const model::ModelError &e) {
        EXPECT_EQ(e.problem().file, "vocab.json");
        EXPECT_NE(std::string(e.what()).find("<unk>"), std::string::npos) << e.what();
    }
}
