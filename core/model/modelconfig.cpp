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
    const Json *find(const std::vector<std::string> &keys, std::string *foundKey) const
    {
        for (const std::string &k : keys) {
            const auto it = m_root.find(k);
            if (it != m_root.end()) {
                *foundKey = k;
                return &*it;
            }
        }
        return nullptr;
    }

    // A positive integer in [1, cap]; `fallback` when absent (and when null, if the key allows
    // it).
    int count(const ConfigCount &key, int fallback, int cap) const
    {
        std::string name;
        const Json *v = find(key.names, &name);
        if (!v || (key.nullMeansDefault && v->is_null()))
            return fallback;
        // Integers past 2⁶⁴ and numbers written with a fraction or exponent arrive as doubles.
        if (!v->is_number_integer())
            fail(name, Message(MessageId::ConfigPositiveInteger, detail::shown(*v)));
        if (v->is_number_unsigned() ? v->get<std::uint64_t>() > std::uint64_t(cap) : v->get<std::int64_t>() > cap)
            fail(name, Message(MessageId::ConfigAboveMaximum, detail::shown(*v), cap));
        // nlohmann reads non-negative literals as unsigned, so 0 arrives here too.
        if (v->get<std::int64_t>() < 1)
            fail(name, Message(MessageId::ConfigPositiveInteger, detail::shown(*v)));
        return int(v->get<std::int64_t>());
    }
    int count(const ConfigCount &key, int cap) const { return count(key, key.fallback, cap); }

    float epsilon(const std::vector<std::string> &keys, double fallback) const
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

    std::string text(const std::vector<std::string> &keys, const std::string &fallback) const
    {
        std::string key;
        const Json *v = find(keys, &key);
        if (!v)
            return fallback;
        if (!v->is_string())
            fail(key, Message(MessageId::ConfigString, detail::shown(*v)));
        return v->get<std::string>();
    }

    bool flag(const std::string &key, bool fallback) const
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

// The family's keys in a fixed order: the sizes, the MLP width (its default may depend on
// d_model), then epsilon, activation and the settings only one value of which is implemented.
void readKeys(const Reader &r, ModelConfig &c)
{
    const ConfigKeys &k = c.family->config;
    c.layers = r.count(k.layers, kMaxConfigLayers);
    c.heads = r.count(k.heads, kMaxConfigHeads);
    c.kvHeads = k.kvHeads.names.empty() ? c.heads : r.count(k.kvHeads, c.heads, kMaxConfigHeads);
    c.dModel = r.count(k.dModel, kMaxConfigDModel);
    // GPT-2's n_inner: null means 4·n_embd, which stays within the cap because kMaxConfigDInner
    // is 4·kMaxConfigDModel.
    static_assert(kMaxConfigDInner == 4 * kMaxConfigDModel, "4·n_embd must be a valid n_inner");
    c.dInner
        = r.count(k.dInner, k.innerPerDModel > 0 ? k.innerPerDModel * c.dModel : k.dInner.fallback, kMaxConfigDInner);
    c.maxPositions = r.count(k.positions, kMaxConfigPositions);
    c.vocabSize = r.count(k.vocab, kMaxConfigVocab);
    c.typeVocabSize = k.typeVocab.names.empty() ? 0 : r.count(k.typeVocab, kMaxConfigTypeVocab);
    c.layerNormEps = r.epsilon(k.epsilon, k.epsilonFallback);
    c.activation = r.text(k.activation, k.activationFallback);
    for (const FixedSetting &s : k.fixed) {
        if (s.isFlag) {
            if (r.flag(s.key, s.flag) != s.flag)
                r.fail(s.key, Message(MessageId::ConfigValueUnsupported, s.flag ? "false" : "true"));
        } else if (const std::string value = r.text({s.key}, s.text); value != s.text) {
            r.fail(s.key, Message(MessageId::ConfigOnlyAbsolute, detail::quoted(value)));
        }
    }
}

// eos_token_id: a token id or a list of them (Llama 3 lists several); absent or null: none.
std::vector<int> eosTokenIds(const Json &root, const std::string &file)
{
    const auto it = root.find("eos_token_id");
    if (it == root.end() || it->is_null())
        return {};
    const auto invalid = [&] {
        return ModelError(file,
            Message(MessageId::ConfigKey, "eos_token_id", Message(MessageId::GenerateEosTokenId, detail::shown(*it))));
    };
    const Json list = it->is_array() ? *it : Json::array({*it});
    std::vector<int> ids;
    for (const Json &id : list) {
        if (!id.is_number_integer() || id.get<std::int64_t>() < 0 || id.get<std::int64_t>() >= kMaxConfigVocab)
            throw invalid();
        ids.push_back(int(id.get<std::int64_t>()));
    }
    return ids;
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
    c.family = type->is_string() ? findFamily(type->get<std::string>()) : nullptr;
    if (!c.family)
        throw ModelError(file, Message(MessageId::ConfigModelTypeUnsupported, detail::shown(*type)));
    c.modelType = type->get<std::string>();
    readKeys(r, c);
    c.eosTokenIds = eosTokenIds(root, file);

    if (c.dModel % c.heads != 0) {
        const ConfigKeys &k = c.family->config;
        throw ModelError(file,
            Message(MessageId::ConfigNotDivisible, k.dModel.names.front(), c.dModel, k.heads.names.front(), c.heads));
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
