#pragma once
// The weight files of a checkpoint folder, chosen as transformers' from_pretrained chooses them
// (modeling_utils.py, _get_resolved_checkpoint_files): model.safetensors when the folder has it,
// else the shards model.safetensors.index.json lists. The index is
//   {"metadata": {"total_size": …}, "weight_map": {tensor name: shard file name, …}}
// and, as in transformers' get_checkpoint_shard_files, the shards are the distinct values of
// "weight_map", each a file in the same folder (huggingface_hub names them
// model-00001-of-00002.safetensors, …). Every shard is memory-mapped and validated on open
// (core/model/checkpoint/safetensors.h), so a missing or damaged shard is found before any weight is bound.
//
// A folder with PyTorch pickles only (pytorch_model.bin, its shards, *.pt, *.pth) is refused by
// the names in the folder alone: those files are never opened, because unpickling them can run
// arbitrary code. The message says how to get safetensors instead.
//
// Every error is a ModelError naming the file (the index, the shard or model.safetensors) and the
// tensor concerned.

#include "core/model/checkpoint/safetensors.h"
#include "core/text/message.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace attnlab::core::model {

inline constexpr const char *kSingleWeightsFile = "model.safetensors";
inline constexpr const char *kWeightsIndexFile = "model.safetensors.index.json";
// Index files above this are refused before parsing (a 405B model's index is about 100 kB).
inline constexpr std::uint64_t kMaxWeightsIndexBytes = std::uint64_t(16) << 20;

// A tensor and the file that holds it; both null when the checkpoint has no tensor of the name.
struct CheckpointTensor {
    SafetensorsFile *file = nullptr;
    const SafetensorsTensor *tensor = nullptr;

    explicit operator bool() const { return tensor != nullptr; }
};

class CheckpointFiles {
public:
    // Opens the weights in the folder `dir` (with or without a trailing slash). Throws ModelError:
    // no weights at all, PyTorch weights only, a malformed index, a shard the index names that is
    // not in the folder, or any shard that is not a valid safetensors file.
    static std::shared_ptr<CheckpointFiles> open(const std::string &dir);

    // The tensor of this exact name. With an index, only tensors its weight_map lists are found;
    // a listed tensor that its shard does not hold is a ModelError naming both.
    CheckpointTensor find(const std::string &name) const;

    // Whether the weights come as shards listed by an index.
    bool sharded() const { return m_sharded; }
    // The file that lists every tensor (model.safetensors or the index): a tensor the model
    // needs and find() does not know is reported against it.
    const std::string &label() const { return m_label; }
    // "required tensor … is missing" in the words that fit: missing from model.safetensors, or
    // not in the index's weight_map. `prefix` is the family's optional module prefix.
    Message missingTensor(const std::string &name, const std::string &prefix) const;

    // Every opened file, in the order of their names.
    const std::vector<std::shared_ptr<SafetensorsFile>> &files() const { return m_files; }
    // Whether p points into one of the mapped files (a tensor read without copying does).
    bool isMapped(const void *p) const;
    // Bytes held in converted copies, over all files.
    std::size_t convertedBytes() const;

private:
    CheckpointFiles() = default;
    void openShards(const std::string &base, const std::string &dir);

    std::string m_label;
    bool m_sharded = false;
    std::vector<std::shared_ptr<SafetensorsFile>> m_files;
    std::map<std::string, size_t> m_weightMap; // tensor name → index into m_files (sharded only)
};

} // namespace attnlab::core::model
