// Pins the command line's outputs (issue 17): every built-in example and the tiny GPT-2 / BERT
// model fixtures, run through the public commands, must print exactly what
// tests/cli/pinned/outputs.json recorded before the architecture redesign. A refactor that moves
// code must not move a byte of output.
//
// To re-record after an intended change of output (and say why in the commit):
//   ATTNLAB_UPDATE_PINNED=1 build/tests/attnlab_cli_tests --gtest_filter='PinnedOutputs.*'
//
// The Release build compares bytes. A sanitizer build (other optimisation flags, so the last bit
// of a float may differ) compares the text between numbers byte for byte and the numbers to
// 1e-5 relative.
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

// The tiny model folders of the model command tests, written once for the whole test.
class Fixtures {
public:
    Fixtures()
        : gpt2(test::makeTempDir("pinned-gpt2"))
        , bert(test::makeTempDir("pinned-bert"))
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
    }
    ~Fixtures()
    {
        test::removeTree(gpt2);
        test::removeTree(bert);
    }
    Fixtures(const Fixtures &) = delete;
    Fixtures &operator=(const Fixtures &) = delete;

    std::string gpt2;
    std::string bert;
};

struct Case {
    std::string name;
    std::string args; // {GPT2}, {BERT} and {OUT} are replaced before running
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
    return all;
}

json runCase(const Case &c, const Fixtures &fixtures)
{
    const std::string out = test::scratchPath("pinned");
    std::string args = c.args;
    replaceAll(args, "{GPT2}", quoted(fixtures.gpt2));
    replaceAll(args, "{BERT}", quoted(fixtures.bert));
    replaceAll(args, "{OUT}", quoted(out));
    // Paths in messages or files vary per run: they are pinned as placeholders.
    auto placeheld = [&](std::string text) {
        replaceAll(text, fixtures.gpt2, "{GPT2}");
        replaceAll(text, fixtures.bert, "{BERT}");
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

#ifndef ATTNLAB_PIN_EXACT
// Splits text into the runs between numbers and the numbers themselves.
void splitNumbers(const std::string &text, std::vector<std::string> &words, std::vector<double> &numbers)
{
    static const std::regex number(R"([-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)");
    size_t last = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it) {
        words.push_back(text.substr(last, size_t(it->position()) - last));
        numbers.push_back(std::strtod(it->str().c_str(), nullptr));
        last = size_t(it->position() + it->length());
    }
    words.push_back(text.substr(last));
}
#endif

void expectSame(const std::string &what, const std::string &pinned, const std::string &now)
{
#ifdef ATTNLAB_PIN_EXACT
    EXPECT_EQ(now, pinned) << what;
#else
    if (now == pinned)
        return;
    std::vector<std::string> pinnedWords, nowWords;
    std::vector<double> pinnedNumbers, nowNumbers;
    splitNumbers(pinned, pinnedWords, pinnedNumbers);
    splitNumbers(now, nowWords, nowNumbers);
    ASSERT_EQ(nowWords, pinnedWords) << what;
    ASSERT_EQ(nowNumbers.size(), pinnedNumbers.size()) << what;
    for (size_t i = 0; i < nowNumbers.size(); ++i)
        EXPECT_NEAR(nowNumbers[i], pinnedNumbers[i], 1e-5 * std::max(1.0, std::abs(pinnedNumbers[i])))
            << what << ", number " << i;
#endif
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
        if (name.find("generate") != std::string::npos && result["code"] == 0
            && out.find("\"probability\"") != std::string::npos)
            ++generations;
        if (result.contains("file") && result["file"].get<std::string>().size() > 100)
            ++files;
    }
    EXPECT_EQ(dumps, int(kExamples.size()));
    EXPECT_EQ(predictions, 4);
    EXPECT_EQ(generations, 3);
    EXPECT_EQ(files, 4);
}

} // namespace
