// Tokenizer folders, the fallback files of transformers' slow tokenizers, and every kind of
// malformed input: each must be an error naming the file and the field, never a crash.

#include "tokenizertestutil.h"

#include "core/text/messageid.h"

#include <string>
#include <vector>

using namespace attnlab::core::model;
using namespace attnlab::test;

// ---- Folders and the fallback files ---------------------------------------------------------

TEST(TokenizerFiles, LoadsTokenizerJsonFromAFolder)
{
    TempDir dir;
    EXPECT_EQ(writeGpt2Tokenizer(dir.path()), kGpt2FixtureVocabSize);
    const TokenizerLoadResult r = loadTokenizer(dir.path());
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(ids(r.tokenizer->encode("The cat")), (Ids {264, 261}));
}

TEST(TokenizerFiles, Gpt2VocabAndMergesGiveTheSameTokensAsTokenizerJson)
{
    TempDir dir;
    writeGpt2VocabFiles(dir.path());
    const TokenizerLoadResult r = loadTokenizer(dir.path());
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.tokenizer->mergeCount(), kGpt2Merges.size());
    for (const char *text : {"The cat sat", "don't", "I'll", "a   b", "a\n\nb", "12 3", "猫", "<|endoftext|>it"})
        EXPECT_EQ(ids(r.tokenizer->encode(text)), ids(gpt2().encode(text))) << text;
    EXPECT_EQ(r.tokenizer->encode("<|endoftext|>")[0].id, kEot);

    TempDir prefixed;
    writeGpt2VocabFiles(prefixed.path(), kGpt2FixtureVocabSize, "{\"add_prefix_space\": true}");
    EXPECT_EQ(ids(loadTokenizer(prefixed.path()).tokenizer->encode("cat")), (Ids {261}));
}

TEST(TokenizerFiles, BertVocabTxtLowercasesUnlessConfigSaysNot)
{
    TempDir dir;
    writeBertVocabTxt(dir.path());
    const TokenizerLoadResult r = loadTokenizer(dir.path());
    ASSERT_TRUE(r.ok()) << r.error;
    for (const char *text : {"The cat sat on the mat.", "猫吃鱼", "Café", "Playing", "The [MASK] sat.", "Hello!"})
        EXPECT_EQ(ids(r.tokenizer->encode(text)), ids(bert().encode(text))) << text;
    EXPECT_EQ(r.tokenizer->maskTokenId(), kBertMaskId);

    TempDir cased;
    writeBertVocabTxt(cased.path(), kBertFixtureVocabSize, "{\"do_lower_case\": false}");
    const TokenizerLoadResult c = loadTokenizer(cased.path());
    ASSERT_TRUE(c.ok()) << c.error;
    EXPECT_EQ(ids(c.tokenizer->encode("The cat")), (Ids {2, 1, 9, 3}));
}

// transformers' "no limit", int(1e30), is Llama's model_max_length: it loads, and the config's
// other fields still apply (do_lower_case false here keeps "The" cased).
TEST(TokenizerFiles, TransformersNoLimitModelMaxLengthLoads)
{
    TempDir cased;
    writeBertVocabTxt(cased.path(), kBertFixtureVocabSize,
        "{\"model_max_length\": 1000000000000000019884624838656, \"do_lower_case\": false}");
    const TokenizerLoadResult c = loadTokenizer(cased.path());
    ASSERT_TRUE(c.ok()) << c.error;
    EXPECT_EQ(ids(c.tokenizer->encode("The cat")), (Ids {2, 1, 9, 3}));
}

TEST(TokenizerFiles, TokenizerJsonWinsOverTheOtherFiles)
{
    TempDir dir;
    writeBertVocabTxt(dir.path());
    writeGpt2Tokenizer(dir.path());
    EXPECT_EQ(loadTokenizer(dir.path()).tokenizer->kind(), TokenizerKind::Bpe);
}

TEST(TokenizerFiles, BadFoldersAndFilesAreErrors)
{
    TempDir empty;
    EXPECT_NE(loadTokenizer(empty.path()).error.find("no tokenizer.json"), std::string::npos);
    EXPECT_FALSE(loadTokenizer(empty.file("missing")).ok());

    TempDir badMerges;
    writeGpt2VocabFiles(badMerges.path());
    writeTextFile(badMerges.file("merges.txt"), "#version: 0.2\nĠ t\nnospace\n");
    EXPECT_NE(loadTokenizer(badMerges.path()).error.find("merges.txt: line 3"), std::string::npos);

    TempDir unknownMerge;
    writeGpt2VocabFiles(unknownMerge.path());
    writeTextFile(unknownMerge.file("merges.txt"), "Ġ t\nq z\n");
    EXPECT_NE(loadTokenizer(unknownMerge.path()).error.find("merges.txt: line 2"), std::string::npos);

    TempDir badVocab;
    writeGpt2VocabFiles(badVocab.path());
    writeTextFile(badVocab.file("vocab.json"), "{\"a\": \"zero\"}");
    EXPECT_NE(loadTokenizer(badVocab.path()).error.find("vocab.json"), std::string::npos);

    TempDir noUnk;
    writeTextFile(noUnk.file("vocab.txt"), "[CLS]\n[SEP]\nthe\n");
    EXPECT_NE(loadTokenizer(noUnk.path()).error.find("[UNK]"), std::string::npos);

    TempDir notUtf8;
    writeTextFile(notUtf8.file("vocab.txt"), "[UNK]\n[CLS]\n[SEP]\n\xff\n");
    EXPECT_NE(loadTokenizer(notUtf8.path()).error.find("vocab.txt: not valid UTF-8"), std::string::npos);

    TempDir badConfig;
    writeBertVocabTxt(badConfig.path(), kBertFixtureVocabSize, "{\"do_lower_case\": \"yes\"}");
    EXPECT_NE(loadTokenizer(badConfig.path()).error.find("tokenizer_config.json: do_lower_case"), std::string::npos);

    TempDir brokenJson;
    writeTextFile(brokenJson.file("tokenizer.json"), "{\"model\": ");
    EXPECT_EQ(loadTokenizer(brokenJson.path()).error.rfind("tokenizer.json:1:11: invalid JSON: ", 0), 0u)
        << loadTokenizer(brokenJson.path()).error;
}

TEST(TokenizerFiles, ProblemsAreDataWithTheFileTheFieldAndTheArguments)
{
    TempDir empty;
    const TokenizerLoadResult none = loadTokenizer(empty.path());
    ASSERT_TRUE(none.problem.has_value());
    EXPECT_EQ(none.problem->file, empty.path());
    EXPECT_EQ(none.problem->message, attnlab::core::Message(attnlab::core::MessageId::TokenizerNoFiles));
    EXPECT_EQ(none.error, attnlab::core::formatProblem(none.problem->file, *none.problem));

    TempDir badMerges;
    writeGpt2VocabFiles(badMerges.path());
    writeTextFile(badMerges.file("merges.txt"), "#version: 0.2\nĠ t\nnospace\n");
    const TokenizerLoadResult merges = loadTokenizer(badMerges.path());
    ASSERT_TRUE(merges.problem.has_value());
    EXPECT_EQ(merges.problem->file, "merges.txt");
    EXPECT_EQ(merges.problem->message,
        attnlab::core::Message(attnlab::core::MessageId::TokenizerLine, 3,
            attnlab::core::Message(attnlab::core::MessageId::TokenizerMergeNotTwoPieces, "\"nospace\"")));

    const TokenizerLoadResult json
        = parseTokenizerJson(R"({"model": {"type": "BPE", "vocab": {"a": 0}, "merges": [7]}})");
    ASSERT_TRUE(json.problem.has_value());
    EXPECT_EQ(json.problem->file, "tokenizer.json");
    EXPECT_EQ(json.problem->path, "model.merges[0]");
    EXPECT_EQ(json.problem->message.id, attnlab::core::MessageId::TokenizerMergeNotStringOrPair);

    const TokenizerLoadResult syntax = parseTokenizerJson("{\"model\": ");
    ASSERT_TRUE(syntax.problem.has_value());
    EXPECT_EQ(syntax.problem->file, "tokenizer.json");
    EXPECT_EQ(syntax.problem->line, 1);
    EXPECT_EQ(syntax.problem->column, 11);

    // vocab.json's top level has no JSON path; the message says where in words.
    TempDir badVocab;
    writeGpt2VocabFiles(badVocab.path());
    writeTextFile(badVocab.file("vocab.json"), "{\"a\": \"zero\"}");
    const TokenizerLoadResult vocab = loadTokenizer(badVocab.path());
    ASSERT_TRUE(vocab.problem.has_value());
    EXPECT_EQ(vocab.problem->file, "vocab.json");
    EXPECT_EQ(vocab.problem->path, "");
    EXPECT_EQ(vocab.error, "vocab.json: (top level)[\"a\"]: must be a token id (a non-negative integer), not string");
}

// ---- Malformed tokenizer.json ---------------------------------------------------------------

TEST(TokenizerErrors, InvalidJsonDuplicateKeysAndDeepNesting)
{
    EXPECT_EQ(errorOf("").rfind("tokenizer.json:1:1: invalid JSON: ", 0), 0u) << errorOf("");
    EXPECT_EQ(errorOf("{").rfind("tokenizer.json:1:2: invalid JSON: ", 0), 0u) << errorOf("{");
    EXPECT_NE(errorOf("[1, 2]").find("must be a JSON object"), std::string::npos);
    EXPECT_NE(errorOf("{\"a\": \"\xff\"}").find("invalid JSON"), std::string::npos);
    EXPECT_NE(errorOf("{\"model\": {}, \"model\": {}}").find("\"model\" appears more than once"), std::string::npos);
    const std::string deep = "{\"x\": " + std::string(64, '[') + std::string(64, ']') + "}";
    EXPECT_NE(errorOf(deep).find("nested deeper than the limit of 64 levels"), std::string::npos);
    // 64 levels in all is allowed (then fails for the missing model, not the depth).
    const std::string ok = "{\"x\": " + std::string(63, '[') + std::string(63, ']') + "}";
    EXPECT_EQ(errorOf(ok).find("deeper"), std::string::npos);
    const std::string veryDeep = std::string(100000, '[') + std::string(100000, ']');
    EXPECT_NE(errorOf(veryDeep).find("nested deeper than the limit of 64 levels"), std::string::npos);
}

TEST(TokenizerErrors, UnsupportedPartsNameWhatIsSupported)
{
    const std::string json = bertTokenizerJson();
    const std::string unigram
        = replaced(json, "\"type\": \"WordPiece\", \"unk_token\"", "\"type\": \"Unigram\", \"unk_token\"");
    const std::string e = errorOf(unigram);
    EXPECT_NE(e.find("tokenizer.json: model.type: \"Unigram\" is not supported"), std::string::npos) << e;
    EXPECT_NE(e.find("WordPiece"), std::string::npos);
    EXPECT_NE(
        errorOf(replaced(json, "\"type\": \"WordPiece\", \"unk_token\"", "\"type\": \"WordLevel\", \"unk_token\""))
            .find("\"WordLevel\" is not supported"),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, "\"BertNormalizer\"", "\"Precompiled\"")).find("normalizer.type: \"Precompiled\""),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, "\"BertPreTokenizer\"", "\"UnicodeScripts\"")).find("pre_tokenizer.type"),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, "\"type\": \"WordPiece\", \"prefix\"", "\"type\": \"CTC\", \"prefix\""))
                  .find("decoder.type: \"CTC\" is not supported"),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, "\"TemplateProcessing\"", "\"Mystery\"")).find("post_processor.type"),
        std::string::npos);
    EXPECT_NE(errorOf("{\"model\": {\"vocab\": {}}}").find("model.type: missing"), std::string::npos);
}

TEST(TokenizerErrors, MalformedMergesNameTheEntry)
{
    const std::string json = gpt2TokenizerJson();
    const std::string first = "\"merges\": [\"Ġ t\", \"h e\", \"a t\", \"Ġt he\"";
    EXPECT_NE(errorOf(replaced(json, first, "\"merges\": [\"Ġ t\", \"h e\", \"a t\", \"Ġthe\""))
                  .find("tokenizer.json: model.merges[3]"),
        std::string::npos);
    EXPECT_NE(
        errorOf(replaced(json, first, "\"merges\": [\"Ġ t\", [1, 2], \"a t\", \"Ġt he\"")).find("model.merges[1]"),
        std::string::npos);
    EXPECT_NE(
        errorOf(replaced(json, first, "\"merges\": [\"Ġ t\", \"h e\", \"a  t\", \"Ġt he\"")).find("model.merges[2]"),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, first, "\"merges\": [\"qq z\", \"h e\", \"a t\", \"Ġt he\""))
                  .find("model.merges[0]: \"qq\" is not in"),
        std::string::npos);
    // The merged piece itself must be in the vocabulary.
    EXPECT_NE(errorOf(replaced(json, first, "\"merges\": [\"t h\", \"h e\", \"a t\", \"Ġt he\""))
                  .find("model.merges[0]: \"th\" is not in"),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, first, "\"merges\": [\"Ġ t\", [\"h\", \"qq\"], \"a t\", \"Ġt he\""))
                  .find("model.merges[1]: \"qq\" is not in"),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, "\"merges\": [", "\"merges\": {\"a\": 1}, \"x\": [")).find("model.merges"),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, "\"dropout\": null", "\"dropout\": 2")).find("model.dropout"), std::string::npos);
}

TEST(TokenizerErrors, BadVocabularyIdsNeverAllocate)
{
    const std::string json = bertTokenizerJson();
    const std::string entry = "\"[PAD]\": 0";
    EXPECT_NE(errorOf(replaced(json, entry, "\"[PAD]\": -1")).find("model.vocab[\"[PAD]\"]"), std::string::npos);
    EXPECT_NE(errorOf(replaced(json, entry, "\"[PAD]\": 4000000000")).find("larger than"), std::string::npos);
    EXPECT_NE(errorOf(replaced(json, entry, "\"[PAD]\": 1e300")).find("model.vocab[\"[PAD]\"]"), std::string::npos);
    EXPECT_NE(errorOf(replaced(json, entry, "\"[PAD]\": \"0\"")).find("model.vocab[\"[PAD]\"]"), std::string::npos);
    EXPECT_NE(errorOf(replaced(json, entry, "\"[PAD]\": 0.5")).find("model.vocab[\"[PAD]\"]"), std::string::npos);
    // A large but allowed id costs nothing: the vocabulary is a map.
    const TokenizerLoadResult big = parseTokenizerJson(replaced(json, entry, "\"[PAD]\": 16000000"));
    ASSERT_TRUE(big.ok()) << big.error;
    EXPECT_EQ(big.tokenizer->tokenText(16000000), "[PAD]");
    EXPECT_NE(errorOf(replaced(json, "\"vocab\": {", "\"vocab\": [], \"x\": {")).find("model.vocab: must be an object"),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, "\"unk_token\": \"[UNK]\"", "\"unk_token\": \"<unk>\"")).find("model.unk_token"),
        std::string::npos);
}

TEST(TokenizerErrors, BadAddedTokensAndTemplates)
{
    const std::string json = bertTokenizerJson();
    EXPECT_NE(errorOf(replaced(json, "{\"id\": 0, \"content\": \"[PAD]\"", "{\"content\": \"[PAD]\""))
                  .find("added_tokens[0]: missing \"id\""),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, "{\"id\": 0, \"content\": \"[PAD]\"", "{\"id\": 99999999, \"content\": \"[PAD]\""))
                  .find("added_tokens[0].id"),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, "\"content\": \"[UNK]\"", "\"content\": 7")).find("added_tokens[1].content"),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, "\"added_tokens\": [", "\"added_tokens\": [7, ")).find("added_tokens[0]"),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, "\"lowercase\": true", "\"lowercase\": 1")).find("normalizer.lowercase"),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, "\"special_tokens\": {\"[CLS]\"", "\"special_tokens\": {\"[XLS]\""))
                  .find("post_processor.single[0]"),
        std::string::npos);
    EXPECT_NE(errorOf(replaced(json, "\"ids\": [2]", "\"ids\": [2, 3]")).find("post_processor.special_tokens"),
        std::string::npos);
}

TEST(TokenizerErrors, ArbitraryBytesNeverCrash)
{
    // Every prefix of a valid file, and the file with each of many bytes flipped.
    const std::string json = gpt2TokenizerJson();
    for (size_t cut = 0; cut < json.size(); cut += 97)
        EXPECT_FALSE(parseTokenizerJson(json.substr(0, cut)).ok());
    int accepted = 0;
    for (size_t at = 0; at < json.size(); at += 31) {
        std::string broken = json;
        broken[at] = char(broken[at] ^ 0x5a);
        const TokenizerLoadResult r = parseTokenizerJson(broken);
        if (r.ok()) {
            ++accepted;
            r.tokenizer->encode("The cat, 猫 \xff <|endoftext|>");
        } else {
            // "tokenizer.json: path: …", or "tokenizer.json:line:column: invalid JSON: …".
            EXPECT_EQ(r.error.rfind("tokenizer.json:", 0), 0u) << r.error;
        }
    }
    EXPECT_GT(accepted, 0); // some flips only change a piece of the vocabulary
}
