// The tokenizers against ids worked out by hand from the `tokenizers` library's algorithms
// (see tokenizerfixtures.h for the two vocabularies). GPT-2 byte ids: a printable byte b
// (0x21–0x7E) has id b − 33; space "Ġ" 220, newline "Ċ" 198. Merge k produces id 256 + k.

#include "tokenizertestutil.h"

#include <string>
#include <vector>

using namespace attnlab::core::model;
using namespace attnlab::test;

// ---- GPT-2: byte-level BPE -----------------------------------------------------------------

TEST(TokenizerGpt2, MergesWordsLowestRankFirst)
{
    const Tokenizer t = gpt2();
    // "The": (h,e) rank 1 → he, (T,he) rank 8 → The 264. " cat": (a,t) rank 2 before (Ġ,c)
    // rank 4, then (Ġc,at) → Ġcat 261. " sat" likewise → Ġsat 263.
    const std::vector<Token> tokens = t.encode("The cat sat");
    EXPECT_EQ(ids(tokens), (Ids {264, 261, 263}));
    EXPECT_EQ(tokens[1].piece, "Ġcat");
    EXPECT_EQ(displays(tokens), (Strings {"The", "\u2423cat", "\u2423sat"}));
    EXPECT_EQ(tokens[1].begin, 3);
    EXPECT_EQ(tokens[1].end, 7);
    // " was": (Ġ,w) rank 22 first, then (a,s) 23, then (Ġw,as) 24 → Ġwas 280; "it" → 276.
    EXPECT_EQ(ids(t.encode("it was")), (Ids {276, 280}));
    EXPECT_EQ(ids(t.encode(" it")), (Ids {277}));
}

TEST(TokenizerGpt2, ContractionsSplitOffTheApostrophe)
{
    const Tokenizer t = gpt2();
    // "don" (d,o → do 266; do,n → don 267) then "'t" ('t 265).
    EXPECT_EQ(ids(t.encode("don't")), (Ids {267, 265}));
    // "I" (73 − 33 = 40) then "'ll": (',l) → 'l 268, ('l,l) → 'll 269.
    EXPECT_EQ(ids(t.encode("I'll")), (Ids {40, 269}));
    // Contractions are case-sensitive: "'T" is punctuation "'" (6) then the letter T (51).
    EXPECT_EQ(ids(t.encode("'T")), (Ids {6, 51}));
}

TEST(TokenizerGpt2, RepeatedSpacesLeaveTheLastOneToTheNextWord)
{
    const Tokenizer t = gpt2();
    // "a   b" → "a", "  " (\s+(?!\S) gives back one space), " b" → a 64, ĠĠ 270, Ġ 220, b 65.
    const std::vector<Token> tokens = t.encode("a   b");
    EXPECT_EQ(ids(tokens), (Ids {64, 270, 220, 65}));
    EXPECT_EQ(displays(tokens), (Strings {"a", "\u2423\u2423", "\u2423", "b"}));
    // Trailing spaces stay together: "a", "  " → 64, 270.
    EXPECT_EQ(ids(t.encode("a  ")), (Ids {64, 270}));
}

TEST(TokenizerGpt2, NewlinesBeforeAWordSplitAndAtTheEndStayTogether)
{
    const Tokenizer t = gpt2();
    // "a\n\nb" → "a", "\n", "\n", "b": the ĊĊ merge never sees the pair.
    const std::vector<Token> tokens = t.encode("a\n\nb");
    EXPECT_EQ(ids(tokens), (Ids {64, 198, 198, 65}));
    EXPECT_EQ(tokens[1].display, "\u21b5");
    EXPECT_EQ(ids(t.encode("a\n\n")), (Ids {64, 271}));
}

TEST(TokenizerGpt2, NumbersAndPunctuationAreTheirOwnWords)
{
    const Tokenizer t = gpt2();
    EXPECT_EQ(ids(t.encode("12 3")), (Ids {272, 273}));
    EXPECT_EQ(ids(t.encode("x12")), (Ids {87, 272}));
    // "cat" → c at (no merge "c at"), "," 11, " sat" 263, "!" 0.
    EXPECT_EQ(ids(t.encode("cat, sat!")), (Ids {66, 258, 11, 263, 0}));
    // " ,." is one word: Ġ , . with no merges.
    EXPECT_EQ(ids(t.encode("a ,.")), (Ids {64, 220, 11, 13}));
}

TEST(TokenizerGpt2, PiecesThatAreNotValidUtf8AreShownAsBytes)
{
    const Tokenizer t = gpt2();
    // 猫 = e7 8c ab: (ç,Į) → 274 covers e7 8c; « (0xab) is id 104.
    const std::vector<Token> tokens = t.encode("猫");
    EXPECT_EQ(ids(tokens), (Ids {274, 104}));
    EXPECT_EQ(displays(tokens), (Strings {"\u2039e7 8c\u203a", "\u2039ab\u203a"}));
    EXPECT_EQ(tokens[0].begin, 0);
    EXPECT_EQ(tokens[0].end, 3);
    EXPECT_EQ(tokens[1].begin, 0);
    // é = c3 a9: (Ã,©) → 275, valid on its own.
    EXPECT_EQ(ids(t.encode("é")), (Ids {275}));
    EXPECT_EQ(t.displayText(275), "é");
}

TEST(TokenizerGpt2, SpecialTokensAreMatchedInTheRawText)
{
    const Tokenizer t = gpt2();
    const std::vector<Token> tokens = t.encode("<|endoftext|>The cat");
    EXPECT_EQ(ids(tokens), (Ids {kEot, 264, 261}));
    EXPECT_TRUE(tokens[0].special);
    EXPECT_FALSE(tokens[1].special);
    EXPECT_EQ(tokens[0].display, "<|endoftext|>");
    EXPECT_EQ(tokens[0].end, 13);
    // GPT-2 adds no special tokens of its own.
    EXPECT_EQ(ids(t.encode("it")), (Ids {276}));
    EXPECT_EQ(t.maskTokenId(), -1);
}

TEST(TokenizerGpt2, AddPrefixSpaceTreatsTheFirstWordLikeAnyOther)
{
    Gpt2FixtureOptions options;
    options.addPrefixSpace = true;
    const Tokenizer t = gpt2(options);
    // " The" → Ġ T h e → Ġ T he → Ġ The (no merge Ġ The) → 220, 264.
    EXPECT_EQ(ids(t.encode("The cat")), (Ids {220, 264, 261}));
    EXPECT_EQ(ids(t.encode("cat")), (Ids {261}));
    // Each piece between special tokens gets its own space.
    EXPECT_EQ(ids(t.encode("<|endoftext|>cat")), (Ids {kEot, 261}));
    // Without the option the same text starts with a bare "c".
    EXPECT_EQ(ids(gpt2().encode("cat")), (Ids {66, 258}));
}

TEST(TokenizerGpt2, MergesAsPairsGiveTheSameTokens)
{
    Gpt2FixtureOptions options;
    options.mergesAsPairs = true;
    const Tokenizer pairs = gpt2(options);
    EXPECT_EQ(pairs.mergeCount(), kGpt2Merges.size());
    for (const char *text : {"The cat sat", "don't", "it was", "a   b", "猫"})
        EXPECT_EQ(ids(pairs.encode(text)), ids(gpt2().encode(text))) << text;
    EXPECT_EQ(ids(pairs.encode("The cat")), (Ids {264, 261}));
}

TEST(TokenizerGpt2, LookupsAndVocabularySize)
{
    const Tokenizer t = gpt2();
    EXPECT_EQ(t.kind(), TokenizerKind::Bpe);
    EXPECT_EQ(t.vocabSize(), kGpt2FixtureVocabSize);
    EXPECT_EQ(t.tokenText(261), "Ġcat");
    EXPECT_EQ(t.idOf("Ġcat"), 261);
    EXPECT_EQ(t.idOf("<|endoftext|>"), kEot);
    EXPECT_EQ(t.idOf("nope"), -1);
    EXPECT_EQ(t.tokenText(-1), "");
    EXPECT_EQ(t.tokenText(100000), "");
    EXPECT_EQ(t.displayText(220), "\u2423");
    EXPECT_EQ(t.displayText(t.idOf("Ġ")), "\u2423");
    Gpt2FixtureOptions bigger;
    bigger.vocabSize = 1000;
    EXPECT_EQ(gpt2(bigger).vocabSize(), 1000);
    EXPECT_EQ(gpt2(bigger).idOf("<|endoftext|>"), 999);
}

TEST(TokenizerGpt2, InvalidUtf8InputIsReadAsReplacementCharacters)
{
    // U+FFFD = ef bf bd → ï 171, ¿ 123, ½ 121 (no merges), each an incomplete character.
    const std::vector<Token> tokens = gpt2().encode("\xff");
    EXPECT_EQ(ids(tokens), (Ids {171, 123, 121}));
    EXPECT_EQ(tokens[0].display, "\u2039ef\u203a");
    EXPECT_TRUE(gpt2().encode("").empty());
}

// ---- BERT: WordPiece ------------------------------------------------------------------------

TEST(TokenizerBert, AddsClsAndSepAroundLowercasedWords)
{
    const Tokenizer t = bert();
    const std::vector<Token> tokens = t.encode("The cat sat on the mat.");
    EXPECT_EQ(ids(tokens), (Ids {2, 8, 9, 10, 11, 8, 12, 19, 3}));
    EXPECT_TRUE(tokens.front().special);
    EXPECT_EQ(tokens.front().piece, "[CLS]");
    EXPECT_EQ(tokens.back().display, "[SEP]");
    EXPECT_EQ(tokens[1].begin, 0);
    EXPECT_EQ(tokens[1].end, 3);
    EXPECT_EQ(tokens[7].begin, 22); // "."
}

TEST(TokenizerBert, ChineseCharactersAreSplitApart)
{
    const Tokenizer t = bert();
    const std::vector<Token> tokens = t.encode("猫吃鱼");
    EXPECT_EQ(ids(tokens), (Ids {2, 5, 6, 7, 3}));
    EXPECT_EQ(tokens[2].begin, 3);
    EXPECT_EQ(tokens[2].end, 6);
    EXPECT_EQ(tokens[2].display, "吃");
    EXPECT_EQ(ids(t.encode("the猫")), (Ids {2, 8, 5, 3}));
}

TEST(TokenizerBert, AccentsAreStrippedWhenLowercasing)
{
    EXPECT_EQ(ids(bert().encode("Café")), (Ids {2, 25, 3}));
    EXPECT_EQ(ids(bert().encode("CAFÉ")), (Ids {2, 25, 3}));
    // lowercase false and strip_accents null: nothing changes, "Café" is unknown.
    const std::string cased = replaced(bertTokenizerJson(), "\"lowercase\": true", "\"lowercase\": false");
    EXPECT_EQ(ids(parsed(cased).encode("Café")), (Ids {2, 1, 3}));
    EXPECT_EQ(ids(parsed(cased).encode("cafe")), (Ids {2, 25, 3}));
    // strip_accents true without lowercasing.
    const std::string strip = replaced(cased, "\"strip_accents\": null", "\"strip_accents\": true");
    EXPECT_EQ(ids(parsed(strip).encode("café")), (Ids {2, 25, 3}));
    // strip_accents false with lowercasing keeps the accent.
    const std::string keep = replaced(bertTokenizerJson(), "\"strip_accents\": null", "\"strip_accents\": false");
    EXPECT_EQ(ids(parsed(keep).encode("Café")), (Ids {2, 1, 3}));
}

TEST(TokenizerBert, PunctuationAndContinuations)
{
    const Tokenizer t = bert();
    // don ' t: the apostrophe is punctuation.
    EXPECT_EQ(ids(t.encode("don't")), (Ids {2, 24, 22, 23, 3}));
    const std::vector<Token> playing = t.encode("Playing");
    EXPECT_EQ(ids(playing), (Ids {2, 13, 14, 3}));
    EXPECT_EQ(playing[2].display, "##ing");
    EXPECT_EQ(playing[2].begin, 4);
    EXPECT_EQ(ids(t.encode("unaffable")), (Ids {2, 16, 17, 18, 3}));
    EXPECT_EQ(ids(t.encode("123")), (Ids {2, 29, 30, 3}));
    // ASCII symbols that are not Unicode punctuation ($, ^, `) still split: "it$was".
    EXPECT_EQ(ids(t.encode("it$was")), (Ids {2, 26, 1, 27, 3}));
}

TEST(TokenizerBert, UnknownWordsBecomeOneUnk)
{
    const Tokenizer t = bert();
    const std::vector<Token> hello = t.encode("Hello!");
    EXPECT_EQ(ids(hello), (Ids {2, 1, 21, 3}));
    EXPECT_EQ(hello[1].piece, "[UNK]");
    EXPECT_FALSE(hello[1].special);
    EXPECT_EQ(hello[1].begin, 0);
    EXPECT_EQ(hello[1].end, 5);
    // "cats": cat then "##s" is missing, so the whole word is [UNK].
    EXPECT_EQ(ids(t.encode("cats")), (Ids {2, 1, 3}));
    // Longer than max_input_chars_per_word.
    const std::string short3
        = replaced(bertTokenizerJson(), "\"max_input_chars_per_word\": 100", "\"max_input_chars_per_word\": 3");
    EXPECT_EQ(ids(parsed(short3).encode("the play")), (Ids {2, 8, 1, 3}));
}

TEST(TokenizerBert, WhitespaceAndControlCharactersAreCleaned)
{
    const Tokenizer t = bert();
    EXPECT_EQ(ids(t.encode("the\ncat\tsat")), (Ids {2, 8, 9, 10, 3}));
    // BEL (Cc) and ZERO WIDTH SPACE (Cf) are removed, joining the word.
    EXPECT_EQ(ids(t.encode("c\aa\u200bt")), (Ids {2, 9, 3}));
    EXPECT_EQ(ids(t.encode("  ")), (Ids {2, 3}));
}

TEST(TokenizerBert, MaskIsMatchedBeforeNormalisation)
{
    const Tokenizer t = bert();
    const std::vector<Token> tokens = t.encode("The [MASK] sat.");
    EXPECT_EQ(ids(tokens), (Ids {2, 8, 4, 10, 19, 3}));
    EXPECT_EQ(tokens[2].begin, 4);
    EXPECT_EQ(tokens[2].end, 10);
    EXPECT_TRUE(tokens[2].special);
    EXPECT_EQ(t.maskTokenId(), 4);
    // Lower-case "[mask]" is not the special token: [ mask ] are three unknown words.
    EXPECT_EQ(ids(t.encode("the [mask]")), (Ids {2, 8, 1, 1, 1, 3}));
    // A normalized added token is matched after lowercasing.
    const std::string normalized = replaced(bertTokenizerJson(),
        "\"content\": \"[MASK]\", \"single_word\": false, \"lstrip\": false, "
        "\"rstrip\": false, \"normalized\": false",
        "\"content\": \"[MASK]\", \"single_word\": false, \"lstrip\": false, \"rstrip\": false, "
        "\"normalized\": true");
    EXPECT_EQ(ids(parsed(normalized).encode("the [mask]")), (Ids {2, 8, 4, 3}));
}

TEST(TokenizerBert, AddedTokenOptions)
{
    // lstrip takes the spaces before it, rstrip those after it, single_word refuses a match
    // inside a word.
    const std::string lstrip = replaced(bertTokenizerJson(),
        "\"content\": \"[MASK]\", \"single_word\": false, "
        "\"lstrip\": false, \"rstrip\": false",
        "\"content\": \"[MASK]\", \"single_word\": true, \"lstrip\": true, "
        "\"rstrip\": true");
    const Tokenizer t = parsed(lstrip);
    const std::vector<Token> tokens = t.encode("the  [MASK]  cat");
    EXPECT_EQ(ids(tokens), (Ids {2, 8, 4, 9, 3}));
    EXPECT_EQ(tokens[2].begin, 3);
    EXPECT_EQ(tokens[2].end, 13);
    // "the[MASK]" is inside a word for single_word: [ mask ] stay text.
    EXPECT_EQ(ids(t.encode("the[MASK]")), (Ids {2, 8, 1, 1, 1, 3}));
}

TEST(TokenizerBert, LookupsAndVocabularySize)
{
    const Tokenizer t = bert();
    EXPECT_EQ(t.kind(), TokenizerKind::WordPiece);
    EXPECT_EQ(t.vocabSize(), kBertFixtureVocabSize);
    EXPECT_EQ(t.tokenText(14), "##ing");
    EXPECT_EQ(t.displayText(14), "##ing");
    EXPECT_EQ(t.idOf("[CLS]"), 2);
    EXPECT_EQ(t.mergeCount(), 0u);
    EXPECT_EQ(parsed(bertTokenizerJson(30522)).vocabSize(), 30522);
}

TEST(TokenizerBert, BertProcessingAddsTheSameTokens)
{
    const std::string json = bertTokenizerJson();
    const size_t begin = json.find("\"post_processor\"");
    const size_t end = json.find("\"decoder\"");
    const std::string bertProcessing = json.substr(0, begin)
        + "\"post_processor\": {\"type\": \"BertProcessing\", \"sep\": [\"[SEP]\", 3], \"cls\": [\"[CLS]\", 2]},\n  "
        + json.substr(end);
    EXPECT_EQ(ids(parsed(bertProcessing).encode("the cat")), (Ids {2, 8, 9, 3}));
    const std::string none = json.substr(0, begin) + "\"post_processor\": null,\n  " + json.substr(end);
    EXPECT_EQ(ids(parsed(none).encode("the cat")), (Ids {8, 9}));
}

TEST(TokenizerBert, LongestMatchSearchIsBoundedByTheLongestEntry)
{
    const std::string json
        = replaced(bertTokenizerJson(), "\"max_input_chars_per_word\": 100", "\"max_input_chars_per_word\": 100000000");
    const Tokenizer t = parsed(json);
    std::string word;
    for (int i = 0; i < 20000; ++i)
        word += "un";
    // "un" then "##un" is missing: the whole word is [UNK], found without trying every length.
    EXPECT_EQ(ids(t.encode(word)), (Ids {2, 1, 3}));
    EXPECT_EQ(ids(t.encode("unaffable")), (Ids {2, 16, 17, 18, 3}));
}

TEST(TokenizerBert, WithoutSpecialTokensThePostProcessorAddsNothing)
{
    // The library's add_special_tokens=False: no [CLS] … [SEP] around the same pieces.
    EXPECT_EQ(ids(bert().encode("Café")), (Ids {2, 25, 3}));
    EXPECT_EQ(ids(bert().encode("Café", false)), (Ids {25}));
}
