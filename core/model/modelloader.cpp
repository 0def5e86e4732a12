#include "core/model/modelloader.h"

#include "core/json/strictjson.h"
#include "core/model/modelconfig.h"
#include "core/model/modelerror.h"
#include "core/model/safetensors.h"
#include "core/text/messageid.h"

#include <sys/stat.h>

#include <vector>

namespace attnlab::core::model {

namespace {

using Shape = std::vector<std::int64_t>;

std::string shapeText(const Shape &shape)
{
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

bool isFile(const std::string &path)
{
    struct stat st { };
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// Thrown when the progress callback asks to stop.
struct Cancelled { };

// Finds tensors under their possible names and turns them into checked float views.
class Binder {
public:
    Binder(SafetensorsFile &file, std::string prefix, int total, const LoadProgress &progress)
        : m_file(file)
        , m_prefix(std::move(prefix))
        , m_total(total)
        , m_progress(progress)
    {
    }

    // The tensor under any accepted name, or nullptr. LayerNorm parameters may be named
    // gamma / beta (older TensorFlow conversions).
    const SafetensorsTensor *lookup(const std::string &name, bool norm) const
    {
        std::vector<std::string> names = {name};
        if (norm) {
            const size_t dot = name.rfind('.');
            const std::string last = name.substr(dot + 1);
            names.push_back(name.substr(0, dot + 1) + (last == "weight" ? "gamma" : "beta"));
        }
        for (const std::string &n : names) {
            if (const SafetensorsTensor *t = m_file.find(n))
                return t;
            if (const SafetensorsTensor *t = m_file.find(m_prefix + n))
                return t;
        }
        return nullptr;
    }

    bool has(const std::string &name, bool norm = false) const { return lookup(name, norm) != nullptr; }

    TensorView require(const std::string &name, const Shape &shape, bool norm = false)
    {
        const SafetensorsTensor *t = lookup(name, norm);
        if (!t)
            throw ModelError(m_file.label(), Message(MessageId::TensorMissing, name, m_prefix));
        if (t->shape != shape)
            throw ModelError(m_file.label(),
                Message(MessageId::TensorShapeDiffers, detail::quoted(t->name), shapeText(t->shape), shapeText(shape)));
        if (t->dtype == DType::Other)
            throw ModelError(m_file.label(),
                Message(MessageId::TensorDtypeUnsupported, detail::quoted(t->name), detail::word(t->dtypeName)));
        TensorView v;
        v.data = m_file.floats(*t);
        // Shapes were checked against config.json, whose sizes are capped far below INT_MAX.
        v.rows = shape.size() == 2 ? int(shape[0]) : 1;
        v.cols = int(shape.back());
        ++m_done;
        if (m_progress && !m_progress(double(m_done) / m_total))
            throw Cancelled {};
        return v;
    }

    LayerNormWeights norm(const std::string &name, std::int64_t d)
    {
        LayerNormWeights n;
        n.weight = require(name + ".weight", {d}, true);
        n.bias = require(name + ".bias", {d}, true);
        return n;
    }

    // nn.Linear (BERT): weight out × in, bias out.
    void linear(const std::string &name, const Shape &weightShape, TensorView &weight, TensorView &bias)
    {
        weight = require(name + ".weight", weightShape);
        bias = require(name + ".bias", {weightShape[0]}); // nn.Linear: out × in
    }

    // Conv1D (GPT-2): weight in × out, bias out.
    void conv1d(const std::string &name, std::int64_t in, std::int64_t out, TensorView &weight, TensorView &bias)
    {
        weight = require(name + ".weight", {in, out});
        bias = require(name + ".bias", {out});
    }

private:
    SafetensorsFile &m_file;
    std::string m_prefix;
    int m_total;
    int m_done = 0;
    const LoadProgress &m_progress;
};

void bindGpt2(Binder &b, ModelWeights &w)
{
    const ModelConfig &c = w.config;
    const std::int64_t d = c.dModel, inner = c.dInner;
    w.tokenEmbeddings = b.require("wte.weight", {c.vocabSize, d});
    w.positionEmbeddings = b.require("wpe.weight", {c.maxPositions, d});
    w.layers.resize(size_t(c.layers));
    for (int l = 0; l < c.layers; ++l) {
        LayerWeights &L = w.layers[size_t(l)];
        const std::string h = "h." + std::to_string(l) + ".";
        L.ln1 = b.norm(h + "ln_1", d);
        b.conv1d(h + "attn.c_attn", d, 3 * d, L.attnWeight, L.attnBias);
        b.conv1d(h + "attn.c_proj", d, d, L.attnOut, L.attnOutBias);
        L.ln2 = b.norm(h + "ln_2", d);
        b.conv1d(h + "mlp.c_fc", d, inner, L.fcIn, L.fcInBias);
        b.conv1d(h + "mlp.c_proj", inner, d, L.fcOut, L.fcOutBias);
    }
    w.finalNorm = b.norm("ln_f", d);
}

int gpt2TensorCount(const ModelConfig &c)
{
    return 2 + 12 * c.layers + 2;
}

const char *const kMlmNames[] = {"cls.predictions.transform.dense.weight", "cls.predictions.transform.dense.bias",
    "cls.predictions.transform.LayerNorm.weight", "cls.predictions.transform.LayerNorm.bias", "cls.predictions.bias"};

bool hasMlmHead(const Binder &b)
{
    for (const char *n : kMlmNames)
        if (b.has(n, true))
            return true;
    return b.has("cls.predictions.decoder.bias");
}

void bindBert(Binder &b, ModelWeights &w, bool mlm)
{
    const ModelConfig &c = w.config;
    const std::int64_t d = c.dModel, inner = c.dInner;
    w.tokenEmbeddings = b.require("embeddings.word_embeddings.weight", {c.vocabSize, d});
    w.positionEmbeddings = b.require("embeddings.position_embeddings.weight", {c.maxPositions, d});
    w.tokenTypeEmbeddings = b.require("embeddings.token_type_embeddings.weight", {c.typeVocabSize, d});
    w.embeddingNorm = b.norm("embeddings.LayerNorm", d);
    w.layers.resize(size_t(c.layers));
    for (int l = 0; l < c.layers; ++l) {
        LayerWeights &L = w.layers[size_t(l)];
        const std::string e = "encoder.layer." + std::to_string(l) + ".";
        b.linear(e + "attention.self.query", {d, d}, L.query, L.queryBias);
        b.linear(e + "attention.self.key", {d, d}, L.key, L.keyBias);
        b.linear(e + "attention.self.value", {d, d}, L.value, L.valueBias);
        b.linear(e + "attention.output.dense", {d, d}, L.attnOut, L.attnOutBias);
        L.attnOutNorm = b.norm(e + "attention.output.LayerNorm", d);
        b.linear(e + "intermediate.dense", {inner, d}, L.fcIn, L.fcInBias);
        b.linear(e + "output.dense", {d, inner}, L.fcOut, L.fcOutBias);
        L.outNorm = b.norm(e + "output.LayerNorm", d);
    }
    if (mlm) {
        b.linear("cls.predictions.transform.dense", {d, d}, w.mlmDense, w.mlmDenseBias);
        w.mlmNorm = b.norm("cls.predictions.transform.LayerNorm", d);
        // transformers ties cls.predictions.decoder.bias to cls.predictions.bias; some files
        // keep only the former.
        w.mlmBias = b.require(
            b.has("cls.predictions.bias") ? "cls.predictions.bias" : "cls.predictions.decoder.bias", {c.vocabSize});
    }
}

int bertTensorCount(const ModelConfig &c, bool mlm)
{
    return 5 + 16 * c.layers + (mlm ? 5 : 0);
}

} // namespace

LoadModelResult loadModel(const std::string &dir, const LoadProgress &progress)
{
    LoadModelResult result;
    try {
        if (progress && !progress(0.0))
            throw Cancelled {};
        const std::string base = dir.empty() || dir.back() == '/' ? dir : dir + "/";
        if (!isFile(base + "config.json"))
            throw ModelError("config.json", Message(MessageId::NotFoundIn, detail::quoted(dir)));
        const std::string weightsPath = base + "model.safetensors";
        if (!isFile(weightsPath)) {
            if (isFile(base + "model.safetensors.index.json"))
                throw ModelError("model.safetensors", Message(MessageId::NotFoundInSplit, detail::quoted(dir)));
            if (isFile(base + "pytorch_model.bin"))
                throw ModelError("model.safetensors", Message(MessageId::NotFoundInPytorch, detail::quoted(dir)));
            throw ModelError("model.safetensors", Message(MessageId::NotFoundIn, detail::quoted(dir)));
        }

        ModelWeights w;
        w.config = readModelConfig(base + "config.json");
        const std::shared_ptr<SafetensorsFile> file = SafetensorsFile::open(weightsPath);
        if (w.config.architecture == Architecture::Gpt2) {
            Binder b(*file, "transformer.", gpt2TensorCount(w.config), progress);
            bindGpt2(b, w);
        } else {
            Binder probe(*file, "bert.", 1, progress);
            const bool mlm = hasMlmHead(probe);
            Binder b(*file, "bert.", bertTensorCount(w.config, mlm), progress);
            bindBert(b, w, mlm);
        }
        w.owner = file;
        result.weights = std::move(w);
    } catch (const ModelError &e) {
        result.problem = e.problem();
    } catch (const Cancelled &) {
        result.cancelled = true;
    } catch (const std::bad_alloc &) {
        result.problem = Problem {"", Message(MessageId::NoMemoryToConvert), 0, 0, "model.safetensors"};
    }
    if (result.problem)
        result.error = formatProblem(result.problem->file, *result.problem);
    return result;
}

} // namespace attnlab::core::model
