// The parts of the pipeline one at a time, against what the Rust sources of the `tokenizers`
// library do (tokenizers/src/normalizers, pre_tokenizers, decoders, tokenizer/normalizer.rs).
// These are the parts whose JavaScript port differs from the Rust library (Metaspace does not
// split there, Punctuation groups runs, Digits and Whitespace use ASCII classes), so the
// reference files cannot hold them; the expectations here follow the Rust code.

#include "core/tokenize/parts.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

using namespace attnlab::core::model;
using Json = nlohmann::json;
using Strings = std::vector<std::string>;

namespace {

Strings preTokenized(const Json &part, const std::string &text)
{
    std::vector<Text> words {decodeUtf8(text)};
    readPreTokenizer(part, "pre_tokenizer")->preTokenize(words);
    Strings out;
    for (const Text &w : words)
        out.push_back(toUtf8(w));
    return out;
}

std::string normalized(const Json &part, const std::string &text)
{
    Text t = decodeUtf8(text);
    readNormalizer(part, "normalizer")->normalize(t);
    return toUtf8(t);
}

std::string decoded(const Json &part, Strings tokens)
{
    readDecoder(part, "decoder")->decodeChain(tokens, false);
    std::string out;
    for (const std::string &t : tokens)
        out += t;
    return out;
}

std::string errorOf(const Json &part, std::unique_ptr<PreTokenizerPart> (*read)(const Json &, const std::string &))
{
    try {
        read(part, "pre_tokenizer");
    } catch (const std::exception &e) {
        return e.what();
    }
    return {};
}

Json split(const char *regex, const char *behavior, bool invert = false)
{
    return {{"type", "Split"}, {"pattern", {{"Regex", regex}}}, {"behavior", behavior}, {"invert", invert}};
}

} // namespace

TEST(TokenizerParts, SplitBehavioursCutAsNormalizedStringSplitDoes)
{
    // normalizer.rs's own test: "The-final--countdown" split on "-".
    const std::string text = "The-final--countdown";
    EXPECT_EQ(preTokenized(split("-", "Removed"), text), (Strings {"The", "final", "countdown"}));
    EXPECT_EQ(preTokenized(split("-", "Isolated"), text), (Strings {"The", "-", "final", "-", "-", "countdown"}));
    EXPECT_EQ(preTokenized(split("-", "MergedWithPrevious"), text), (Strings {"The-", "final-", "-", "countdown"}));
    EXPECT_EQ(preTokenized(split("-", "MergedWithNext"), text), (Strings {"The", "-final", "-", "-countdown"}));
    EXPECT_EQ(preTokenized(split("-", "Contiguous"), text), (Strings {"The", "-", "final", "--", "countdown"}));
    // invert: the matches are the words and what lies between them is the delimiter.
    EXPECT_EQ(preTokenized(split("\\w+", "Removed", true), "hello, world"), (Strings {"hello", "world"}));
    // A literal pattern is not a regex.
    const Json literal
        = {{"type", "Split"}, {"pattern", {{"String", "."}}}, {"behavior", "Removed"}, {"invert", false}};
    EXPECT_EQ(preTokenized(literal, "a.b-c"), (Strings {"a", "b-c"}));
}

TEST(TokenizerParts, SplitRegexMatchesOnCodePointsWithUnicodeClasses)
{
    // Qwen2's pattern: \p{L} takes Chinese letters, (?i:…) the upper-case contraction, \p{N}
    // one digit at a time, \s+(?!\S) leaves the last space to the next word.
    const char *qwen
        = "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|"
          "\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
    EXPECT_EQ(preTokenized(split(qwen, "Isolated"), "猫吃鱼 IT'S 42  ok"),
        (Strings {"猫吃鱼", " IT", "'S", " ", "4", "2", " ", " ok"}));
    // A combining mark is not \p{L}: it starts the next word, as in Oniguruma.
    EXPECT_EQ(preTokenized(split(qwen, "Isolated"), "é\u0301x"), (Strings {"é", "\u0301x"}));
}

TEST(TokenizerParts, BadRegexAndUnknownTypesAreRefusedByName)
{
    EXPECT_NE(errorOf(split("(", "Isolated"), readPreTokenizer).find("pre_tokenizer.pattern.Regex"), std::string::npos);
    EXPECT_NE(
        errorOf(split("a", "Sideways"), readPreTokenizer).find("\"Sideways\" is not supported"), std::string::npos);
    const std::string unknown = errorOf({{"type", "UnicodeScripts"}}, readPreTokenizer);
    EXPECT_NE(unknown.find("pre_tokenizer.type: \"UnicodeScripts\" is not supported"), std::string::npos) << unknown;
    EXPECT_NE(unknown.find("Metaspace"), std::string::npos) << unknown;
    EXPECT_THROW(readNormalizer({{"type", "Precompiled"}}, "normalizer"), std::exception);
    EXPECT_THROW(readDecoder({{"type", "CTC"}}, "decoder"), std::exception);
    EXPECT_THROW(readPostProcessor({{"type", "Mystery"}}, "post_processor"), std::exception);
    StreamedModel nothingStreamed;
    EXPECT_THROW(readModel({{"type", "Unigram"}}, "model", nothingStreamed), std::exception);
    // Inside a Sequence the path names the element.
    const std::string nested = errorOf(
        {{"type", "Sequence"}, {"pretokenizers", {{{"type", "Digits"}}, {{"type", "Nope"}}}}}, readPreTokenizer);
    EXPECT_NE(nested.find("pre_tokenizer.pretokenizers[1].type"), std::string::npos) << nested;
}

TEST(TokenizerParts, MetaspaceReplacesSpacesPrependsAndSplitsBeforeEachMark)
{
    const Json always = {{"type", "Metaspace"}, {"replacement", "▁"}, {"prepend_scheme", "always"}, {"split", true}};
    EXPECT_EQ(preTokenized(always, "Hey friend  there"), (Strings {"▁Hey", "▁friend", "▁", "▁there"}));
    const Json noSplit = {{"type", "Metaspace"}, {"replacement", "▁"}, {"prepend_scheme", "always"}, {"split", false}};
    EXPECT_EQ(preTokenized(noSplit, "Hey friend"), (Strings {"▁Hey▁friend"}));
    const Json never = {{"type", "Metaspace"}, {"replacement", "▁"}, {"prepend_scheme", "never"}};
    EXPECT_EQ(preTokenized(never, "Hey friend"), (Strings {"Hey", "▁friend"}));
    // "first": only a text that starts the input (original offset 0) gets the mark.
    const Json first = {{"type", "Metaspace"}, {"replacement", "▁"}, {"prepend_scheme", "first"}};
    std::vector<Text> words {decodeUtf8("Hey"), decodeUtf8("xyou")};
    words[1].erase(words[1].begin()); // "you" at byte 1 of its input
    readPreTokenizer(first, "pre_tokenizer")->preTokenize(words);
    EXPECT_EQ(toUtf8(words[0]), "▁Hey");
    EXPECT_EQ(toUtf8(words[1]), "you");
    // The older add_prefix_space: false means "never", and contradicts any other scheme.
    EXPECT_EQ(preTokenized({{"type", "Metaspace"}, {"replacement", "▁"}, {"add_prefix_space", false},
                               {"prepend_scheme", "never"}},
                  "a b"),
        (Strings {"a", "▁b"}));
    EXPECT_THROW(readPreTokenizer({{"type", "Metaspace"}, {"replacement", "▁"}, {"add_prefix_space", false}}, "p"),
        std::exception);
}

TEST(TokenizerParts, DigitsPunctuationAndWhitespaceUseUnicodeClasses)
{
    // char::is_numeric takes every N* character, not only ASCII digits.
    EXPECT_EQ(preTokenized({{"type", "Digits"}, {"individual_digits", false}}, "ab123c٣٤"),
        (Strings {"ab", "123", "c", "٣٤"}));
    EXPECT_EQ(preTokenized({{"type", "Digits"}, {"individual_digits", true}}, "a12"), (Strings {"a", "1", "2"}));
    // Each punctuation character is a word of its own (Isolated), Chinese ones too.
    EXPECT_EQ(
        preTokenized({{"type", "Punctuation"}}, "Hi!!你好，世界"), (Strings {"Hi", "!", "!", "你好", "，", "世界"}));
    EXPECT_EQ(
        preTokenized({{"type", "Punctuation"}, {"behavior", "MergedWithPrevious"}}, "a,b"), (Strings {"a,", "b"}));
    // \w+|[^\w\s]+ with Unicode \w: accented and Chinese letters stay in their word.
    EXPECT_EQ(
        preTokenized({{"type", "Whitespace"}}, "café, 猫吃鱼!?  ok"), (Strings {"café", ",", "猫吃鱼", "!?", "ok"}));
    EXPECT_EQ(preTokenized({{"type", "WhitespaceSplit"}}, " a\u3000b, "), (Strings {"a", "b,"}));
}

TEST(TokenizerParts, ByteLevelPrefixesASpaceOnlyWhenAsked)
{
    const Json on = {{"type", "ByteLevel"}, {"add_prefix_space", true}, {"use_regex", true}};
    EXPECT_EQ(preTokenized(on, "Hi you"), (Strings {"ĠHi", "Ġyou"}));
    const Json off = {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", false}};
    EXPECT_EQ(preTokenized(off, "Hi you 猫"), (Strings {"HiĠyouĠçĮ«"}));
}

TEST(TokenizerParts, NormalizersFollowTheRustSources)
{
    EXPECT_EQ(normalized({{"type", "NFC"}}, "e\u0301"), "é");
    EXPECT_EQ(normalized({{"type", "NFD"}}, "é"), "e\u0301");
    EXPECT_EQ(normalized({{"type", "NFKC"}}, "ﬁ①Ａ"), "fi1A");
    EXPECT_EQ(normalized({{"type", "NFKD"}}, "ﬁé"), "fie\u0301");
    EXPECT_EQ(normalized({{"type", "Lowercase"}}, "ÀB İ"), "àb i\u0307");
    // StripAccents removes combining marks without decomposing first (strip.rs).
    EXPECT_EQ(normalized({{"type", "StripAccents"}}, "é e\u0301"), "é e");
    EXPECT_EQ(
        normalized({{"type", "Sequence"}, {"normalizers", {{{"type", "NFD"}}, {{"type", "StripAccents"}}}}}, "é"), "e");
    EXPECT_EQ(normalized({{"type", "Strip"}, {"strip_left", true}, {"strip_right", false}}, "  a  "), "a  ");
    EXPECT_EQ(normalized({{"type", "Prepend"}, {"prepend", "▁"}}, "a"), "▁a");
    EXPECT_EQ(normalized({{"type", "Prepend"}, {"prepend", "▁"}}, ""), "");
    EXPECT_EQ(
        normalized({{"type", "Replace"}, {"pattern", {{"Regex", "\\s+"}}}, {"content", "_"}}, "a  b\tc"), "a_b_c");
    EXPECT_EQ(
        normalized({{"type", "BertNormalizer"}, {"lowercase", false}, {"strip_accents", nullptr}}, "Ça猫"), "Ça 猫 ");
}

TEST(TokenizerParts, NormalizedCharactersKeepTheirPlaceInTheInput)
{
    Text text = decodeUtf8("ae\u0301b");
    readNormalizer({{"type", "NFC"}}, "normalizer")->normalize(text);
    ASSERT_EQ(text.size(), 3u);
    EXPECT_EQ(text[1].begin, 1); // é covers e and the combining accent: bytes 1–4
    EXPECT_EQ(text[1].end, 4);
    EXPECT_EQ(text[2].begin, 4);
}

TEST(TokenizerParts, DecodersFollowTheRustSources)
{
    EXPECT_EQ(decoded({{"type", "ByteLevel"}}, {"Hello", "Ġwor", "ld"}), "Hello world");
    // from_utf8_lossy: one U+FFFD for the cut-off 猫 (e7 8c), then "a".
    EXPECT_EQ(decoded({{"type", "ByteLevel"}}, {"çĮ", "a"}), "\uFFFDa");
    // cleanup works on each token: " ." loses its space, "do" + " not" are never seen together.
    EXPECT_EQ(decoded({{"type", "WordPiece"}}, {"the", "cat", "##s", "do", "not", "sit", "."}), "the cats do not sit.");
    EXPECT_EQ(decoded({{"type", "WordPiece"}, {"cleanup", false}}, {"a", "."}), "a .");
    // ByteFallback: valid bytes become their character, invalid ones one U+FFFD each.
    EXPECT_EQ(decoded({{"type", "ByteFallback"}}, {"<0xE7>", "<0x8C>", "<0xAB>", "x", "<0xE7>", "<0x8C>"}),
        "猫x\uFFFD\uFFFD");
    EXPECT_EQ(decoded({{"type", "Strip"}, {"content", " "}, {"start", 1}, {"stop", 1}}, {"  a  ", " b"}), " a b");
    EXPECT_EQ(decoded({{"type", "Metaspace"}, {"replacement", "▁"}, {"prepend_scheme", "always"}}, {"▁Hey", "▁you"}),
        "Hey you");
    EXPECT_EQ(decoded({{"type", "Metaspace"}, {"replacement", "▁"}, {"prepend_scheme", "never"}}, {"▁Hey"}), " Hey");
    EXPECT_EQ(decoded({{"type", "Replace"}, {"pattern", {{"String", "▁"}}}, {"content", " "}}, {"▁a▁b"}), " a b");
    EXPECT_EQ(decoded({{"type", "BPEDecoder"}, {"suffix", "</w>"}}, {"hel", "lo</w>", "you</w>"}), "hello you");
}
