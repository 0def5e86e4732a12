#pragma once
// One GGUF file of the "Same Head, Several Files" window (QuantCompareWindow): its weights and
// runner, what it costs, and what it computed for the head and text shown. The window owns the
// files; a worker thread writes them only while a job runs and the window reads them only when
// the job has finished.

#include "core/gguf/quantcompare.h"
#include "core/model/forward.h"
#include "core/model/modelweights.h"
#include "core/tokenize/tokenizer.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace attnlab::ui {

struct CompareFile {
    std::string path;
    std::shared_ptr<const core::model::ModelWeights> weights;
    std::unique_ptr<core::model::ForwardRunner> runner;
    core::gguf::FileCost cost;
    core::gguf::FileHead head; // of the last computeHeads()
    std::optional<core::gguf::DecodeSpeed> speed; // of the last measure, if any
};

// Loads the GGUF file at `path` (its cost from the header, then the weights). Null when
// `cancel` became true. Throws core::model::ModelError (or std::exception) for a bad file.
std::unique_ptr<CompareFile> loadCompareFile(
    const std::string &path, const std::atomic<bool> &cancel, const std::function<void(double)> &progress);

// Why `file` cannot be compared with `first`: another model, whose layers, heads, head size or
// vocabulary differ (the first that does, with both numbers); `what` None when it can.
struct Mismatch {
    enum class What { None, Layers, Heads, HeadSize, Vocabulary };
    What what = What::None;
    int first = 0;
    int other = 0;
};
Mismatch mismatch(const CompareFile &first, const CompareFile &file);

// Runs every file's runner on `ids` and reads head `head` of `layer` from each into its `head`.
// False when cancelled.
bool computeHeads(std::vector<std::unique_ptr<CompareFile>> &files, const std::vector<int> &ids,
    const std::vector<std::string> &tokens, int layer, int head, const std::atomic<bool> &cancel,
    const std::function<void(double)> &progress);

} // namespace attnlab::ui
