#include "core/scene/sceneio.h"

#include "core/json/jsonguard.h"
#include "core/json/jsonwriter.h"
#include "core/json/textfile.h"
#include "core/scene/limits.h"
#include "core/scene/memory/memoryio.h"
#include "core/scene/scenereader.h"
#include "core/scene/variants/variantsio.h"
#include "core/text/messageid.h"

#include <string>

namespace attnlab::core {

namespace {

using Json = nlohmann::json;
using scenefile::index;
using scenefile::Reader;

// One reader per top-level key. `value` is nullptr when the file lacks the key, so a reader
// decides itself whether the key is required. Readers run in the order of kKeys below.
using KeyReader = void (*)(Reader &rd, const std::string &key, const Json *value, Scene &s);

// Reports a missing required key; true when the value is there.
bool required(Reader &rd, const std::string &key, const Json *value)
{
    if (!value)
        rd.fail(key, Message(MessageId::IsMissing));
    return value != nullptr;
}

// "title" and "description": a string or an object of language → text, in file order.
void readTranslations(
    Reader &rd, const std::string &key, const Json &value, std::vector<std::pair<std::string, std::string>> &out)
{
    for (const auto &member : rd.members(value)) {
        std::string text;
        if (rd.string(member->second, key + "." + member->first, text))
            out.push_back({member->first, text});
    }
}

void readFormat(Reader &rd, const std::string &key, const Json *value, Scene &)
{
    std::string format;
    if (value && rd.string(*value, key, format) && format != kSceneFormat)
        rd.fail(key, Message(MessageId::ExpectedFormat, kSceneFormat, format));
}

void readVersion(Reader &rd, const std::string &key, const Json *value, Scene &)
{
    int version = 0;
    if (value && rd.integer(*value, key, version, 1, 1000000) && version != kSceneVersion)
        rd.fail(key, Message(MessageId::VersionUnsupported, version, kSceneVersion));
}

void readTitle(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    if (!value)
        return;
    if (value->is_object()) {
        readTranslations(rd, key, *value, s.titleTranslations);
        for (const auto &[lang, text] : s.titleTranslations)
            if (lang == "en" || s.title.empty())
                s.title = text;
    } else if (!value->is_string()) {
        rd.fail(key, Message(MessageId::ExpectedTranslations, jsonTypeName(*value)));
    } else {
        s.title = value->get<std::string>();
    }
}

void readDescription(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    if (!value)
        return;
    if (value->is_string())
        s.description.push_back({"en", value->get<std::string>()});
    else if (value->is_object())
        readTranslations(rd, key, *value, s.description);
    else
        rd.fail(key, Message(MessageId::ExpectedTranslations, jsonTypeName(*value)));
}

void readTokens(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    if (!required(rd, key, value))
        return;
    if (!value->is_array()) {
        rd.fail(key, Message(MessageId::ExpectedArrayOfStrings, jsonTypeName(*value)));
        return;
    }
    if (value->size() > size_t(limits::kMaxTokens)) {
        rd.fail(key, Message(MessageId::TooManyTokens, value->size(), limits::kMaxTokens));
        return;
    }
    for (size_t i = 0; i < value->size(); ++i) {
        std::string token;
        if (!rd.string((*value)[i], index(key, i), token))
            continue;
        if (token.empty())
            rd.fail(index(key, i), Message(MessageId::TokenEmpty));
        s.tokens.push_back(token);
    }
}

void readPositional(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    std::string pe;
    if (!value || !rd.string(*value, key, pe))
        return;
    if (pe == "none")
        s.positional = PositionalEncoding::None;
    else if (pe == "sinusoidal")
        s.positional = PositionalEncoding::Sinusoidal;
    else if (pe == "rope")
        s.positional = PositionalEncoding::Rope;
    else
        rd.fail(key, Message(MessageId::ExpectedPositional, pe));
}

void readRopeConvention(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    std::string v;
    if (!value || !rd.string(*value, key, v))
        return;
    const bool half = v == name(RotaryConvention::HalfSplit);
    if (half || v == name(RotaryConvention::Interleaved))
        s.ropeConvention = half ? RotaryConvention::HalfSplit : RotaryConvention::Interleaved;
    else
        rd.fail(key, Message(MessageId::ExpectedRopeConvention, "\"" + v + "\""));
}

void readRopeTheta(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    Scalar base = 0;
    if (!value || !rd.number(*value, key, base))
        return;
    if (!(base > 0))
        rd.fail(key, Message(MessageId::RopeThetaMustBePositive));
    s.ropeBase = base;
}

void readRopeFrequencies(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    std::vector<Scalar> values;
    if (!value || !rd.vector(*value, key, values))
        return;
    s.ropeFrequencies = Eigen::Map<const RowVector>(values.data(), Eigen::Index(values.size()));
}

// The rotary keys describe RoPE only: in a scene without it they would be silently ignored.
void checkRopeKeys(Reader &rd, const Json &root, const Scene &s)
{
    const char *keys[] = {"rope_convention", "rope_theta", "rope_frequencies"};
    for (const char *key : keys)
        if (root.contains(key) && s.positional != PositionalEncoding::Rope)
            rd.fail(key, Message(MessageId::RopeKeyNeedsRope));
    if (root.contains("rope_theta") && root.contains("rope_frequencies"))
        rd.fail("rope_theta", Message(MessageId::RopeThetaWithFrequencies));
}

void readScale(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    if (!value)
        return;
    if (value->is_string()) {
        const std::string v = value->get<std::string>();
        if (v == "sqrt_dk")
            s.scale = ScaleKind::SqrtDk;
        else if (v == "none")
            s.scale = ScaleKind::None;
        else
            rd.fail(key, Message(MessageId::ExpectedScale, "\"" + v + "\""));
    } else if (value->is_number()) {
        Scalar d = 0;
        if (!rd.number(*value, key, d))
            return;
        if (d < limits::kMinDivisor)
            rd.fail(key, Message(MessageId::DivisorTooSmall));
        s.scale = ScaleKind::Custom;
        s.customDivisor = d;
    } else {
        rd.fail(key, Message(MessageId::ExpectedScale, jsonTypeName(*value)));
    }
}

void readMask(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    if (!value)
        return;
    if (value->is_string()) {
        const std::string v = value->get<std::string>();
        if (v == "none")
            s.mask = MaskKind::None;
        else if (v == "causal")
            s.mask = MaskKind::Causal;
        else
            rd.fail(key, Message(MessageId::ExpectedMask, "\"" + v + "\""));
    } else if (value->is_array()) {
        if (rd.mask(*value, key, s.customMask))
            s.mask = MaskKind::Custom;
    } else {
        rd.fail(key, Message(MessageId::ExpectedMask, jsonTypeName(*value)));
    }
}

void readDirect(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    if (!value->is_object()) {
        rd.fail(key, Message(MessageId::ExpectedDirectObject, jsonTypeName(*value)));
        return;
    }
    for (const auto &member : rd.members(*value))
        if (member->first != "Q" && member->first != "K" && member->first != "V")
            rd.fail(key + "." + member->first, Message(MessageId::UnknownDirectKey));
    for (const char *name : {"Q", "K", "V"}) {
        Matrix &target = name[0] == 'Q' ? s.q : name[0] == 'K' ? s.k : s.v;
        if (const Json *m = Reader::find(*value, name))
            rd.matrix(*m, key + "." + name, target);
        else
            rd.fail(key + "." + name, Message(MessageId::IsMissing));
    }
}

void readDModel(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    if (value)
        rd.integer(*value, key, s.dModel, 1, limits::kMaxDModel);
    else
        rd.fail(key, Message(MessageId::DModelMissing));
}

void readHeads(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    if (value)
        rd.integer(*value, key, s.heads, 1, limits::kMaxHeads);
}

void readDk(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    if (required(rd, key, value))
        rd.integer(*value, key, s.dK, 1, limits::kMaxDk);
}

// Token → vector, in file order: the order is the embedding table's row order. Required unless
// the file gives "X" (read before it).
void readEmbeddings(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    if (!value) {
        if (s.x.size() == 0)
            rd.fail(key, Message(MessageId::EmbeddingsMissing));
        return;
    }
    if (!value->is_object()) {
        rd.fail(key, Message(MessageId::ExpectedEmbeddingsObject, jsonTypeName(*value)));
        return;
    }
    s.vocabulary.clear();
    std::vector<std::vector<Scalar>> rows;
    for (const auto &member : rd.members(*value)) {
        const std::string path = key + "[" + json::quote(member->first) + "]";
        std::vector<Scalar> row;
        if (!rd.vector(member->second, path, row))
            continue;
        if (s.dModel > 0 && int(row.size()) != s.dModel) {
            rd.fail(path, Message(MessageId::EmbeddingLengthDiffers, row.size(), s.dModel));
            continue;
        }
        s.vocabulary.push_back(member->first);
        rows.push_back(std::move(row));
    }
    if (s.dModel > 0 && rows.size() == value->size()) {
        s.embeddings.resize(Eigen::Index(rows.size()), s.dModel);
        for (size_t r = 0; r < rows.size(); ++r)
            for (int c = 0; c < s.dModel; ++c)
                s.embeddings(Eigen::Index(r), c) = rows[r][size_t(c)];
    }
}

template<Matrix Scene::*Field> void readRequiredMatrix(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    if (required(rd, key, value))
        rd.matrix(*value, key, s.*Field);
}

// "b_Q", "b_K", "b_V", "b_O": optional rows of numbers (lengths are checked by validate()).
template<RowVector Scene::*Field> void readBias(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    std::vector<Scalar> values;
    if (!value || !rd.vector(*value, key, values))
        return;
    if (values.empty()) {
        rd.fail(key, Message(MessageId::BiasEmpty));
        return;
    }
    s.*Field = Eigen::Map<const RowVector>(values.data(), Eigen::Index(values.size()));
}

template<Matrix Scene::*Field> void readOptionalMatrix(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    if (value)
        rd.matrix(*value, key, s.*Field);
}

// The attention variants are read in their own file (core/scene/variants/variantsio.cpp).
void readVariantsKey(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    if (!value)
        return;
    std::vector<Problem> problems;
    readVariants(*value, key, s.variants, problems);
    for (Problem &p : problems)
        rd.fail(p.path, std::move(p.message));
}

// "memory": cross-attention's keys and values (core/scene/memory/memoryio.h), read with this
// reader's own rules.
void readMemoryKey(Reader &rd, const std::string &key, const Json *value, Scene &s)
{
    MemoryParsers parse;
    parse.matrix = [&rd](const Json &j, const std::string &path, Matrix &out) { return rd.matrix(j, path, out); };
    parse.tokens = [&rd](const Json *j, const std::string &path, std::vector<std::string> &out) {
        Scene keys;
        readTokens(rd, path, j, keys);
        out = std::move(keys.tokens);
    };
    parse.fail = [&rd](const std::string &path, Message m) { rd.fail(path, std::move(m)); };
    parse.typeName = [](const Json &j) { return jsonTypeName(j); };
    readMemory(value, key, parse, s.memory);
}

// Which scenes a key belongs to: direct mode ("direct" given) or model mode (embeddings and
// weights), or both.
enum class Mode { Both, Direct, Model };

struct KeyRule {
    const char *key;
    Mode mode;
    KeyReader read;
};

// Every key a scene file may have, read in this order. A new key is one more line here.
const KeyRule kKeys[] = {
    {"format", Mode::Both, readFormat},
    {"version", Mode::Both, readVersion},
    {"title", Mode::Both, readTitle},
    {"description", Mode::Both, readDescription},
    {"tokens", Mode::Both, readTokens},
    {"positional_encoding", Mode::Both, readPositional},
    {"rope_convention", Mode::Both, readRopeConvention},
    {"rope_theta", Mode::Both, readRopeTheta},
    {"rope_frequencies", Mode::Both, readRopeFrequencies},
    {"scale", Mode::Both, readScale},
    {"mask", Mode::Both, readMask},
    {"variants", Mode::Both, readVariantsKey},
    {"direct", Mode::Direct, readDirect},
    {"d_model", Mode::Model, readDModel},
    {"heads", Mode::Model, readHeads},
    {"d_k", Mode::Model, readDk},
    // A head taken from a real model gives "X" (one row per token) instead of "embeddings".
    {"X", Mode::Model, readOptionalMatrix<&Scene::x>},
    {"embeddings", Mode::Model, readEmbeddings},
    {"W_Q", Mode::Model, readRequiredMatrix<&Scene::wq>},
    {"W_K", Mode::Model, readRequiredMatrix<&Scene::wk>},
    {"W_V", Mode::Model, readRequiredMatrix<&Scene::wv>},
    {"W_O", Mode::Model, readOptionalMatrix<&Scene::wo>},
    {"b_Q", Mode::Model, readBias<&Scene::bq>},
    {"b_K", Mode::Model, readBias<&Scene::bk>},
    {"b_V", Mode::Model, readBias<&Scene::bv>},
    {"b_O", Mode::Model, readBias<&Scene::bo>},
    {"memory", Mode::Model, readMemoryKey},
};

const KeyRule *rule(const std::string &key)
{
    for (const KeyRule &r : kKeys)
        if (key == r.key)
            return &r;
    return nullptr;
}

void readScene(Reader &rd, const Json &root, Scene &s)
{
    for (const auto &member : rd.members(root))
        if (!rule(member->first))
            rd.fail(member->first, Message(MessageId::UnknownKey));
    s.direct = root.contains("direct");
    if (s.direct)
        s.heads = 1;
    const Mode mode = s.direct ? Mode::Direct : Mode::Model;
    for (const KeyRule &r : kKeys) {
        const Json *value = Reader::find(root, r.key);
        if (r.mode == Mode::Both || r.mode == mode)
            r.read(rd, r.key, value, s);
    }
    checkRopeKeys(rd, root, s);
    if (s.direct)
        for (const KeyRule &r : kKeys)
            if (r.mode == Mode::Model && root.contains(r.key))
                rd.fail(r.key, Message(MessageId::NotInDirectScene));
}

} // namespace

LoadResult parseScene(const std::string &text)
{
    LoadResult result;
    JsonLimits jsonLimits;
    jsonLimits.maxBytes = kMaxFileBytes;
    JsonResult parsed = parseJson(text, "scene", jsonLimits);
    if (!parsed.ok()) {
        result.problems.push_back(*parsed.problem);
        return result;
    }
    const Json &root = parsed.document->root();
    if (!root.is_object()) {
        result.problems.push_back({"", Message(MessageId::SceneTopNotObject, jsonTypeName(root))});
        return result;
    }

    Reader rd(*parsed.document);
    Scene scene;
    readScene(rd, root, scene);
    if (!rd.problems.empty()) {
        result.problems = std::move(rd.problems);
        if (rd.dropped > 0)
            result.problems.push_back({"", Message(MessageId::SceneMoreProblems, rd.dropped)});
        return result;
    }
    result.problems = validate(scene);
    if (result.problems.empty())
        result.scene = std::move(scene);
    return result;
}

LoadResult loadSceneFile(const std::string &path)
{
    LoadResult result;
    const FileText file = readFileText(path, kMaxFileBytes);
    switch (file.status) {
    case FileText::Ok:
        return parseScene(file.text);
    case FileText::CannotOpen:
        result.problems.push_back({"", Message(MessageId::FileCannotOpen, Message::systemError(file.error))});
        break;
    case FileText::NoSize:
        result.problems.push_back({"", Message(MessageId::FileIsFolderOrUnreadable)});
        break;
    case FileText::TooLarge:
        result.problems.push_back({"", Message(MessageId::FileTooLarge, file.size >> 20, kMaxFileBytes >> 20)});
        break;
    case FileText::CannotRead:
        result.problems.push_back({"", Message(MessageId::FileCannotRead, Message::systemError(file.error))});
        break;
    }
    return result;
}

} // namespace attnlab::core
