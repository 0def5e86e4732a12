// The Ollama store (issue 34): names parsed into manifest paths as Ollama's types/model/name.go
// lays them out, the model layer's digest read from a manifest, and the blob it names found;
// malformed names never leave the store, malformed manifests are refused naming the field.
#include "core/gguf/ollamastore.h"
#include "core/model/modelerror.h"

#include "modelfixtures.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace attnlab;
using namespace attnlab::core::gguf;
namespace fs = std::filesystem;

namespace {

const std::string kDigest = "sha256:" + std::string(64, 'a');

std::string manifestWith(const std::string &layers)
{
    return R"({"schemaVersion":2,"mediaType":"application/vnd.docker.distribution.manifest.v2+json",)"
           R"("config":{"mediaType":"application/vnd.docker.container.image.v1+json","digest":"sha256:)"
        + std::string(64, 'c') + R"(","size":485},"layers":)" + layers + "}";
}

std::string modelLayer(const std::string &digest)
{
    return R"({"mediaType":"application/vnd.ollama.image.model","digest":")" + digest + R"(","size":397807936})";
}

const std::string kTemplateLayer = R"({"mediaType":"application/vnd.ollama.image.template","digest":"sha256:)"
    + std::string(64, 'b') + R"(","size":1482})";

std::string problemOf(const std::string &manifest)
{
    try {
        ollamaModelDigest(manifest, "m");
    } catch (const core::model::ModelError &e) {
        return e.problem().path;
    }
    return "(accepted)";
}

} // namespace

TEST(OllamaStore, NamesBecomeManifestPathsWithOllamasDefaults)
{
    OllamaName n;
    ASSERT_TRUE(parseOllamaName("qwen2.5:0.5b", &n));
    EXPECT_EQ(n.manifestPath(), "manifests/registry.ollama.ai/library/qwen2.5/0.5b");
    ASSERT_TRUE(parseOllamaName("someone/tiny-llama:q4_K_M", &n));
    EXPECT_EQ(n.manifestPath(), "manifests/registry.ollama.ai/someone/tiny-llama/q4_K_M");
    ASSERT_TRUE(parseOllamaName("hf.co/org/Model-GGUF:Q8_0", &n));
    EXPECT_EQ(n.manifestPath(), "manifests/hf.co/org/Model-GGUF/Q8_0");
    ASSERT_TRUE(parseOllamaName("localhost:5000/ns/m:v1", &n));
    EXPECT_EQ(n.manifestPath(), "manifests/localhost:5000/ns/m/v1");
    // Without a tag a word stays a folder or a Hugging Face id; nothing may leave the store.
    for (const char *bad : {"qwen2.5", "Qwen/Qwen2.5-0.5B", "../x:y", "a/../b:c", "m:..", "m:", ":t", "a/b/c/d:t",
             "m:t/x", "m a:t", "host:port/ns/m:t", "/abs:t", "m:t\\x"})
        EXPECT_FALSE(parseOllamaName(bad, &n)) << bad;
    EXPECT_FALSE(parseOllamaName(std::string(81, 'm') + ":t", &n));
}

TEST(OllamaStore, TheStoreIsOllamaModelsElseTheHomeFolders)
{
    const auto env = [](const char *home, const char *models) {
        return [=](const char *name) -> const char * {
            const std::string n = name;
            return n == "HOME" ? home : n == "OLLAMA_MODELS" ? models : nullptr;
        };
    };
    EXPECT_EQ(ollamaStoreDir(env("/home/u", nullptr)), "/home/u/.ollama/models");
    EXPECT_EQ(ollamaStoreDir(env("/home/u", "/srv/ollama")), "/srv/ollama");
    EXPECT_EQ(ollamaStoreDir(env("/home/u", "~/models")), "/home/u/models");
    EXPECT_EQ(ollamaStoreDir(env("/home/u", "")), "/home/u/.ollama/models");
}

TEST(OllamaStore, TheModelLayersDigestIsReadAndBadManifestsNameTheirField)
{
    EXPECT_EQ(ollamaModelDigest(manifestWith("[" + kTemplateLayer + "," + modelLayer(kDigest) + "]"), "m"), kDigest);
    EXPECT_EQ(problemOf("[1]"), "");
    EXPECT_EQ(problemOf("{not json"), "");
    EXPECT_EQ(problemOf(R"({"schemaVersion":2})"), "layers");
    EXPECT_EQ(problemOf(R"({"layers":{}})"), "layers");
    EXPECT_EQ(problemOf(manifestWith("[" + kTemplateLayer + "]")), "layers");
    EXPECT_EQ(problemOf(manifestWith("[" + modelLayer("sha256:../../etc/passwd") + "]")), "layers[0].digest");
    EXPECT_EQ(problemOf(manifestWith("[" + modelLayer("sha256:" + std::string(64, 'A')) + "]")), "layers[0].digest");
    EXPECT_EQ(problemOf(manifestWith(R"([{"mediaType":"application/vnd.ollama.image.model"}])")), "layers[0].digest");
}

TEST(OllamaStore, ANameIsFoundAsItsBlobOrSaysWhatIsMissing)
{
    const std::string store = test::makeTempDir("ollama-store");
    OllamaName name;
    ASSERT_TRUE(parseOllamaName("tiny:q8", &name));
    EXPECT_EQ(findOllamaModel(store, name).status, OllamaModel::Status::NoManifest);
    const fs::path manifest = fs::path(store) / name.manifestPath();
    fs::create_directories(manifest.parent_path());
    std::ofstream(manifest) << manifestWith("[" + modelLayer(kDigest) + "]");
    const OllamaModel noBlob = findOllamaModel(store, name);
    EXPECT_EQ(noBlob.status, OllamaModel::Status::NoBlob);
    EXPECT_EQ(noBlob.blob, (fs::path(store) / "blobs" / ("sha256-" + std::string(64, 'a'))).string());
    fs::create_directories(fs::path(store) / "blobs");
    std::ofstream(noBlob.blob) << "GGUF";
    const OllamaModel found = findOllamaModel(store, name);
    EXPECT_EQ(found.status, OllamaModel::Status::Found);
    EXPECT_EQ(found.blob, noBlob.blob);
    EXPECT_EQ(found.manifest, manifest.string());
    test::removeTree(store);
}
