// Issue 32's engine commands (a public contract): --flash-trace and --kv-report, run as a real
// process. The trace's output is checked against the attention the app's --dump prints for the
// same head (the textbook's weights · V), and every step against its closed form computed from the
// Q, K and V that --dump prints; the KV cache's size against the formula on the fixture's shapes.
#include "modelfixtures.h"
#include "runattnlab.h"
#include "tokenizerfixtures.h"

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

} // namespace
