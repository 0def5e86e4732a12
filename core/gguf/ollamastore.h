#pragma once
// Models in the local Ollama store, found offline: `--model qwen2.5:0.5b` opens the GGUF file
// `ollama pull qwen2.5:0.5b` left on the machine. Attention Lab never downloads anything.
//
// The store ($OLLAMA_MODELS, else ~/.ollama/models) holds a manifest per name,
// manifests/<host>/<namespace>/<model>/<tag> (host registry.ollama.ai and namespace library
// unless the name gives them), a JSON document whose "layers" list the blobs of the model; the
// layer of media type application/vnd.ollama.image.model is the GGUF file, stored as
// blobs/sha256-<64 hex digits> (its digest with ":" made "-"), as Ollama's server/images.go and
// types/model/name.go lay them out.

#include "core/model/hubcache.h"

#include <string>
#include <string_view>

namespace attnlab::core::gguf {

// The store folder: $OLLAMA_MODELS, else ~/.ollama/models ("~" is $HOME).
std::string ollamaStoreDir(const model::Environment &env);

// An Ollama model name split into the parts of its manifest path.
struct OllamaName {
    std::string host = "registry.ollama.ai";
    std::string nameSpace = "library";
    std::string model;
    std::string tag = "latest";

    // manifests/<host>/<namespace>/<model>/<tag>, relative to the store.
    std::string manifestPath() const;
};

// Parses "[host/][namespace/]model:tag" — the tag is required here, so that a word without one
// stays a folder or a Hugging Face id. Each part is letters, digits, "_", "-" and "." (a host may
// also hold ":port"), not "." or "..", at most 80 characters; false for anything else (which is
// also what keeps a name from reaching outside the store).
bool parseOllamaName(const std::string &text, OllamaName *name);

// The digest of the model layer of a manifest's text: "sha256:<64 lowercase hex digits>".
// Throws model::ModelError naming `file` and the field: not JSON, not an object, "layers" not an
// array, no layer of media type application/vnd.ollama.image.model, a digest of another form.
std::string ollamaModelDigest(std::string_view manifest, const std::string &file);

struct OllamaModel {
    enum class Status {
        Found, // `blob` is the GGUF file
        NoManifest, // no manifest file for the name
        NoBlob, // the manifest names a blob the store does not hold
    };
    Status status = Status::NoManifest;
    std::string manifest; // <store>/manifests/…
    std::string blob; // <store>/blobs/sha256-…
};

// Resolves `name` in the store folder `storeDir`. Throws what ollamaModelDigest throws for a
// manifest that is there but unreadable or malformed.
OllamaModel findOllamaModel(const std::string &storeDir, const OllamaName &name);

} // namespace attnlab::core::gguf
