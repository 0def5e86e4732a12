#include "core/model/modelconfig.h"

#include "core/json/strictjson.h"
#include "core/json/textfile.h"
#include "core/model/modelerror.h"
#include "core/text/messageid.h"

#include <cmath>
#include <sstream>

namespace attnlab::core::model {

namespace {

using Json = nlohmann::json;

constexpr std::size_t kMaxConfigBytes = std::size_t(16) << 20;

class Reader {
public:
    Reader(const Json &root, const std::string &file)
        : m_root(root)
        , m_file(file)
    {
    }

    [[noreturn]] void fail(const std::string &key, Message message) const
    {
        throw ModelError(m_file, Message(MessageId::ConfigKey, key, std::move(message)));
    }

    // The first of `keys` present in the file, or nullptr.
    const Json *find(std::initializer_list<const char *> keys, std::string *foundKey) const
    {
        for (const char *k : keys) {
            const auto it = m_root.find(k);
            if (it != m_root.end()) {
                *foundKey = k;
                return &*it;
            }
        }
        return nullptr;
    }

    // A positive integer in [1, cap]; `fallback` when absent (and when null, if nullAllowed).
    int count(std::initializer_list<const char *> keys, int fallback, int cap, bool nullAllowed = false) const
    {
        std::string key;
        const Json *v = find(keys, &key);
        if (!v || (nullAllowed && v->is_null()))
            return fallback;
        // Integers past 2⁶⁴ and numbers written with a fraction or exponent arrive as doubles.
        if (!v->is_number_integer())
            fail(key, Message(MessageId::ConfigPositiveInteger, detail::shown(*v)));
        if (v->is_number_unsigned() ? v->get<std::uint64_t>() > std::uint64_t(cap) : v->get<std::int64_t>() > cap)
            fail(key, Message(MessageId::ConfigAboveMaximum, detail::shown(*v), cap));
        // nlohmann reads non-negative literals as unsigned, so 0 arrives here too.
        if (v->get<std::int64_t>() < 1)
            fail(key, Message(MessageId::ConfigPositiveInteger, detail::shown(*v)));
        return int(v->get<std::int64_t>());
    }

    float epsilon(std::initializer_list<const char *> keys, double fallback) const
    {
        std::string key;
        const Json *v = find(keys, &key);
        if (!v)
            return float(fallback);
        // 1e-12 and the like must stay positive as floats; above 1 is no epsilon.
        if (!v->is_number() || !(v->get<double>() >= 1e-30) || !(v->get<double>() <= 1.0))
            fail(key, Message(MessageId::ConfigEpsilon, detail::shown(*v)));
        return float(v->get<double>());
    }

    std::string text(std::initializer_list<const char *> keys, const std::string &fallback) const
    {
        std::string key;
        const Json *v = find(keys, &key);
        if (!v)
            return fallback;
        if (!v->is_string())
            fail(key, Message(MessageId::ConfigString, detail::shown(*v)));
        return v->get<std::string>();
    }

    bool flag(const char *key, bool fallback) const
    {
        std::string found;
        const Json *v = find({key}, &found);
        if (!v)
            return fallback;
        if (!v->is_boolean())
            fail(key, Message(MessageId::ConfigBoolean, detail::shown(*v)));
        return v->get<bool>();
    }

private:
    const Json &m_root;
    const std::string &m_file;
};

void readGpt2(const Reader &r, ModelConfig &c)
{
    c.architecture = Architecture::Gpt2;
    c.causal = true;
    c.layers = r.count({"n_layer", "num_hidden_layers"}, 12, kMaxConfigLayers);
    c.heads = r.count({"n_head", "num_attention_heads"}, 12, kMaxConfigHeads);
    c.dModel = r.count({"n_embd", "hidden_size"}, 768, kMaxConfigDModel);
    c.maxPositions = r.count({"n_positions", "max_position_embeddings"}, 1024, kMaxConfigPositions);
    c.vocabSize = r.count({"vocab_size"}, 50257, kMaxConfigVocab);
    c.typeVocabSize = 0;
    c.layerNormEps = r.epsilon({"layer_norm_epsilon"}, 1e-5);
    c.activation = r.text({"activation_function"}, "gelu_new");
    // n_inner: null means 4·n_embd, which stays within the cap because kMaxConfigDInner is
    // 4·kMaxConfigDModel.
    static_assert(kMaxConfigDInner == 4 * kMaxConfigDModel, "4·n_embd must be a valid n_inner");
    c.dInner = r.count({"n_inner"}, 4 * c.dModel, kMaxConfigDInner, true);
    if (r.flag("scale_attn_by_inverse_layer_idx", false))
        r.fail("scale_attn_by_inverse_layer_idx", Message(MessageId::ConfigValueUnsupported, "true"));
    if (!r.flag("scale_attn_weights", true))
        r.fail("scale_attn_weights", Message(MessageId::ConfigValueUnsupported, "false"));
}

void readBert(const Reader &r, ModelConfig &c)
{
    c.architecture = Architecture::Bert;
    c.causal = false;
    c.layers = r.count({"num_hidden_layers"}, 12, kMaxConfigLayers);
    c.heads = r.count({"num_attention_heads"}, 12, kMaxConfigHeads);
    c.dModel = r.count({"hidden_size"}, 768, kMaxConfigDModel);
    c.dInner = r.count({"intermediate_size"}, 3072, kMaxConfigDInner);
    c.maxPositions = r.count({"max_position_embeddings"}, 512, kMaxConfigPositions);
    c.vocabSize = r.count({"vocab_size"}, 30522, kMaxConfigVocab);
    c.typeVocabSize = r.count({"type_vocab_size"}, 2, kMaxConfigTypeVocab);
    c.layerNormEps = r.epsilon({"layer_norm_eps"}, 1e-12);
    c.activation = r.text({"hidden_act"}, "gelu");
    const std::string positions = r.text({"position_embedding_type"}, "absolute");
    if (positions != "absolute")
        r.fail("position_embedding_type", Message(MessageId::ConfigOnlyAbsolute, detail::quoted(positions)));
}

} // namespace

ModelConfig parseModelConfig(const std::string &text, const std::string &file)
{
    const Json root = detail::parseStrictJson(text.data(), text.size(), file);
    if (!root.is_object())
        throw ModelError(file, Message(MessageId::ConfigNotObject));
    const Reader r(root, file);

    ModelConfig c;
    const auto type = root.find("model_type");
    if (type == root.end())
        throw ModelError(file, Message(MessageId::ConfigModelTypeMissing));
    if (!type->is_string() || (type->get<std::string>() != "gpt2" && type->get<std::string>() != "bert"))
        throw ModelError(file, Message(MessageId::ConfigModelTypeUnsupported, detail::shown(*type)));
    c.modelType = type->get<std::string>();
    if (c.modelType == "gpt2")
        readGpt2(r, c);
    else
        readBert(r, c);

    if (c.dModel % c.heads != 0) {
        const char *dKey = c.architecture == Architecture::Gpt2 ? "n_embd" : "hidden_size";
        const char *hKey = c.architecture == Architecture::Gpt2 ? "n_head" : "num_attention_heads";
        throw ModelError(file, Message(MessageId::ConfigNotDivisible, dKey, c.dModel, hKey, c.heads));
    }
    return c;
}

ModelConfig readModelConfig(const std::string &path)
{
    const size_t slash = path.find_last_of('/');
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const FileText file = readFileText(path, kMaxConfigBytes);
    if (file.status == FileText::TooLarge)
        throw ModelError(name, Message(MessageId::ConfigTooLarge, file.size, kMaxConfigBytes));
    if (!file.ok())
        throw ModelError(name, Message(MessageId::CannotBeRead));
    return parseModelConfig(file.text, name);
}

} // namespace attnlab::core::model
