#include "tokenizerfixtures.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace attnlab::test {

namespace {

std::string utf8(char32_t c)
{
    std::string out;
    if (c < 0x80) {
        out += char(c);
    } else if (c < 0x800) {
        out += char(0xC0 | (c >> 6));
        out += char(0x80 | (c & 0x3F));
    } else {
        out += char(0xE0 | (c >> 12));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    }
    return out;
}

// GPT-2's bytes_to_unicode, written out independently of the production code: the byte
// characters in id order (printable bytes first, then the 68 others mapped from U+0100).
std::vector<std::string> byteCharsInIdOrder()
{
    std::vector<std::string> printable, other;
    char32_t next = 0x100;
    for (int b = 0; b < 256; ++b) {
        if ((b >= 0x21 && b <= 0x7E) || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF))
            printable.push_back(utf8(char32_t(b)));
        else
            other.push_back(utf8(next++));
    }
    printable.insert(printable.end(), other.begin(), other.end());
    return printable;
}

std::string vocabObject(const std::vector<std::string> &vocab)
{
    std::string out = "{";
    for (size_t i = 0; i < vocab.size(); ++i)
        out += (i ? ", " : "") + jsonString(vocab[i]) + ": " + std::to_string(i);
    return out + "}";
}

std::string addedToken(int id, const std::string &content, bool normalized)
{
    return "{\"id\": " + std::to_string(id) + ", \"content\": " + jsonString(content)
        + ", \"single_word\": false, \"lstrip\": false, \"rstrip\": false, \"normalized\": "
        + (normalized ? "true" : "false") + ", \"special\": true}";
}

} // namespace

const std::vector<std::pair<std::string, std::string>> kGpt2Merges = {
    {"Ġ", "t"},
    {"h", "e"},
    {"a", "t"},
    {"Ġt", "he"},
    {"Ġ", "c"},
    {"Ġc", "at"},
    {"Ġ", "s"},
    {"Ġs", "at"},
    {"T", "he"},
    {"'", "t"},
    {"d", "o"},
    {"do", "n"},
    {"'", "l"},
    {"'l", "l"},
    {"Ġ", "Ġ"},
    {"Ċ", "Ċ"},
    {"1", "2"},
    {"Ġ", "3"},
    {"ç", "Į"},
    {"Ã", "©"},
    {"i", "t"},
    {"Ġ", "it"},
    {"Ġ", "w"},
    {"a", "s"},
    {"Ġw", "as"},
};

std::string jsonString(const std::string &s)
{
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += char(c);
        } else if (c < 0x20) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
            out += buffer;
        } else {
            out += char(c);
        }
    }
    return out + "\"";
}

void writeTextFile(const std::string &path, const std::string &text)
{
    const std::filesystem::path p(path);
    if (p.has_parent_path())
        std::filesystem::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary);
    out << text;
    if (!out)
        throw std::runtime_error("cannot write " + path);
}

std::vector<std::string> gpt2FixtureVocab(int vocabSize)
{
    std::vector<std::string> vocab = byteCharsInIdOrder();
    for (const auto &[a, b] : kGpt2Merges)
        vocab.push_back(a + b);
    if (vocabSize < int(vocab.size()) + 1)
        throw std::invalid_argument("the GPT-2 fixture needs a vocabulary of at least 282");
    for (int k = 0; int(vocab.size()) < vocabSize - 1; ++k)
        vocab.push_back("<gpt2-filler-" + std::to_string(k) + ">");
    vocab.push_back("<|endoftext|>");
    return vocab;
}

std::vector<std::string> bertFixtureVocab(int vocabSize)
{
    std::vector<std::string> vocab = {"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "猫", "吃", "鱼", "the", "cat",
        "sat", "on", "mat", "play", "##ing", "##ed", "un", "##aff", "##able", ".", ",", "!", "'", "t", "don", "cafe",
        "it", "was", "tired", "12", "##3"};
    if (vocabSize < int(vocab.size()))
        throw std::invalid_argument("the BERT fixture needs a vocabulary of at least 31");
    for (int k = 0; int(vocab.size()) < vocabSize; ++k)
        vocab.push_back("[unused" + std::to_string(k) + "]");
    return vocab;
}

std::string gpt2TokenizerJson(const Gpt2FixtureOptions &options)
{
    const std::vector<std::string> vocab = gpt2FixtureVocab(options.vocabSize);
    std::string merges = "[";
    for (size_t i = 0; i < kGpt2Merges.size(); ++i) {
        const auto &[a, b] = kGpt2Merges[i];
        merges += i ? ", " : "";
        merges += options.mergesAsPairs ? "[" + jsonString(a) + ", " + jsonString(b) + "]" : jsonString(a + " " + b);
    }
    merges += "]";
    const std::string prefix = options.addPrefixSpace ? "true" : "false";
    return "{\n  \"version\": \"1.0\",\n  \"truncation\": null,\n  \"padding\": null,\n  \"added_tokens\": ["
        + addedToken(options.vocabSize - 1, "<|endoftext|>", true)
        + "],\n  \"normalizer\": null,\n  \"pre_tokenizer\": {\"type\": \"ByteLevel\", \"add_prefix_space\": " + prefix
        + ", \"trim_offsets\": true, \"use_regex\": true},\n"
          "  \"post_processor\": {\"type\": \"ByteLevel\", \"add_prefix_space\": true, \"trim_offsets\": false, "
          "\"use_regex\": true},\n"
          "  \"decoder\": {\"type\": \"ByteLevel\", \"add_prefix_space\": true, \"trim_offsets\": true, "
          "\"use_regex\": true},\n"
          "  \"model\": {\"type\": \"BPE\", \"dropout\": null, \"unk_token\": null, \"continuing_subword_prefix\": "
          "\"\", \"end_of_word_suffix\": \"\", \"fuse_unk\": false, \"byte_fallback\": false, \"vocab\": "
        + vocabObject(vocab) + ", \"merges\": " + merges + "}\n}\n";
}

std::string bertTokenizerJson(int vocabSize)
{
    const std::vector<std::string> vocab = bertFixtureVocab(vocabSize);
    std::string added;
    for (int id = 0; id < 5; ++id)
        added += (id ? ", " : "") + addedToken(id, vocab[id], false);
    const auto special = [](const std::string &name, int id) {
        return jsonString(name) + ": {\"id\": " + jsonString(name) + ", \"ids\": [" + std::to_string(id)
            + "], \"tokens\": [" + jsonString(name) + "]}";
    };
    return "{\n  \"version\": \"1.0\",\n  \"truncation\": null,\n  \"padding\": null,\n  \"added_tokens\": [" + added
        + "],\n  \"normalizer\": {\"type\": \"BertNormalizer\", \"clean_text\": true, \"handle_chinese_chars\": true, "
          "\"strip_accents\": null, \"lowercase\": true},\n"
          "  \"pre_tokenizer\": {\"type\": \"BertPreTokenizer\"},\n"
          "  \"post_processor\": {\"type\": \"TemplateProcessing\", \"single\": [{\"SpecialToken\": {\"id\": "
          "\"[CLS]\", \"type_id\": 0}}, {\"Sequence\": {\"id\": \"A\", \"type_id\": 0}}, {\"SpecialToken\": {\"id\": "
          "\"[SEP]\", \"type_id\": 0}}], \"pair\": [{\"SpecialToken\": {\"id\": \"[CLS]\", \"type_id\": 0}}, "
          "{\"Sequence\": {\"id\": \"A\", \"type_id\": 0}}, {\"SpecialToken\": {\"id\": \"[SEP]\", \"type_id\": 0}}, "
          "{\"Sequence\": {\"id\": \"B\", \"type_id\": 1}}, {\"SpecialToken\": {\"id\": \"[SEP]\", \"type_id\": 1}}], "
          "\"special_tokens\": {"
        + special("[CLS]", kBertClsId) + ", " + special("[SEP]", kBertSepId)
        + "}},\n"
          "  \"decoder\": {\"type\": \"WordPiece\", \"prefix\": \"##\", \"cleanup\": true},\n"
          "  \"model\": {\"type\": \"WordPiece\", \"unk_token\": \"[UNK]\", \"continuing_subword_prefix\": \"##\", "
          "\"max_input_chars_per_word\": 100, \"vocab\": "
        + vocabObject(vocab) + "}\n}\n";
}

int writeGpt2Tokenizer(const std::string &dir, const Gpt2FixtureOptions &options)
{
    writeTextFile(dir + "/tokenizer.json", gpt2TokenizerJson(options));
    return options.vocabSize;
}

int writeBertTokenizer(const std::string &dir, int vocabSize)
{
    writeTextFile(dir + "/tokenizer.json", bertTokenizerJson(vocabSize));
    return vocabSize;
}

int writeGpt2VocabFiles(const std::string &dir, int vocabSize, const std::string &config)
{
    writeTextFile(dir + "/vocab.json", vocabObject(gpt2FixtureVocab(vocabSize)));
    std::string merges = "#version: 0.2\n";
    for (const auto &[a, b] : kGpt2Merges)
        merges += a + " " + b + "\n";
    writeTextFile(dir + "/merges.txt", merges);
    if (!config.empty())
        writeTextFile(dir + "/tokenizer_config.json", config);
    return vocabSize;
}

int writeBertVocabTxt(const std::string &dir, int vocabSize, const std::string &config)
{
    std::string text;
    for (const std::string &piece : bertFixtureVocab(vocabSize))
        text += piece + "\n";
    writeTextFile(dir + "/vocab.txt", text);
    if (!config.empty())
        writeTextFile(dir + "/tokenizer_config.json", config);
    return vocabSize;
}

} // namespace attnlab::test
