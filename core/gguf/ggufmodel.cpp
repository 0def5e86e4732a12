#include "core/gguf/ggufmodel.h"

#include "core/gguf/dequantize.h"
#include "core/gguf/gguffile.h"
#include "core/model/block/blockmath.h"
#include "core/model/family/blocktensor.h"
#include "core/model/modelconfig.h"
#include "core/model/modelerror.h"
#include "core/text/messageid.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace attnlab::core::gguf {

using namespace model;

namespace {

// The architectures that open as models: general.architecture, the family's model_type, and
// whether llama.cpp's converter reordered q's and k's rows for paired-dimension rotation.
struct Architecture {
    const char *name;
    const char *modelType;
    bool pairedRotaryRows;
};
constexpr Architecture kArchitectures[] = {
    {"llama", "llama", true},
    {"qwen2", "qwen2", false},
    {"qwen3", "qwen3", false},
};

// "<arch>" + suffix → the family's config key for that count (its first name).
struct CountKey {
    const char *suffix;
    ConfigCount ConfigKeys::*field;
    bool required;
};
const CountKey kCountKeys[] = {
    {".block_count", &ConfigKeys::layers, true},
    {".embedding_length", &ConfigKeys::dModel, true},
    {".feed_forward_length", &ConfigKeys::dInner, true},
    {".attention.head_count", &ConfigKeys::heads, true},
    {".context_length", &ConfigKeys::positions, true},
    // llama.cpp's defaults when absent: as many key/value heads as heads, d_model / heads wide.
    {".attention.head_count_kv", &ConfigKeys::kvHeads, false},
    {".attention.key_length", &ConfigKeys::headDim, false},
};

// llama.cpp's tensor names for the family's TensorNames fields; `paired`: rows reordered by
// the converter when the architecture pairs rotary dimensions.
struct TensorName {
    std::string TensorNames::*field;
    const char *gguf;
    bool paired;
};
const TensorName kLayerTensors[] = {
    {&TensorNames::attnNorm, "attn_norm", false},
    {&TensorNames::query, "attn_q", true},
    {&TensorNames::key, "attn_k", true},
    {&TensorNames::value, "attn_v", false},
    {&TensorNames::queryNorm, "attn_q_norm", false},
    {&TensorNames::keyNorm, "attn_k_norm", false},
    {&TensorNames::attnOut, "attn_output", false},
    {&TensorNames::mlpNorm, "ffn_norm", false},
    {&TensorNames::mlpGate, "ffn_gate", false},
    {&TensorNames::mlpIn, "ffn_up", false},
    {&TensorNames::mlpOut, "ffn_down", false},
};
const TensorName kModelTensors[] = {
    {&TensorNames::tokens, "token_embd", false},
    {&TensorNames::finalNorm, "output_norm", false},
    {&TensorNames::outputHead, "output", false},
};

std::string quoted(const std::string &s)
{
    return "\"" + s + "\"";
}

std::string extentsText(const std::vector<std::uint64_t> &e)
{
    std::string s = "[";
    for (size_t i = 0; i < e.size(); ++i)
        s += (i ? ", " : "") + std::to_string(e[i]);
    return s + "]";
}

std::string baseName(const std::string &path)
{
    const size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

struct Cancelled { };

// The mapped file, the vectors converted to float, and the matrices whose rows the loader put
// back in order (still in the file's element type) that the views point into.
struct Storage {
    std::shared_ptr<GgufFile> file;
    std::vector<std::vector<float>> buffers;
    std::vector<std::vector<unsigned char>> rows;
};

// The weight kernels' element type of a matrix of ggml type `type`; F32 for one that is read as
// floats.
ElementType matrixType(GgmlType type)
{
    switch (type) {
    case GgmlType::F16:
        return ElementType::F16;
    case GgmlType::BF16:
        return ElementType::BF16;
    default:
        return quantElementType(type);
    }
}

class GgufBinder {
public:
    GgufBinder(Storage &storage, const LoadProgress &progress)
        : m_storage(storage)
        , m_file(*storage.file)
        , m_progress(progress)
    {
    }

    [[noreturn]] void fail(Message message) const { throw ModelError(m_file.label(), std::move(message)); }

    // The tensor `name` as a view of `outputs` × `inputs` (inputs 0: a vector of `outputs`). With
    // `headRows` > 0 the rows come back from the converter's per-head pairing.
    TensorView bind(const std::string &name, std::uint64_t outputs, std::uint64_t inputs, int headRows = 0)
    {
        const GgufTensor *t = m_file.tensor(name);
        if (!t)
            fail(Message(MessageId::GgufTensorMissing, quoted(name)));
        const std::vector<std::uint64_t> want
            = inputs > 0 ? std::vector<std::uint64_t> {inputs, outputs} : std::vector<std::uint64_t> {outputs};
        if (t->extents != want)
            fail(Message(MessageId::GgufTensorShape, quoted(name), extentsText(t->extents), extentsText(want)));
        if (!t->type->readable)
            fail(Message(MessageId::GgufTypeUnreadable, quoted(name), t->type->name, readableTypeNames()));
        TensorView v;
        v.rows = inputs > 0 ? int(outputs) : 1;
        v.cols = inputs > 0 ? int(inputs) : int(outputs);
        const unsigned char *bytes = m_file.data(*t);
        const ElementType kept = inputs > 0 ? matrixType(t->ggmlType()) : ElementType::F32;
        if (kept != ElementType::F32 && reinterpret_cast<std::uintptr_t>(bytes) % 2 == 0) {
            // A 16-bit or quantized matrix stays in its own elements: rows of whole blocks.
            const std::size_t rowBytes = std::size_t(inputs) / t->type->blockSize * t->type->blockBytes;
            if (headRows > 0) {
                m_storage.rows.push_back(
                    unpairRows(bytes, std::size_t(outputs) * rowBytes, rowBytes, size_t(headRows)));
                bytes = m_storage.rows.back().data();
            }
            v.type = kept;
            if (v.isHalf())
                v.bits = reinterpret_cast<const std::uint16_t *>(bytes);
            else {
                v.quant = bytes;
                v.rowBytes = rowBytes;
            }
        } else if (t->ggmlType() == GgmlType::F32 && headRows == 0
            && reinterpret_cast<std::uintptr_t>(bytes) % 4 == 0) {
            v.data = reinterpret_cast<const float *>(bytes);
        } else {
            std::vector<float> values = m_file.floats(*t);
            if (headRows > 0) {
                const std::size_t rowBytes = (inputs > 0 ? size_t(inputs) : 1) * sizeof(float);
                const std::vector<unsigned char> rows
                    = unpairRows(reinterpret_cast<const unsigned char *>(values.data()), values.size() * sizeof(float),
                        rowBytes, size_t(headRows));
                std::memcpy(values.data(), rows.data(), rows.size());
            }
            m_storage.buffers.push_back(std::move(values));
            v.data = m_storage.buffers.back().data();
        }
        ++m_done;
        if (m_progress && !m_progress(double(m_done) / double(std::max<size_t>(1, m_file.tensors().size()))))
            throw Cancelled {};
        return v;
    }

private:
    // LlamaModel.permute undone on `size` bytes of rows of `rowBytes` (whole rows, whatever their
    // element type): within each head of d rows, file row 2i + j is row j·d/2 + i.
    static std::vector<unsigned char> unpairRows(const unsigned char *file, size_t size, size_t rowBytes, size_t d)
    {
        std::vector<unsigned char> out(size);
        const size_t rows = size / rowBytes;
        for (size_t r = 0; r < rows; ++r) {
            const size_t head = r / d * d, within = r % d;
            const size_t hf = head + (within % 2) * (d / 2) + within / 2;
            std::memcpy(out.data() + hf * rowBytes, file + r * rowBytes, rowBytes);
        }
        return out;
    }

    Storage &m_storage;
    const GgufFile &m_file;
    const LoadProgress &m_progress;
    size_t m_done = 0;
};

const GgufValue &required(const GgufFile &file, const std::string &key)
{
    const GgufValue *v = file.find(key);
    if (!v)
        throw ModelError(file.label(), Message(MessageId::GgufKeyMissing, quoted(key)));
    return *v;
}

std::int64_t integerKey(const GgufFile &file, const std::string &key)
{
    const GgufValue &v = required(file, key);
    if (!v.integer())
        throw ModelError(Problem {"metadata " + quoted(key),
            Message(MessageId::GgufValueMustBe, "uint32", valueTypeName(v.type)), 0, 0, file.label()});
    return *v.integer();
}

double numberKey(const GgufFile &file, const std::string &key)
{
    const GgufValue &v = required(file, key);
    if (!v.number())
        throw ModelError(Problem {"metadata " + quoted(key),
            Message(MessageId::GgufValueMustBe, "float32", valueTypeName(v.type)), 0, 0, file.label()});
    return *v.number();
}

// The config.json the family's reader would need, from the metadata.
ModelConfig configOf(const GgufFile &file, const Architecture &arch, const ModelFamily &family)
{
    const std::string a = arch.name;
    const ConfigKeys &keys = family.config;
    nlohmann::json json;
    json["model_type"] = family.modelType;
    for (const CountKey &k : kCountKeys) {
        const ConfigCount &count = keys.*k.field;
        if (count.names.empty())
            continue;
        if (file.find(a + k.suffix) || k.required)
            json[count.names.front()] = integerKey(file, a + k.suffix);
    }
    const std::int64_t heads = integerKey(file, a + ".attention.head_count");
    if (!keys.kvHeads.names.empty() && !file.find(a + ".attention.head_count_kv"))
        json[keys.kvHeads.names.front()] = heads;
    if (!keys.headDim.names.empty() && !file.find(a + ".attention.key_length") && heads > 0)
        json[keys.headDim.names.front()] = integerKey(file, a + ".embedding_length") / heads;
    if (!keys.epsilon.empty())
        json[keys.epsilon.front()] = numberKey(file, a + ".attention.layer_norm_rms_epsilon");
    json[family.rotary.thetaKey]
        = file.find(a + ".rope.freq_base") ? numberKey(file, a + ".rope.freq_base") : family.rotary.thetaFallback;
    if (!keys.vocab.names.empty()) {
        const GgufTensor *embd = file.tensor("token_embd.weight");
        if (!embd || embd->extents.size() != 2)
            throw ModelError(file.label(), Message(MessageId::GgufTensorMissing, quoted("token_embd.weight")));
        json[keys.vocab.names.front()] = embd->extents[1];
    }
    // The end of a text, which --generate stops at (config.json's eos_token_id).
    if (const GgufValue *eos = file.find("tokenizer.ggml.eos_token_id"); eos && eos->integer())
        json["eos_token_id"] = *eos->integer();
    // What the tensors say: a bias exists when its tensor does, the head is tied without "output".
    const auto flag = [&](const ConfigFlag &f, bool value) {
        if (!f.key.empty())
            json[f.key] = value;
    };
    flag(keys.qkvBias, file.tensor("blk.0.attn_q.bias") != nullptr);
    flag(keys.outBias, file.tensor("blk.0.attn_output.bias") != nullptr);
    flag(keys.mlpBias, file.tensor("blk.0.ffn_up.bias") != nullptr);
    flag(keys.tiedOutputHead, file.tensor("output.weight") == nullptr);
    return parseModelConfig(json.dump(), family, file.label());
}

// llama.cpp's name of a TensorNames field, from `table`; nullptr when the table has none.
const TensorName *ggufName(const TensorName *begin, const TensorName *end, std::string TensorNames::*field)
{
    const TensorName *row = std::find_if(begin, end, [&](const TensorName &n) { return n.field == field; });
    return row == end ? nullptr : row;
}

void bindModel(GgufBinder &b, ModelWeights &w, const Architecture &arch)
{
    const ModelConfig &c = w.config;
    const ModelFamily &f = *c.family;
    const auto d = std::uint64_t(c.dModel);
    w.tokenEmbeddings = b.bind("token_embd.weight", std::uint64_t(c.vocabSize), d);
    w.layers.resize(size_t(c.layers));
    for (int l = 0; l < c.layers; ++l) {
        LayerWeights &L = w.layers[size_t(l)];
        for (const BlockTensor t : blockTensorsInOrder(c, l)) {
            const BlockTensorSpec &s = blockTensorSpec(t);
            const TensorName *name = ggufName(std::begin(kLayerTensors), std::end(kLayerTensors), s.module);
            if (!name || s.expertField)
                b.fail(Message(MessageId::GgufArchitecture, quoted(arch.name), "llama, qwen2, qwen3"));
            const std::string full = "blk." + std::to_string(l) + "." + name->gguf + s.suffix;
            const int headRows = name->paired && arch.pairedRotaryRows ? c.headDim() : 0;
            blockTensorView(L, t) = b.bind(full, std::uint64_t(blockWidth(c, s.outputs)),
                s.matrix ? std::uint64_t(blockWidth(c, s.inputs)) : 0, headRows);
        }
    }
    w.finalNorm.weight = b.bind("output_norm.weight", d, 0);
    if (!c.tiedOutputHead)
        w.outputHead = b.bind("output.weight", std::uint64_t(c.vocabSize), d);
    // The families here have neither learned positions, token types nor an embedding norm; a
    // family that did would need rows in kModelTensors first.
    for (std::string TensorNames::*const field :
        {&TensorNames::positions, &TensorNames::tokenTypes, &TensorNames::embeddingNorm}) {
        if (!(f.tensors.*field).empty() && !ggufName(std::begin(kModelTensors), std::end(kModelTensors), field))
            b.fail(Message(MessageId::GgufArchitecture, quoted(arch.name), "llama, qwen2, qwen3"));
    }
}

} // namespace

bool isGgufPath(const std::string &path)
{
    if (path.size() < 5)
        return false;
    std::string ext = path.substr(path.size() - 5);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
    return ext == ".gguf";
}

bool isGgufFile(const std::string &path)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return false;
    if (isGgufPath(path))
        return true;
    std::ifstream file(path, std::ios::binary);
    char magic[4] = {};
    return file.read(magic, 4) && std::string(magic, 4) == "GGUF";
}

LoadModelResult loadGgufModel(const std::string &path, const LoadProgress &progress)
{
    LoadModelResult result;
    try {
        if (progress && !progress(0.0))
            throw Cancelled {};
        auto storage = std::make_shared<Storage>();
        storage->file = GgufFile::open(path, baseName(path));
        const GgufFile &file = *storage->file;
        const GgufValue &archValue = required(file, "general.architecture");
        const auto arch = std::find_if(std::begin(kArchitectures), std::end(kArchitectures),
            [&](const Architecture &a) { return archValue.text == a.name; });
        if (arch == std::end(kArchitectures) || archValue.type != GgufValueType::String)
            throw ModelError(
                file.label(), Message(MessageId::GgufArchitecture, quoted(archValue.text), "llama, qwen2, qwen3"));
        if (file.tensor("rope_freqs.weight"))
            throw ModelError(file.label(), Message(MessageId::GgufRopeFactors, quoted("rope_freqs.weight")));
        const ModelFamily *family = findFamily(arch->modelType);
        if (!family)
            throw ModelError(
                file.label(), Message(MessageId::GgufArchitecture, quoted(archValue.text), "llama, qwen2, qwen3"));
        ModelWeights w;
        w.config = configOf(file, *arch, *family);
        GgufBinder binder(*storage, progress);
        bindModel(binder, w, *arch);
        w.owner = storage;
        result.weights = std::move(w);
    } catch (const ModelError &e) {
        result.problem = e.problem();
    } catch (const Cancelled &) {
        result.cancelled = true;
    } catch (const std::bad_alloc &) {
        result.problem = Problem {"", Message(MessageId::NoMemoryToConvert), 0, 0, baseName(path)};
    }
    if (result.problem)
        result.error = formatProblem(result.problem->file, *result.problem);
    return result;
}

std::vector<float> ggufLayoutValues(const ModelWeights &weights, const std::string &arch, const std::string &name)
{
    const auto row = std::find_if(
        std::begin(kArchitectures), std::end(kArchitectures), [&](const Architecture &a) { return arch == a.name; });
    if (row == std::end(kArchitectures))
        return {};
    const TensorView *view = nullptr;
    bool paired = false;
    if (name == "token_embd.weight") {
        view = &weights.tokenEmbeddings;
    } else if (name == "output.weight") {
        view = &weights.outputHead;
    } else if (name.rfind("blk.", 0) == 0) {
        // "blk.<layer>.<module><suffix>"
        const std::size_t dot = name.find('.', 4);
        if (dot == std::string::npos || dot == 4)
            return {};
        int layer = 0;
        for (std::size_t i = 4; i < dot; ++i) {
            if (!std::isdigit(static_cast<unsigned char>(name[i])) || layer > 100000)
                return {};
            layer = 10 * layer + (name[i] - '0');
        }
        if (layer >= int(weights.layers.size()))
            return {};
        const std::string rest = name.substr(dot + 1);
        for (const BlockTensor t : blockTensorsInOrder(weights.config, layer)) {
            const BlockTensorSpec &spec = blockTensorSpec(t);
            const TensorName *n = ggufName(std::begin(kLayerTensors), std::end(kLayerTensors), spec.module);
            if (n && !spec.expertField && rest == std::string(n->gguf) + spec.suffix) {
                view = &blockTensorView(weights.layers[std::size_t(layer)], t);
                paired = n->paired && row->pairedRotaryRows && spec.matrix;
                break;
            }
        }
    }
    if (!view || view->empty())
        return {};
    const Matrix m = tensorCopy(*view); // outputs × inputs: the GGUF's rows
    const auto rows = std::size_t(m.rows()), cols = std::size_t(m.cols());
    std::vector<float> out(rows * cols);
    const auto d = std::size_t(weights.config.headDim());
    for (std::size_t r = 0; r < rows; ++r) {
        // The converter's pairing (LlamaModel.permute): file row h·d + 2i + j is row h·d + j·d/2 + i.
        std::size_t source = r;
        if (paired) {
            const std::size_t head = r / d * d, within = r % d;
            source = head + (within % 2) * (d / 2) + within / 2;
        }
        for (std::size_t c = 0; c < cols; ++c)
            out[r * cols + c] = float(m(Eigen::Index(source), Eigen::Index(c)));
    }
    return out;
}

} // namespace attnlab::core::gguf
