#include "core/model/hubcache.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace attnlab::core::model {

namespace fs = std::filesystem;

namespace {

const std::string kRepoPrefix = "models--";
const std::string kSeparator = "--";

bool isRepoCharacter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
        || c == '.';
}

bool isNamePart(const std::string &part)
{
    if (part.empty() || !std::all_of(part.begin(), part.end(), isRepoCharacter))
        return false;
    const auto isEdge = [](char c) { return c == '-' || c == '.'; };
    return !isEdge(part.front()) && !isEdge(part.back());
}

// The first line of a small text file, without surrounding white space; empty when unreadable.
std::string firstLine(const fs::path &file)
{
    std::ifstream in(file);
    std::string line;
    std::getline(in, line);
    const auto isSpace = [](unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!line.empty() && isSpace(static_cast<unsigned char>(line.back())))
        line.pop_back();
    const auto start = std::find_if_not(line.begin(), line.end(), isSpace);
    return std::string(start, line.end());
}

std::string repoFolderName(const std::string &id)
{
    std::string name = kRepoPrefix;
    for (char c : id)
        name += c == '/' ? kSeparator : std::string(1, c);
    return name;
}

} // namespace

std::string expandHome(const std::string &path, const Environment &env)
{
    if (path.empty() || path[0] != '~' || (path.size() > 1 && path[1] != '/'))
        return path;
    const char *home = env("HOME");
    return home ? std::string(home) + path.substr(1) : path;
}

std::string environmentVariable(const Environment &env, const char *name)
{
    const char *value = env(name);
    return value ? std::string(value) : std::string();
}

std::string hubCacheDir(const Environment &env)
{
    if (const std::string dir = environmentVariable(env, "HF_HUB_CACHE"); !dir.empty())
        return expandHome(dir, env);
    if (const std::string dir = environmentVariable(env, "HUGGINGFACE_HUB_CACHE"); !dir.empty())
        return expandHome(dir, env);
    std::string home = environmentVariable(env, "HF_HOME");
    if (home.empty()) {
        std::string cache = environmentVariable(env, "XDG_CACHE_HOME");
        if (cache.empty())
            cache = "~/.cache";
        home = cache + "/huggingface";
    }
    return expandHome(home, env) + "/hub";
}

bool isHubId(const std::string &text)
{
    if (text.empty() || text.size() > 96 || text.find("--") != std::string::npos
        || text.find("..") != std::string::npos)
        return false;
    const size_t slash = text.find('/');
    if (slash == std::string::npos)
        return isNamePart(text);
    return text.find('/', slash + 1) == std::string::npos && isNamePart(text.substr(0, slash))
        && isNamePart(text.substr(slash + 1));
}

HubModel findHubModel(const std::string &cacheDir, const std::string &id)
{
    HubModel model;
    std::error_code error;
    const fs::path repo = fs::path(cacheDir) / repoFolderName(id);
    model.repoDir = repo.string();
    if (!fs::is_directory(repo, error)) {
        model.status = HubModel::Status::NotCached;
        return model;
    }
    model.commit = firstLine(repo / "refs" / "main");
    if (model.commit.empty() || model.commit.find('/') != std::string::npos || model.commit == ".."
        || model.commit == ".") {
        model.status = HubModel::Status::NoMainRef;
        return model;
    }
    const fs::path snapshot = repo / "snapshots" / model.commit;
    model.snapshot = snapshot.string();
    model.status = fs::is_directory(snapshot, error) ? HubModel::Status::Found : HubModel::Status::NoSnapshot;
    return model;
}

std::vector<std::string> cachedHubModels(const std::string &cacheDir)
{
    std::vector<std::string> ids;
    std::error_code error;
    for (fs::directory_iterator it(cacheDir, error), end; !error && it != end; it.increment(error)) {
        const std::string folder = it->path().filename().string();
        if (folder.rfind(kRepoPrefix, 0) != 0)
            continue;
        std::string id = folder.substr(kRepoPrefix.size());
        // models--org--name: the first "--" separates the organisation (ids never hold "--").
        if (const size_t at = id.find(kSeparator); at != std::string::npos)
            id.replace(at, kSeparator.size(), "/");
        if (isHubId(id) && findHubModel(cacheDir, id).status == HubModel::Status::Found)
            ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

} // namespace attnlab::core::model
