#include "core/model/modelconfig.h"

#include "core/json/strictjson.h"
#include "core/json/textfile.h"
#include "core/model/modelerror.h"
#include "core/text/messageid.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace attnlab::core::model {

namespace {

using Json = nlohmann::json;

constexpr std::size_t kMaxConfigBytes = std::size_t(16) << 20;

class Reader {
public:
    // `path` names the object in messages when it is not the top one ("text_config.").
    Reader(const Json &root, const std::string &file, std::string path = {})
        : m_root(root)
        , m_file(file)
        , m_path(std::move(path))
    {
    }

    [[noreturn]] void fail(const std::string &key, Message message) const
    {
        throw ModelError(m_file, Message(MessageId::ConfigKey, m_path + key, std::move(message)));
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

    // A positive finite number (e.g. rope_theta), `fallback` when absent.
    double positive(const std::string &key, double fallback) const
    {
        std::string found;
        const Json *v = find({key}, &found);
        if (!v)
            return fallback;
        if (!v->is_number() || !(v->get<double>() > 0) || !std::isfinite(v->get<double>()))
            fail(key, Message(MessageId::ConfigPositiveNumber, detail::shown(*v)));
        return v->get<double>();
    }

    // Whether the first of `keys` present is null.
    bool isNull(const std::vector<std::string> &keys) const
    {
        std::string found;
        const Json *v = find(keys, &found);
        return v && v->is_null();
    }

    const Json *value(const std::string &key) const
    {
        std::string found;
        return find({key}, &found);
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

    const std::string &file() const { return m_file; }
    const std::string &path() const { return m_path; }

private:
    const Json &m_root;
    const std::string &m_file;
    std::string m_path;
};

// The model_type of every family, quoted: "gpt2", "bert", …
std::string supportedTypes()
{
    std::string list;
    for (const ModelFamily *f : modelFamilies())
        list += (list.empty() ? "" : ", ") + detail::quoted(f->modelType);
    return list;
}

// The keys transformers' RotaryEmbeddingConfigMixin validates for each rope type it accepts
// (required and optional, with the older "type" and partial_rotary_factor): any other key is one
// transformers would warn about and ignore, which here is refused so no number is silently lost.
bool ropeKeyUsed(const std::string &type, const std::string &key)
{
    static const std::vector<std::string> common {"rope_type", "type", "rope_theta", "partial_rotary_factor"};
    static const std::vector<std::string> llama3 {
        "factor", "low_freq_factor", "high_freq_factor", "original_max_position_embeddings"};
    const auto in
        = [&](const std::vector<std::string> &keys) { return std::find(keys.begin(), keys.end(), key) != keys.end(); };
    if (in(common))
        return true;
    if (type == "linear")
        return key == "factor";
    return type == "llama3" && in(llama3);
}

// One rope object — rope_parameters, one of its per-layer-type objects, or the older rope_scaling —
// named `name` in messages: its type ("rope_type", else "type", else "default"), θ (its own
// rope_theta, else `theta` as given), and the numbers its type needs. `original` is
// original_max_position_embeddings when the object has none, or always when `originalWins`
// (standardize_rope_params gives a top-level original_max_position_embeddings priority, Phi-3's
// exception). Types other than default, linear and llama3, a partial_rotary_factor other than 1
// and keys the type does not use are refused by name.
void readRopeObject(const Reader &r, const Json &object, const std::string &name, int original, bool originalWins,
    double &theta, RopeScaling &scaling)
{
    if (!object.is_object())
        r.fail(name, Message(MessageId::ConfigRopeScalingObject, detail::shown(object)));
    const Reader inner(object, r.file(), r.path() + name + ".");
    const std::string typeKey = object.contains("rope_type") ? "rope_type" : "type";
    const Json *type = inner.value(typeKey);
    if (type && !type->is_string())
        r.fail(name, Message(MessageId::ConfigRopeScalingType, detail::shown(*type)));
    scaling = RopeScaling {};
    scaling.type = type ? type->get<std::string>() : "default";
    if (scaling.type != "default" && scaling.type != "llama3" && scaling.type != "linear")
        r.fail(name, Message(MessageId::ConfigRopeScalingType, detail::quoted(scaling.type)));
    for (auto it = object.begin(); it != object.end(); ++it)
        if (!ropeKeyUsed(scaling.type, it.key()))
            r.fail(name, Message(MessageId::ConfigRopeKeyUnused, it.key(), scaling.type));
    if (object.contains("rope_theta"))
        theta = inner.positive("rope_theta", theta);
    if (object.contains("partial_rotary_factor") && inner.positive("partial_rotary_factor", 1) != 1)
        r.fail(name + ".partial_rotary_factor",
            Message(MessageId::ConfigValueUnsupported, detail::shown(object.at("partial_rotary_factor"))));
    if (scaling.type == "default")
        return;
    const auto need = [&](const char *key) {
        if (!object.contains(key))
            r.fail(name, Message(MessageId::ConfigRopeScalingKey, key, scaling.type));
        return inner.positive(key, 1);
    };
    scaling.factor = need("factor");
    if (scaling.type == "linear")
        return;
    scaling.lowFreqFactor = need("low_freq_factor");
    scaling.highFreqFactor = need("high_freq_factor");
    const double context = object.contains("original_max_position_embeddings") && !originalWins
        ? need("original_max_position_embeddings")
        : original;
    if (context != std::floor(context) || context < 1 || context > kMaxConfigPositions)
        r.fail(name, Message(MessageId::ConfigRopeScalingKey, "original_max_position_embeddings", scaling.type));
    scaling.originalMaxPositions = int(context);
    // _compute_llama3_parameters divides by high − low: equal factors would make every
    // frequency between the bands infinite.
    if (!(scaling.highFreqFactor > scaling.lowFreqFactor))
        r.fail(name,
            Message(MessageId::ConfigRopeScalingFactors, detail::shown(object.at("low_freq_factor")),
                detail::shown(object.at("high_freq_factor"))));
}

// Rotary settings as transformers v5 reads config.json (RotaryEmbeddingConfigMixin, and
// Gemma3TextConfig.convert_rope_params_to_dict for a family whose rotary settings differ by layer
// type), older files included:
// - one object (RotarySpec::parametersKey, "rope_parameters"), unless the older rope_scaling is a
//   non-empty object, which replaces it (`rope_scaling or self.rope_parameters`); θ from the
//   object, else the top-level rope_theta, else the family's default;
// - per layer type: the object holds a "full_attention" and a "sliding_attention" object (absent
//   or null: {"rope_type": "default"}); rope_scaling is merged into the full one, its keys winning;
//   the full one's θ falls back to rope_theta, the sliding one's to rope_local_base_freq.
// A top-level partial_rotary_factor other than 1 is refused too (the mixin copies it into each
// object).
void readRotary(const Reader &r, ModelConfig &c)
{
    const RotarySpec &spec = c.family->rotary;
    const AttentionVariantKeys &v = c.family->variants;
    c.ropeTheta = r.positive(spec.thetaKey, spec.thetaFallback);
    if (const Json *partial = r.value("partial_rotary_factor"); partial && r.positive("partial_rotary_factor", 1) != 1)
        r.fail("partial_rotary_factor", Message(MessageId::ConfigValueUnsupported, detail::shown(*partial)));
    const Json *legacy = r.value(spec.scalingKey);
    if (legacy && !legacy->is_null() && !legacy->is_object())
        r.fail(spec.scalingKey, Message(MessageId::ConfigRopeScalingObject, detail::shown(*legacy)));
    const bool legacyGiven = legacy && legacy->is_object() && !legacy->empty();
    const Json *given = r.value(spec.parametersKey);
    const Json empty = Json::object();
    const Json *parameters = given && !given->is_null() ? given : &empty;
    if (!parameters->is_object())
        r.fail(spec.parametersKey, Message(MessageId::ConfigRopeScalingObject, detail::shown(*parameters)));
    const double topTheta = c.ropeTheta;

    if (spec.globalLayerType.empty()) {
        // original_max_position_embeddings: a top-level key wins (for one object only), else the
        // object's, else max_position_embeddings.
        const bool topOriginal = r.value("original_max_position_embeddings") != nullptr;
        const int original = topOriginal
            ? r.count({{"original_max_position_embeddings"}, c.maxPositions}, kMaxConfigPositions)
            : c.maxPositions;
        readRopeObject(r, legacyGiven ? *legacy : *parameters, legacyGiven ? spec.scalingKey : spec.parametersKey,
            original, topOriginal, c.ropeTheta, c.ropeScaling);
        if (!v.localRopeTheta.empty())
            c.localRopeTheta = r.positive(v.localRopeTheta, v.localRopeThetaFallback);
        return;
    }
    for (auto it = parameters->begin(); it != parameters->end(); ++it)
        if (it.key() != spec.globalLayerType && it.key() != spec.localLayerType)
            r.fail(spec.parametersKey,
                Message(MessageId::ConfigRopeLayerTypeKey, it.key(), spec.globalLayerType, spec.localLayerType));
    const auto object = [&](const std::string &layerType) {
        const auto it = parameters->find(layerType);
        return it == parameters->end() || it->is_null() ? Json::object() : *it;
    };
    Json global = object(spec.globalLayerType);
    // Messages name the object the file wrote: rope_scaling when it alone holds the global settings.
    const bool legacyAlone = legacyGiven && !parameters->contains(spec.globalLayerType);
    if (legacyGiven && global.is_object())
        for (auto it = legacy->begin(); it != legacy->end(); ++it)
            global[it.key()] = it.value();
    readRopeObject(r, global, legacyAlone ? spec.scalingKey : spec.parametersKey + "." + spec.globalLayerType,
        c.maxPositions, false, c.ropeTheta, c.ropeScaling);
    c.localRopeTheta = v.localRopeTheta.empty() ? topTheta : r.positive(v.localRopeTheta, v.localRopeThetaFallback);
    readRopeObject(r, object(spec.localLayerType), spec.parametersKey + "." + spec.localLayerType, c.maxPositions,
        false, c.localRopeTheta, c.localRopeScaling);
}

// A list setting of which one value per entry is implemented (Qwen3's layer_types, all
// "full_attention"): absent or null is fine, any other entry is refused by name.
void readFixedList(const Reader &r, const FixedSetting &s)
{
    const Json *list = r.value(s.key);
    if (!list || list->is_null())
        return;
    if (!list->is_array())
        r.fail(s.key, Message(MessageId::ConfigStringList, detail::shown(*list)));
    for (const Json &entry : *list) {
        if (!entry.is_string())
            r.fail(s.key, Message(MessageId::ConfigStringList, detail::shown(entry)));
        if (entry.get<std::string>() != s.text)
            r.fail(s.key, Message(MessageId::ConfigListEntryUnsupported, detail::shown(entry), detail::quoted(s.text)));
    }
}

// A sparse MLP's keys (MlpRouting::SparseTopK), after the layer count: mlp_only_layers must name
// layers of the model, and no token can go to more experts than there are.
void readExperts(const Reader &r, ModelConfig &c)
{
    const ConfigKeys &k = c.family->config;
    c.experts = r.count(k.experts, kMaxConfigExperts);
    c.expertsPerToken = r.count(k.expertsPerToken, kMaxConfigExperts);
    if (c.expertsPerToken > c.experts)
        r.fail(k.expertsPerToken.names.front(),
            Message(MessageId::ConfigMoreThanExperts, c.expertsPerToken, k.experts.names.front(), c.experts));
    c.expertInner = r.count(k.expertInner, kMaxConfigDInner);
    c.sparseStep = r.count(k.sparseStep, kMaxConfigLayers);
    c.renormaliseTopK = r.flag(k.renormaliseTopK.key, k.renormaliseTopK.fallback);
    const Json *dense = r.value(k.denseLayers);
    if (!dense || dense->is_null())
        return;
    const auto bad = [&](const Json &v) {
        r.fail(k.denseLayers, Message(MessageId::ConfigLayerList, c.layers - 1, detail::shown(v)));
    };
    if (!dense->is_array())
        bad(*dense);
    for (const Json &l : *dense) {
        if (!l.is_number_integer() || l.get<std::int64_t>() < 0 || l.get<std::int64_t>() >= c.layers)
            bad(l);
        c.denseLayers.push_back(int(l.get<std::int64_t>()));
    }
}

// The family's keys in a fixed order: the sizes, the MLP width (its default may depend on
// d_model), then epsilon, activation and the settings only one value of which is implemented.
void readKeys(const Reader &r, ModelConfig &c)
{
    const ConfigKeys &k = c.family->config;
    c.layers = r.count(k.layers, kMaxConfigLayers);
    c.heads = r.count(k.heads, kMaxConfigHeads);
    // num_key_value_heads: null means as many as the query heads; absent the family's default.
    if (k.kvHeads.names.empty() || r.isNull(k.kvHeads.names))
        c.kvHeads = c.heads;
    else
        c.kvHeads = r.count(k.kvHeads, k.kvHeads.fallback > 0 ? k.kvHeads.fallback : c.heads, kMaxConfigHeads);
    c.dModel = r.count(k.dModel, kMaxConfigDModel);
    // head_dim: absent or null means d_model / heads (kept as 0 here, see ModelConfig::headDim).
    if (!k.headDim.names.empty() && !r.isNull(k.headDim.names))
        c.headDimension = r.count(k.headDim, k.headDim.fallback, kMaxConfigDModel);
    for (auto [flag, value] : {std::pair {&k.qkvBias, &c.qkvBias}, std::pair {&k.outBias, &c.outBias},
             std::pair {&k.mlpBias, &c.mlpBias}, std::pair {&k.tiedOutputHead, &c.tiedOutputHead}})
        *value = flag->key.empty() ? flag->fallback : r.flag(flag->key, flag->fallback);
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
    if (c.family->position == PositionKind::Rotary)
        readRotary(r, c);
    if (c.family->routing == MlpRouting::SparseTopK)
        readExperts(r, c);
    c.scaledEmbeddings = !k.scaleEmbedding.key.empty() && r.flag(k.scaleEmbedding.key, k.scaleEmbedding.fallback);
    for (const FixedSetting &s : k.fixed) {
        if (s.isList) {
            readFixedList(r, s);
        } else if (s.isFlag) {
            if (r.flag(s.key, s.flag) != s.flag)
                r.fail(s.key, Message(MessageId::ConfigValueUnsupported, s.flag ? "false" : "true"));
        } else if (const std::string value = r.text({s.key}, s.text); value != s.text) {
            r.fail(s.key, Message(MessageId::ConfigOnlyAbsolute, detail::quoted(value)));
        }
    }
}

// A positive number, `fallback` when absent; null (or a fallback of 0) means none: 0. Gemma's
// soft-capping values, whose configs write null to turn them off.
double positiveOrNone(const Reader &r, const std::string &key, double fallback)
{
    if (key.empty())
        return 0;
    return r.isNull({key}) ? 0 : r.positive(key, fallback);
}

// Gemma 2 and 3's attention variants (AttentionVariantKeys), as configuration_gemma2.py and
// configuration_gemma3.py default them. sliding_window must be a positive integer (0 or less is
// refused naming it); layer_types, when present, one "sliding_attention" or "full_attention" per
// layer; absent, layer i slides when (i + 1) % pattern ≠ 0.
void readVariants(const Reader &r, ModelConfig &c)
{
    const AttentionVariantKeys &k = c.family->variants;
    if (!k.queryPreAttnScalar.empty())
        c.queryPreAttnScalar = r.positive(k.queryPreAttnScalar, k.queryPreAttnScalarFallback);
    c.attnSoftcap = positiveOrNone(r, k.attnSoftcap, k.attnSoftcapFallback);
    c.finalSoftcap = positiveOrNone(r, k.finalSoftcap, k.finalSoftcapFallback);
    if (k.slidingWindow.empty())
        return;
    c.slidingWindow = r.count({{k.slidingWindow}, k.slidingWindowFallback}, kMaxConfigPositions);
    const Json *types = k.layerTypes.empty() ? nullptr : r.value(k.layerTypes);
    if (!types || types->is_null()) {
        const int pattern = k.slidingPattern.empty()
            ? k.slidingPatternFallback
            : r.count({{k.slidingPattern}, k.slidingPatternFallback}, kMaxConfigLayers);
        for (int i = 0; i < c.layers; ++i)
            c.slidingLayers.push_back((i + 1) % pattern != 0);
        return;
    }
    if (!types->is_array() || int(types->size()) != c.layers)
        r.fail(k.layerTypes, Message(MessageId::ConfigLayerTypesLength, c.layers, detail::shown(*types)));
    for (std::size_t i = 0; i < types->size(); ++i) {
        const Json &t = (*types)[i];
        const bool sliding = t.is_string() && t.get<std::string>() == "sliding_attention";
        if (!sliding && !(t.is_string() && t.get<std::string>() == "full_attention"))
            r.fail(k.layerTypes, Message(MessageId::ConfigLayerType, int(i), detail::shown(t)));
        c.slidingLayers.push_back(sliding);
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

namespace {

ModelConfig parseWithFamily(const std::string &text, const ModelFamily *given, const std::string &file)
{
    const Json root = detail::parseStrictJson(text.data(), text.size(), file);
    if (!root.is_object())
        throw ModelError(file, Message(MessageId::ConfigNotObject));
    const Reader r(root, file);

    ModelConfig c;
    const auto type = root.find("model_type");
    if (type == root.end())
        throw ModelError(file, Message(MessageId::ConfigModelTypeMissing, supportedTypes()));
    if (given)
        c.family = type->is_string() && type->get<std::string>() == given->modelType ? given : nullptr;
    else
        c.family = type->is_string() ? findFamily(type->get<std::string>()) : nullptr;
    if (!c.family)
        throw ModelError(file, Message(MessageId::ConfigModelTypeUnsupported, detail::shown(*type), supportedTypes()));
    c.modelType = type->get<std::string>();
    // A multimodal config keeps the language model's keys in a section of their own (Gemma3Config's
    // text_config); absent or null, transformers builds it from {}: every key its default.
    const std::string &sectionKey = c.family->config.section;
    const Json empty = Json::object();
    const Json *section = &root;
    if (!sectionKey.empty()) {
        const auto it = root.find(sectionKey);
        section = it == root.end() || it->is_null() ? &empty : &*it;
        if (!section->is_object())
            r.fail(sectionKey, Message(MessageId::ConfigRopeScalingObject, detail::shown(*section)));
    }
    const Reader keys(*section, file, section == &root ? std::string() : sectionKey + ".");
    readKeys(keys, c);
    readVariants(keys, c);
    c.eosTokenIds = eosTokenIds(root, file);
    if (c.eosTokenIds.empty() && section != &root)
        c.eosTokenIds = eosTokenIds(*section, file);

    if (c.dModel % c.heads != 0) {
        const ConfigKeys &k = c.family->config;
        throw ModelError(file,
            Message(MessageId::ConfigNotDivisible, k.dModel.names.front(), c.dModel, k.heads.names.front(), c.heads));
    }
    // Grouped-query attention: each key/value head serves heads / kv_heads query heads.
    if (c.heads % c.kvHeads != 0) {
        const ConfigKeys &k = c.family->config;
        throw ModelError(file,
            Message(MessageId::ConfigNotDivisible, k.heads.names.front(), c.heads, k.kvHeads.names.front(), c.kvHeads));
    }
    return c;
}

} // namespace

ModelConfig parseModelConfig(const std::string &text, const std::string &file)
{
    return parseWithFamily(text, nullptr, file);
}

ModelConfig parseModelConfig(const std::string &text, const ModelFamily &family, const std::string &file)
{
    return parseWithFamily(text, &family, file);
}

ModelConfig readModelConfig(const std::string &path, const ModelFamily *family)
{
    const size_t slash = path.find_last_of('/');
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const FileText file = readFileText(path, kMaxConfigBytes);
    if (file.status == FileText::TooLarge)
        throw ModelError(name, Message(MessageId::ConfigTooLarge, file.size, kMaxConfigBytes));
    if (!file.ok())
        throw ModelError(name, Message(MessageId::CannotBeRead));
    return parseWithFamily(file.text, family, name);
}

} // namespace attnlab::core::model
