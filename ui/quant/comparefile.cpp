#include "ui/quant/comparefile.h"

#include "core/gguf/gguffile.h"
#include "core/gguf/ggufmodel.h"
#include "core/model/modelerror.h"

#include <algorithm>
#include <utility>

namespace attnlab::ui {

std::unique_ptr<CompareFile> loadCompareFile(
    const std::string &path, const std::atomic<bool> &cancel, const std::function<void(double)> &progress)
{
    auto file = std::make_unique<CompareFile>();
    file->path = path;
    file->cost = core::gguf::fileCost(*core::gguf::GgufFile::open(path));
    core::model::LoadModelResult loaded = core::gguf::loadGgufModel(path, [&](double fraction) {
        progress(fraction);
        return !cancel;
    });
    if (loaded.problem)
        throw core::model::ModelError(*loaded.problem);
    if (!loaded.weights)
        return nullptr;
    file->weights = std::make_shared<const core::model::ModelWeights>(std::move(*loaded.weights));
    file->runner = std::make_unique<core::model::ForwardRunner>(file->weights);
    return file;
}

Mismatch mismatch(const CompareFile &first, const CompareFile &file)
{
    const core::model::ModelConfig &a = first.weights->config, &b = file.weights->config;
    const std::pair<Mismatch::What, std::pair<int, int>> checks[] = {
        {Mismatch::What::Layers, {a.layers, b.layers}},
        {Mismatch::What::Heads, {a.heads, b.heads}},
        {Mismatch::What::HeadSize, {a.headDim(), b.headDim()}},
        {Mismatch::What::Vocabulary, {a.vocabSize, b.vocabSize}},
    };
    for (const auto &[what, numbers] : checks)
        if (numbers.first != numbers.second)
            return {what, numbers.first, numbers.second};
    return {};
}

bool computeHeads(std::vector<std::unique_ptr<CompareFile>> &files, const std::vector<int> &ids,
    const std::vector<std::string> &tokens, int layer, int head, const std::atomic<bool> &cancel,
    const std::function<void(double)> &progress)
{
    const double count = double(files.size());
    for (size_t f = 0; f < files.size(); ++f) {
        CompareFile &file = *files[f];
        const bool done = file.runner->run(ids, -1, [&](int l, int layers) {
            progress((double(f) + double(l) / std::max(1, layers)) / count);
            return !cancel;
        });
        if (!done)
            return false;
        file.head = core::gguf::fileHead(*file.runner, layer, head, tokens);
    }
    return true;
}

} // namespace attnlab::ui
