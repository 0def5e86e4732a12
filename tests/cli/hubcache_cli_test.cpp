// --model with a hub id (issue 18): the model is found offline in the local Hugging Face cache
// that HF_HUB_CACHE names, and runs exactly as its folder does.
#include "chinesemessages.h"
#include "modelfixtures.h"
#include "runattnlab.h"
#include "tokenizerfixtures.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace {

using namespace attnlab;
namespace fs = std::filesystem;

const std::string kText = " --text 'The cat sat'";

// A hub cache holding a tiny GPT-2 as models--org--tiny-gpt2 at refs/main.
class HubCacheCli : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_cache = test::makeTempDir("hubcli");
        const fs::path repo = fs::path(m_cache) / "models--org--tiny-gpt2";
        fs::create_directories(repo / "refs");
        std::ofstream(repo / "refs" / "main") << kCommit;
        m_snapshot = (repo / "snapshots" / kCommit).string();
        fs::create_directories(m_snapshot);
        test::TinyModelOptions options;
        options.vocab = test::kGpt2FixtureVocabSize;
        options.addFiles = [](const std::string &dir) { test::writeGpt2Tokenizer(dir); };
        test::writeTinyGpt2(m_snapshot, options);
    }
    void TearDown() override { test::removeTree(m_cache); }

    test::Run run(const std::string &args) const
    {
        return test::runAttnlab(args, {}, "env HF_HUB_CACHE='" + m_cache + "'");
    }

    static constexpr const char *kCommit = "0123456789abcdef0123456789abcdef01234567";
    std::string m_cache;
    std::string m_snapshot;
};

TEST_F(HubCacheCli, AHubIdRunsAsItsSnapshotFolderDoes)
{
    const test::Run byId = run("--predict --model org/tiny-gpt2" + kText);
    const test::Run byFolder = run("--predict --model '" + m_snapshot + "'" + kText);
    ASSERT_EQ(byId.code, 0) << byId.err;
    EXPECT_TRUE(byId.err.empty()) << byId.err;
    EXPECT_NE(byId.out.find("\"probability\""), std::string::npos);
    EXPECT_EQ(byId.out, byFolder.out);

    const test::Run dump = run("--dump --model org/tiny-gpt2 --layer 1 --head 1" + kText);
    EXPECT_EQ(dump.code, 0) << dump.err;
    EXPECT_EQ(dump.out, run("--dump --model '" + m_snapshot + "' --layer 1 --head 1" + kText).out);
}

TEST_F(HubCacheCli, AnIdTheCacheDoesNotHoldSaysWhereItLooked)
{
    const test::Run r = run("--predict --model org/absent" + kText);
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(r.err.rfind("attnlab: --model org/absent: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(m_cache), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("never downloads"), std::string::npos) << r.err;

    // The window's path refuses it before opening too.
    const test::Run window = test::runAttnlab(
        "--model org/absent", {}, "env -u DISPLAY QT_QPA_PLATFORM=offscreen HF_HUB_CACHE='" + m_cache + "'");
    EXPECT_EQ(window.code, 2);
    EXPECT_NE(window.err.find(m_cache), std::string::npos) << window.err;
}

TEST_F(HubCacheCli, AnUnfinishedDownloadIsNamed)
{
    fs::remove(fs::path(m_cache) / "models--org--tiny-gpt2" / "refs" / "main");
    const test::Run noRef = run("--predict --model org/tiny-gpt2" + kText);
    EXPECT_EQ(noRef.code, 2);
    EXPECT_NE(noRef.err.find("refs/main"), std::string::npos) << noRef.err;

    std::ofstream(fs::path(m_cache) / "models--org--tiny-gpt2" / "refs" / "main") << "feedface";
    const test::Run noSnapshot = run("--predict --model org/tiny-gpt2" + kText);
    EXPECT_EQ(noSnapshot.code, 2);
    EXPECT_NE(noSnapshot.err.find("feedface"), std::string::npos) << noSnapshot.err;
}

TEST_F(HubCacheCli, TheMessagesAreChineseUnderZhCn)
{
    for (const std::string id : {"org/absent", "org/tiny-gpt2"}) {
        if (id == "org/tiny-gpt2")
            fs::remove(fs::path(m_cache) / "models--org--tiny-gpt2" / "refs" / "main");
        const test::Run r = run("--lang zh_CN --predict --model " + id + kText);
        EXPECT_EQ(r.code, 2);
        EXPECT_TRUE(test::englishSentence(r.err).empty()) << r.err;
    }
}

// A folder that exists is always the folder, even when its name looks like a hub id.
TEST_F(HubCacheCli, AnExistingFolderWinsOverTheCache)
{
    const test::Run r = test::runAttnlab("--predict --model org/tiny-gpt2" + kText, {},
        "cd '" + m_cache + "' && mkdir -p org && cp -r '" + m_snapshot
            + "' org/tiny-gpt2 && env HF_HUB_CACHE=/nonexistent");
    EXPECT_EQ(r.code, 0) << r.err;
}

} // namespace
