// --model FILE.gguf (issue 34): --predict, --dump of a head and greedy --generate of a tiny Llama
// and Qwen2 as GGUF files (float32 and quantized) print what the same model as a safetensors
// folder prints; a file that is no model exits 2 with one line.
#include "ggufwriter.h"
#include "modelfixtures.h"
#include "runattnlab.h"
#include "tokenizerfixtures.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

using namespace attnlab;
using nlohmann::json;

class GgufPair {
public:
    // `chatTemplate`, when given, goes into the folder's tokenizer_config.json and the file's
    // tokenizer.chat_template, with <|endoftext|> as the eos token of both.
    GgufPair(const std::string &arch, const std::vector<std::uint32_t> &types, const std::string &chatTemplate = "")
        : m_dir(test::makeTempDir("cli-gguf-" + arch))
    {
        // The vocabulary padded past the tokenizer, as Qwen pads.
        test::TinyModelOptions o = test::smallGgufSizes(test::kGpt2FixtureVocabSize + 20);
        o.addFiles = [chatTemplate](const std::string &dir) {
            test::writeGpt2Tokenizer(dir);
            if (!chatTemplate.empty())
                test::writeTextFile(dir + "/tokenizer_config.json",
                    json {{"chat_template", chatTemplate}, {"eos_token", "<|endoftext|>"}}.dump());
        };
        m_gguf = test::writeTinyGgufPair(m_dir, arch, o, types, [chatTemplate](test::GgufWriter &w) {
            test::addGpt2FixtureTokenizer(w);
            if (!chatTemplate.empty()) {
                w.addString("tokenizer.chat_template", chatTemplate);
                w.addUInt32("tokenizer.ggml.eos_token_id", test::kGpt2FixtureVocabSize - 1);
            }
        });
    }
    ~GgufPair() { test::removeTree(m_dir); }
    GgufPair(const GgufPair &) = delete;
    GgufPair &operator=(const GgufPair &) = delete;

    std::string folderArg() const { return "--model '" + m_dir + "'"; }
    std::string ggufArg() const { return "--model '" + m_gguf + "'"; }
    const std::string &dir() const { return m_dir; }

private:
    std::string m_dir, m_gguf;
};

// Same structure, equal strings and integers, numbers within a tolerance; strings naming the
// model's path are skipped.
void expectSameOutput(const json &a, const json &b, const std::string &dir, const std::string &where = "")
{
    ASSERT_EQ(a.type(), b.type()) << where;
    if (a.is_number_float() || b.is_number_float()) {
        const double x = a.get<double>(), y = b.get<double>();
        EXPECT_LE(std::fabs(x - y), 1e-5 + 1e-5 * std::fabs(x)) << where;
    } else if (a.is_array()) {
        ASSERT_EQ(a.size(), b.size()) << where;
        for (size_t i = 0; i < a.size(); ++i)
            expectSameOutput(a[i], b[i], dir, where + "[" + std::to_string(i) + "]");
    } else if (a.is_object()) {
        for (auto it = a.begin(); it != a.end(); ++it) {
            ASSERT_TRUE(b.contains(it.key())) << where << "." << it.key();
            expectSameOutput(it.value(), b[it.key()], dir, where + "." + it.key());
        }
        EXPECT_EQ(a.size(), b.size()) << where;
    } else if (a.is_string() && (a.get<std::string>().find(dir) != std::string::npos)) {
        return;
    } else {
        EXPECT_EQ(a, b) << where;
    }
}

void expectSameCommand(const GgufPair &pair, const std::string &command)
{
    const test::Run folder = test::runAttnlab(command + " " + pair.folderArg());
    const test::Run gguf = test::runAttnlab(command + " " + pair.ggufArg());
    ASSERT_EQ(folder.code, 0) << folder.err;
    ASSERT_EQ(gguf.code, 0) << gguf.err;
    ASSERT_GT(folder.out.size(), 100u) << folder.out; // something to compare
    expectSameOutput(json::parse(folder.out), json::parse(gguf.out), pair.dir(), command);
}

const std::string kText = "--text 'The cat sat on the mat'";

TEST(GgufCli, PredictDumpAndGenerateOfAGgufFileMatchTheSafetensorsFolder)
{
    for (const std::string arch : {"llama", "qwen2"}) {
        SCOPED_TRACE(arch);
        GgufPair pair(arch, {});
        expectSameCommand(pair, "--predict " + kText + " --top 10");
        expectSameCommand(pair, "--dump " + kText + " --layer 2 --head 3");
        expectSameCommand(pair, "--generate " + kText + " --max-new-tokens 5");
    }
}

TEST(GgufCli, QuantizedGgufGivesTheOutputsOfItsDequantizedWeights)
{
    GgufPair pair("llama", {8, 2, 6, 30}); // Q8_0, Q4_0, Q5_0, BF16 in turn
    expectSameCommand(pair, "--predict " + kText + " --top 10");
    expectSameCommand(pair, "--generate " + kText + " --max-new-tokens 5");
}

// `--model NAME:TAG` opens the blob an Ollama store's manifest names (OLLAMA_MODELS): the same
// output as the GGUF file itself; a name the store lacks exits 2 saying where it looked.
TEST(GgufCli, AnOllamaNameRunsItsBlobAsTheFileDoes)
{
    GgufPair pair("qwen2", {8}); // Q8_0 matrices
    const std::string store = test::makeTempDir("cli-ollama");
    const std::string hex(64, 'e');
    std::filesystem::create_directories(store + "/manifests/registry.ollama.ai/library/tiny-qwen");
    std::filesystem::create_directories(store + "/blobs");
    std::filesystem::copy_file(pair.ggufArg().substr(9, pair.ggufArg().size() - 10), store + "/blobs/sha256-" + hex);
    std::ofstream(store + "/manifests/registry.ollama.ai/library/tiny-qwen/q8")
        << R"({"schemaVersion":2,"layers":[{"mediaType":"application/vnd.ollama.image.template","digest":"sha256:)"
        << std::string(64, 'b') << R"(","size":9},{"mediaType":"application/vnd.ollama.image.model","digest":"sha256:)"
        << hex << R"(","size":1}]})";
    const std::string env = "env OLLAMA_MODELS='" + store + "'";
    for (const std::string &command :
        {"--predict " + kText + " --top 10", "--generate " + kText + " --max-new-tokens 4"}) {
        const test::Run file = test::runAttnlab(command + " " + pair.ggufArg(), {}, env);
        const test::Run named = test::runAttnlab(command + " --model tiny-qwen:q8", {}, env);
        ASSERT_EQ(file.code, 0) << file.err;
        ASSERT_EQ(named.code, 0) << named.err;
        EXPECT_TRUE(named.err.empty()) << named.err;
        expectSameOutput(json::parse(file.out), json::parse(named.out), store, command);
        expectSameOutput(json::parse(named.out), json::parse(file.out), pair.dir(), command);
    }
    const test::Run absent = test::runAttnlab("--predict " + kText + " --model tiny-qwen:q4", {}, env);
    EXPECT_EQ(absent.code, 2);
    EXPECT_TRUE(absent.out.empty());
    EXPECT_EQ(std::count(absent.err.begin(), absent.err.end(), '\n'), 1) << absent.err;
    EXPECT_NE(absent.err.find(store), std::string::npos) << absent.err;
    EXPECT_NE(absent.err.find("manifests/registry.ollama.ai/library/tiny-qwen/q4"), std::string::npos) << absent.err;
    test::removeTree(store);
}

// --list-models finds what is in a fake Hugging Face cache, Ollama store and LM Studio folder,
// with family and quantization read from the files' headers; --list-models beside another
// command is refused.
TEST(GgufCli, ListModelsFindsTheHubCacheTheOllamaStoreAndLmStudio)
{
    GgufPair q8("qwen2", {8}); // Q8_0 matrices, no general.file_type: the tensors say Q8_0
    const std::string root = test::makeTempDir("cli-stores");
    namespace fs = std::filesystem;
    // The hub cache: models--org--tiny at refs/main, the pair's safetensors folder as its snapshot.
    const std::string commit(40, '1');
    const fs::path repo = fs::path(root) / "hub" / "models--org--tiny";
    fs::create_directories(repo / "refs");
    std::ofstream(repo / "refs" / "main") << commit;
    fs::create_directories(repo / "snapshots");
    fs::copy(q8.dir(), repo / "snapshots" / commit, fs::copy_options::recursive);
    fs::remove(repo / "snapshots" / commit / "model.gguf");
    // The Ollama store: qwen2.5:0.5b and someone/tiny:q8 name the same blob.
    const std::string gguf = q8.ggufArg().substr(9, q8.ggufArg().size() - 10);
    const std::string hex(64, 'd');
    fs::create_directories(fs::path(root) / "ollama" / "blobs");
    fs::copy_file(gguf, fs::path(root) / "ollama" / "blobs" / ("sha256-" + hex));
    const std::string manifest
        = R"({"layers":[{"mediaType":"application/vnd.ollama.image.model","digest":"sha256:)" + hex + R"("}]})";
    for (const char *path : {"registry.ollama.ai/library/qwen2.5/0.5b", "registry.ollama.ai/someone/tiny/q8"}) {
        const fs::path file = fs::path(root) / "ollama" / "manifests" / path;
        fs::create_directories(file.parent_path());
        std::ofstream(file) << manifest;
    }
    // LM Studio: publisher/repository/file.gguf, with general.file_type 15 (Q4_K_M) in its header.
    const fs::path lm = fs::path(root) / "home" / ".lmstudio" / "models" / "lmstudio-community" / "Tiny-GGUF";
    fs::create_directories(lm);
    test::GgufWriter w;
    w.addString("general.architecture", "llama");
    w.addUInt32("general.file_type", 15);
    w.write((lm / "Tiny-Q4_K_M.gguf").string());

    const std::string env = "env HOME='" + root + "/home' HF_HUB_CACHE='" + root + "/hub' OLLAMA_MODELS='" + root
        + "/ollama' XDG_CACHE_HOME='" + root + "/xdg'";
    const test::Run r = test::runAttnlab("--list-models", {}, env);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    const json models = json::parse(r.out).at("models");
    ASSERT_EQ(models.size(), 4u) << r.out;
    const auto expectModel = [&](size_t i, const std::string &source, const std::string &id, const std::string &path,
                                 const std::string &family, const std::string &quantization) {
        SCOPED_TRACE(id);
        EXPECT_EQ(models[i].at("source"), source);
        EXPECT_EQ(models[i].at("id"), id);
        EXPECT_EQ(models[i].at("path"), path);
        EXPECT_EQ(models[i].at("family"), family);
        EXPECT_EQ(models[i].at("quantization"), quantization);
    };
    expectModel(0, "huggingface", "org/tiny", (repo / "snapshots" / commit).string(), "qwen2", "F32");
    const std::string blob = (fs::path(root) / "ollama" / "blobs" / ("sha256-" + hex)).string();
    expectModel(1, "ollama", "qwen2.5:0.5b", blob, "qwen2", "Q8_0");
    expectModel(2, "ollama", "someone/tiny:q8", blob, "qwen2", "Q8_0");
    expectModel(3, "lmstudio", "lmstudio-community/Tiny-GGUF/Tiny-Q4_K_M.gguf", (lm / "Tiny-Q4_K_M.gguf").string(),
        "llama", "Q4_K_M");
    EXPECT_EQ(models[1].at("bytes"), fs::file_size(blob));

    // What it lists opens: the Ollama id runs.
    EXPECT_EQ(test::runAttnlab("--predict " + kText + " --model someone/tiny:q8", {}, env).code, 0);
    const test::Run both = test::runAttnlab("--list-models --model org/tiny", {}, env);
    EXPECT_EQ(both.code, 2);
    EXPECT_EQ(both.err, "attnlab: --list-models cannot be combined with --model\n");
    test::removeTree(root);
}

TEST(GgufCli, ChatUsesTheTemplateInTheFilesMetadata)
{
    // The template writes the eos token after each turn: the file's comes from its eos_token_id.
    // (The tiny model takes 16 positions: a short template and a short turn.)
    const std::string chatTemplate = "{% for m in messages %}{{ m['content'] }}{{ eos_token }}{% endfor %}"
                                     "{% if add_generation_prompt %}>{% endif %}";
    GgufPair pair("llama", {}, chatTemplate);
    const std::string command = "--generate --text hi --max-new-tokens 4";
    expectSameCommand(pair, command + " --chat");
    const json chat = json::parse(test::runAttnlab(command + " --chat " + pair.ggufArg()).out);
    const json plain = json::parse(test::runAttnlab(command + " " + pair.ggufArg()).out);
    EXPECT_GT(chat["token_ids"].size(), plain["token_ids"].size()); // the template's words came in
    EXPECT_NE(std::find(chat["token_ids"].begin(), chat["token_ids"].end(), test::kGpt2FixtureVocabSize - 1),
        chat["token_ids"].end()); // with the eos token it wrote

    GgufPair base("llama", {});
    const test::Run r = test::runAttnlab("--generate --text hi --chat " + base.ggufArg());
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("has no chat template (no \"tokenizer.chat_template\" in its metadata)"), std::string::npos)
        << r.err;
}

TEST(GgufCli, AFileThatIsNoModelExits2WithOneLine)
{
    const std::string dir = test::makeTempDir("cli-gguf-bad");
    test::GgufWriter w;
    w.addString("general.architecture", "mamba");
    w.write(dir + "/m.gguf");
    const test::Run r = test::runAttnlab("--predict --model '" + dir + "/m.gguf' " + kText);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("m.gguf: architecture \"mamba\" cannot be opened as a model"), std::string::npos) << r.err;
    test::removeTree(dir);
}

// `attnlab --model FILE.gguf` with no command opens the window on the file: the quick check
// before the window accepts a GGUF file (it asked for a folder before) and refuses a broken one.
TEST(GgufCli, TheWindowOpensOnAGgufFileAndRefusesABrokenOne)
{
    const GgufPair pair("qwen2", {8});
    const std::string gguf = pair.ggufArg().substr(9, pair.ggufArg().size() - 10);
    const std::string window = "env -u DISPLAY QT_QPA_PLATFORM=offscreen ATTNLAB_NO_RECOVERY=1 timeout 6";
    // Still running when timeout stops it (124): no refusal on stderr.
    const test::Run open = test::runAttnlab("--model '" + gguf + "'", {}, window);
    EXPECT_EQ(open.code, 124) << open.err;
    EXPECT_EQ(open.err.find("attnlab: --model"), std::string::npos) << open.err;

    // The first 40 bytes only: the tensor table is cut off.
    const std::string cut = pair.dir() + "/cut.gguf";
    std::ofstream(cut, std::ios::binary) << test::readFile(gguf).substr(0, 40);
    const test::Run broken = test::runAttnlab("--model '" + cut + "'", {}, window);
    EXPECT_EQ(broken.code, 2) << broken.err;
    EXPECT_EQ(std::count(broken.err.begin(), broken.err.end(), '\n'), 1) << broken.err;
    EXPECT_EQ(broken.err.rfind("attnlab: --model " + cut + ": ", 0), 0u) << broken.err;
}

} // namespace
