#include "core/gguf/ollamastore.h"

#include "core/json/strictjson.h"
#include "core/model/modelerror.h"
#include "core/text/messageid.h"
#include "core/tokenize/tokenizerdata.h"

#include <filesystem>
#include <system_error>
#include <vector>

namespace attnlab::core::gguf {

namespace {

namespace fs = std::filesystem;
using model::ModelError;

const char *kModelMediaType = "application/vnd.ollama.image.model";
constexpr size_t kMaxPart = 80;

bool isPartCharacter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
        || c == '.';
}

// A part of a name: 1 … 80 characters of [A-Za-z0-9_.-], not "." or "..".
bool isPart(const std::string &part)
{
    if (part.empty() || part.size() > kMaxPart || part == "." || part == "..")
        return false;
    for (const char c : part)
        if (!isPartCharacter(c))
            return false;
    return true;
}

// A host: a part, optionally followed by ":" and a port number.
bool isHost(const std::string &host)
{
    const size_t colon = host.find(':');
    if (colon == std::string::npos)
        return isPart(host);
    const std::string port = host.substr(colon + 1);
    if (port.empty() || port.size() > 5)
        return false;
    for (const char c : port)
        if (c < '0' || c > '9')
            return false;
    return isPart(host.substr(0, colon));
}

bool isFile(const fs::path &path)
{
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

bool isDigest(const std::string &digest)
{
    if (digest.size() != 7 + 64 || digest.compare(0, 7, "sha256:") != 0)
        return false;
    for (size_t i = 7; i < digest.size(); ++i) {
        const char c = digest[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return true;
}

} // namespace

std::string ollamaStoreDir(const model::Environment &env)
{
    if (const std::string dir = model::environmentVariable(env, "OLLAMA_MODELS"); !dir.empty())
        return model::expandHome(dir, env);
    return model::expandHome("~/.ollama/models", env);
}

std::string OllamaName::manifestPath() const
{
    return "manifests/" + host + "/" + nameSpace + "/" + model + "/" + tag;
}

bool parseOllamaName(const std::string &text, OllamaName *name)
{
    // The tag follows the last ":" after the last "/" (a host's ":port" comes before a "/").
    const size_t slash = text.rfind('/');
    const size_t colon = text.rfind(':');
    if (colon == std::string::npos || (slash != std::string::npos && colon < slash))
        return false;
    OllamaName n;
    n.tag = text.substr(colon + 1);
    std::string path = text.substr(0, colon);
    std::vector<std::string> parts;
    for (size_t start = 0;;) {
        const size_t end = path.find('/', start);
        parts.push_back(path.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    if (parts.size() > 3)
        return false;
    n.model = parts.back();
    if (parts.size() >= 2)
        n.nameSpace = parts[parts.size() - 2];
    if (parts.size() == 3)
        n.host = parts[0];
    if (!isPart(n.model) || !isPart(n.nameSpace) || !isPart(n.tag) || !isHost(n.host))
        return false;
    *name = n;
    return true;
}

std::string ollamaModelDigest(std::string_view manifest, const std::string &file)
{
    const nlohmann::json json = model::parseJsonFile(std::string(manifest), file);
    if (!json.is_object())
        throw ModelError(file, Message(MessageId::ConfigNotObject));
    const auto layers = json.find("layers");
    if (layers == json.end())
        throw ModelError(Problem {"layers", Message(MessageId::IsMissing), 0, 0, file});
    if (!layers->is_array())
        throw ModelError(
            Problem {"layers", Message(MessageId::TokenizerMustBeArray, model::detail::shown(*layers)), 0, 0, file});
    for (size_t i = 0; i < layers->size(); ++i) {
        const nlohmann::json &layer = (*layers)[i];
        const auto type = layer.is_object() ? layer.find("mediaType") : layer.end();
        if (!layer.is_object() || type == layer.end() || !type->is_string() || *type != kModelMediaType)
            continue;
        const std::string field = "layers[" + std::to_string(i) + "].digest";
        const auto digest = layer.find("digest");
        if (digest == layer.end())
            throw ModelError(Problem {field, Message(MessageId::IsMissing), 0, 0, file});
        if (!digest->is_string() || !isDigest(digest->get<std::string>()))
            throw ModelError(
                Problem {field, Message(MessageId::OllamaBadDigest, model::detail::shown(*digest)), 0, 0, file});
        return digest->get<std::string>();
    }
    throw ModelError(Problem {"layers", Message(MessageId::OllamaNoModelLayer, kModelMediaType), 0, 0, file});
}

OllamaModel findOllamaModel(const std::string &storeDir, const OllamaName &name)
{
    OllamaModel found;
    const fs::path store(storeDir);
    found.manifest = (store / name.manifestPath()).string();
    if (!isFile(found.manifest))
        return found;
    const std::string digest
        = ollamaModelDigest(model::readTokenizerFile(found.manifest, name.manifestPath()), name.manifestPath());
    found.blob = (store / "blobs" / ("sha256-" + digest.substr(7))).string();
    found.status = isFile(found.blob) ? OllamaModel::Status::Found : OllamaModel::Status::NoBlob;
    return found;
}

} // namespace attnlab::core::gguf
