#include "core/session/modelsessionfile.h"

#include "core/json/jsonguard.h"
#include "core/json/jsonwriter.h"
#include "core/model/family/blocktensor.h"
#include "core/scene/limits.h"
#include "core/text/messageid.h"
#include "core/tokenize/jsonfields.h"

#include <cmath>
#include <utility>

namespace attnlab::core::session {

namespace {

using Json = nlohmann::json;

// The first problem ends the read: a session is applied whole or not at all.
struct Failure {
    Problem problem;
};

[[noreturn]] void fail(const std::string &path, Message message)
{
    throw Failure {Problem {path, std::move(message)}};
}

// The tokenizer readers' small JSON helpers: a value's type as a message argument, a path's index
// and a member looked up without a copy.
using model::json::find;
using model::json::typeName;

std::string at(const std::string &path, std::size_t i)
{
    return model::json::indexed(path, i);
}

const Json &required(const Json &object, const std::string &path, const char *key)
{
    const Json *value = find(object, key);
    if (!value)
        fail(path.empty() ? key : path + "." + key, Message(MessageId::IsMissing));
    return *value;
}

std::string text(const Json &j, const std::string &path)
{
    if (!j.is_string())
        fail(path, Message(MessageId::ExpectedString, typeName(j)));
    return j.get<std::string>();
}

int whole(const Json &j, const std::string &path, int min, int max)
{
    if (!j.is_number_integer())
        fail(path, Message(MessageId::ExpectedWholeNumber, typeName(j)));
    if (j.is_number_unsigned() && j.get<unsigned long long>() > (unsigned long long)max)
        fail(path, Message(MessageId::IsMoreThanLimit, j.get<unsigned long long>(), max));
    const long long v = j.get<long long>();
    if (v < min)
        fail(path, Message(MessageId::MustBeAtLeast, min));
    if (v > max)
        fail(path, Message(MessageId::IsMoreThanLimit, v, max));
    return int(v);
}

// Rows of equally many finite numbers within the scene's value range; at most `budget` values in
// all (counted down), checked before anything is allocated.
Matrix rows(const Json &j, const std::string &path, std::size_t &budget)
{
    if (!j.is_array())
        fail(path, Message(MessageId::ExpectedArrayOfRows, typeName(j)));
    if (j.empty())
        fail(path, Message(MessageId::MustHaveARow));
    const Json &first = j.front();
    if (!first.is_array())
        fail(at(path, 0), Message(MessageId::ExpectedArrayOfNumbers, typeName(first)));
    if (first.empty())
        fail(at(path, 0), Message(MessageId::RowMustHaveANumber));
    const std::size_t count = j.size() * first.size();
    if (count > budget)
        fail(path, Message(MessageId::IsMoreThanLimit, count, budget));
    budget -= count;
    Matrix m(Eigen::Index(j.size()), Eigen::Index(first.size()));
    for (std::size_t r = 0; r < j.size(); ++r) {
        const Json &row = j[r];
        if (!row.is_array())
            fail(at(path, r), Message(MessageId::ExpectedArrayOfNumbers, typeName(row)));
        if (row.size() != first.size())
            fail(at(path, r), Message(MessageId::RowLengthDiffers, row.size(), first.size()));
        for (std::size_t c = 0; c < row.size(); ++c) {
            const Json &v = row[c];
            if (!v.is_number())
                fail(at(at(path, r), c), Message(MessageId::ExpectedNumber, typeName(v)));
            const double d = v.get<double>();
            if (!std::isfinite(d))
                fail(at(at(path, r), c), Message(MessageId::MustBeFinite));
            if (std::abs(d) > limits::kMaxAbsValue)
                fail(at(at(path, r), c), Message(MessageId::MustLieInValueRange));
            m(Eigen::Index(r), Eigen::Index(c)) = Scalar(d);
        }
    }
    return m;
}

void refuseUnknown(const Json &object, const std::string &path, std::initializer_list<const char *> known)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        bool found = false;
        for (const char *k : known)
            found = found || it.key() == k;
        if (!found)
            fail(path.empty() ? it.key() : path + "." + it.key(), Message(MessageId::UnknownKey));
    }
}

const Json &object(const Json &j, const std::string &path)
{
    if (!j.is_object())
        fail(path, Message(MessageId::TokenizerMustBeObject));
    return j;
}

ModelSessionFile read(const Json &top)
{
    if (!top.is_object())
        fail(std::string(), Message(MessageId::SceneTopNotObject, typeName(top)));
    refuseUnknown(
        top, "", {"format", "version", "model", "text", "text_kind", "head_mask", "cells", "cache_policy", "selected"});
    const std::string format = text(required(top, "", "format"), "format");
    if (format != kModelSessionFormat)
        fail("format", Message(MessageId::ExpectedFormat, kModelSessionFormat, format));
    const int version = whole(required(top, "", "version"), "version", 1, 1000000);
    if (version != kModelSessionVersion)
        fail("version", Message(MessageId::VersionUnsupported, version, kModelSessionVersion));

    ModelSessionFile s;
    s.model = text(required(top, "", "model"), "model");
    if (s.model.empty())
        fail("model", Message(MessageId::IsMissing));
    s.text = text(required(top, "", "text"), "text");
    if (const Json *kind = find(top, "text_kind")) {
        const std::string k = text(*kind, "text_kind");
        if (k != "sentence" && k != "chat_prompt")
            fail("text_kind", Message(MessageId::ExpectedFormat, "sentence\" or \"chat_prompt", k));
        s.chatPrompt = k == "chat_prompt";
    }
    std::size_t budget = kMaxSessionCellValues;
    if (const Json *mask = find(top, "head_mask")) {
        s.headMask = rows(*mask, "head_mask", budget);
        if (s.headMask.rows() > kMaxSessionLayers)
            fail("head_mask", Message(MessageId::IsMoreThanLimit, s.headMask.rows(), kMaxSessionLayers));
        if (s.headMask.cols() > kMaxSessionHeads)
            fail("head_mask[0]", Message(MessageId::IsMoreThanLimit, s.headMask.cols(), kMaxSessionHeads));
        for (Eigen::Index r = 0; r < s.headMask.rows(); ++r)
            for (Eigen::Index c = 0; c < s.headMask.cols(); ++c)
                if (s.headMask(r, c) != 0 && s.headMask(r, c) != 1)
                    fail(at(at("head_mask", std::size_t(r)), std::size_t(c)), Message(MessageId::MustBeZeroOrOne));
    }
    if (const Json *cells = find(top, "cells")) {
        if (!cells->is_array())
            fail("cells", Message(MessageId::TokenizerMustBeArray, typeName(*cells)));
        for (std::size_t i = 0; i < cells->size(); ++i) {
            const std::string path = at("cells", i);
            const Json &c = object((*cells)[i], path);
            refuseUnknown(c, path, {"layer", "tensor", "row", "col", "values"});
            SessionCells edit;
            edit.layer = whole(required(c, path, "layer"), path + ".layer", 0, kMaxSessionLayers - 1);
            edit.tensor = text(required(c, path, "tensor"), path + ".tensor");
            if (!sessionTensor(edit.tensor))
                fail(path + ".tensor", Message(MessageId::SessionUnknownTensor, edit.tensor));
            edit.row = whole(required(c, path, "row"), path + ".row", 0, 1 << 30);
            edit.col = whole(required(c, path, "col"), path + ".col", 0, 1 << 30);
            edit.values = rows(required(c, path, "values"), path + ".values", budget);
            s.cells.push_back(std::move(edit));
        }
    }
    if (const Json *policy = find(top, "cache_policy")) {
        object(*policy, "cache_policy");
        refuseUnknown(*policy, "cache_policy", {"window", "sinks"});
        s.cacheWindow = whole(required(*policy, "cache_policy", "window"), "cache_policy.window", 0, 1 << 30);
        s.cacheSinks = whole(required(*policy, "cache_policy", "sinks"), "cache_policy.sinks", 0, 1 << 30);
        if (s.cacheSinks > 0 && s.cacheWindow == 0)
            fail("cache_policy.window", Message(MessageId::MustBeAtLeast, 1));
    }
    if (const Json *selected = find(top, "selected")) {
        object(*selected, "selected");
        refuseUnknown(*selected, "selected", {"layer", "head"});
        s.selectedLayer = whole(required(*selected, "selected", "layer"), "selected.layer", 0, kMaxSessionLayers - 1);
        s.selectedHead = whole(required(*selected, "selected", "head"), "selected.head", 0, kMaxSessionHeads - 1);
    }
    return s;
}

} // namespace

std::optional<model::BlockTensor> sessionTensor(const std::string &key)
{
    for (const model::BlockTensorSpec &spec : model::blockTensorSpecs())
        if (key == spec.key)
            return spec.tensor;
    return std::nullopt;
}

ModelSessionRead parseModelSession(std::string_view bytes)
{
    ModelSessionRead result;
    JsonLimits limits;
    limits.maxBytes = std::size_t(256) << 20;
    limits.maxValues = kMaxSessionCellValues + (std::size_t(1) << 16);
    limits.maxDepth = 8;
    JsonResult parsed = parseJson(bytes, "session", limits);
    if (!parsed.ok()) {
        result.problem = parsed.problem;
        return result;
    }
    try {
        result.session = read(parsed.document->root());
    } catch (const Failure &f) {
        result.problem = f.problem;
    }
    return result;
}

std::string writeModelSession(const ModelSessionFile &s)
{
    std::string out = "{\n";
    out += "  \"format\": " + json::quote(kModelSessionFormat) + ",\n";
    out += "  \"version\": " + std::to_string(kModelSessionVersion) + ",\n";
    out += "  \"model\": " + json::quote(s.model) + ",\n";
    out += "  \"text\": " + json::quote(s.text) + ",\n";
    out += "  \"text_kind\": " + json::quote(s.chatPrompt ? "chat_prompt" : "sentence") + ",\n";
    if (s.headMask.size() > 0)
        out += "  \"head_mask\": " + json::matrix(s.headMask, 2) + ",\n";
    out += "  \"cells\": [";
    for (std::size_t i = 0; i < s.cells.size(); ++i) {
        const SessionCells &c = s.cells[i];
        out += std::string(i ? "," : "") + "\n    {\"layer\": " + std::to_string(c.layer)
            + ", \"tensor\": " + json::quote(c.tensor) + ", \"row\": " + std::to_string(c.row)
            + ", \"col\": " + std::to_string(c.col) + ", \"values\": " + json::matrix(c.values, 6) + "}";
    }
    out += s.cells.empty() ? "],\n" : "\n  ],\n";
    out += "  \"cache_policy\": {\"window\": " + std::to_string(s.cacheWindow)
        + ", \"sinks\": " + std::to_string(s.cacheSinks) + "},\n";
    out += "  \"selected\": {\"layer\": " + std::to_string(s.selectedLayer)
        + ", \"head\": " + std::to_string(s.selectedHead) + "}\n";
    out += "}\n";
    return out;
}

} // namespace attnlab::core::session
