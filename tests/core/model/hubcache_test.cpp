// Models in the local Hugging Face hub cache (core/model/hubcache): where the cache is, which
// ids are repository ids, and how refs/main leads to a snapshot, as huggingface_hub does it.
#include "modelfixtures.h"

#include "core/model/hubcache.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

namespace {

using namespace attnlab::core::model;
namespace fs = std::filesystem;

// An environment made of `vars` only.
Environment environment(const std::map<std::string, std::string> &vars)
{
    return [vars](const char *name) -> const char * {
        const auto it = vars.find(name);
        return it == vars.end() ? nullptr : it->second.c_str();
    };
}

TEST(HubCache, TheCacheFolderFollowsHuggingfaceHubsVariablesInTheirOrder)
{
    EXPECT_EQ(hubCacheDir(environment({{"HOME", "/home/a"}})), "/home/a/.cache/huggingface/hub");
    EXPECT_EQ(hubCacheDir(environment({{"HOME", "/home/a"}, {"XDG_CACHE_HOME", "/x"}})), "/x/huggingface/hub");
    EXPECT_EQ(hubCacheDir(environment({{"HOME", "/home/a"}, {"XDG_CACHE_HOME", "/x"}, {"HF_HOME", "/hf"}})), "/hf/hub");
    EXPECT_EQ(hubCacheDir(environment({{"HF_HOME", "/hf"}, {"HUGGINGFACE_HUB_CACHE", "/old"}})), "/old");
    EXPECT_EQ(
        hubCacheDir(environment({{"HF_HOME", "/hf"}, {"HUGGINGFACE_HUB_CACHE", "/old"}, {"HF_HUB_CACHE", "/new"}})),
        "/new");
    // "~" is the home folder, as os.path.expanduser reads it; an empty variable counts as unset.
    EXPECT_EQ(hubCacheDir(environment({{"HOME", "/home/a"}, {"HF_HOME", "~/hf"}})), "/home/a/hf/hub");
    EXPECT_EQ(hubCacheDir(environment({{"HOME", "/home/a"}, {"HF_HUB_CACHE", ""}})), "/home/a/.cache/huggingface/hub");
}

TEST(HubCache, RepositoryIdsAreWhatValidateRepoIdAccepts)
{
    for (const char *id : {"gpt2", "Qwen/Qwen2.5-0.5B-Instruct", "meta-llama/Llama-3.2-1B", "a_b/c.d"})
        EXPECT_TRUE(isHubId(id)) << id;
    for (const char *id :
        {"", "/abs/path", "a/b/c", "a--b/c", "a/b..c", "-a/b", "a/b.", "./model", "a b/c", "a/", "~/models"})
        EXPECT_FALSE(isHubId(id)) << id;
    EXPECT_TRUE(isHubId(std::string(96, 'a')));
    EXPECT_FALSE(isHubId(std::string(97, 'a')));
}

class HubCacheFolder : public ::testing::Test {
protected:
    void SetUp() override { m_cache = attnlab::test::makeTempDir("hubcache"); }
    void TearDown() override { attnlab::test::removeTree(m_cache); }

    // A downloaded repository: refs/main holding `ref` (none when empty) and a snapshot folder
    // named `snapshot` (none when empty).
    void addRepo(const std::string &folder, const std::string &ref, const std::string &snapshot)
    {
        const fs::path repo = fs::path(m_cache) / folder;
        fs::create_directories(repo / "refs");
        if (!ref.empty())
            std::ofstream(repo / "refs" / "main") << ref;
        if (!snapshot.empty())
            fs::create_directories(repo / "snapshots" / snapshot);
    }

    std::string m_cache;
};

TEST_F(HubCacheFolder, RefsMainLeadsToItsSnapshot)
{
    addRepo("models--Qwen--Qwen2.5-0.5B-Instruct", "7ae557604adf67be50417f59c2c2f167def9a775\n",
        "7ae557604adf67be50417f59c2c2f167def9a775");
    // An older snapshot beside it is not what main names.
    fs::create_directories(fs::path(m_cache) / "models--Qwen--Qwen2.5-0.5B-Instruct" / "snapshots" / "0123");
    const HubModel found = findHubModel(m_cache, "Qwen/Qwen2.5-0.5B-Instruct");
    EXPECT_EQ(found.status, HubModel::Status::Found);
    EXPECT_EQ(found.commit, "7ae557604adf67be50417f59c2c2f167def9a775");
    EXPECT_EQ(found.snapshot,
        m_cache + "/models--Qwen--Qwen2.5-0.5B-Instruct/snapshots/7ae557604adf67be50417f59c2c2f167def9a775");

    // An id without an organisation: models--gpt2.
    addRepo("models--gpt2", "abc", "abc");
    EXPECT_EQ(findHubModel(m_cache, "gpt2").status, HubModel::Status::Found);
}

TEST_F(HubCacheFolder, WhatIsMissingIsNamed)
{
    EXPECT_EQ(findHubModel(m_cache, "org/absent").status, HubModel::Status::NotCached);
    EXPECT_EQ(findHubModel(m_cache, "org/absent").repoDir, m_cache + "/models--org--absent");
    addRepo("models--org--noref", "", "abc");
    EXPECT_EQ(findHubModel(m_cache, "org/noref").status, HubModel::Status::NoMainRef);
    addRepo("models--org--nosnap", "abc", "");
    const HubModel noSnapshot = findHubModel(m_cache, "org/nosnap");
    EXPECT_EQ(noSnapshot.status, HubModel::Status::NoSnapshot);
    EXPECT_EQ(noSnapshot.commit, "abc");
    // refs/main never leads out of the snapshots folder.
    addRepo("models--org--escape", "..", "");
    EXPECT_EQ(findHubModel(m_cache, "org/escape").status, HubModel::Status::NoMainRef);
}

TEST_F(HubCacheFolder, TheListHoldsTheModelsWhoseMainSnapshotIsPresent)
{
    addRepo("models--b-org--model", "c1", "c1");
    addRepo("models--gpt2", "c2", "c2");
    addRepo("models--a--broken", "c3", ""); // no snapshot
    addRepo("datasets--a--data", "c4", "c4"); // not a model
    fs::create_directories(fs::path(m_cache) / ".locks");
    EXPECT_EQ(cachedHubModels(m_cache), (std::vector<std::string> {"b-org/model", "gpt2"}));
    EXPECT_TRUE(cachedHubModels(m_cache + "/absent").empty());
}

} // namespace
