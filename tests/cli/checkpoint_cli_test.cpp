// Sharded checkpoints and PyTorch-only folders on the command line: a sharded folder predicts
// what the same weights in one file predict, and each bad folder exits 2 with one line on stderr,
// nothing on stdout, in English and in Chinese.
#include "chinesemessages.h"
#include "modelfixtures.h"
#include "runattnlab.h"
#include "tokenizerfixtures.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

namespace {

using attnlab::test::runAttnlab;
using attnlab::test::shardName;

// A tiny GPT-2 folder with its tokenizer, in `shards` shards (0: one model.safetensors), with
// `edit` applied to the folder afterwards; removed at the end of the test.
class Folder {
public:
    explicit Folder(int shards, const std::function<void(const std::string &dir)> &edit = {})
        : m_dir(attnlab::test::makeTempDir("cli-shards"))
    {
        attnlab::test::TinyModelOptions o;
        o.shards = shards;
        o.vocab = attnlab::test::kGpt2FixtureVocabSize;
        o.addFiles = [](const std::string &dir) { attnlab::test::writeGpt2Tokenizer(dir); };
        attnlab::test::writeTinyGpt2(m_dir, o);
        if (edit)
            edit(m_dir);
    }
    ~Folder() { attnlab::test::removeTree(m_dir); }
    Folder(const Folder &) = delete;
    Folder &operator=(const Folder &) = delete;

    const std::string &dir() const { return m_dir; }
    std::string predict() const { return "--predict --model '" + m_dir + "' --text 'The cat sat'"; }
    std::string dump() const { return "--dump --model '" + m_dir + "' --text 'The cat sat' --layer 1 --head 1"; }

private:
    std::string m_dir;
};

void editIndex(const std::string &dir, const std::function<void(nlohmann::json &)> &edit)
{
    const std::string path = dir + "/model.safetensors.index.json";
    nlohmann::json j = nlohmann::json::parse(attnlab::test::readBytes(path));
    edit(j);
    attnlab::test::writeBytes(path, j.dump(2));
}

// Exit 2, nothing on stdout, one line on stderr that holds `mentions`; in Chinese with no
// English sentence left, the file and tensor names kept.
void expectRefused(const std::string &args, const std::string &mentions)
{
    SCOPED_TRACE(args);
    const attnlab::test::Run r = runAttnlab(args);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    ASSERT_FALSE(r.err.empty());
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("attnlab: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(mentions), std::string::npos) << "expected \"" << mentions << "\" in: " << r.err;

    const attnlab::test::Run zh = runAttnlab("--lang zh_CN " + args);
    EXPECT_EQ(zh.code, 2) << zh.err;
    EXPECT_TRUE(zh.out.empty()) << zh.out;
    EXPECT_EQ(std::count(zh.err.begin(), zh.err.end(), '\n'), 1) << zh.err;
    EXPECT_EQ(attnlab::test::englishSentence(zh.err), "") << zh.err;
    EXPECT_NE(zh.err.find(mentions), std::string::npos) << "expected \"" << mentions << "\" in: " << zh.err;
}

} // namespace

TEST(CheckpointCli, ShardedFolderPredictsAndDumpsAsTheSingleFileDoes)
{
    const Folder single(0);
    const Folder sharded(3);
    const attnlab::test::Run a = runAttnlab(single.predict());
    const attnlab::test::Run b = runAttnlab(sharded.predict());
    ASSERT_EQ(a.code, 0) << a.err;
    ASSERT_EQ(b.code, 0) << b.err;
    EXPECT_TRUE(b.err.empty()) << b.err;
    EXPECT_EQ(b.out, a.out);
    const attnlab::test::Run c = runAttnlab(single.dump());
    const attnlab::test::Run d = runAttnlab(sharded.dump());
    ASSERT_EQ(d.code, 0) << d.err;
    EXPECT_EQ(d.out, c.out);
}

TEST(CheckpointCli, BadShardedFoldersExitTwoWithOneLine)
{
    const Folder missingShard(3, [](const std::string &dir) { ::unlink((dir + "/" + shardName(2, 3)).c_str()); });
    expectRefused(missingShard.predict(), shardName(2, 3));
    expectRefused(missingShard.dump(), shardName(2, 3));

    const Folder notInIndex(3,
        [](const std::string &dir) { editIndex(dir, [](nlohmann::json &j) { j["weight_map"].erase("ln_f.bias"); }); });
    expectRefused(notInIndex.predict(), "model.safetensors.index.json: ");
    expectRefused(notInIndex.predict(), "\"ln_f.bias\"");

    const Folder wrongShard(3, [](const std::string &dir) {
        editIndex(dir, [](nlohmann::json &j) {
            const std::string now = j["weight_map"]["wpe.weight"];
            j["weight_map"]["wpe.weight"] = now == shardName(3, 3) ? shardName(1, 3) : shardName(3, 3);
        });
    });
    expectRefused(wrongShard.predict(), "\"wpe.weight\"");

    const Folder malformed(3, [](const std::string &dir) {
        attnlab::test::writeBytes(dir + "/model.safetensors.index.json", "{\"weight_map\": 7");
    });
    expectRefused(malformed.predict(), "model.safetensors.index.json:1:");

    const Folder escaping(3, [](const std::string &dir) {
        editIndex(dir, [](nlohmann::json &j) { j["weight_map"]["wte.weight"] = "/etc/passwd"; });
    });
    expectRefused(escaping.predict(), "\"/etc/passwd\"");
}

TEST(CheckpointCli, PytorchOnlyFolderIsRefusedWithoutReadingIt)
{
    const Folder pytorch(0, [](const std::string &dir) {
        ::unlink((dir + "/model.safetensors").c_str());
        attnlab::test::writeBytes(dir + "/pytorch_model.bin", "garbage");
        ::chmod((dir + "/pytorch_model.bin").c_str(), 0);
    });
    expectRefused(pytorch.predict(), "pytorch_model.bin");
    expectRefused(pytorch.predict(), "save_pretrained(folder, safe_serialization=True)");
    expectRefused(pytorch.dump(), ".safetensors");
}
