// The checkpoint readers of core/model: config.json and the model loader, with files written by
// the tests' own writer (modelfixtures.h); safetensors itself in safetensors_test.cpp.
#include "core/model/block/blockmath.h"
#include "core/model/checkpoint/checkpointfiles.h"
#include "core/model/checkpoint/safetensors.h"
#include "core/model/modelconfig.h"
#include "core/model/modelerror.h"
#include "core/model/modelloader.h"

#include "modelfixtures.h"
#include "modelio.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace attnlab::core::model;
using namespace attnlab::test;

// ---------------------------------------------------------------- config.json

namespace {

std::string configError(const std::string &text)
{
    try {
        parseModelConfig(text);
    } catch (const ModelError &e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST(ModelConfig, Gpt2DefaultsAreTransformers)
{
    const ModelConfig c = parseModelConfig(R"({"model_type": "gpt2"})");
    EXPECT_EQ(c.family, findFamily("gpt2"));
    EXPECT_EQ(c.modelType, "gpt2");
    EXPECT_EQ(c.layers, 12);
    EXPECT_EQ(c.heads, 12);
    EXPECT_EQ(c.dModel, 768);
    EXPECT_EQ(c.dInner, 3072);
    EXPECT_EQ(c.maxPositions, 1024);
    EXPECT_EQ(c.vocabSize, 50257);
    EXPECT_EQ(c.typeVocabSize, 0);
    EXPECT_FLOAT_EQ(c.layerNormEps, 1e-5f);
    EXPECT_EQ(c.activation, "gelu_new");
    EXPECT_EQ(c.headDim(), 64);
}

TEST(ModelConfig, BertDefaultsAreTransformers)
{
    const ModelConfig c = parseModelConfig(R"({"model_type": "bert"})");
    EXPECT_EQ(c.family, findFamily("bert"));
    EXPECT_EQ(c.layers, 12);
    EXPECT_EQ(c.heads, 12);
    EXPECT_EQ(c.dModel, 768);
    EXPECT_EQ(c.dInner, 3072);
    EXPECT_EQ(c.maxPositions, 512);
    EXPECT_EQ(c.vocabSize, 30522);
    EXPECT_EQ(c.typeVocabSize, 2);
    EXPECT_FLOAT_EQ(c.layerNormEps, 1e-12f);
    EXPECT_EQ(c.activation, "gelu");
}

TEST(ModelConfig, GivenValuesOverrideDefaults)
{
    const ModelConfig g = parseModelConfig(R"({"model_type": "gpt2", "n_layer": 6, "n_head": 4, "n_embd": 256,
        "n_inner": null, "n_positions": 64, "vocab_size": 100, "layer_norm_epsilon": 1e-6,
        "activation_function": "relu", "architectures": ["GPT2LMHeadModel"], "task_specific_params": {"x": {}}})");
    EXPECT_EQ(g.layers, 6);
    EXPECT_EQ(g.heads, 4);
    EXPECT_EQ(g.dModel, 256);
    EXPECT_EQ(g.dInner, 1024) << "n_inner null is 4 n_embd";
    EXPECT_EQ(g.maxPositions, 64);
    EXPECT_EQ(g.vocabSize, 100);
    EXPECT_FLOAT_EQ(g.layerNormEps, 1e-6f);
    EXPECT_EQ(g.activation, "relu");
    EXPECT_EQ(parseModelConfig(R"({"model_type": "gpt2", "n_inner": 100})").dInner, 100);
    // transformers' attribute_map lets GPT-2 configs use the BERT-style names.
    EXPECT_EQ(parseModelConfig(R"({"model_type": "gpt2", "hidden_size": 64, "num_attention_heads": 2})").dModel, 64);

    const ModelConfig b = parseModelConfig(R"({"model_type": "bert", "num_hidden_layers": 3, "num_attention_heads": 2,
        "hidden_size": 32, "intermediate_size": 40, "max_position_embeddings": 20, "vocab_size": 21128,
        "type_vocab_size": 1, "layer_norm_eps": 1e-7, "hidden_act": "gelu_new"})");
    EXPECT_EQ(b.layers, 3);
    EXPECT_EQ(b.heads, 2);
    EXPECT_EQ(b.dModel, 32);
    EXPECT_EQ(b.dInner, 40);
    EXPECT_EQ(b.maxPositions, 20);
    EXPECT_EQ(b.vocabSize, 21128);
    EXPECT_EQ(b.typeVocabSize, 1);
    EXPECT_FLOAT_EQ(b.layerNormEps, 1e-7f);
    EXPECT_EQ(b.activation, "gelu_new");
}

TEST(ModelConfig, UnsupportedModelTypeNamesTheSupportedOnes)
{
    EXPECT_EQ(configError(R"({"model_type": "mistral"})"),
        R"(config.json: "model_type" "mistral" is not supported; supported: "gpt2", "bert", "qwen2", "llama", "gemma2", "qwen3", "qwen3_moe", "gemma3_text", "gemma3")");
    EXPECT_EQ(configError(R"({"model_type": 2})"),
        R"(config.json: "model_type" 2 is not supported; supported: "gpt2", "bert", "qwen2", "llama", "gemma2", "qwen3", "qwen3_moe", "gemma3_text", "gemma3")");
    EXPECT_EQ(configError(R"({"n_layer": 2})"),
        R"(config.json: "model_type" is missing; supported: "gpt2", "bert", "qwen2", "llama", "gemma2", "qwen3", "qwen3_moe", "gemma3_text", "gemma3")");
}

TEST(ModelConfig, MalformedNumbersNameTheKey)
{
    EXPECT_EQ(configError(R"({"model_type": "gpt2", "n_head": 2.5})"),
        R"(config.json: "n_head" must be a positive integer (got 2.5))");
    EXPECT_EQ(configError(R"({"model_type": "gpt2", "n_head": -3})"),
        R"(config.json: "n_head" must be a positive integer (got -3))");
    EXPECT_EQ(configError(R"({"model_type": "bert", "num_hidden_layers": 0})"),
        R"(config.json: "num_hidden_layers" must be a positive integer (got 0))");
    EXPECT_EQ(configError(R"({"model_type": "bert", "hidden_size": "768"})"),
        R"(config.json: "hidden_size" must be a positive integer (got "768"))");
    EXPECT_EQ(configError(R"({"model_type": "gpt2", "n_layer": null})"),
        R"(config.json: "n_layer" must be a positive integer (got null))");
    EXPECT_EQ(configError(R"({"model_type": "gpt2", "vocab_size": 99999999999999999999})"),
        "config.json: vocab_size: the whole number 99999999999999999999 is too large (the largest is "
        "18446744073709551615)");
    EXPECT_EQ(configError(R"({"model_type": "gpt2", "vocab_size": 3000000000})"),
        R"(config.json: "vocab_size" is 3000000000, above the supported maximum of 4194304)");
    EXPECT_EQ(configError(R"({"model_type": "gpt2", "n_layer": 1000})"),
        R"(config.json: "n_layer" is 1000, above the supported maximum of 256)");
    EXPECT_EQ(configError(R"({"model_type": "bert", "layer_norm_eps": -1})"),
        R"(config.json: "layer_norm_eps" must be a number between 1e-30 and 1 (got -1))");
    EXPECT_EQ(configError(R"({"model_type": "gpt2", "activation_function": 3})"),
        R"(config.json: "activation_function" must be a string (got 3))");
}

TEST(ModelConfig, HiddenSizeMustDivideIntoHeads)
{
    EXPECT_EQ(configError(R"({"model_type": "gpt2", "n_embd": 10, "n_head": 3})"),
        R"(config.json: "n_embd" (10) is not divisible by "n_head" (3))");
    EXPECT_EQ(configError(R"({"model_type": "bert", "hidden_size": 10, "num_attention_heads": 4})"),
        R"(config.json: "hidden_size" (10) is not divisible by "num_attention_heads" (4))");
}

TEST(ModelConfig, VariantsTheForwardPassLacksAreRefused)
{
    EXPECT_EQ(configError(R"({"model_type": "bert", "position_embedding_type": "relative_key"})"),
        R"(config.json: "position_embedding_type" "relative_key" is not supported (only "absolute"))");
    EXPECT_EQ(configError(R"({"model_type": "gpt2", "scale_attn_by_inverse_layer_idx": true})"),
        R"(config.json: "scale_attn_by_inverse_layer_idx" = true is not supported)");
    EXPECT_EQ(configError(R"({"model_type": "gpt2", "scale_attn_weights": false})"),
        R"(config.json: "scale_attn_weights" = false is not supported)");
    EXPECT_EQ(parseModelConfig(R"({"model_type": "gpt2", "scale_attn_weights": true})").layers, 12);
}

TEST(ModelConfig, MalformedJsonIsAnError)
{
    EXPECT_EQ(configError("[]"), "config.json: must be a JSON object");
    EXPECT_EQ(configError(R"({"model_type": "gpt2", "n_layer": 2, "n_layer": 3})"),
        R"(config.json: n_layer: the key "n_layer" appears more than once)");
    EXPECT_EQ(configError(R"({"model_type": "gpt2",)").rfind("config.json:1:23: invalid JSON: ", 0), 0u);
    // The value count of core/jsonguard holds here too: 5 million numbers in 10 MB are refused
    // while parsing, before a tree of them is built.
    std::string many = R"({"model_type": "gpt2", "x": [)";
    for (int i = 0; i < 5'000'000; ++i)
        many += "0,";
    many += "0]}";
    EXPECT_EQ(configError(many),
        "config.json: the text holds more than 4194304 values (numbers, strings, arrays and objects), the limit");
}

TEST_F(ModelIo, ConfigFileIsReadByName)
{
    attnlab::test::writeBytes(path("config.json"), R"({"model_type": "bert", "num_hidden_layers": 2})");
    EXPECT_EQ(readModelConfig(path("config.json")).layers, 2);
    try {
        readModelConfig(path("absent.json"));
        FAIL();
    } catch (const ModelError &e) {
        EXPECT_STREQ(e.what(), "absent.json: cannot be read");
    }
}

// ---------------------------------------------------------------- the model folder

namespace {

// The tensor of the file that the loaded views `parts` (outputs × inputs each) come from, as the
// file lays it out: vectors end to end, Conv1D weights (input-major views) as in × out with the
// parts' outputs side by side, nn.Linear weights as out × in with them one under another.
attnlab::core::Matrix asStored(const std::vector<TensorView> &parts)
{
    std::vector<attnlab::core::Matrix> pieces;
    Eigen::Index rows = 0, cols = 0;
    const bool vector = parts[0].rows == 1;
    const bool side = vector || parts[0].inputMajor;
    for (const TensorView &p : parts) {
        pieces.push_back(p.inputMajor ? attnlab::core::Matrix(tensorCopy(p).transpose()) : tensorCopy(p));
        rows = side ? pieces.back().rows() : rows + pieces.back().rows();
        cols = side ? cols + pieces.back().cols() : pieces.back().cols();
    }
    attnlab::core::Matrix m(rows, cols);
    Eigen::Index at = 0;
    for (const attnlab::core::Matrix &piece : pieces) {
        if (side)
            m.middleCols(at, piece.cols()) = piece;
        else
            m.middleRows(at, piece.rows()) = piece;
        at += side ? piece.cols() : piece.rows();
    }
    return m;
}

// Every view of the loaded weights under the canonical tensor name the fixtures use (several for a
// fused tensor, in the order of its outputs).
std::map<std::string, std::vector<TensorView>> viewsByName(const ModelWeights &w)
{
    std::map<std::string, std::vector<TensorView>> v;
    auto norm = [&](const std::string &n, const LayerNormWeights &x) {
        v[n + ".weight"] = {x.weight};
        v[n + ".bias"] = {x.bias};
    };
    auto linear = [&](const std::string &n, const TensorView &weight, const TensorView &bias) {
        v[n + ".weight"].push_back(weight);
        v[n + ".bias"].push_back(bias);
    };
    if (w.config.modelType == "gpt2") {
        v["wte.weight"] = {w.tokenEmbeddings};
        v["wpe.weight"] = {w.positionEmbeddings};
        for (size_t l = 0; l < w.layers.size(); ++l) {
            const LayerWeights &L = w.layers[l];
            const std::string h = "h." + std::to_string(l) + ".";
            norm(h + "ln_1", L.attnNorm);
            linear(h + "attn.c_attn", L.query, L.queryBias);
            linear(h + "attn.c_attn", L.key, L.keyBias);
            linear(h + "attn.c_attn", L.value, L.valueBias);
            linear(h + "attn.c_proj", L.attnOut, L.attnOutBias);
            norm(h + "ln_2", L.mlpNorm);
            linear(h + "mlp.c_fc", L.fcIn, L.fcInBias);
            linear(h + "mlp.c_proj", L.fcOut, L.fcOutBias);
        }
        norm("ln_f", w.finalNorm);
        return v;
    }
    v["embeddings.word_embeddings.weight"] = {w.tokenEmbeddings};
    v["embeddings.position_embeddings.weight"] = {w.positionEmbeddings};
    v["embeddings.token_type_embeddings.weight"] = {w.tokenTypeEmbeddings};
    norm("embeddings.LayerNorm", w.embeddingNorm);
    for (size_t l = 0; l < w.layers.size(); ++l) {
        const LayerWeights &L = w.layers[l];
        const std::string e = "encoder.layer." + std::to_string(l) + ".";
        linear(e + "attention.self.query", L.query, L.queryBias);
        linear(e + "attention.self.key", L.key, L.keyBias);
        linear(e + "attention.self.value", L.value, L.valueBias);
        linear(e + "attention.output.dense", L.attnOut, L.attnOutBias);
        norm(e + "attention.output.LayerNorm", L.attnNorm);
        linear(e + "intermediate.dense", L.fcIn, L.fcInBias);
        linear(e + "output.dense", L.fcOut, L.fcOutBias);
        norm(e + "output.LayerNorm", L.mlpNorm);
    }
    if (!w.mlmDense.empty()) {
        linear("cls.predictions.transform.dense", w.mlmDense, w.mlmDenseBias);
        norm("cls.predictions.transform.LayerNorm", w.mlmNorm);
        v["cls.predictions.bias"] = {w.mlmBias};
    }
    return v;
}

// Every tensor the fixture wrote (but lm_head, which is tied) is bound, with its shape and values.
void expectSameWeights(const attnlab::test::TinyModel &model, const ModelWeights &w)
{
    const auto views = viewsByName(w);
    size_t compared = 0;
    for (const auto &[name, t] : model.tensors) {
        if (name == "lm_head.weight")
            continue;
        SCOPED_TRACE(name);
        const auto it = views.find(name);
        ASSERT_NE(it, views.end());
        for (const TensorView &part : it->second)
            ASSERT_FALSE(part.empty());
        const attnlab::core::Matrix values = asStored(it->second);
        EXPECT_EQ(values.rows(), t.shape.size() == 2 ? t.shape[0] : 1);
        EXPECT_EQ(values.cols(), t.shape.back());
        ASSERT_EQ(size_t(values.size()), t.values.size());
        for (size_t i = 0; i < t.values.size(); ++i)
            ASSERT_EQ(values.data()[i], t.values[i]) << i;
        ++compared;
    }
    EXPECT_EQ(compared, views.size()) << "every bound view comes from a written tensor";
}

const CheckpointFiles &mapping(const ModelWeights &w)
{
    return *std::static_pointer_cast<const CheckpointFiles>(w.owner);
}

} // namespace

class ModelFolder : public ModelIo {
protected:
    // The error loading the folder, or "" when it loads.
    std::string loadError()
    {
        const LoadModelResult r = loadModel(m_dir);
        EXPECT_EQ(r.ok(), r.error.empty());
        return r.error;
    }
};

TEST_F(ModelFolder, Gpt2LoadsInEveryDtypeAndNamingStyle)
{
    for (const std::string dtype : {"F32", "F16", "BF16"})
        for (const bool prefixed : {false, true})
            for (const bool gammaBeta : {false, true}) {
                SCOPED_TRACE(dtype + (prefixed ? " prefixed" : "") + (gammaBeta ? " gamma/beta" : ""));
                attnlab::test::TinyModelOptions o;
                o.dtype = dtype;
                o.prefixed = prefixed;
                o.gammaBeta = gammaBeta;
                o.lmHead = prefixed;
                o.seed = 11;
                const auto model = attnlab::test::writeTinyGpt2(m_dir, o);
                const LoadModelResult r = loadModel(m_dir);
                ASSERT_TRUE(r.ok()) << r.error;
                const ModelWeights &w = *r.weights;
                EXPECT_EQ(w.config.family, findFamily("gpt2"));
                EXPECT_EQ(w.config.layers, 2);
                EXPECT_EQ(w.config.dInner, 12);
                EXPECT_EQ(w.layers.size(), 2u);
                EXPECT_TRUE(w.tokenTypeEmbeddings.empty());
                EXPECT_TRUE(w.layers[0].query.inputMajor); // c_attn's q: a window of the Conv1D tensor
                expectSameWeights(model, w);
                EXPECT_EQ(mapping(w).convertedBytes() == 0, dtype == "F32");
            }
}

TEST_F(ModelFolder, BertLoadsInEveryDtypeAndNamingStyle)
{
    for (const std::string dtype : {"F32", "F16", "BF16"})
        for (const bool prefixed : {false, true})
            for (const bool gammaBeta : {false, true}) {
                SCOPED_TRACE(dtype + (prefixed ? " prefixed" : "") + (gammaBeta ? " gamma/beta" : ""));
                attnlab::test::TinyModelOptions o;
                o.dtype = dtype;
                o.prefixed = prefixed;
                o.gammaBeta = gammaBeta;
                o.dInner = 20;
                o.seed = 5;
                const auto model = attnlab::test::writeTinyBert(m_dir, o);
                const LoadModelResult r = loadModel(m_dir);
                ASSERT_TRUE(r.ok()) << r.error;
                const ModelWeights &w = *r.weights;
                EXPECT_EQ(w.config.family, findFamily("bert"));
                EXPECT_EQ(w.config.typeVocabSize, 2);
                EXPECT_FALSE(w.mlmDense.empty());
                EXPECT_EQ(w.mlmBias.cols, 24);
                EXPECT_FALSE(w.layers[1].query.inputMajor); // nn.Linear: out × in as stored
                expectSameWeights(model, w);
            }
}

TEST_F(ModelFolder, F32WeightsPointIntoTheMappedFile)
{
    attnlab::test::writeTinyGpt2(m_dir);
    const LoadModelResult r = loadModel(m_dir);
    ASSERT_TRUE(r.ok()) << r.error;
    const ModelWeights &w = *r.weights;
    EXPECT_TRUE(mapping(w).isMapped(w.tokenEmbeddings.data));
    EXPECT_TRUE(mapping(w).isMapped(w.layers[1].fcOutBias.data));
    EXPECT_EQ(mapping(w).convertedBytes(), 0u);
}

TEST_F(ModelFolder, WeightsStayValidAfterTheResultIsGone)
{
    const auto model = attnlab::test::writeTinyBert(m_dir, {});
    ModelWeights kept;
    {
        LoadModelResult r = loadModel(m_dir);
        ASSERT_TRUE(r.ok()) << r.error;
        kept = *r.weights;
    }
    attnlab::test::removeTree(m_dir); // the mapping outlives the file's name
    EXPECT_EQ(kept.mlmBias.vector()(3), model.values("cls.predictions.bias")[3]);
    EXPECT_EQ(kept.tokenEmbeddings.matrix()(5, 2), model.values("embeddings.word_embeddings.weight")[5 * 8 + 2]);
}

TEST_F(ModelFolder, BertWithoutMaskedLmHeadLeavesItEmpty)
{
    attnlab::test::TinyModelOptions o;
    o.mlmHead = false;
    const auto model = attnlab::test::writeTinyBert(m_dir, o);
    const LoadModelResult r = loadModel(m_dir);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_TRUE(r.weights->mlmDense.empty());
    EXPECT_TRUE(r.weights->mlmBias.empty());
    EXPECT_TRUE(r.weights->mlmNorm.weight.empty());
    expectSameWeights(model, *r.weights);
}

TEST_F(ModelFolder, PartialMaskedLmHeadIsAnError)
{
    attnlab::test::TinyModelOptions o;
    o.editTensors = [](std::vector<FixtureTensor> &t) {
        t.erase(std::remove_if(t.begin(), t.end(),
                    [](const FixtureTensor &x) { return x.name == "cls.predictions.transform.dense.bias"; }),
            t.end());
    };
    attnlab::test::writeTinyBert(m_dir, o);
    EXPECT_EQ(loadError(),
        "model.safetensors: required tensor \"cls.predictions.transform.dense.bias\" (with or without \"bert.\") "
        "is missing");
}

TEST_F(ModelFolder, MissingTensorIsNamed)
{
    attnlab::test::TinyModelOptions o;
    o.prefixed = true;
    o.editTensors = [](std::vector<FixtureTensor> &t) {
        t.erase(std::remove_if(t.begin(), t.end(),
                    [](const FixtureTensor &x) { return x.name == "transformer.h.1.mlp.c_fc.bias"; }),
            t.end());
    };
    attnlab::test::writeTinyGpt2(m_dir, o);
    EXPECT_EQ(loadError(),
        "model.safetensors: required tensor \"h.1.mlp.c_fc.bias\" (with or without \"transformer.\") is missing");
}

TEST_F(ModelFolder, ShapeDisagreeingWithConfigNamesBothShapes)
{
    attnlab::test::TinyModelOptions o;
    o.configEdits["vocab_size"] = "30";
    attnlab::test::writeTinyGpt2(m_dir, o);
    EXPECT_EQ(
        loadError(), "model.safetensors: tensor \"wte.weight\" has shape [24, 8] but config.json implies [30, 8]");

    attnlab::test::TinyModelOptions b;
    b.prefixed = true;
    b.configEdits["intermediate_size"] = "16";
    attnlab::test::writeTinyBert(m_dir, b);
    EXPECT_EQ(loadError(),
        "model.safetensors: tensor \"bert.encoder.layer.0.intermediate.dense.weight\" has shape "
        "[12, 8] but config.json implies [16, 8]");
}

TEST_F(ModelFolder, RequiredTensorOfAnUnreadableDtypeIsAnError)
{
    attnlab::test::TinyModelOptions o;
    o.editTensors = [](std::vector<FixtureTensor> &t) {
        for (FixtureTensor &x : t)
            if (x.name == "ln_f.bias") {
                x.dtype = "I32";
                x.rawBytes = std::string(4 * 8, '\0');
            }
    };
    attnlab::test::writeTinyGpt2(m_dir, o);
    EXPECT_EQ(
        loadError(), "model.safetensors: tensor \"ln_f.bias\" has dtype I32; only F32, F16 and BF16 are supported");
}

TEST_F(ModelFolder, UnknownTensorsOfAnyDtypeAreIgnored)
{
    attnlab::test::TinyModelOptions o;
    o.editTensors = [](std::vector<FixtureTensor> &t) {
        FixtureTensor extra;
        extra.name = "h.0.attn.masked_bias";
        extra.dtype = "U8";
        extra.shape = {3};
        extra.rawBytes = "abc";
        t.push_back(extra);
        t.push_back(tensor("score.weight", {2, 8})); // a classification head
    };
    const auto model = attnlab::test::writeTinyGpt2(m_dir, o);
    const LoadModelResult r = loadModel(m_dir);
    ASSERT_TRUE(r.ok()) << r.error;
    expectSameWeights(model, *r.weights);
}

TEST_F(ModelFolder, MissingFilesAreNamed)
{
    EXPECT_EQ(loadError(), "config.json: not found in \"" + m_dir + "\"");
    attnlab::test::writeBytes(path("config.json"), R"({"model_type": "gpt2"})");
    EXPECT_EQ(loadError(), "model.safetensors: not found in \"" + m_dir + "\"");
    EXPECT_EQ(loadModel(m_dir + "/nowhere").error, "config.json: not found in \"" + m_dir + "/nowhere\"");
}

TEST_F(ModelFolder, ConfigErrorsPassThrough)
{
    attnlab::test::TinyModelOptions o;
    o.configEdits["model_type"] = "\"t5\"";
    attnlab::test::writeTinyGpt2(m_dir, o);
    EXPECT_EQ(loadError(),
        R"(config.json: "model_type" "t5" is not supported; supported: "gpt2", "bert", "qwen2", "llama", "gemma2", "qwen3", "qwen3_moe", "gemma3_text", "gemma3")");

    o.configEdits = {{"n_head", "3"}};
    attnlab::test::writeTinyGpt2(m_dir, o);
    EXPECT_EQ(loadError(), R"(config.json: "n_embd" (8) is not divisible by "n_head" (3))");
}

TEST_F(ModelFolder, TruncatedCheckpointIsAnError)
{
    attnlab::test::writeTinyBert(m_dir);
    std::string bytes = attnlab::test::readBytes(path());
    attnlab::test::writeBytes(path(), bytes.substr(0, bytes.size() / 2));
    const std::string e = loadError();
    EXPECT_EQ(e.rfind("model.safetensors is incomplete: ", 0), 0u) << e;
    EXPECT_NE(e.find("— was the download interrupted? (tensor \""), std::string::npos) << e;
    EXPECT_NE(e.find("exceed the data section"), std::string::npos) << e;
}

TEST_F(ModelFolder, ProgressRisesToOneAndCanCancel)
{
    bool hookRan = false;
    attnlab::test::TinyModelOptions o;
    o.addFiles = [&](const std::string &dir) {
        hookRan = true;
        attnlab::test::writeBytes(dir + "/tokenizer.json", "{}");
    };
    attnlab::test::writeTinyGpt2(m_dir, o);
    EXPECT_TRUE(hookRan);

    std::vector<double> seen;
    const LoadModelResult r = loadModel(m_dir, [&](double f) {
        seen.push_back(f);
        return true;
    });
    ASSERT_TRUE(r.ok()) << r.error;
    ASSERT_GE(seen.size(), 3u);
    EXPECT_EQ(seen.front(), 0.0);
    EXPECT_DOUBLE_EQ(seen.back(), 1.0);
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));

    int calls = 0;
    const LoadModelResult cancelled = loadModel(m_dir, [&](double) { return ++calls < 5; });
    EXPECT_TRUE(cancelled.cancelled);
    EXPECT_FALSE(cancelled.ok());
    EXPECT_TRUE(cancelled.error.empty());
    EXPECT_EQ(calls, 5);
}
