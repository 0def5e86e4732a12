// --generate (issue 18, a public contract: README "Real models"), run as a real process on tiny
// GPT-2 and BERT folders the fixtures write. The expected tokens come from the core's full
// forward pass (ForwardRunner, no KV cache) run again for every prefix, and sampling settings
// from core/model/sampling.
#include "chinesemessages.h"
#include "modelfixtures.h"
#include "runattnlab.h"
#include "testutil.h"
#include "tokenizerfixtures.h"

#include "core/model/forward.h"
#include "core/model/modelloader.h"
#include "core/model/sampling.h"
#include "core/tokenize/tokenizer.h"
#include "core/tokenize/unicodetext.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using namespace attnlab;
using attnlab::core::Matrix;
using attnlab::core::model::ForwardRunner;
using attnlab::core::model::Tokenizer;
using CliRun = attnlab::test::Run;
using nlohmann::json;

constexpr int kPositions = 16;
constexpr int kPadding = 8; // rows of a Qwen2/Llama fixture's embedding past the tokenizer's
const std::string kText = "The cat sat";

// A tiny model folder (2 layers, 2 heads, 16 positions), removed at the end of the test.
class ModelFolder {
public:
    enum Kind { Gpt2, Bert, Qwen2, Llama };
    explicit ModelFolder(Kind kind, test::TinyModelOptions options = {})
        : m_dir(test::makeTempDir("gen-model"))
    {
        options.layers = 2;
        options.positions = std::max(options.positions, kPositions);
        if (kind == Qwen2 || kind == Llama) {
            // 4 query heads of 4 dimensions; the tests set the key/value heads. The vocabulary is
            // padded past the tokenizer's, as Qwen's is.
            options.heads = 4;
            options.dModel = 16;
            options.dInner = 24;
            options.vocab = test::kGpt2FixtureVocabSize + kPadding;
            options.addFiles = [](const std::string &dir) { test::writeGpt2Tokenizer(dir); };
            if (kind == Qwen2)
                test::writeTinyQwen2(m_dir, options);
            else
                test::writeTinyLlama(m_dir, options);
            return;
        }
        options.heads = 2;
        if (kind == Gpt2) {
            options.vocab = test::kGpt2FixtureVocabSize;
            options.addFiles = [](const std::string &dir) { test::writeGpt2Tokenizer(dir); };
            test::writeTinyGpt2(m_dir, options);
        } else {
            options.vocab = test::kBertFixtureVocabSize;
            options.addFiles = [](const std::string &dir) { test::writeBertTokenizer(dir); };
            test::writeTinyBert(m_dir, options);
        }
    }
    ~ModelFolder() { test::removeTree(m_dir); }
    ModelFolder(const ModelFolder &) = delete;
    ModelFolder &operator=(const ModelFolder &) = delete;

    std::string arg() const { return "--model '" + m_dir + "'"; }
    const std::string &dir() const { return m_dir; }

private:
    std::string m_dir;
};

// Generation the slow way: a full forward pass over the whole text for every new token.
struct Expected {
    std::unique_ptr<Tokenizer> tokenizer;
    std::vector<int> prompt;
    std::vector<int> ids;
    std::vector<float> probabilities;
};

Expected generateSlowly(const std::string &dir, const std::string &text, int newTokens,
    const core::model::SamplingSettings &settings = {}, std::uint64_t seed = 0, const Matrix &mask = Matrix(),
    const std::vector<int> &eos = {})
{
    core::model::LoadModelResult loaded = core::model::loadModel(dir);
    core::model::TokenizerLoadResult t = core::model::loadTokenizer(dir);
    if (!loaded.ok() || !t.ok())
        throw std::runtime_error("the fixture does not load");
    Expected e;
    e.tokenizer = std::make_unique<Tokenizer>(*t.tokenizer);
    for (const core::model::Token &token : e.tokenizer->encode(text))
        e.prompt.push_back(token.id);
    ForwardRunner runner(std::make_shared<const core::model::ModelWeights>(std::move(*loaded.weights)));
    if (mask.size() > 0)
        runner.setHeadMask(mask);
    core::model::TokenSampler sampler(seed);
    std::vector<int> all = e.prompt;
    for (int i = 0; i < newTokens; ++i) {
        runner.run(all);
        const int id = sampler.next(runner.logits(), settings);
        e.ids.push_back(id);
        e.probabilities.push_back(runner.probabilities()[id]);
        all.push_back(id);
        if (std::find(eos.begin(), eos.end(), id) != eos.end())
            break;
    }
    return e;
}

json parsed(const CliRun &r)
{
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    return json::parse(r.out);
}

void expectOutput(const json &out, const Expected &e)
{
    EXPECT_EQ(out["token_ids"].get<std::vector<int>>(), e.prompt);
    ASSERT_EQ(out["generated"].size(), e.ids.size());
    for (size_t i = 0; i < e.ids.size(); ++i) {
        SCOPED_TRACE("new token " + std::to_string(i));
        const json &g = out["generated"][i];
        EXPECT_EQ(g["id"].get<int>(), e.ids[i]);
        // As --predict prints it: the id's text as tokenizer.decode([id]) gives it, or, for a
        // piece holding part of a character's bytes, those bytes in hex between ‹ and ›.
        const std::string text = e.tokenizer->decodedText(e.ids[i]);
        if (core::model::isValidUtf8(text)) {
            EXPECT_EQ(g["token"].get<std::string>(), text);
        } else {
            const std::string token = g["token"].get<std::string>();
            EXPECT_EQ(token.rfind("\u2039", 0), 0u) << token;
            EXPECT_EQ(token.substr(token.size() - 3), "\u203a") << token;
        }
        EXPECT_NEAR(g["probability"].get<double>(), e.probabilities[i], 1e-5);
    }
    EXPECT_EQ(out["text"].get<std::string>(), e.tokenizer->decode(e.ids));
}

// Bad input: exit 2, nothing on stdout, exactly one line on stderr that contains `mentions`.
void expectBadInput(const CliRun &r, const std::string &mentions)
{
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    ASSERT_FALSE(r.err.empty());
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("attnlab: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(mentions), std::string::npos) << "expected \"" << mentions << "\" in: " << r.err;
}

CliRun cli(const std::string &args)
{
    return test::runAttnlab(args, {}, "env LANGUAGE=en LC_ALL=C.UTF-8");
}

} // namespace

TEST(GenerateCli, GreedyGenerationEqualsAFullForwardPassPerToken)
{
    const ModelFolder gpt2(ModelFolder::Gpt2);
    const CliRun run = cli("--generate " + gpt2.arg() + " --text '" + kText + "' --max-new-tokens 6");
    expectOutput(parsed(run), generateSlowly(gpt2.dir(), kText, 6));
    // One object, its three keys in this order.
    EXPECT_EQ(run.out.rfind("{\n  \"token_ids\": [", 0), 0u) << run.out;
    EXPECT_LT(run.out.find("\"generated\""), run.out.find("\"text\""));
}

TEST(GenerateCli, TheDefaultIsTwentyTokensOrThePositionsLeft)
{
    const ModelFolder gpt2(ModelFolder::Gpt2);
    const Expected e = generateSlowly(gpt2.dir(), kText, 1);
    const int left = kPositions - int(e.prompt.size());
    const json out = parsed(cli("--generate " + gpt2.arg() + " --text '" + kText + "'"));
    EXPECT_EQ(int(out["generated"].size()), std::min(20, left));
    // All the room: the prompt plus every new token but the last fill the positions.
    EXPECT_EQ(parsed(cli("--generate " + gpt2.arg() + " --text '" + kText + "' --max-new-tokens "
                  + std::to_string(left)))["generated"]
                  .size(),
        size_t(left));
}

TEST(GenerateCli, SamplingIsReproducibleWithASeed)
{
    const ModelFolder gpt2(ModelFolder::Gpt2);
    const std::string base = "--generate " + gpt2.arg() + " --text '" + kText + "' --max-new-tokens 8";
    const std::string sampled = base + " --temperature 1.5 --top-k 40 --top-p 0.95";
    const CliRun first = cli(sampled + " --seed 5");
    EXPECT_EQ(cli(sampled + " --seed 5").out, first.out);
    core::model::SamplingSettings settings {1.5, 40, 0.95};
    expectOutput(parsed(first), generateSlowly(gpt2.dir(), kText, 8, settings, 5));
    // Another seed draws other tokens (8 tokens from a nearly flat distribution of 300).
    EXPECT_NE(parsed(cli(sampled + " --seed 6"))["generated"], parsed(first)["generated"]);
    // Top-k 1 leaves one token to draw: the greedy one.
    EXPECT_EQ(parsed(cli(base + " --temperature 2 --top-k 1 --seed 9"))["generated"], parsed(cli(base))["generated"]);
}

TEST(GenerateCli, ItStopsAfterAnEndOfSequenceTokenAndIncludesIt)
{
    const ModelFolder plain(ModelFolder::Gpt2);
    const Expected e = generateSlowly(plain.dir(), kText, 6);
    // The last greedy token is declared an end-of-sequence token, as an int and in a list: the
    // generation stops where it first appears.
    const int stop = int(std::find(e.ids.begin(), e.ids.end(), e.ids.back()) - e.ids.begin()) + 1;
    for (const std::string &eos : {std::to_string(e.ids.back()), "[299, " + std::to_string(e.ids.back()) + "]"}) {
        SCOPED_TRACE(eos);
        test::TinyModelOptions options;
        options.configEdits["eos_token_id"] = eos;
        const ModelFolder gpt2(ModelFolder::Gpt2, options);
        const json out = parsed(cli("--generate " + gpt2.arg() + " --text '" + kText + "' --max-new-tokens 6"));
        expectOutput(out, generateSlowly(gpt2.dir(), kText, 6, {}, 0, Matrix(), {e.ids.back()}));
        EXPECT_EQ(int(out["generated"].size()), stop);
        EXPECT_EQ(out["generated"].back()["id"].get<int>(), e.ids.back());
    }
}

TEST(GenerateCli, AblatedHeadsStayOffWhileGenerating)
{
    const ModelFolder gpt2(ModelFolder::Gpt2);
    Matrix mask = Matrix::Ones(2, 2);
    mask(0, 1) = 0;
    mask(1, 0) = 0;
    const json out
        = parsed(cli("--generate " + gpt2.arg() + " --text '" + kText + "' --max-new-tokens 5 --ablate 1.2,2.1"));
    expectOutput(out, generateSlowly(gpt2.dir(), kText, 5, {}, 0, mask));
}

TEST(GenerateCli, Qwen2AndLlamaWithGroupedQueryAttentionGenerateAsAFullPassDoes)
{
    test::TinyModelOptions grouped;
    grouped.kvHeads = 2;
    const ModelFolder qwen(ModelFolder::Qwen2, grouped);
    test::TinyModelOptions shared;
    shared.kvHeads = 1;
    shared.tied = true;
    const ModelFolder llama(ModelFolder::Llama, shared);
    for (const ModelFolder *folder : {&qwen, &llama}) {
        const std::string base = "--generate " + folder->arg() + " --text '" + kText + "' --max-new-tokens 6";
        expectOutput(parsed(cli(base)), generateSlowly(folder->dir(), kText, 6));
        core::model::SamplingSettings settings {0.9, 20, 0.8};
        expectOutput(parsed(cli(base + " --temperature 0.9 --top-k 20 --top-p 0.8 --seed 3")),
            generateSlowly(folder->dir(), kText, 6, settings, 3));
    }
}

TEST(GenerateCli, AnIdPastTheTokenizersEntriesHasAnEmptyToken)
{
    // lm_head has only two rows that are not zero, padded ids 305 and 306, one the other's
    // negative: whatever the last hidden row, one of them has the largest logit.
    test::TinyModelOptions options;
    options.kvHeads = 2;
    options.editTensors = [](std::vector<test::FixtureTensor> &tensors) {
        for (test::FixtureTensor &t : tensors)
            if (t.name == "lm_head.weight") {
                const size_t d = size_t(t.shape[1]);
                std::fill(t.values.begin(), t.values.end(), 0.0f);
                for (size_t c = 0; c < d; ++c) {
                    t.values[305 * d + c] = float(c % 3) - 1.0f;
                    t.values[306 * d + c] = 1.0f - float(c % 3);
                }
            }
    };
    const ModelFolder qwen(ModelFolder::Qwen2, options);
    const json out = parsed(cli("--generate " + qwen.arg() + " --text '" + kText + "' --max-new-tokens 3"));
    ASSERT_EQ(out["generated"].size(), 3u);
    for (const json &g : out["generated"]) {
        EXPECT_GE(g["id"].get<int>(), test::kGpt2FixtureVocabSize);
        EXPECT_EQ(g["token"], "");
    }
    EXPECT_EQ(out["text"], "");
}

TEST(GenerateCli, EveryBadInputIsOneLineAndExitCodeTwo)
{
    const ModelFolder gpt2(ModelFolder::Gpt2);
    const ModelFolder bert(ModelFolder::Bert);
    test::TinyModelOptions badEos;
    badEos.configEdits["eos_token_id"] = "\"end\"";
    const ModelFolder eos(ModelFolder::Gpt2, badEos);
    const std::string base = "--generate " + gpt2.arg() + " --text '" + kText + "'";
    expectBadInput(cli(base + " --max-new-tokens 0"), "at least 1, got 0");
    expectBadInput(cli(base + " --max-new-tokens 14"), "at most 13 new tokens fit, not 14");
    expectBadInput(cli(base + " --max-new-tokens 2x"), "--max-new-tokens");
    expectBadInput(cli(base + " --max-new-tokens -1"), "\"-1\"");
    expectBadInput(cli(base + " --temperature -1"), "temperature must be a finite number ≥ 0");
    expectBadInput(cli(base + " --temperature hot"), "\"hot\"");
    expectBadInput(cli(base + " --temperature inf"), "got inf");
    expectBadInput(cli(base + " --top-k -1"), "top-k must be a whole number ≥ 0");
    expectBadInput(cli(base + " --top-k 1.5"), "\"1.5\"");
    expectBadInput(cli(base + " --top-p 0"), "top-p must be greater than 0 and at most 1");
    expectBadInput(cli(base + " --top-p 1.5"), "got 1.5");
    expectBadInput(cli(base + " --top-p much"), "\"much\"");
    expectBadInput(cli(base + " --seed -1"), "--seed");
    expectBadInput(cli(base + " --ablate 3.1"), "3.1");
    expectBadInput(cli("--generate " + bert.arg() + " --text 'the cat sat'"), "BERT cannot generate text");
    expectBadInput(cli("--generate " + eos.arg() + " --text a"), "eos_token_id");
    expectBadInput(cli("--generate " + gpt2.arg()), "--text");
    expectBadInput(cli("--generate --text a"), "--generate needs --model");
    expectBadInput(cli("--generate --model /nonexistent/attnlab-model --text a"), "/nonexistent/attnlab-model");
    expectBadInput(cli(base + " --dump"), "--dump");
    expectBadInput(cli(base + " --predict"), "--predict");
    expectBadInput(cli(base + " --layer 1"), "--layer");
    expectBadInput(cli(base + " --top 3"), "--top");
    for (const std::string option : {"--max-new-tokens 3", "--temperature 1", "--top-k 3", "--top-p 0.5"}) {
        expectBadInput(cli(option), "goes with --generate");
        expectBadInput(cli("--predict " + gpt2.arg() + " --text a " + option), "goes with --generate");
    }
    // A text that fills every position leaves no room for a new token.
    std::string longText;
    for (int i = 0; i < kPositions; ++i)
        longText += "a";
    expectBadInput(cli("--generate " + gpt2.arg() + " --text '" + longText + "'"), "at most 0 new tokens fit");
}

TEST(GenerateCli, BadInputIsReportedInChinese)
{
    const ModelFolder gpt2(ModelFolder::Gpt2);
    const ModelFolder bert(ModelFolder::Bert);
    const std::string base = "--lang zh_CN --generate " + gpt2.arg() + " --text '" + kText + "'";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {base + " --max-new-tokens 0", "0"},
        {base + " --max-new-tokens 14", "14"},
        {base + " --max-new-tokens x", "x"},
        {base + " --temperature -1", "-1"},
        {base + " --temperature hot", "hot"},
        {base + " --top-k -2", "-2"},
        {base + " --top-p 2", "2"},
        {base + " --top-p x", "x"},
        {"--lang zh_CN --generate " + bert.arg() + " --text a", "BERT"},
        {"--lang zh_CN --generate --text a", "--model"},
        {"--lang zh_CN --top-k 3", "--top-k"},
        {base + " --dump", "--dump"},
    };
    for (const auto &[args, mentions] : cases) {
        SCOPED_TRACE(args);
        const CliRun r = test::runAttnlab(args);
        EXPECT_EQ(r.code, 2) << r.err;
        EXPECT_TRUE(r.out.empty());
        EXPECT_EQ(test::englishSentence(r.err), "") << r.err;
        EXPECT_NE(r.err.find(mentions), std::string::npos) << r.err;
    }
}

namespace {

// A ChatML template as Qwen2.5's begins (without its system and tools branches).
const std::string kChatMl = "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + "
                            "message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}"
                            "{{ '<|im_start|>assistant\\n' }}{% endif %}";

void writeChatTemplate(const std::string &dir, const std::string &templateSource)
{
    test::writeTextFile(dir + "/tokenizer_config.json",
        "{\"chat_template\": " + json(templateSource).dump() + ", \"eos_token\": \"<|im_end|>\"}");
}

} // namespace

TEST(GenerateCli, ChatSendsTheTextAsAUserTurnOfTheTemplate)
{
    test::TinyModelOptions options;
    options.positions = 64; // the template's words take 51 of the fixture tokenizer's tokens
    const ModelFolder qwen(ModelFolder::Qwen2, options);
    writeChatTemplate(qwen.dir(), kChatMl);
    // The prompt transformers' apply_chat_template makes of one user turn, written out by hand.
    const std::string prompt = "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n";
    const Expected e = generateSlowly(qwen.dir(), prompt, 2);
    const json out = parsed(cli("--generate " + qwen.arg() + " --text hi --chat --max-new-tokens 2"));
    expectOutput(out, e);
    // Without --chat the same words are only the text itself.
    const json plain = parsed(cli("--generate " + qwen.arg() + " --text hi --max-new-tokens 2"));
    EXPECT_LT(plain["token_ids"].size(), out["token_ids"].size());
}

TEST(GenerateCli, ChatWithoutATemplateOrWithAnUnsupportedConstructIsBadInput)
{
    const ModelFolder base(ModelFolder::Qwen2);
    expectBadInput(cli("--generate " + base.arg() + " --text hi --chat"), "tokenizer_config.json");
    const ModelFolder odd(ModelFolder::Qwen2);
    writeChatTemplate(odd.dir(), "{{ messages[0]['content'] | wordcount }}");
    expectBadInput(cli("--generate " + odd.arg() + " --text hi --chat"), "wordcount");
    expectBadInput(cli("--predict " + base.arg() + " --text hi --chat"), "goes with --generate");
}

TEST(GenerateCli, GenerationConfigJsonsEndTokensStopItInsteadOfConfigJsons)
{
    // Sampled, since greedy decoding on the fixture repeats one token.
    const core::model::SamplingSettings settings {1.5, 0, 1};
    const ModelFolder plain(ModelFolder::Gpt2);
    const Expected e = generateSlowly(plain.dir(), kText, 6, settings, 5);
    const auto later = std::find_if(e.ids.begin(), e.ids.end(), [&](int id) { return id != e.ids[0]; });
    ASSERT_NE(later, e.ids.end()) << "six sampled tokens are one token";
    // config.json alone would stop at the first new token.
    test::TinyModelOptions options;
    options.configEdits["eos_token_id"] = std::to_string(e.ids[0]);
    const ModelFolder gpt2(ModelFolder::Gpt2, options);
    const std::string args
        = "--generate " + gpt2.arg() + " --text '" + kText + "' --max-new-tokens 6 --temperature 1.5 --seed 5";
    EXPECT_EQ(parsed(cli(args))["generated"].size(), 1u);
    // generation_config.json's list replaces it, as transformers' from_pretrained loads it; its
    // sampling defaults are not applied (the options alone pick the tokens).
    test::writeTextFile(gpt2.dir() + "/generation_config.json",
        "{\"bos_token_id\": 299, \"eos_token_id\": [299, " + std::to_string(*later) + "], \"top_k\": 1}");
    const json out = parsed(cli(args));
    expectOutput(out, generateSlowly(gpt2.dir(), kText, 6, settings, 5, Matrix(), {299, *later}));
    EXPECT_EQ(out["generated"].back()["id"].get<int>(), *later);
    EXPECT_EQ(out["generated"].size(), size_t(std::find(e.ids.begin(), e.ids.end(), *later) - e.ids.begin()) + 1);
    // A generation_config.json without eos_token_id leaves no end token at all.
    test::writeTextFile(gpt2.dir() + "/generation_config.json", "{\"max_new_tokens\": 2048}");
    expectOutput(parsed(cli(args)), e);
}

TEST(GenerateCli, ABadGenerationConfigJsonIsBadInputNamingItsField)
{
    const ModelFolder gpt2(ModelFolder::Gpt2);
    const std::string args = "--generate " + gpt2.arg() + " --text '" + kText + "'";
    test::writeTextFile(gpt2.dir() + "/generation_config.json", "{\"eos_token_id\": [1, 300]}");
    expectBadInput(cli(args),
        "generation_config.json: eos_token_id[1]: token id 300 is outside the model's vocabulary of 300 ids");
    test::writeTextFile(gpt2.dir() + "/generation_config.json", "{\"eos_token_id\": \"</s>\"}");
    expectBadInput(cli(args), "generation_config.json: eos_token_id: expected a token id");
    test::writeTextFile(gpt2.dir() + "/generation_config.json", "{\"eos_token_id\": 1,}");
    expectBadInput(cli(args), "generation_config.json:1:");
    // The other commands do not read it.
    EXPECT_EQ(cli("--predict " + gpt2.arg() + " --text '" + kText + "'").code, 0);
}

TEST(GenerateCli, ChatEndsAtTheTokenizersEosTokenAndThePlainTextDoesNot)
{
    test::TinyModelOptions options;
    options.positions = 64;
    const ModelFolder qwen(ModelFolder::Qwen2, options);
    const std::string prompt = "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n";
    const Expected e = generateSlowly(qwen.dir(), prompt, 6);
    const int end = e.ids[2];
    test::writeTextFile(qwen.dir() + "/tokenizer_config.json",
        "{\"chat_template\": " + json(kChatMl).dump() + ", \"eos_token\": " + json(e.tokenizer->tokenText(end)).dump()
            + "}");
    const json out = parsed(cli("--generate " + qwen.arg() + " --text hi --chat --max-new-tokens 6"));
    expectOutput(out, generateSlowly(qwen.dir(), prompt, 6, {}, 0, Matrix(), {end}));
    EXPECT_EQ(out["generated"].back()["id"].get<int>(), end);
    // Without --chat the tokenizer's eos_token is not an end token of the model.
    const Expected plain = generateSlowly(qwen.dir(), "hi", 6);
    expectOutput(parsed(cli("--generate " + qwen.arg() + " --text hi --max-new-tokens 6")), plain);
}

namespace {

// Greedy generation under generation_config.json's logits rules, the slow way: a full pass per
// token, then transformers' RepetitionPenaltyLogitsProcessor (every id read so far, once) and
// NoBadWordsLogitsProcessor (one id always; a longer sequence when the text ends with its head).
std::vector<int> greedyUnderRules(const std::string &dir, const std::vector<int> &prompt, int newTokens, float penalty,
    const std::vector<std::vector<int>> &banned)
{
    core::model::LoadModelResult loaded = core::model::loadModel(dir);
    ForwardRunner runner(std::make_shared<const core::model::ModelWeights>(std::move(*loaded.weights)));
    std::vector<int> all = prompt, made;
    for (int step = 0; step < newTokens; ++step) {
        runner.run(all);
        std::vector<float> scores(runner.logits().data(), runner.logits().data() + runner.logits().size());
        std::vector<bool> read(scores.size(), false);
        for (const int id : all)
            read[size_t(id)] = true;
        for (size_t id = 0; id < scores.size(); ++id)
            if (read[id])
                scores[id] = scores[id] < 0 ? scores[id] * penalty : scores[id] / penalty;
        for (const std::vector<int> &words : banned) {
            // transformers skips a sequence longer than the context, or as long: len(seq) > len(ids).
            if (words.size() > all.size())
                continue;
            const size_t head = words.size() - 1;
            if (std::equal(words.begin(), words.end() - 1, all.end() - std::ptrdiff_t(head)))
                scores[size_t(words.back())] = -INFINITY;
        }
        const int id = int(std::max_element(scores.begin(), scores.end()) - scores.begin());
        made.push_back(id);
        all.push_back(id);
    }
    return made;
}

std::vector<int> generatedIds(const json &out)
{
    std::vector<int> ids;
    for (const json &g : out["generated"])
        ids.push_back(g["id"].get<int>());
    return ids;
}

} // namespace

TEST(GenerateCli, GenerationConfigsRepetitionPenaltyAndBannedWordsApplyWhileItsSamplingDefaultsDoNot)
{
    const ModelFolder gpt2(ModelFolder::Gpt2);
    const Expected plain = generateSlowly(gpt2.dir(), kText, 6);
    // Ban the first greedy token outright and the pair of the next two.
    const std::vector<std::vector<int>> banned {{plain.ids[0]}, {plain.ids[1], plain.ids[2]}};
    json file = {{"do_sample", true}, {"temperature", 0.7}, {"top_k", 3}, {"repetition_penalty", 1.8},
        {"bad_words_ids", banned}};
    test::writeTextFile(gpt2.dir() + "/generation_config.json", file.dump());
    const std::string base = "--generate " + gpt2.arg() + " --text '" + kText + "' --max-new-tokens 6";
    // Greedy (the contract's default), under the penalty and the bans: the same with any seed.
    const std::vector<int> ruled = generatedIds(parsed(cli(base + " --seed 1")));
    EXPECT_EQ(ruled, greedyUnderRules(gpt2.dir(), plain.prompt, 6, 1.8f, banned));
    EXPECT_EQ(generatedIds(parsed(cli(base + " --seed 2"))), ruled);
    EXPECT_NE(ruled[0], plain.ids[0]);
    // --repetition-penalty overrides the file's; 1 turns it off (the bans stay).
    EXPECT_EQ(generatedIds(parsed(cli(base + " --repetition-penalty 1"))),
        greedyUnderRules(gpt2.dir(), plain.prompt, 6, 1.0f, banned));
    EXPECT_EQ(generatedIds(parsed(cli(base + " --repetition-penalty 3.5"))),
        greedyUnderRules(gpt2.dir(), plain.prompt, 6, 3.5f, banned));
    // Without the file: plain greedy again.
    std::remove((gpt2.dir() + "/generation_config.json").c_str());
    EXPECT_EQ(generatedIds(parsed(cli(base))), plain.ids);
    EXPECT_EQ(generatedIds(parsed(cli(base + " --repetition-penalty 1.8"))),
        greedyUnderRules(gpt2.dir(), plain.prompt, 6, 1.8f, {}));
}

TEST(GenerateCli, ABadRepetitionPenaltyOrSamplingKeyIsBadInputNamingIt)
{
    const ModelFolder gpt2(ModelFolder::Gpt2);
    const std::string base = "--generate " + gpt2.arg() + " --text '" + kText + "' --max-new-tokens 2";
    expectBadInput(cli(base + " --repetition-penalty 0"), "--repetition-penalty: the repetition penalty");
    expectBadInput(cli(base + " --repetition-penalty x"), "--repetition-penalty");
    expectBadInput(cli("--predict " + gpt2.arg() + " --text a --repetition-penalty 2"), "--repetition-penalty");
    test::writeTextFile(gpt2.dir() + "/generation_config.json", R"({"top_p": 2})");
    expectBadInput(cli(base), "generation_config.json: top_p: top-p must be greater than 0");
    test::writeTextFile(gpt2.dir() + "/generation_config.json", R"({"bad_words_ids": [[1, -1]]})");
    expectBadInput(cli(base), "generation_config.json: bad_words_ids[0][1]");
}
