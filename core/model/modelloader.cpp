#include "core/model/modelloader.h"

#include "core/json/strictjson.h"
#include "core/model/checkpoint/checkpointfiles.h"
#include "core/model/checkpoint/safetensors.h"
#include "core/model/family/blocktensor.h"
#include "core/model/modelconfig.h"
#include "core/model/modelerror.h"
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
    Binder(const CheckpointFiles &files, const TensorNames &names, int total, const LoadProgress &progress)
        : m_files(files)
        , m_names(names)
        , m_total(total)
        , m_progress(progress)
    {
    }

    // The tensor under any accepted name, or nullptr. Norm parameters may be named as the
    // family's aliases say (gamma / beta in older TensorFlow conversions).
    CheckpointTensor lookup(const std::string &name, bool norm) const
    {
        std::vector<std::string> names = {name};
        if (norm) {
            const size_t dot = name.rfind('.');
            const std::string last = name.substr(dot + 1);
            names.push_back(
                name.substr(0, dot + 1) + (last == "weight" ? m_names.normWeightAlias : m_names.normBiasAlias));
        }
        for (const std::string &n : names) {
            if (const CheckpointTensor t = m_files.find(n))
                return t;
            if (const CheckpointTensor t = m_files.find(m_names.prefix + n))
                return t;
            if (m_names.prefixAlias.empty())
                continue;
            if (const CheckpointTensor t = m_files.find(m_names.prefixAlias + n))
                return t;
        }
        return {};
    }

    bool has(const std::string &name, bool norm = false) const { return bool(lookup(name, norm)); }

    TensorView require(const std::string &name, const Shape &shape, bool norm = false)
    {
        const CheckpointTensor found = lookup(name, norm);
        if (!found)
            throw ModelError(m_files.label(), m_files.missingTensor(name, m_names.prefix));
        const SafetensorsTensor *t = found.tensor;
        if (t->shape != shape)
            throw ModelError(found.file->label(),
                Message(MessageId::TensorShapeDiffers, detail::quoted(t->name), shapeText(t->shape), shapeText(shape)));
        if (t->dtype == DType::Other)
            throw ModelError(found.file->label(),
                Message(MessageId::TensorDtypeUnsupported, detail::quoted(t->name), detail::word(t->dtypeName)));
        TensorView v;
        // Matrices keep a 16-bit dtype where the file lies (blockmath widens them as it reads);
        // vectors, and tensors not 2-byte aligned in the mapping, become floats now.
        const unsigned char *bytes = found.file->bytes(*t);
        if (shape.size() == 2 && t->dtype != DType::F32 && reinterpret_cast<std::uintptr_t>(bytes) % 2 == 0) {
            v.bits = reinterpret_cast<const std::uint16_t *>(bytes);
            v.type = t->dtype == DType::BF16 ? ElementType::BF16 : ElementType::F16;
        } else {
            v.data = found.file->floats(*t);
        }
        // Shapes were checked against config.json, whose sizes are capped far below INT_MAX.
        v.rows = shape.size() == 2 ? int(shape[0]) : 1;
        v.cols = int(shape.back());
        ++m_done;
        if (m_progress && !m_progress(double(m_done) / m_total))
            throw Cancelled {};
        return v;
    }

    // A LayerNorm's weight and bias, or an RMSNorm's weight.
    LayerNormWeights norm(const std::string &name, std::int64_t d, NormKind kind = NormKind::LayerNorm)
    {
        LayerNormWeights n;
        n.weight = require(name + ".weight", {d}, true);
        if (kind == NormKind::LayerNorm)
            n.bias = require(name + ".bias", {d}, true);
        return n;
    }

    // nn.Linear: weight out × in, and a bias of length out when the config says it has one.
    void linear(
        const std::string &name, const Shape &weightShape, TensorView &weight, TensorView &bias, bool hasBias = true)
    {
        weight = require(name + ".weight", weightShape);
        if (hasBias)
            bias = require(name + ".bias", {weightShape[0]});
    }

private:
    const CheckpointFiles &m_files;
    const TensorNames &m_names;
    int m_total;
    int m_done = 0;
    const LoadProgress &m_progress;
};

// The masked-LM head's tensors: dense weight and bias, norm weight and bias, output bias.
std::vector<std::string> headNames(const TensorNames &t)
{
    if (t.headDense.empty())
        return {};
    return {t.headDense + ".weight", t.headDense + ".bias", t.headNorm + ".weight", t.headNorm + ".bias", t.headBias};
}

// A head saved in part counts as present: the missing pieces are then errors.
bool hasMaskedLmHead(const Binder &b, const TensorNames &t)
{
    for (const std::string &n : headNames(t))
        if (b.has(n, true))
            return true;
    return !t.headBiasAlias.empty() && b.has(t.headBiasAlias);
}

// One tensor of a layer in the file: its name and shape there, and the rows of the block's
// tensor table it holds (several when the family fuses them, their outputs stacked in order).
struct FileTensor {
    std::string name;
    Shape shape;
    bool norm = false;
    std::vector<BlockTensor> parts;
    int expert = -1; // an expert's tensor: which expert
};

// The files' tensors of layer `l`, in the order of the block, from the table
// (core/model/family/blocktensor.h). A Conv1D weight is in × out in the file, an nn.Linear
// weight out × in.
std::vector<FileTensor> layerFileTensors(const ModelConfig &c, int l)
{
    const ModelFamily &f = *c.family;
    const bool conv1d = f.projection == ProjectionKind::Conv1DFused;
    const std::string p = f.tensors.layer + std::to_string(l) + ".";
    std::vector<FileTensor> files;
    for (const BlockTensor t : blockTensorsInOrder(c, l)) {
        const BlockTensorSpec &s = blockTensorSpec(t);
        const std::int64_t out = blockWidth(c, s.outputs), in = blockWidth(c, s.inputs);
        if (s.expertField) {
            // A sparse MLP's experts, one nn.Linear each.
            for (int e = 0; e < c.experts; ++e)
                files.push_back({p + expertTensorName(f, t, e), {out, in}, false, {t}, e});
            continue;
        }
        const std::string name = p + f.tensors.*s.module + s.suffix;
        FileTensor *file = nullptr;
        for (FileTensor &seen : files)
            if (seen.name == name)
                file = &seen;
        if (!file) {
            const bool projection
                = s.part == BlockPart::Attention || s.part == BlockPart::Mlp || s.part == BlockPart::CrossAttention;
            files.push_back({name, {}, !s.matrix && !projection, {}});
            file = &files.back();
            file->shape = !s.matrix ? Shape {0} : conv1d ? Shape {in, 0} : Shape {0, in};
        }
        file->parts.push_back(t);
        file->shape[s.matrix && conv1d ? 1 : 0] += out;
    }
    return files;
}

// The part of `whole` (a tensor of the file) that holds outputs [first, first + count): a window
// of a vector, of a Conv1D weight's columns (input-major) or of an nn.Linear weight's rows, in
// the one orientation of modelweights.h (outputs × inputs). No element is copied.
TensorView outputWindow(const TensorView &whole, bool matrix, bool conv1d, int first, int count)
{
    TensorView v = whole;
    std::size_t offset = std::size_t(first);
    if (!matrix) {
        v.rows = 1;
        v.cols = count;
    } else if (conv1d) {
        v.inputMajor = true;
        v.rows = count;
        v.cols = whole.rows;
        v.stride = whole.cols;
    } else {
        v.rows = count;
        v.stride = whole.cols;
        offset *= std::size_t(whole.cols);
    }
    if (v.isHalf())
        v.bits += offset;
    else
        v.data += offset;
    return v;
}

// How many tensors binding takes (for the progress fraction).
int tensorCount(const ModelFamily &f, const ModelConfig &c, bool head)
{
    const TensorNames &t = f.tensors;
    const int normTensors = f.norm == NormKind::LayerNorm ? 2 : 1;
    int whole = 0;
    for (const std::string *name : {&t.tokens, &t.positions, &t.tokenTypes})
        whole += name->empty() ? 0 : 1;
    whole += (t.embeddingNorm.empty() ? 0 : normTensors) + (t.finalNorm.empty() ? 0 : normTensors);
    whole += c.tiedOutputHead ? 0 : 1;
    whole += t.logitsBias.empty() ? 0 : 1;
    int perLayer = 0;
    for (int l = 0; l < c.layers; ++l)
        perLayer += int(layerFileTensors(c, l).size());
    return whole + perLayer + (head ? int(headNames(t).size()) : 0);
}

void bindLayer(Binder &b, const ModelConfig &c, int l, LayerWeights &L)
{
    const bool conv1d = c.family->projection == ProjectionKind::Conv1DFused;
    for (const FileTensor &file : layerFileTensors(c, l)) {
        const TensorView whole = b.require(file.name, file.shape, file.norm);
        if (file.expert >= 0) {
            L.experts.resize(size_t(c.experts));
            blockTensorSpec(file.parts.front()).expertField(L.experts[size_t(file.expert)]) = whole;
            continue;
        }
        int first = 0;
        for (const BlockTensor t : file.parts) {
            const BlockTensorSpec &s = blockTensorSpec(t);
            const int count = blockWidth(c, s.outputs);
            blockTensorView(L, t) = outputWindow(whole, s.matrix, conv1d, first, count);
            first += count;
        }
    }
}

// Binds every tensor the family names, in the order of the block (so the first missing one is
// the first a reader of modeling_<family>.py would meet).
void bindWeights(Binder &b, ModelWeights &w, bool head)
{
    const ModelConfig &c = w.config;
    const ModelFamily &f = *c.family;
    const TensorNames &t = f.tensors;
    const std::int64_t d = c.dModel;
    w.tokenEmbeddings = b.require(t.tokens + ".weight", {c.vocabSize, d});
    if (!t.positions.empty())
        w.positionEmbeddings = b.require(t.positions + ".weight", {c.maxPositions, d});
    if (!t.tokenTypes.empty())
        w.tokenTypeEmbeddings = b.require(t.tokenTypes + ".weight", {c.typeVocabSize, d});
    if (!t.embeddingNorm.empty())
        w.embeddingNorm = b.norm(t.embeddingNorm, d, f.norm);
    w.layers.resize(size_t(c.layers));
    for (int l = 0; l < c.layers; ++l)
        bindLayer(b, c, l, w.layers[size_t(l)]);
    if (!t.finalNorm.empty())
        w.finalNorm = b.norm(t.finalNorm, d, f.norm);
    // Untied: lm_head.weight (nn.Linear, vocab × d, no bias). Tied: a copy in the file is ignored,
    // as transformers ties it to the embeddings.
    if (!c.tiedOutputHead)
        w.outputHead = b.require(t.outputHead + ".weight", {c.vocabSize, d});
    // A vector kept as the file's 1 × vocab buffer (Marian's final_logits_bias).
    if (!t.logitsBias.empty())
        w.logitsBias = b.require(t.logitsBias, {1, c.vocabSize});
    if (head) {
        b.linear(t.headDense, {d, d}, w.mlmDense, w.mlmDenseBias);
        w.mlmNorm = b.norm(t.headNorm, d);
        // transformers ties cls.predictions.decoder.bias to cls.predictions.bias; some files
        // keep only the former.
        const bool own = b.has(t.headBias) || t.headBiasAlias.empty();
        w.mlmBias = b.require(own ? t.headBias : t.headBiasAlias, {c.vocabSize});
    }
}

} // namespace

namespace {

LoadModelResult loadWith(const std::string &dir, const ModelFamily *given, const LoadProgress &progress)
{
    LoadModelResult result;
    try {
        if (progress && !progress(0.0))
            throw Cancelled {};
        const std::string base = dir.empty() || dir.back() == '/' ? dir : dir + "/";
        if (!isFile(base + "config.json"))
            throw ModelError("config.json", Message(MessageId::NotFoundIn, detail::quoted(dir)));
        ModelWeights w;
        w.config = readModelConfig(base + "config.json", given);
        const std::shared_ptr<CheckpointFiles> files = CheckpointFiles::open(dir);
        const ModelFamily &family = *w.config.family;
        const bool head = hasMaskedLmHead(Binder(*files, family.tensors, 1, progress), family.tensors);
        Binder b(*files, family.tensors, tensorCount(family, w.config, head), progress);
        bindWeights(b, w, head);
        w.owner = files;
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

} // namespace

LoadModelResult loadModel(const std::string &dir, const LoadProgress &progress)
{
    return loadWith(dir, nullptr, progress);
}

LoadModelResult loadModel(const std::string &dir, const ModelFamily &family, const LoadProgress &progress)
{
    return loadWith(dir, &family, progress);
}

} // namespace attnlab::core::model
