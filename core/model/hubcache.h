#pragma once
// Models in the local Hugging Face hub cache, found offline: `--model Qwen/Qwen2.5-0.5B-Instruct`
// opens what huggingface_hub downloaded earlier. Attention Lab never downloads anything.
//
// The cache holds one folder per repository, models--<org>--<name>, with refs/main (the commit
// that "main" pointed at when it was downloaded) and snapshots/<commit>/ (the files of that
// commit), as huggingface_hub's file_download.py writes them.

#include <functional>
#include <string>
#include <vector>

namespace attnlab::core::model {

// Reads an environment variable: nullptr when it is not set.
using Environment = std::function<const char *(const char *name)>;

// `path` with a leading "~" (alone or before "/") replaced by $HOME, as os.path.expanduser does.
std::string expandHome(const std::string &path, const Environment &env);
// The value of variable `name`, or empty when it is unset or empty.
std::string environmentVariable(const Environment &env, const char *name);

// The cache folder as huggingface_hub's constants.py computes it: $HF_HUB_CACHE, else
// $HUGGINGFACE_HUB_CACHE, else $HF_HOME/hub, else $XDG_CACHE_HOME/huggingface/hub, else
// ~/.cache/huggingface/hub. A leading "~" stands for $HOME, as os.path.expanduser reads it.
std::string hubCacheDir(const Environment &env);

// Whether `text` is a repository id as huggingface_hub's validate_repo_id accepts it: "name" or
// "org/name", letters, digits, "-", "_" and ".", no "--" or "..", not starting or ending with
// "-" or ".", at most 96 characters.
bool isHubId(const std::string &text);

struct HubModel {
    enum class Status {
        Found, // `snapshot` is the folder to open
        NotCached, // no models--… folder in the cache
        NoMainRef, // the folder has no refs/main (an interrupted or revision-only download)
        NoSnapshot, // refs/main names a commit whose snapshot folder is missing
    };
    Status status = Status::NotCached;
    std::string repoDir; // <cache>/models--org--name
    std::string commit; // what refs/main holds
    std::string snapshot; // <repoDir>/snapshots/<commit>
};

// Resolves repository `id` at revision "main" in the cache folder `cacheDir`.
HubModel findHubModel(const std::string &cacheDir, const std::string &id);

// The ids of every model in `cacheDir` whose main revision is present, sorted.
std::vector<std::string> cachedHubModels(const std::string &cacheDir);

} // namespace attnlab::core::model
