// With --lang zh_CN, every message of the bad-input catalogue is Chinese and keeps its
// information (file, JSON path, line:column, values). The catalogue is every bad input the other
// command-line tests try, for scenes, models and arguments.
#include "chinesemessages.h"
#include "modelfixtures.h"
#include "runattnlab.h"
#include "tokenizerfixtures.h"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace {

using attnlab::test::englishSentence;
using attnlab::test::runAttnlab;
using attnlab::test::scratchPath;

const std::string kExamples = ATTNLAB_SOURCE_DIR "/resources/examples/";
const std::string kScene = kExamples + "cat-eats-fish.attn.json";

struct Case {
    std::string args;
    std::string input; // standard input, for "-"
    std::string mentions; // a value the message must keep (a path, a number, an option)
};

void expectChinese(const Case &c)
{
    const attnlab::test::Run r = runAttnlab("--lang zh_CN " + c.args, c.input);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.err;
    ASSERT_FALSE(r.err.empty()) << c.args;
    EXPECT_EQ(englishSentence(r.err), "") << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.mentions), std::string::npos) << "expected \"" << c.mentions << "\" in: " << r.err;
}

// A tiny model folder (2 layers, 2 heads, 16 positions), removed at the end of the test.
class Model {
public:
    enum Kind { Gpt2, Bert };
    explicit Model(Kind kind, attnlab::test::TinyModelOptions options = {})
        : m_dir(attnlab::test::makeTempDir("zh-model"))
    {
        options.layers = 2;
        options.heads = 2;
        options.positions = 16;
        if (kind == Gpt2) {
            options.vocab = attnlab::test::kGpt2FixtureVocabSize;
            if (!options.addFiles)
                options.addFiles = [](const std::string &dir) { attnlab::test::writeGpt2Tokenizer(dir); };
            attnlab::test::writeTinyGpt2(m_dir, options);
        } else {
            options.vocab = attnlab::test::kBertFixtureVocabSize;
            if (!options.addFiles)
                options.addFiles = [](const std::string &dir) { attnlab::test::writeBertTokenizer(dir); };
            attnlab::test::writeTinyBert(m_dir, options);
        }
    }
    ~Model() { attnlab::test::removeTree(m_dir); }
    Model(const Model &) = delete;
    Model &operator=(const Model &) = delete;

    const std::string &dir() const { return m_dir; }
    std::string arg() const { return "--model '" + m_dir + "'"; }

private:
    std::string m_dir;
};

} // namespace

TEST(ChineseMessages, TheDetectorFindsEnglishSentencesButNotNamesOrValues)
{
    EXPECT_EQ(englishSentence("x.attn.json: bogus: unknown key\n"), "");
    EXPECT_EQ(englishSentence("a: W_Q[0]: expected a number, got a string\n"), "expected a number,");
    EXPECT_EQ(englishSentence("/tmp/my files/x.json: 无法打开文件：没有那个文件或目录\n"), "");
    EXPECT_EQ(englishSentence("attnlab: --top 与 --predict 一起使用\n"), "");
    EXPECT_EQ(englishSentence("attnlab: 没有名为“no such thing”的示例；现有示例：causal-vs-full, padding, rope\n"), "");
    EXPECT_EQ(englishSentence("attnlab: 无法读取 'the file name' 与 \"a key name\"\n"), "");
    EXPECT_EQ(englishSentence("model.safetensors: tensor \"w\" has dtype I64\n"), "tensor has dtype");
}

TEST(ChineseMessages, SceneFilesAndTheirJsonAreReportedInChinese)
{
    const std::string broken = scratchPath("broken.attn.json");
    std::ofstream(broken) << "{\n  \"tokens\": [\"a\"\n}\n";
    const std::vector<Case> cases = {
        {"--dump -", R"({"tokens": ["a"], "direct": {"Q": [[1]], "K": [[1]], "V": [["x"]]}})", "direct.V[0][0]"},
        {"--validate '" + broken + "'", "", broken + ":3:1:"},
        {"--validate -", R"({"tokens": ["a"], "bogus": 1, "mask": "casual",
            "direct": {"Q": [[1]], "K": [[1]], "V": [[1]]}})",
            "casual"},
        {"--dump /nonexistent/x.attn.json", "", "/nonexistent/x.attn.json"},
        {"--validate -", "{\"tokens\": [\"a\", \"b\"", "<stdin>:1:"},
        {"--validate -", "{\"tokens\": [\"a\nb\"]}", "U+000A"},
        {"--validate -", "{\"tokens\": [tru]}", "<stdin>:1:"},
        {"--validate -", "{\"tokens\": [1e999]}", "1e999"},
        {"--validate -", "{\"tokens\": [\"a\"], \"tokens\": [\"b\"]}", "\"tokens\""},
        {"--validate -", "{\"tokens\": [-]}", "<stdin>:1:"},
        {"--validate -", "[1, 2]", "<stdin>"},
        {"--validate -", std::string(100, '['), "64"},
        {"--validate -", R"({"tokens": ["a"], "d_model": 2, "d_k": 3, "positional_encoding": "rope",
            "embeddings": {"a": [1, 2]}, "W_Q": [[1,1,1],[1,1,1]], "W_K": [[1,1,1],[1,1,1]],
            "W_V": [[1,1,1],[1,1,1]]})",
            "3"},
        {"--validate -", R"({"format": "other", "version": 7, "tokens": [], "heads": 0, "d_k": 1,
            "embeddings": [], "W_Q": [[1]], "W_K": [[1]], "W_V": [[1]]})",
            "version"},
        {"--validate -", R"({"tokens": ["a"], "d_model": 2, "d_k": 1, "scale": "big", "mask": [[2]],
            "embeddings": {"a": [1, 2, 3]}, "W_Q": [[1],[1]], "W_K": [[1],[1]], "W_V": [[1],[1]]})",
            "embeddings"},
        {"--validate -", R"({"tokens": ["a", "b"], "d_model": 1, "d_k": 1, "embeddings": {"a": [1]},
            "W_Q": [[1]], "W_K": [[1], [2]], "W_V": [[1]]})",
            "tokens[1]"},
        {"--validate -", R"({"tokens": ["a"], "positional_encoding": "rope", "rope_convention": "neox",
            "direct": {"Q": [[1, 2]], "K": [[1, 2]], "V": [[1]]}})",
            "rope_convention"},
        {"--validate -", R"({"tokens": ["a"], "positional_encoding": "rope", "rope_theta": 0,
            "direct": {"Q": [[1, 2]], "K": [[1, 2]], "V": [[1]]}})",
            "rope_theta"},
        {"--dump -", R"({"tokens": ["a"], "positional_encoding": "rope", "rope_frequencies": [1, 2],
            "direct": {"Q": [[1, 2]], "K": [[1, 2]], "V": [[1]]}})",
            "rope_frequencies"},
        {"--validate -", R"({"tokens": ["a"], "rope_convention": "rotate_half",
            "direct": {"Q": [[1, 2]], "K": [[1, 2]], "V": [[1]]}})",
            "rope_convention"},
    };
    for (const Case &c : cases)
        expectChinese(c);
    std::remove(broken.c_str());
}

TEST(ChineseMessages, CommandLineArgumentsAreRefusedInChinese)
{
    const std::string out = scratchPath("never.png");
    const std::string scene = " '" + kScene + "'";
    const std::vector<Case> cases = {
        {"--dump --frobnicate x", "", "frobnicate"},
        {"--dump --example", "", "--example"},
        {"--dump --example no-such-example", "", "no-such-example"},
        {"--dump --example cat-eats-fish --head 2", "", "--head"},
        {"--validate a.attn.json b.attn.json", "", ""},
        {"--dump --validate --example cat-eats-fish", "", "--validate"},
        {"--dump --example cat-eats-fish" + scene, "", "--example"},
        {"--validate", "", "--example"},
        {"--export nope --out '" + out + "'" + scene, "", "nope"},
        {"--export weights,,scores --out '" + out + "'" + scene, "", "weights,,scores"},
        {"--export weights" + scene, "", "--out"},
        {"--export weights --out '" + scratchPath("w.gif") + "'" + scene, "", ".png"},
        {"--export weights --head 2 --out '" + out + "'" + scene, "", "“2”"},
        {"--export weights --scale 0 --out '" + out + "'" + scene, "", "0.25"},
        {"--export weights --theme neon --out '" + out + "'" + scene, "", "neon"},
        {"--export weights --colormap jet --out '" + out + "'" + scene, "", "jet"},
        {"--export X --out '" + out + "' --example cat-eats-fish-handcalc", "", "X"},
        {"--export weights --out '" + out + "' --example nosuch", "", "nosuch"},
        {"--export weights --out '" + out + "' /no/such/scene.attn.json", "", "/no/such/scene.attn.json"},
        {"--export weights --dump --out '" + out + "'" + scene, "", "--dump"},
        {"--export weights --out '/no/such/dir/w.png'" + scene, "", "/no/such/dir/w.png"},
        {"--experiment softmax --out '" + out + "'", "", "softmax"},
        {"--experiment sqrt-dk", "", "--out"},
        {"--experiment sqrt-dk --out '" + scratchPath("x.jpg") + "'", "", ".png"},
        {"--experiment sqrt-dk --seed -1 --out '" + out + "'", "", "“-1”"},
        {"--experiment sqrt-dk --out '" + out + "' --example cat-eats-fish", "", "--example"},
        {"--seed 3", "", "--seed"},
        {"--experiment sqrt-dk --export weights --out '" + out + "'", "", "--export"},
        {"--lang-x", "", "lang-x"},
        {"--dump --text a --layer 1 --head 1 --example cat-eats-fish", "", "--text"},
        {"--predict --top 3", "", "--model"},
    };
    for (const Case &c : cases)
        expectChinese(c);
}

TEST(ChineseMessages, ModelFoldersAndModelOptionsAreRefusedInChinese)
{
    const std::string empty = attnlab::test::makeTempDir("zh-empty");
    attnlab::test::TinyModelOptions mistral;
    mistral.configEdits["model_type"] = "\"mistral\"";
    const Model unsupported(Model::Gpt2, mistral);
    attnlab::test::TinyModelOptions wrongShape;
    wrongShape.editTensors = [](std::vector<attnlab::test::FixtureTensor> &tensors) {
        for (attnlab::test::FixtureTensor &t : tensors)
            if (t.name == "wte.weight") {
                t.shape = {attnlab::test::kGpt2FixtureVocabSize - 1, 8};
                t.values.resize(size_t(attnlab::test::kGpt2FixtureVocabSize - 1) * 8);
            }
    };
    const Model inconsistent(Model::Gpt2, wrongShape);
    const Model truncated(Model::Gpt2);
    const std::string weights = truncated.dir() + "/model.safetensors";
    const std::string bytes = attnlab::test::readBytes(weights);
    attnlab::test::writeBytes(weights, bytes.substr(0, bytes.size() - 100));
    attnlab::test::TinyModelOptions headless;
    headless.mlmHead = false;
    const Model noHead(Model::Bert, headless);
    const Model gpt2(Model::Gpt2);
    const Model bert(Model::Bert);
    const std::string args = " --text a --layer 1 --head 1";
    const std::string base = "--dump " + gpt2.arg() + " --text 'The cat sat'";
    const std::string predict = "--predict " + gpt2.arg() + " --text 'The cat sat'";
    std::string longText;
    for (int i = 0; i < 9; ++i)
        longText += "it was ";

    const std::vector<Case> cases = {
        {"--dump --model '" + empty + "'" + args, "", "config.json"},
        {"--predict --model '" + empty + "' --text a", "", "config.json"},
        {"--dump " + unsupported.arg() + args, "", "mistral"},
        {"--dump " + inconsistent.arg() + args, "", "wte.weight"},
        {"--predict " + truncated.arg() + " --text a", "", "model.safetensors"},
        {"--model /nonexistent/attnlab-model", "", "/nonexistent/attnlab-model"},
        {base + " --layer 3 --head 1", "", "--layer"},
        {base + " --layer 0 --head 1", "", "“0”"},
        {base + " --layer x --head 1", "", "“x”"},
        {base + " --layer 1 --head 3", "", "--head"},
        {base + " --layer 1 --head -1", "", "“-1”"},
        {base + " --head 1", "", "--layer"},
        {"--dump " + gpt2.arg() + " --layer 1 --head 1", "", "--text"},
        {"--predict " + gpt2.arg(), "", "--text"},
        {"--predict " + gpt2.arg() + " --text '" + longText + "'", "", "n_positions"},
        {"--dump " + gpt2.arg() + " --text '' --layer 1 --head 1", "", "--text"},
        {"--predict " + bert.arg() + " --text 'the cat sat'", "", "[MASK]"},
        {"--predict " + noHead.arg() + " --text 'the cat [MASK] on the mat'", "", "cls.predictions"},
        {predict + " --top 0", "", "“0”"},
        {predict + " --top abc", "", "“abc”"},
        {predict + " --ablate 2.x", "", "“2.x”"},
        {predict + " --ablate 3.1", "", "3.1"},
        {predict + " --dump", "", "--dump"},
        {predict + " --layer 1", "", "--layer"},
        {base + " --layer 1 --head 1 --top 3", "", "--top"},
        {base + " --layer 1 --head 1 --example cat-eats-fish", "", "--example"},
        {gpt2.arg() + " --text a --layer 1 --head 1 --out '" + scratchPath("head.png") + "'", "", "--export"},
    };
    for (const Case &c : cases)
        expectChinese(c);
    attnlab::test::removeTree(empty);
}

TEST(ChineseMessages, TokenizerFilesAndForwardChecksAreRefusedInChinese)
{
    // A GPT-2 folder whose tokenizer files are whatever `write` puts there.
    const auto withTokenizer = [](std::function<void(const std::string &)> write) {
        attnlab::test::TinyModelOptions options;
        options.addFiles = std::move(write);
        return std::make_unique<Model>(Model::Gpt2, options);
    };
    const auto tokenizerJson = [](std::string text) {
        return [text](const std::string &dir) { attnlab::test::writeTextFile(dir + "/tokenizer.json", text); };
    };
    const std::string bpe = R"("model": {"type": "BPE", "vocab": {"a": 0, "b": 1}, "merges": []})";
    const std::vector<std::pair<std::unique_ptr<Model>, std::string>> folders = [&] {
        std::vector<std::pair<std::unique_ptr<Model>, std::string>> list;
        list.emplace_back(withTokenizer([](const std::string &) {}), "tokenizer.json");
        list.emplace_back(
            withTokenizer(tokenizerJson("{" + bpe + R"(, "normalizer": {"type": "Precompiled"}})")), "Precompiled");
        list.emplace_back(withTokenizer(tokenizerJson(R"({"model": {"type": "Unigram", "vocab": []}})")), "Unigram");
        list.emplace_back(
            withTokenizer(tokenizerJson(R"({"model": {"type": "BPE", "vocab": {"a": 0}, "merges": ["a"]}})")),
            "model.merges[0]");
        list.emplace_back(withTokenizer(tokenizerJson(R"({"model": {"type": "BPE", "vocab": {"a": 0}, "merges": [)")),
            "tokenizer.json:1:");
        list.emplace_back(withTokenizer(tokenizerJson("[1]")), "tokenizer.json");
        list.emplace_back(
            withTokenizer(tokenizerJson(R"({"model": {"type": "WordPiece", "vocab": {"a": 0}}})")), "model.unk_token");
        list.emplace_back(
            withTokenizer(tokenizerJson("{" + bpe + R"(, "added_tokens": [{"id": "x", "content": "a"}]})")),
            "added_tokens[0].id");
        list.emplace_back(
            withTokenizer(tokenizerJson("{" + bpe + R"(, "pre_tokenizer": {"type": "Split"}})")), "pre_tokenizer");
        list.emplace_back(withTokenizer([](const std::string &dir) {
            attnlab::test::writeGpt2VocabFiles(dir);
            attnlab::test::writeTextFile(dir + "/merges.txt", "#version: 0.2\na b c\n");
        }),
            "merges.txt");
        list.emplace_back(withTokenizer([](const std::string &dir) {
            attnlab::test::writeTextFile(dir + "/vocab.json", R"({"a": -1})");
            attnlab::test::writeTextFile(dir + "/merges.txt", "");
        }),
            "vocab.json");
        list.emplace_back(withTokenizer([](const std::string &dir) {
            attnlab::test::writeTextFile(dir + "/vocab.txt", "a\n\xff\n");
        }),
            "vocab.txt");
        list.emplace_back(
            withTokenizer([](const std::string &dir) { attnlab::test::writeTextFile(dir + "/vocab.txt", "a\nb\n"); }),
            "[UNK]");
        list.emplace_back(withTokenizer([](const std::string &dir) {
            attnlab::test::writeBertVocabTxt(dir, attnlab::test::kBertFixtureVocabSize, R"({"do_lower_case": 1})");
        }),
            "do_lower_case");
        attnlab::test::TinyModelOptions unknownActivation;
        unknownActivation.configEdits["activation_function"] = "\"no_such_activation\"";
        list.emplace_back(std::make_unique<Model>(Model::Gpt2, unknownActivation), "no_such_activation");
        return list;
    }();
    for (const auto &[model, mentions] : folders) {
        expectChinese({"--predict " + model->arg() + " --text a", "", mentions});
        expectChinese({"--dump " + model->arg() + " --text a --layer 1 --head 1", "", mentions});
    }
}
