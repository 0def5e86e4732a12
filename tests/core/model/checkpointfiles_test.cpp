// The weight files of a checkpoint folder (core/model/checkpointfiles): model.safetensors, the
// shards model.safetensors.index.json lists, and folders with PyTorch pickles only.
#include "core/model/block/blockmath.h"
#include "core/model/checkpoint/checkpointfiles.h"
#include "core/model/forward.h"
#include "core/model/modelloader.h"

#include "modelfixtures.h"
#include "modelio.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <unistd.h>

using namespace attnlab::core::model;
using attnlab::test::shardName;

namespace {

class Shards : public attnlab::test::ModelIo {
protected:
    // A tiny GPT-2 in three shards (tensors dealt out in turn) with the given dtype.
    attnlab::test::TinyModel writeSharded(const std::string &dtype = "F32", int shards = 3)
    {
        attnlab::test::TinyModelOptions o;
        o.dtype = dtype;
        o.shards = shards;
        o.seed = 21;
        return attnlab::test::writeTinyGpt2(m_dir, o);
    }

    std::string loadError()
    {
        const LoadModelResult r = loadModel(m_dir);
        EXPECT_EQ(r.ok(), r.error.empty());
        return r.error;
    }

    nlohmann::json index() const { return nlohmann::json::parse(attnlab::test::readBytes(path(kWeightsIndexFile))); }
    void writeIndex(const nlohmann::json &j) const { attnlab::test::writeBytes(path(kWeightsIndexFile), j.dump(2)); }
    void writeIndexText(const std::string &text) const { attnlab::test::writeBytes(path(kWeightsIndexFile), text); }

    std::string quotedDir() const { return "\"" + m_dir + "\""; }
};

// The model's prediction on a fixed sequence.
attnlab::core::RowVector predict(const ModelWeights &w)
{
    ForwardRunner runner(std::make_shared<const ModelWeights>(w));
    EXPECT_TRUE(runner.run({3, 1, 4, 1, 5}));
    return runner.probabilities();
}

const CheckpointFiles &filesOf(const ModelWeights &w)
{
    return *std::static_pointer_cast<const CheckpointFiles>(w.owner);
}

} // namespace

TEST_F(Shards, ShardedCheckpointLoadsTheSameWeightsAsOneFile)
{
    for (const std::string dtype : {"F32", "BF16"}) {
        SCOPED_TRACE(dtype);
        attnlab::test::TinyModelOptions o;
        o.dtype = dtype;
        o.seed = 21;
        attnlab::test::writeTinyGpt2(m_dir, o);
        const LoadModelResult single = loadModel(m_dir);
        ASSERT_TRUE(single.ok()) << single.error;
        attnlab::test::removeTree(m_dir);
        m_dir = attnlab::test::makeTempDir("shards");
        const auto model = writeSharded(dtype);
        for (int k = 1; k <= 3; ++k)
            EXPECT_TRUE(attnlab::test::readBytes(path(shardName(k, 3))).size() > 8) << k;
        const LoadModelResult sharded = loadModel(m_dir);
        ASSERT_TRUE(sharded.ok()) << sharded.error;
        const CheckpointFiles &files = filesOf(*sharded.weights);
        EXPECT_TRUE(files.sharded());
        EXPECT_EQ(files.files().size(), 3u);
        EXPECT_EQ(files.files()[1]->label(), shardName(2, 3));
        const std::vector<float> &wte = model.values("wte.weight");
        const attnlab::core::Matrix read = tensorCopy(sharded.weights->tokenEmbeddings);
        ASSERT_EQ(size_t(read.size()), wte.size());
        for (size_t i = 0; i < wte.size(); ++i)
            ASSERT_EQ(read.data()[i], wte[i]) << i;
        EXPECT_EQ(predict(*sharded.weights), predict(*single.weights));
    }
}

TEST_F(Shards, EveryShardIsMappedAndF32IsReadInPlace)
{
    writeSharded("F32");
    const LoadModelResult r = loadModel(m_dir);
    ASSERT_TRUE(r.ok()) << r.error;
    const ModelWeights &w = *r.weights;
    const CheckpointFiles &files = filesOf(w);
    EXPECT_EQ(files.convertedBytes(), 0u);
    // Tensors dealt out in turn land in different shards: each view points into its own.
    std::vector<int> viewsPerShard(files.files().size());
    for (const TensorView *v : {&w.tokenEmbeddings, &w.positionEmbeddings, &w.layers[0].key, &w.layers[0].valueBias,
             &w.layers[1].fcOut, &w.finalNorm.weight}) {
        ASSERT_TRUE(files.isMapped(v->data));
        for (size_t k = 0; k < files.files().size(); ++k)
            viewsPerShard[k] += files.files()[k]->isMapped(v->data) ? 1 : 0;
    }
    for (size_t k = 0; k < viewsPerShard.size(); ++k)
        EXPECT_GT(viewsPerShard[k], 0) << shardName(int(k) + 1, 3);
}

TEST_F(Shards, SingleFileIsPreferredToAnIndexAsTransformersDoes)
{
    attnlab::test::writeTinyGpt2(m_dir);
    writeIndexText("not even JSON");
    const LoadModelResult r = loadModel(m_dir);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_FALSE(filesOf(*r.weights).sharded());
}

TEST_F(Shards, MissingShardIsNamedWithTheFirstTensorPlacedThere)
{
    writeSharded();
    std::string first;
    const nlohmann::json j = index();
    for (const auto &[tensor, shard] : j["weight_map"].items())
        if (shard == shardName(2, 3) && (first.empty() || tensor < first))
            first = tensor;
    ASSERT_FALSE(first.empty());
    ASSERT_EQ(::unlink(path(shardName(2, 3)).c_str()), 0);
    EXPECT_EQ(loadError(),
        shardName(2, 3) + ": not found in " + quotedDir() + ", though model.safetensors.index.json places tensor \""
            + first + "\" there — is the download complete?");
}

TEST_F(Shards, ShardOfNoNeededTensorMustStillExist)
{
    // transformers opens every shard the index names, needed or not.
    writeSharded();
    nlohmann::json j = index();
    j["weight_map"]["lm_head.weight"] = "model-00004-of-00003.safetensors";
    writeIndex(j);
    EXPECT_EQ(loadError(),
        "model-00004-of-00003.safetensors: not found in " + quotedDir()
            + ", though model.safetensors.index.json places tensor \"lm_head.weight\" there — is the download "
              "complete?");
}

TEST_F(Shards, TensorMissingFromTheIndexIsNamed)
{
    writeSharded();
    nlohmann::json j = index();
    j["weight_map"].erase("h.1.mlp.c_fc.weight");
    writeIndex(j);
    EXPECT_EQ(loadError(),
        "model.safetensors.index.json: required tensor \"h.1.mlp.c_fc.weight\" (with or without \"transformer.\") "
        "is not in its \"weight_map\"");
}

TEST_F(Shards, IndexPlacingATensorInTheWrongShardIsNamed)
{
    writeSharded();
    nlohmann::json j = index();
    const std::string right = j["weight_map"]["wte.weight"];
    const std::string wrong = right == shardName(1, 3) ? shardName(2, 3) : shardName(1, 3);
    j["weight_map"]["wte.weight"] = wrong;
    writeIndex(j);
    EXPECT_EQ(loadError(),
        wrong + ": tensor \"wte.weight\" is not in this file, though model.safetensors.index.json places it here");
}

TEST_F(Shards, DamagedShardIsNamed)
{
    writeSharded();
    const std::string bytes = attnlab::test::readBytes(path(shardName(3, 3)));
    attnlab::test::writeBytes(path(shardName(3, 3)), bytes.substr(0, bytes.size() - 10));
    const std::string e = loadError();
    EXPECT_EQ(e.rfind(shardName(3, 3) + " is incomplete: ", 0), 0u) << e;
}

TEST_F(Shards, MalformedIndexIsRefusedStrictly)
{
    writeSharded();
    const std::string shard = "\"" + shardName(1, 3) + "\"";
    const std::string file = "model.safetensors.index.json";
    const struct {
        std::string text, error;
    } cases[] = {
        {"{\"weight_map\": {",
            file
                + ":1:17: invalid JSON: syntax error while parsing object key - unexpected end of input; expected "
                  "string literal"},
        {"{\"weight_map\": {\"wte.weight\": " + shard + ", \"wte.weight\": " + shard + "}}",
            file + ": weight_map.\"wte.weight\": the key \"wte.weight\" appears more than once"},
        {"[]", file + ": must be a JSON object"},
        {"{\"metadata\": {}}", file + ": \"weight_map\" is missing or not an object of tensor names and shard files"},
        {"{\"weight_map\": [" + shard + "]}",
            file + ": \"weight_map\" is missing or not an object of tensor names and shard files"},
        {"{\"metadata\": 3, \"weight_map\": {}}", file + ": \"metadata\" must be an object"},
        {"{\"weight_map\": {\"wte.weight\": 1}}",
            file
                + ": \"weight_map\": tensor \"wte.weight\" is placed in 1, which is not the name of a file in this "
                  "folder"},
        {"{\"weight_map\": {\"wte.weight\": \"../" + shardName(1, 3) + "\"}}",
            file + ": \"weight_map\": tensor \"wte.weight\" is placed in \"../" + shardName(1, 3)
                + "\", which is not the name of a file in this folder"},
        {"{\"weight_map\": {\"wte.weight\": \"..\"}}",
            file
                + ": \"weight_map\": tensor \"wte.weight\" is placed in \"..\", which is not the name of a file in "
                  "this folder"},
        {"{\"weight_map\": {\"wte.weight\": \"\"}}",
            file
                + ": \"weight_map\": tensor \"wte.weight\" is placed in \"\", which is not the name of a file in this "
                  "folder"},
    };
    for (const auto &c : cases) {
        SCOPED_TRACE(c.text);
        writeIndexText(c.text);
        EXPECT_EQ(loadError(), c.error);
    }
    writeIndexText("{\"weight_map\": {}, \"pad\": \"" + std::string(kMaxWeightsIndexBytes, ' ') + "\"}");
    EXPECT_EQ(loadError(),
        file + ": the file has " + std::to_string(kMaxWeightsIndexBytes + 29)
            + " bytes, more than the 16777216 allowed for an index");
}

// ------------------------------------------------------------------ PyTorch pickles

TEST_F(Shards, PytorchOnlyFolderIsRefusedWithTheWayToSafetensors)
{
    attnlab::test::writeBytes(path("config.json"), R"({"model_type": "gpt2"})");
    const std::string advice = " those are never opened, since loading them runs code stored in the file. Download the "
                               "model's .safetensors files instead, or load it with transformers and save it with "
                               "save_pretrained(folder, safe_serialization=True)";
    // A dangling link: opening or stat()ing it would fail differently, so the message proves the
    // file was only seen in the folder's listing.
    ASSERT_EQ(::symlink("/nonexistent/attnlab-weights", path("pytorch_model.bin").c_str()), 0);
    EXPECT_EQ(loadError(),
        "model.safetensors: not found in " + quotedDir() + ", which holds PyTorch weights only (pytorch_model.bin);"
            + advice);
    ASSERT_EQ(::unlink(path("pytorch_model.bin").c_str()), 0);

    // Shards of garbage that nobody may read.
    for (const std::string name : {"pytorch_model-00001-of-00002.bin", "pytorch_model-00002-of-00002.bin"}) {
        attnlab::test::writeBytes(path(name), "\x80\x02garbage that is no pickle");
        ASSERT_EQ(::chmod(path(name).c_str(), 0), 0);
    }
    EXPECT_EQ(loadError(),
        "model.safetensors: not found in " + quotedDir()
            + ", which holds PyTorch weights only (pytorch_model-00001-of-00002.bin);" + advice);
    for (const std::string name : {"pytorch_model-00001-of-00002.bin", "pytorch_model-00002-of-00002.bin"})
        ASSERT_EQ(::unlink(path(name).c_str()), 0);

    attnlab::test::writeBytes(path("consolidated.00.pth"), "x");
    EXPECT_EQ(loadError(),
        "model.safetensors: not found in " + quotedDir() + ", which holds PyTorch weights only (consolidated.00.pth);"
            + advice);
    ASSERT_EQ(::unlink(path("consolidated.00.pth").c_str()), 0);

    // Other .bin files are not PyTorch weights.
    attnlab::test::writeBytes(path("training_args.bin"), "x");
    EXPECT_EQ(loadError(), "model.safetensors: not found in " + quotedDir());
}

TEST_F(Shards, SafetensorsBesidePytorchWeightsAreRead)
{
    const auto model = writeSharded();
    ASSERT_EQ(::symlink("/nonexistent/attnlab-weights", path("pytorch_model.bin").c_str()), 0);
    const LoadModelResult r = loadModel(m_dir);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.weights->finalNorm.weight.data[0], model.values("ln_f.weight")[0]);
}
