// Pins the command line's outputs (issues 17 and 30): every built-in example and the tiny GPT-2,
// BERT, Qwen2 and Llama model fixtures, run through the public commands, must print what
// tests/cli/pinned/outputs.json recorded before the architecture redesigns. A refactor that moves
// code must not move a word of output.
//
// To re-record after an intended change of output (and say why in the commit):
//   ATTNLAB_UPDATE_PINNED=1 build/tests/attnlab_cli_tests --gtest_filter='PinnedOutputs.*'
//
// Everything but the numbers is compared byte for byte. Numbers are compared with a tolerance
// (kNumberTolerance), and an SVG's #rrggbb colours channel by channel: float32 sums round
// differently on another CPU (OpenBLAS picks its kernels at run time, and so do the half-precision
// kernels), in another build (the sanitizer pass has no BLAS and other optimisation flags) and on
// another architecture, so the last digits of a printed float are not part of the contract.
#include "modelfixtures.h"
#include "runattnlab.h"
#include "testutil.h"
#include "tokenizerfixtures.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace {

using namespace attnlab;
using nlohmann::json;

const std::string kPinnedFile = std::string(ATTNLAB_SOURCE_DIR) + "/tests/cli/pinned/outputs.json";

const std::vector<std::string> kExamples = {
    "cat-eats-fish",
    "cat-eats-fish-handcalc",
    "causal-vs-full",
    "multi-head",
    "order-matters",
    "order-matters-rope",
    "order-matters-sinusoidal",
    "order-matters-swapped",
    "order-matters-swapped-sinusoidal",
    "padding",
    "pronoun",
    "softmax-sharpness",
};

std::string quoted(const std::string &s)
{
    return "'" + s + "'";
}

void replaceAll(std::string &text, const std::string &from, const std::string &to)
{
    for (size_t at = text.find(from); !from.empty() && at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

// A ChatML template as Qwen2.5's begins, and a Llama 3 one (without their system and tools
// branches).
const std::string kChatMl = "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + "
                            "message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}"
                            "{{ '<|im_start|>assistant\\n' }}{% endif %}";
const std::string kLlama3Chat = "{{ bos_token }}{% for message in messages %}{{ '<|start_header_id|>' + "
                                "message['role'] + '<|end_header_id|>\\n\\n' + message['content'] | trim + "
                                "'<|eot_id|>' }}{% endfor %}{% if add_generation_prompt %}"
                                "{{ '<|start_header_id|>assistant<|end_header_id|>\\n\\n' }}{% endif %}";

void writeChatTemplate(const std::string &dir, const std::string &source, const std::string &endOfTurn)
{
    test::writeTextFile(dir + "/tokenizer_config.json",
        "{\"chat_template\": " + json(source).dump()
            + ", \"bos_token\": \"<|begin_of_text|>\", \"eos_token\": " + json(endOfTurn).dump() + "}");
}

// The tiny model folders of the model command tests, written once for the whole test.
class Fixtures {
public:
    Fixtures()
        : gpt2(test::makeTempDir("pinned-gpt2"))
        , bert(test::makeTempDir("pinned-bert"))
        , qwen2(test::makeTempDir("pinned-qwen2"))
        , llama(test::makeTempDir("pinned-llama"))
    {
        test::TinyModelOptions options;
        options.layers = 2;
        options.heads = 2;
        options.positions = 16;
        options.vocab = test::kGpt2FixtureVocabSize;
        options.addFiles = [](const std::string &dir) { test::writeGpt2Tokenizer(dir); };
        test::writeTinyGpt2(gpt2, options);
        options.vocab = test::kBertFixtureVocabSize;
        options.addFiles = [](const std::string &dir) { test::writeBertTokenizer(dir); };
        test::writeTinyBert(bert, options);
        // The rotary families as their tests make them: 4 query heads sharing 2 key/value heads
        // (grouped-query attention), the vocabulary padded past the tokenizer's (as Qwen's is), room
        // for a chat template's prompt, and the end-of-turn token as the tokenizer's eos_token.
        test::TinyModelOptions rotary;
        rotary.layers = 2;
        rotary.heads = 4;
        rotary.kvHeads = 2;
        rotary.dModel = 16;
        rotary.dInner = 20;
        rotary.positions = 128;
        rotary.vocab = test::kGpt2FixtureVocabSize + 20;
        rotary.addFiles = [](const std::string &dir) {
            test::writeGpt2Tokenizer(dir);
            writeChatTemplate(dir, kChatMl, "<|im_end|>");
        };
        test::writeTinyQwen2(qwen2, rotary);
        rotary.seed = 7;
        rotary.attentionBias = true;
        rotary.addFiles = [](const std::string &dir) {
            test::writeGpt2Tokenizer(dir);
            writeChatTemplate(dir, kLlama3Chat, "<|eot_id|>");
        };
        test::writeTinyLlama(llama, rotary);
    }
    ~Fixtures()
    {
        test::removeTree(gpt2);
        test::removeTree(bert);
        test::removeTree(qwen2);
        test::removeTree(llama);
    }
    Fixtures(const Fixtures &) = delete;
    Fixtures &operator=(const Fixtures &) = delete;

    std::string gpt2;
    std::string bert;
    std::string qwen2;
    std::string llama;
};

struct Case {
    std::string name;
    std::string args; // {GPT2}, {BERT}, {QWEN2}, {LLAMA} and {OUT} are replaced before running
    bool writesFile = false; // the output file's text is pinned too
};

std::vector<Case> cases()
{
    std::vector<Case> all;
    all.push_back({"list-examples", "--list-examples"});
    for (const std::string &name : kExamples) {
        all.push_back({"dump " + name, "--example " + name + " --dump"});
        all.push_back({"validate " + name, "--example " + name + " --validate"});
    }
    all.push_back({"unknown example", "--example no-such-example --dump"});
    all.push_back({"unknown example zh", "--lang zh_CN --example no-such-example --dump"});
    all.push_back({"export svg", "--example multi-head --export weights,context --head 2 --out {OUT}.svg", true});
    const std::string gpt2Text = " --text " + quoted("The cat sat");
    const std::string bertText = " --text " + quoted("the cat [MASK] on the mat");
    all.push_back({"gpt2 dump", "--model {GPT2}" + gpt2Text + " --layer 2 --head 1 --dump"});
    all.push_back({"gpt2 predict", "--model {GPT2}" + gpt2Text + " --predict --top 5"});
    all.push_back({"gpt2 predict ablated", "--model {GPT2}" + gpt2Text + " --predict --top 5 --ablate 1.1,2.2"});
    all.push_back({"gpt2 scene file", "--model {GPT2}" + gpt2Text + " --layer 1 --head 2 --out {OUT}.attn.json", true});
    all.push_back({"gpt2 export svg",
        "--model {GPT2}" + gpt2Text + " --layer 2 --head 2 --export weights --out {OUT}.svg", true});
    all.push_back({"bert dump", "--model {BERT}" + bertText + " --layer 1 --head 2 --dump"});
    all.push_back({"bert predict", "--model {BERT}" + bertText + " --predict --top 5"});
    all.push_back({"bert predict ablated", "--model {BERT}" + bertText + " --predict --top 3 --ablate 2.1"});
    all.push_back({"bert scene file", "--model {BERT}" + bertText + " --layer 2 --head 1 --out {OUT}.attn.json", true});
    all.push_back({"bert no mask", "--model {BERT} --text " + quoted("the cat sat") + " --predict"});
    all.push_back({"gpt2 no text", "--model {GPT2} --predict"});
    all.push_back({"gpt2 generate", "--generate --model {GPT2}" + gpt2Text + " --max-new-tokens 6"});
    all.push_back({"gpt2 generate sampled",
        "--generate --model {GPT2}" + gpt2Text
            + " --max-new-tokens 6 --temperature 0.8 --top-k 50 --top-p 0.9 --seed 42"});
    all.push_back(
        {"gpt2 generate ablated", "--generate --model {GPT2}" + gpt2Text + " --max-new-tokens 4 --ablate 2.1"});
    all.push_back({"bert generate", "--generate --model {BERT}" + bertText});
    all.push_back({"gpt2 lens", "--model {GPT2}" + gpt2Text + " --lens --top 3"});
    all.push_back({"gpt2 attribute", "--model {GPT2}" + gpt2Text + " --attribute"});
    all.push_back({"gpt2 block", "--model {GPT2}" + gpt2Text + " --dump --layer 2 --block"});
    all.push_back({"bert lens", "--model {BERT}" + bertText + " --lens --top 3"});
    all.push_back({"bert attribute", "--model {BERT}" + bertText + " --attribute --token 7"});
    all.push_back({"bert block", "--model {BERT}" + bertText + " --dump --layer 1 --block"});
    // What users see of the rotary families (RMSNorm, SwiGLU, rotary positions, grouped-query
    // attention; Qwen2's q/k/v biases, Llama's attention_bias).
    for (const auto &[family, folder] :
        {std::pair<std::string, std::string> {"qwen2", "{QWEN2}"}, {"llama", "{LLAMA}"}}) {
        const std::string model = "--model " + folder + gpt2Text;
        all.push_back({family + " dump", model + " --layer 2 --head 3 --dump"});
        all.push_back({family + " block", model + " --dump --layer 1 --block"});
        all.push_back({family + " predict", model + " --predict --top 5"});
        all.push_back({family + " predict ablated", model + " --predict --top 3 --ablate 1.2,2.4"});
        all.push_back({family + " generate", "--generate " + model + " --max-new-tokens 5"});
        all.push_back({family + " generate sampled",
            "--generate " + model + " --max-new-tokens 5 --temperature 0.7 --top-k 20 --top-p 0.95 --seed 7"});
        all.push_back({family + " chat",
            "--generate --model " + folder + " --text " + quoted("hi") + " --chat --max-new-tokens 3"});
        all.push_back({family + " lens", model + " --lens --top 3"});
        all.push_back({family + " attribute", model + " --attribute"});
    }
    return all;
}

json runCase(const Case &c, const Fixtures &fixtures)
{
    const std::string out = test::scratchPath("pinned");
    std::string args = c.args;
    replaceAll(args, "{GPT2}", quoted(fixtures.gpt2));
    replaceAll(args, "{BERT}", quoted(fixtures.bert));
    replaceAll(args, "{QWEN2}", quoted(fixtures.qwen2));
    replaceAll(args, "{LLAMA}", quoted(fixtures.llama));
    replaceAll(args, "{OUT}", quoted(out));
    // Paths in messages or files vary per run: they are pinned as placeholders.
    auto placeheld = [&](std::string text) {
        replaceAll(text, fixtures.gpt2, "{GPT2}");
        replaceAll(text, fixtures.bert, "{BERT}");
        replaceAll(text, fixtures.qwen2, "{QWEN2}");
        replaceAll(text, fixtures.llama, "{LLAMA}");
        replaceAll(text, out, "{OUT}");
        return text;
    };
    const test::Run run = test::runAttnlab(args, {}, "env LANGUAGE=en LC_ALL=C.UTF-8");
    json result = {{"args", c.args}, {"code", run.code}, {"out", placeheld(run.out)}, {"err", placeheld(run.err)}};
    if (c.writesFile) {
        const std::string suffix = c.args.substr(
            c.args.rfind("{OUT}") + 5, c.args.find(' ', c.args.rfind("{OUT}")) - c.args.rfind("{OUT}") - 5);
        const std::string file = out + suffix;
        result["file"] = placeheld(test::readFile(file));
        std::remove(file.c_str());
    }
    return result;
}

// Two printed numbers are the same when they differ by at most this much, relative to the larger
// of 1 and the recorded magnitude. The fixtures' numbers pass through a few float32 layers: another
// CPU's or build's rounding moves them by about 1e-7 relative (e.g. -0.726897001 printed as
// -0.72689724); 2e-5 leaves a hundredfold margin and still catches any change of arithmetic (a
// wrong scale, norm or mask moves them by 1e-2 and more).
constexpr double kNumberTolerance = 2e-5;
// An SVG colour is a quantised number: a value on the edge between two steps of the colour map
// may land on either. One step per channel either way is rounding; more is a different picture.
constexpr int kColourTolerance = 1;

// One piece of a text: a run of words, a number, or a #rrggbb colour.
struct Piece {
    enum Kind { Words, Number, Colour } kind = Words;
    std::string text;
    double number = 0;
};

// Splits text into runs of words, numbers and colours. A colour is '#' and six hex digits; a
// number is an optional sign, digits with an optional fraction, and an optional exponent.
std::vector<Piece> pieces(const std::string &text)
{
    static const std::regex token(R"(#[0-9a-fA-F]{6}(?![0-9a-zA-Z])|[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)");
    std::vector<Piece> out;
    size_t last = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), token); it != std::sregex_iterator(); ++it) {
        if (size_t(it->position()) > last)
            out.push_back({Piece::Words, text.substr(last, size_t(it->position()) - last), 0});
        const std::string t = it->str();
        if (t[0] == '#')
            out.push_back({Piece::Colour, t, 0});
        else
            out.push_back({Piece::Number, t, std::strtod(t.c_str(), nullptr)});
        last = size_t(it->position() + it->length());
    }
    if (last < text.size())
        out.push_back({Piece::Words, text.substr(last), 0});
    return out;
}

bool sameColour(const std::string &a, const std::string &b)
{
    for (int channel = 0; channel < 3; ++channel) {
        const long x = std::stol(a.substr(size_t(1 + 2 * channel), 2), nullptr, 16);
        const long y = std::stol(b.substr(size_t(1 + 2 * channel), 2), nullptr, 16);
        if (std::abs(x - y) > kColourTolerance)
            return false;
    }
    return true;
}

// Whether `now` reads as `pinned`: the same words, the same numbers up to kNumberTolerance, the same
// colours up to kColourTolerance. Returns a description of the first difference, or "".
std::string difference(const std::string &pinned, const std::string &now)
{
    if (now == pinned)
        return {};
    const std::vector<Piece> before = pieces(pinned), after = pieces(now);
    for (size_t i = 0; i < std::max(before.size(), after.size()); ++i) {
        if (i >= before.size() || i >= after.size())
            return "the text has " + std::to_string(after.size()) + " pieces, the record "
                + std::to_string(before.size());
        const Piece &b = before[i], &a = after[i];
        const std::string where = "piece " + std::to_string(i) + ": \"" + a.text + "\" where the record has \"" + b.text
            + "\" (after \"" + (i > 0 ? before[i - 1].text : std::string()) + "\")";
        if (a.kind != b.kind)
            return where;
        if (a.kind == Piece::Words && a.text != b.text)
            return where;
        if (a.kind == Piece::Colour && !sameColour(a.text, b.text))
            return where;
        if (a.kind == Piece::Number
            && !(std::abs(a.number - b.number) <= kNumberTolerance * std::max(1.0, std::abs(b.number))))
            return where;
    }
    return {};
}

void expectSame(const std::string &what, const std::string &pinned, const std::string &now)
{
    const std::string problem = difference(pinned, now);
    EXPECT_EQ(problem, "") << what;
}

TEST(PinnedOutputs, NumbersAreComparedWithAToleranceAndEverythingElseExactly)
{
    // The example of issue 30: the same float32 sum printed on two CPUs.
    EXPECT_EQ(difference("{\"value\": -0.726897001}", "{\"value\": -0.72689724}"), "");
    EXPECT_EQ(difference("[1e-05, 2]", "[1.00000001e-05, 2.00000003]"), "");
    EXPECT_EQ(difference("fill=\"#21918c\"", "fill=\"#22918b\""), "");
    // A different number, word, count of numbers or colour is a different output.
    EXPECT_NE(difference("{\"value\": -0.726897001}", "{\"value\": -0.7271}"), "");
    EXPECT_NE(difference("{\"value\": 100.5}", "{\"value\": 100.51}"), "");
    EXPECT_NE(difference("{\"token\": \"cat\", \"p\": 0.5}", "{\"token\": \"dog\", \"p\": 0.5}"), "");
    EXPECT_NE(difference("[1, 2]", "[1, 2, 3]"), "");
    EXPECT_NE(difference("[1, 2]", "[1, -2]"), "");
    EXPECT_NE(difference("fill=\"#21918c\"", "fill=\"#24918c\""), "");
    EXPECT_NE(difference("id 7", "id x"), "");
}

TEST(PinnedOutputs, EveryExampleAndModelFixturePrintsWhatWasRecorded)
{
    const Fixtures fixtures;
    json now = json::object();
    for (const Case &c : cases())
        now[c.name] = runCase(c, fixtures);

    if (std::getenv("ATTNLAB_UPDATE_PINNED")) {
        std::ofstream(kPinnedFile, std::ios::binary) << now.dump(1) << "\n";
        GTEST_SKIP() << "recorded " << now.size() << " cases in " << kPinnedFile;
    }
    const json pinned = json::parse(test::readFile(kPinnedFile));
    ASSERT_EQ(pinned.size(), now.size()) << "cases were added or removed: re-record and say why";
    for (const auto &[name, result] : now.items()) {
        SCOPED_TRACE(name);
        ASSERT_TRUE(pinned.contains(name));
        const json &before = pinned.at(name);
        EXPECT_EQ(result["args"], before["args"]);
        EXPECT_EQ(result["code"], before["code"]);
        for (const char *stream : {"out", "err", "file"})
            if (before.contains(stream) || result.contains(stream))
                expectSame(name + " " + stream, before.value(stream, ""), result.value(stream, ""));
    }
}

TEST(PinnedOutputs, TheRecordCoversEveryCommandFamily)
{
    // The pinned file must hold real outputs, not empty strings: a broken recording fails here.
    const json pinned = json::parse(test::readFile(kPinnedFile));
    int dumps = 0, predictions = 0, generations = 0, files = 0;
    for (const auto &[name, result] : pinned.items()) {
        const std::string out = result["out"];
        if (name.rfind("dump ", 0) == 0 && out.find("\"heads\"") != std::string::npos)
            ++dumps;
        if (name.find("predict") != std::string::npos && result["code"] == 0
            && out.find("\"probability\"") != std::string::npos)
            ++predictions;
        const bool generates = name.find("generate") != std::string::npos || name.find("chat") != std::string::npos;
        if (generates && result["code"] == 0 && out.find("\"probability\"") != std::string::npos)
            ++generations;
        if (result.contains("file") && result["file"].get<std::string>().size() > 100)
            ++files;
    }
    EXPECT_EQ(dumps, int(kExamples.size()));
    EXPECT_EQ(predictions, 8); // GPT-2, BERT, Qwen2 and Llama, each plain and ablated
    EXPECT_EQ(generations, 9); // GPT-2's three, and Qwen2's and Llama's greedy, sampled and chat
    EXPECT_EQ(files, 4);
}

} // namespace
