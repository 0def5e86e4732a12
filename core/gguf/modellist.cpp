#include "core/gguf/modellist.h"

#include "core/gguf/ggmltype.h"
#include "core/gguf/gguffile.h"
#include "core/gguf/ggufmodel.h"
#include "core/gguf/ollamastore.h"
#include "core/model/checkpoint/safetensors.h"
#include "core/tokenize/tokenizerdata.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <system_error>

namespace attnlab::core::gguf {

namespace {

namespace fs = std::filesystem;

const char *kDefaultHost = "registry.ollama.ai";
const char *kDefaultNamespace = "library";

std::uint64_t fileSize(const fs::path &path)
{
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(path, ec);
    return ec ? 0 : std::uint64_t(size);
}

bool isDirectory(const fs::path &path)
{
    std::error_code ec;
    return fs::is_directory(path, ec);
}

// The entries of `dir`, sorted (none when it cannot be read).
std::vector<fs::path> entries(const fs::path &dir)
{
    std::vector<fs::path> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        out.push_back(it->path());
    std::sort(out.begin(), out.end());
    return out;
}

// The key holding most of the weight in `tally`.
std::string heaviest(const std::map<std::string, std::uint64_t> &tally)
{
    std::string best;
    std::uint64_t most = 0;
    for (const auto &[name, elements] : tally)
        if (elements > most) {
            most = elements;
            best = name;
        }
    return best;
}

} // namespace

std::string fileQuantization(const GgufFile &file)
{
    if (const GgufValue *type = file.find("general.file_type"); type && type->integer())
        if (std::string name = fileTypeName(*type->integer()); !name.empty())
            return name;
    std::map<std::string, std::uint64_t> tally;
    for (const GgufTensor &t : file.tensors())
        if (t.extents.size() >= 2)
            tally[t.type->name] += t.elements;
    return heaviest(tally);
}

namespace {

// The architecture and file type of a GGUF file at `path`; the model unchanged when it is not one.
void describeGguf(const std::string &path, ListedModel &m)
{
    try {
        const std::shared_ptr<GgufFile> file = GgufFile::open(path);
        if (const GgufValue *arch = file->find("general.architecture"))
            m.family = arch->text;
        m.quantization = fileQuantization(*file);
    } catch (const std::exception &) {
        // Listed with its path; opening it says what is wrong.
    }
}

void listHubCache(const std::string &cache, std::vector<ListedModel> &out)
{
    for (const std::string &id : model::cachedHubModels(cache)) {
        ListedModel m;
        m.source = "huggingface";
        m.id = id;
        m.path = model::findHubModel(cache, id).snapshot;
        try {
            const nlohmann::json config
                = model::parseJsonFile(model::readTokenizerFile(m.path + "/config.json", "config.json"), "config.json");
            if (const auto type = config.find("model_type");
                config.is_object() && type != config.end() && type->is_string())
                m.family = type->get<std::string>();
        } catch (const std::exception &) {
        }
        std::map<std::string, std::uint64_t> tally;
        for (const fs::path &file : entries(m.path)) {
            if (file.extension() == ".gguf") {
                m.bytes += fileSize(file);
                continue;
            }
            if (file.extension() != ".safetensors")
                continue;
            m.bytes += fileSize(file);
            try {
                // The file is held while its tensors are read: tensors() refers into it, and a
                // temporary in a range-for's initializer dies before the loop runs.
                const auto safetensors = model::SafetensorsFile::open(file.string());
                for (const model::SafetensorsTensor &t : safetensors->tensors())
                    if (t.shape.size() >= 2)
                        tally[t.dtypeName] += t.elements;
            } catch (const std::exception &) {
            }
        }
        m.quantization = heaviest(tally);
        out.push_back(std::move(m));
    }
}

void listOllama(const std::string &store, std::vector<ListedModel> &out)
{
    // manifests/<host>/<namespace>/<model>/<tag>
    for (const fs::path &host : entries(fs::path(store) / "manifests"))
        for (const fs::path &space : entries(host))
            for (const fs::path &modelDir : entries(space))
                for (const fs::path &tagFile : entries(modelDir)) {
                    OllamaName name;
                    name.host = host.filename().string();
                    name.nameSpace = space.filename().string();
                    name.model = modelDir.filename().string();
                    name.tag = tagFile.filename().string();
                    std::string id = name.model + ":" + name.tag;
                    if (name.host != kDefaultHost || name.nameSpace != kDefaultNamespace)
                        id = name.nameSpace + "/" + id;
                    if (name.host != kDefaultHost)
                        id = name.host + "/" + id;
                    OllamaName parsed;
                    if (!parseOllamaName(id, &parsed))
                        continue; // not a name Ollama would have written
                    try {
                        const OllamaModel found = findOllamaModel(store, parsed);
                        if (found.status != OllamaModel::Status::Found)
                            continue;
                        ListedModel m;
                        m.source = "ollama";
                        m.id = id;
                        m.path = found.blob;
                        m.bytes = fileSize(found.blob);
                        describeGguf(found.blob, m);
                        out.push_back(std::move(m));
                    } catch (const std::exception &) {
                    }
                }
}

// Every .gguf file up to three folders below `root` (publisher/repository/file.gguf).
void listLmStudio(const fs::path &root, const fs::path &dir, int depth, std::vector<ListedModel> &out)
{
    for (const fs::path &entry : entries(dir)) {
        if (isDirectory(entry)) {
            if (depth < 3)
                listLmStudio(root, entry, depth + 1, out);
            continue;
        }
        if (!isGgufPath(entry.string()))
            continue;
        ListedModel m;
        m.source = "lmstudio";
        m.id = entry.lexically_relative(root).generic_string();
        m.path = entry.string();
        m.bytes = fileSize(entry);
        describeGguf(m.path, m);
        out.push_back(std::move(m));
    }
}

} // namespace

std::string fileTypeName(std::int64_t fileType)
{
    // llama.h's llama_ftype, as llama_model_ftype_name spells them (without "all"/"mostly").
    static const std::map<std::int64_t, const char *> names = {{0, "F32"}, {1, "F16"}, {2, "Q4_0"}, {3, "Q4_1"},
        {7, "Q8_0"}, {8, "Q5_0"}, {9, "Q5_1"}, {10, "Q2_K"}, {11, "Q3_K_S"}, {12, "Q3_K_M"}, {13, "Q3_K_L"},
        {14, "Q4_K_S"}, {15, "Q4_K_M"}, {16, "Q5_K_S"}, {17, "Q5_K_M"}, {18, "Q6_K"}, {19, "IQ2_XXS"}, {20, "IQ2_XS"},
        {21, "Q2_K_S"}, {22, "IQ3_XS"}, {23, "IQ3_XXS"}, {24, "IQ1_S"}, {25, "IQ4_NL"}, {26, "IQ3_S"}, {27, "IQ3_M"},
        {28, "IQ2_S"}, {29, "IQ2_M"}, {30, "IQ4_XS"}, {31, "IQ1_M"}, {32, "BF16"}, {36, "TQ1_0"}, {37, "TQ2_0"}};
    // llama.cpp marks a type it guessed with 1024 (LLAMA_FTYPE_GUESSED).
    const auto it = names.find(fileType & ~std::int64_t(1024));
    return it == names.end() ? std::string() : std::string(it->second);
}

ModelStores modelStores(const model::Environment &env)
{
    ModelStores s;
    s.hubCache = model::hubCacheDir(env);
    s.ollama = ollamaStoreDir(env);
    s.lmStudio = {model::expandHome("~/.lmstudio/models", env), model::expandHome("~/.cache/lm-studio/models", env)};
    return s;
}

std::vector<ListedModel> listModels(const ModelStores &stores)
{
    std::vector<ListedModel> out;
    listHubCache(stores.hubCache, out);
    const size_t ollamaStart = out.size();
    listOllama(stores.ollama, out);
    std::sort(out.begin() + std::ptrdiff_t(ollamaStart), out.end(),
        [](const ListedModel &a, const ListedModel &b) { return a.id < b.id; });
    const size_t lmStart = out.size();
    for (const std::string &root : stores.lmStudio)
        listLmStudio(root, root, 1, out);
    std::stable_sort(out.begin() + std::ptrdiff_t(lmStart), out.end(),
        [](const ListedModel &a, const ListedModel &b) { return a.id < b.id; });
    return out;
}

} // namespace attnlab::core::gguf
