#pragma once
// The models already on this machine, in the three places local-LLM users keep them (issue 34):
// the Hugging Face hub cache (core/model/hubcache), the Ollama store (ollamastore) and LM
// Studio's models folder. Nothing is downloaded and nothing is loaded: a GGUF's header and a
// safetensors header are read to name the family and the quantization.

#include "core/model/hubcache.h"

#include <cstdint>
#include <string>
#include <vector>

namespace attnlab::core::gguf {

class GgufFile;

struct ListedModel {
    std::string source; // "huggingface", "ollama" or "lmstudio"
    // What --model takes: the hub id ("Qwen/Qwen2.5-0.5B"), the Ollama name ("qwen2.5:0.5b",
    // namespace and host only when they are not library and registry.ollama.ai), or for LM Studio
    // the file's path below the models folder ("publisher/repo/file.gguf").
    std::string id;
    // The snapshot folder (hub cache), the blob (Ollama) or the .gguf file (LM Studio).
    std::string path;
    // config.json's model_type, or the GGUF's general.architecture; empty when unreadable.
    std::string family;
    // The GGUF's file type as llama.cpp names it ("Q4_K_M", "Q8_0", "BF16"; from
    // general.file_type, else the type most of its weights have), or the safetensors dtype most
    // of the weights have ("BF16"); empty when unreadable.
    std::string quantization;
    std::uint64_t bytes = 0; // the weights' files together
};

struct ModelStores {
    std::string hubCache;
    std::string ollama;
    std::vector<std::string> lmStudio; // ~/.lmstudio/models, then the older ~/.cache/lm-studio/models
};

// The stores' folders for this environment ($HF_HUB_CACHE …, $OLLAMA_MODELS, $HOME).
ModelStores modelStores(const model::Environment &env);

// Every model found, by source (huggingface, ollama, lmstudio) then id. A store that is absent
// lists nothing; an entry whose files cannot be read is listed with what could be read.
std::vector<ListedModel> listModels(const ModelStores &stores);

// The file type of an open GGUF file as llama.cpp names it (general.file_type, e.g. "Q4_K_M"),
// else the type most of its matrices' elements have ("Q8_0", "F32").
std::string fileQuantization(const GgufFile &file);

// llama.cpp's name of a llama_ftype value ("Q4_K_M" for 15); empty for an unknown one.
std::string fileTypeName(std::int64_t fileType);

} // namespace attnlab::core::gguf
