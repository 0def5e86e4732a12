#pragma once
// A model session file (.attnmodel.json): what a learner did to an opened model, so the model room
// can be closed and opened again where it was — the checkpoint, the text it ran on, the heads
// switched off, the weight cells edited (in the order they were made) and the engine's cache
// policy. The weights themselves are not copied: the file names the checkpoint and lists the cells
// that differ from it. Reading refuses anything malformed with one problem naming the field, and
// never allocates more than the file's own size warrants (the fuzz target model_session).

#include "core/model/family/blocktensor.h"
#include "core/text/problem.h"
#include "core/types.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace attnlab::core::session {

inline constexpr const char *kModelSessionFormat = "attnlab-model-session";
inline constexpr int kModelSessionVersion = 1;

// Cells of one block tensor of one layer from (row, col) on, in the block board's orientation
// (core/model/family/blocktensor.h); `tensor` is the tensor's stable key ("mlp_in.weight").
struct SessionCells {
    int layer = 0;
    std::string tensor;
    int row = 0, col = 0;
    Matrix values;
    bool operator==(const SessionCells &o) const
    {
        return layer == o.layer && tensor == o.tensor && row == o.row && col == o.col && values == o.values;
    }
};

struct ModelSessionFile {
    // The checkpoint as it was opened: a folder, a .gguf file or an Ollama name. A relative path
    // is relative to the session file's folder.
    std::string model;
    std::string text;
    bool chatPrompt = false; // the text is a rendered chat prompt (encoded without added specials)
    // layers × heads, 1 for a head that runs and 0 for one switched off; empty when none is off.
    Matrix headMask;
    std::vector<SessionCells> cells;
    int cacheWindow = 0, cacheSinks = 0;
    int selectedLayer = 0, selectedHead = 0;
    bool operator==(const ModelSessionFile &o) const
    {
        return model == o.model && text == o.text && chatPrompt == o.chatPrompt && headMask == o.headMask
            && cells == o.cells && cacheWindow == o.cacheWindow && cacheSinks == o.cacheSinks
            && selectedLayer == o.selectedLayer && selectedHead == o.selectedHead;
    }
};

struct ModelSessionRead {
    std::optional<ModelSessionFile> session; // set exactly when problem is not
    std::optional<Problem> problem;
};

// Limits of what a file may hold (far beyond any session a person makes by hand).
inline constexpr int kMaxSessionLayers = 4096;
inline constexpr int kMaxSessionHeads = 4096;
inline constexpr std::size_t kMaxSessionCellValues = std::size_t(1) << 22;

// The block tensor a file's "tensor" key names (BlockTensorSpec::key), if any.
std::optional<model::BlockTensor> sessionTensor(const std::string &key);

// Parses the file's bytes. Never throws for bad input.
ModelSessionRead parseModelSession(std::string_view bytes);
// The file's text: JSON, keys in a fixed order, every value the shortest text that reads back
// to the same float.
std::string writeModelSession(const ModelSessionFile &session);

} // namespace attnlab::core::session
