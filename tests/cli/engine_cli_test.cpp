// Issue 32's engine commands (a public contract): --flash-trace, --kv-report, and --generate's
// --kv-window/--kv-sinks and --draft, run as a real process. The trace's output is checked against
// the attention the app's --dump prints for the same head (the textbook's weights · V), and every
// step against its closed form computed from the Q, K and V that --dump prints; the KV cache's size
// against the formula on the fixture's shapes; windowed generation against the naive reference's
// greedy loop under the same visibility; speculative output against the target's own.
#include "modelfixtures.h"
#include "rotaryreference.h"
#include "runattnlab.h"
#include "tokenizerfixtures.h"

#include "core/model/modelloader.h"
#include "core/tokenize/tokenizer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace {

using namespace attnlab;
using CliRun = attnlab::test::Run;
using nlohmann::json;

json parsed(const CliRun &r)
{
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    return r.code == 0 ? json::parse(r.out) : json::object();
}

void expectBadInput(const std::string &args, const std::string &mentions)
{
    const CliRun r = test::runAttnlab(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(mentions), std::string::npos) << "expected \"" << mentions << "\" in: " << r.err;
}

double dot(const json &a, const json &b)
{
    double s = 0;
    for (size_t i = 0; i < a.size(); ++i)
        s += a[i].get<double>() * b[i].get<double>();
    return s;
}

// Every step's m, l and O from its closed form (the visible columns up to the tile's end, no
// rescaling), and the output against `context` within float rounding.
void expectTraceOf(const json &trace, const json &q, const json &k, const json &v, const json &context, bool causal)
{
    const double scale = trace["scale"].get<double>();
    const int tr = trace["tile_rows"], tc = trace["tile_cols"];
    const int n = int(q.size());
    EXPECT_EQ(trace["causal"].get<bool>(), causal);
    int expectedSteps = 0;
    for (int r0 = 0; r0 < n; r0 += tr)
        for (int c0 = 0; c0 < n; c0 += tc)
            expectedSteps += !causal || c0 <= std::min(n - 1, r0 + tr - 1);
    ASSERT_EQ(int(trace["steps"].size()), expectedSteps);
    for (const json &step : trace["steps"]) {
        const int r0 = step["row_tile"].get<int>() * tr;
        const int end = std::min(n, (step["col_tile"].get<int>() + 1) * tc);
        for (size_t i = 0; i < step["m"].size(); ++i) {
            const int row = r0 + int(i);
            const int last = causal ? std::min(end, row + 1) : end;
            double m = -std::numeric_limits<double>::infinity(), l = 0;
            for (int j = 0; j < last; ++j)
                m = std::max(m, dot(q[row], k[j]) * scale);
            std::vector<double> o(v[0].size(), 0.0);
            for (int j = 0; j < last; ++j) {
                const double p = std::exp(dot(q[row], k[j]) * scale - m);
                l += p;
                for (size_t d = 0; d < o.size(); ++d)
                    o[d] += p * v[j][d].get<double>();
            }
            EXPECT_NEAR(step["m"][i].get<double>(), m, 2e-6 * std::max(1.0, std::abs(m)));
            EXPECT_NEAR(step["l"][i].get<double>(), l, 2e-6 * l);
            for (size_t d = 0; d < o.size(); ++d)
                EXPECT_NEAR(step["O"][i][d].get<double>(), o[d], 2e-6 * std::max(1.0, l));
        }
    }
    for (int i = 0; i < n; ++i)
        for (size_t d = 0; d < context[size_t(i)].size(); ++d) {
            const double c = context[size_t(i)][d].get<double>();
            EXPECT_NEAR(trace["output"][size_t(i)][d].get<double>(), c, 2e-5 * std::max(1.0, std::abs(c)));
            EXPECT_NEAR(trace["naive"][size_t(i)][d].get<double>(), c, 2e-5 * std::max(1.0, std::abs(c)));
        }
}

TEST(FlashTraceCli, ASceneHeadIsTracedTileByTileAndEndsAtTheContextDumpPrints)
{
    const json dump = parsed(test::runAttnlab("--dump --example multi-head"));
    const json trace
        = parsed(test::runAttnlab("--flash-trace --example multi-head --head 2 --tile-rows 3 --tile-cols 2"));
    const json &h = dump["heads"][1];
    EXPECT_EQ(trace["tile_rows"], 3);
    EXPECT_EQ(trace["tile_cols"], 2);
    expectTraceOf(trace, h["Q"], h["K"], h["V"], h["context"], false);
}

using WriteModel = test::TinyModel (*)(const std::string &, const test::TinyModelOptions &);

// Traces head `head` of a tiny causal GQA model (4 heads over 2 key/value heads, d_head 2) written
// by `write`, and checks it against --dump of the same head; returns the trace.
json traceOfTinyModel(WriteModel write, const std::string &tag, const std::string &head, const std::string &tiles)
{
    const std::string dir = test::makeTempDir(tag);
    test::TinyModelOptions options;
    options.heads = 4;
    options.kvHeads = 2;
    options.positions = 64;
    options.vocab = test::kGpt2FixtureVocabSize;
    options.addFiles = [](const std::string &d) { test::writeGpt2Tokenizer(d); };
    write(dir, options);
    const std::string args = "--model '" + dir + "' --text 'the cat eats fish' " + head;
    const json dump = parsed(test::runAttnlab("--dump " + args));
    const json trace = parsed(test::runAttnlab("--flash-trace " + args + " " + tiles));
    const json &h = dump["heads"][0];
    expectTraceOf(trace, h["Q_rot"], h["K_rot"], h["V"], h["context"], true);
    test::removeTree(dir);
    return trace;
}

TEST(FlashTraceCli, ACausalModelHeadSkipsTheTilesAboveTheDiagonal)
{
    const json trace
        = traceOfTinyModel(test::writeTinyQwen2, "flash-qwen2", "--layer 2 --head 3", "--tile-rows 2 --tile-cols 3");
    EXPECT_NEAR(trace["scale"].get<double>(), 1 / std::sqrt(2.0), 1e-7); // d_head 2
}

// Qwen3 normalises q and k before the rotation, which a head's scene cannot express: the trace
// reads what meets in the dot product.
TEST(FlashTraceCli, AQwen3HeadIsTracedOnItsNormedAndRotatedQueriesAndKeys)
{
    traceOfTinyModel(test::writeTinyQwen3, "flash-qwen3", "--layer 1 --head 2", "--tile-rows 3 --tile-cols 2");
}

TEST(KvReportCli, TheCacheHoldsKAndVOfEveryKeyValueHeadInTheCheckpointsDtype)
{
    const std::string dir = test::makeTempDir("kv-qwen2");
    test::TinyModelOptions options;
    options.heads = 4;
    options.kvHeads = 2;
    options.layers = 3;
    options.dModel = 16;
    options.dtype = "BF16";
    options.vocab = test::kGpt2FixtureVocabSize;
    options.addFiles = [](const std::string &d) { test::writeGpt2Tokenizer(d); };
    test::writeTinyQwen2(dir, options);
    const json out = parsed(test::runAttnlab("--kv-report --model '" + dir + "' --tokens 100"));
    EXPECT_EQ(out["layers"], 3);
    EXPECT_EQ(out["kv_heads"], 2);
    EXPECT_EQ(out["head_dim"], 4);
    EXPECT_EQ(out["bytes_per_element"], 2);
    EXPECT_EQ(out["bytes_per_token"], 2 * 3 * 2 * 4 * 2);
    EXPECT_EQ(out["bytes"], 2 * 3 * 2 * 4 * 2 * 100);
    // Without --tokens: the longest text the model takes (max_position_embeddings, 16).
    const json full = parsed(test::runAttnlab("--kv-report --model '" + dir + "'"));
    EXPECT_EQ(full["tokens"], 16);
    EXPECT_EQ(full["bytes"], 2 * 3 * 2 * 4 * 2 * 16);
    expectBadInput("--kv-report --model '" + dir + "' --tokens 0", "--tokens");
    test::removeTree(dir);
}

TEST(EngineCli, BadInputIsOneLineNamingTheOption)
{
    expectBadInput("--flash-trace --example multi-head --tile-rows 0", "--tile-rows");
    expectBadInput("--flash-trace --example multi-head --head 3", "--head");
    expectBadInput("--tile-cols 2 --dump --example multi-head", "--tile-cols goes with --flash-trace");
    expectBadInput("--flash-trace --generate --model x --text y", "--flash-trace cannot be combined with --generate");
    expectBadInput("--kv-report", "--kv-report needs --model");
    expectBadInput("--tokens 5 --predict --model x --text y", "--tokens goes with --kv-report");
    const std::string dir = test::makeTempDir("kv-bert");
    test::TinyModelOptions options;
    options.vocab = test::kBertFixtureVocabSize;
    options.addFiles = [](const std::string &d) { test::writeBertTokenizer(d); };
    test::writeTinyBert(dir, options);
    expectBadInput("--kv-report --model '" + dir + "'", "no KV cache");
    test::removeTree(dir);
}

// A tiny Qwen2 (4 heads over 2 key/value heads) with the GPT-2 fixture tokenizer, 64 positions.
std::string writeGenerationModel(const std::string &tag, unsigned seed = 1, int layers = 2)
{
    const std::string dir = test::makeTempDir(tag);
    test::TinyModelOptions options;
    options.heads = 4;
    options.kvHeads = 2;
    options.layers = layers;
    options.positions = 64;
    options.seed = seed;
    options.vocab = test::kGpt2FixtureVocabSize;
    options.addFiles = [](const std::string &d) { test::writeGpt2Tokenizer(d); };
    test::writeTinyQwen2(dir, options);
    return dir;
}

const char *const kPromptText = "the cat eats fish and the dog eats";

// Greedy generation by the naive float64 reference, a whole pass per token, where query i sees key
// j ≤ i only when j < sinks or j > i − window: the ids and their probabilities.
std::pair<std::vector<int>, std::vector<double>> referenceWindowed(
    const std::string &dir, const std::vector<int> &prompt, int count, int window, int sinks)
{
    core::model::LoadModelResult loaded = core::model::loadModel(dir);
    EXPECT_TRUE(loaded.ok());
    const core::model::ModelWeights &w = *loaded.weights;
    std::vector<int> all = prompt, ids;
    std::vector<double> probabilities;
    for (int i = 0; i < count; ++i) {
        const test::Reference ref = test::rotaryReference(
            w, all, test::allOn(w.config), [&](int q, int k) { return window == 0 || k < sinks || k > q - window; });
        const int id
            = int(std::max_element(ref.probabilities.begin(), ref.probabilities.end()) - ref.probabilities.begin());
        ids.push_back(id);
        probabilities.push_back(ref.probabilities[size_t(id)]);
        all.push_back(id);
    }
    return {ids, probabilities};
}

void expectGenerated(const json &out, const std::vector<int> &ids, const std::vector<double> &probabilities)
{
    ASSERT_EQ(out["generated"].size(), ids.size()) << out.dump();
    for (size_t i = 0; i < ids.size(); ++i) {
        EXPECT_EQ(out["generated"][i]["id"].get<int>(), ids[i]) << "new token " << i;
        EXPECT_NEAR(out["generated"][i]["probability"].get<double>(), probabilities[i], 2e-5);
    }
}

TEST(KvWindowCli, GenerationUnderAWindowAndSinksIsTheReferencesUnderTheSameVisibility)
{
    const std::string dir = writeGenerationModel("kv-window");
    const std::string base = "--generate --model '" + dir + "' --text '" + kPromptText + "' --max-new-tokens 12";
    const json full = parsed(test::runAttnlab(base));
    const std::vector<int> prompt = full["token_ids"].get<std::vector<int>>();
    ASSERT_GT(prompt.size(), 5u);
    for (const auto &[window, sinks] : std::vector<std::pair<int, int>> {{4, 0}, {3, 2}, {6, 1}}) {
        SCOPED_TRACE("window " + std::to_string(window) + ", sinks " + std::to_string(sinks));
        const json out = parsed(
            test::runAttnlab(base + " --kv-window " + std::to_string(window) + " --kv-sinks " + std::to_string(sinks)));
        EXPECT_EQ(out["token_ids"].get<std::vector<int>>(), prompt);
        const auto [ids, probabilities] = referenceWindowed(dir, prompt, 12, window, sinks);
        expectGenerated(out, ids, probabilities);
    }
    // The reference with the whole cache is --generate's own output, and a window shorter than
    // the text changes it (else the comparisons above could not fail).
    const auto [ids, probabilities] = referenceWindowed(dir, prompt, 12, 0, 0);
    expectGenerated(full, ids, probabilities);
    const auto windowed = referenceWindowed(dir, prompt, 12, 3, 0);
    EXPECT_NE(windowed.second, probabilities);
    test::removeTree(dir);
}

// The same ids, and the same probabilities up to the rounding of a pass over several rows.
void expectSameTokens(const json &out, const json &plain)
{
    ASSERT_EQ(out["generated"].size(), plain["generated"].size());
    for (size_t i = 0; i < plain["generated"].size(); ++i) {
        EXPECT_EQ(out["generated"][i]["id"], plain["generated"][i]["id"]);
        EXPECT_NEAR(
            out["generated"][i]["probability"].get<double>(), plain["generated"][i]["probability"].get<double>(), 2e-5);
    }
}

TEST(SpeculativeCli, TheDraftsProposalsGiveTheTargetsOwnGreedyText)
{
    const std::string target = writeGenerationModel("spec-target", 1, 2);
    const std::string draft = writeGenerationModel("spec-draft", 7, 1);
    const std::string base = "--generate --model '" + target + "' --text '" + kPromptText + "' --max-new-tokens 15";
    const json plain = parsed(test::runAttnlab(base));
    for (int k : {1, 3, 5}) {
        SCOPED_TRACE("draft tokens " + std::to_string(k));
        const json out
            = parsed(test::runAttnlab(base + " --draft '" + draft + "' --draft-tokens " + std::to_string(k)));
        EXPECT_EQ(out["token_ids"], plain["token_ids"]);
        EXPECT_EQ(out["text"], plain["text"]);
        expectSameTokens(out, plain);
        const json &s = out["speculative"];
        EXPECT_EQ(s["draft_tokens"], k);
        EXPECT_LE(s["accepted"].get<int>(), s["proposed"].get<int>());
        // Every pass after the prefill yields its accepted proposals and one token of the target's,
        // but the last, which may end the run among the accepted ones.
        const int made = s["accepted"].get<int>() + s["target_passes"].get<int>() - 1;
        EXPECT_TRUE(made == 15 || made == 16) << made;
    }
    EXPECT_FALSE(plain.contains("speculative"));
    // The target as its own draft: every proposal accepted; three rounds of 3 + 1 tokens, then 3.
    const json self = parsed(test::runAttnlab(base + " --draft '" + target + "' --draft-tokens 3"));
    expectSameTokens(self, plain);
    EXPECT_EQ(self["speculative"]["proposed"], 12);
    EXPECT_EQ(self["speculative"]["accepted"], 12);
    EXPECT_EQ(self["speculative"]["target_passes"], 5);
    test::removeTree(target);
    test::removeTree(draft);
}

TEST(SpeculativeCli, BadInputIsOneLineNamingTheOption)
{
    const std::string target = writeGenerationModel("spec-bad");
    const std::string other = test::makeTempDir("spec-other-vocab");
    test::TinyModelOptions options;
    options.vocab = test::kGpt2FixtureVocabSize + 5;
    options.addFiles = [](const std::string &d) { test::writeGpt2Tokenizer(d); };
    test::writeTinyQwen2(other, options);
    const std::string base = "--generate --model '" + target + "' --text 'the cat'";
    expectBadInput(base + " --draft '" + other + "'",
        "vocabulary has " + std::to_string(options.vocab) + " ids and the target's "
            + std::to_string(test::kGpt2FixtureVocabSize));
    expectBadInput(base + " --draft /nonexistent/draft", "--draft /nonexistent/draft");
    expectBadInput(base + " --draft-tokens 3", "--draft-tokens goes with --draft");
    expectBadInput(base + " --draft '" + target + "' --draft-tokens 0", "--draft-tokens");
    expectBadInput(base + " --kv-window 0", "--kv-window");
    expectBadInput(base + " --kv-sinks 2", "--kv-sinks goes with --kv-window");
    expectBadInput(base + " --kv-window 4 --kv-sinks x", "--kv-sinks");
    expectBadInput(
        "--predict --model '" + target + "' --text 'the cat' --kv-window 4", "--kv-window goes with --generate");
    test::removeTree(target);
    test::removeTree(other);
}

} // namespace
