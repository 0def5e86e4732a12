#include "app/model/enginecommand.h"

#include "app/commandline.h"
#include "app/model/modelcommand.h"
#include "core/engine/flashtrace.h"
#include "core/engine/kvcachesize.h"
#include "core/gguf/ggufmodel.h"
#include "core/gguf/modellist.h"
#include "core/json/jsonprinter.h"
#include "core/model/modelloader.h"
#include "core/scene/pipeline.h"
#include "ui/i18n/coremessages.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace attnlab::app {

namespace {

using nlohmann::ordered_json;

// A tile 4 × 4: a dozen tokens make three row tiles of three column tiles, enough to see the
// running maximum move and the tiles above the diagonal skipped.
constexpr int kDefaultTile = 4;

QString tr(const char *text)
{
    return QCoreApplication::translate("attnlab::app", text);
}

int print(const ordered_json &out)
{
    const std::string json = core::json::print(out);
    std::fwrite(json.data(), 1, json.size(), stdout);
    if (std::fflush(stdout) != 0)
        return failModelCommand(tr("cannot write to standard output"));
    return 0;
}

// A number for JSON: −∞ (a running maximum before any visible key) as null.
ordered_json number(double x)
{
    return std::isfinite(x) ? ordered_json(x) : ordered_json(nullptr);
}

ordered_json rowsJson(const Eigen::MatrixXd &m)
{
    ordered_json rows = ordered_json::array();
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        ordered_json row = ordered_json::array();
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            row.push_back(number(m(r, c)));
        rows.push_back(std::move(row));
    }
    return rows;
}

ordered_json listJson(const std::vector<double> &values)
{
    ordered_json list = ordered_json::array();
    for (double x : values)
        list.push_back(number(x));
    return list;
}

// --tile-rows / --tile-cols, or the default. False with the problem printed.
bool tileSize(const CommandLine &cli, const QCommandLineOption &option, int *value)
{
    *value = kDefaultTile;
    if (cli.isSet(option) && !parsePositive(cli.value(option), value)) {
        failModelCommand(tr("--%1: expected a positive whole number, got \"%2\"")
                             .arg(option.names().constLast(), cli.value(option)));
        return false;
    }
    return true;
}

} // namespace

int runFlashTraceCommand(const CommandLine &cli)
{
    int tileRows = 0, tileCols = 0;
    if (!tileSize(cli, cli.tileRows, &tileRows) || !tileSize(cli, cli.tileCols, &tileCols))
        return kExitBadInput;
    QString label;
    ModelHeadDetail detail;
    const core::LoadResult loaded = cli.loadScene(&label, true, &detail);
    if (!loaded.problems.empty()) {
        printProblems(label, loaded.problems);
        return kExitBadInput;
    }
    const core::Scene &scene = *loaded.scene;
    int head = 0;
    // With --model, --head picked the model's head: the scene has only that one.
    if (cli.isSet(cli.head) && !cli.isSet(cli.model)) {
        int n = 0;
        if (!parsePositive(cli.value(cli.head), &n) || n > scene.headCount())
            return failModelCommand(
                tr("--head: expected a head from 1 to %1, got \"%2\"").arg(scene.headCount()).arg(cli.value(cli.head)));
        head = n - 1;
    }
    core::Pipeline pipeline;
    const core::HeadStages &h = pipeline.compute(scene).heads[size_t(head)];
    // A model's head: the q and k that meet in the dot product as the model computed them (after
    // QK-norm and the rotation, which a head's scene cannot always express).
    const bool modelVectors = detail.rotary || detail.qkNorm;
    const core::engine::FlashTrace t
        = core::engine::flashTrace(modelVectors ? detail.qRot : h.queries(), modelVectors ? detail.kRot : h.keys(), h.v,
            core::effectiveMask(scene), 1.0 / double(core::divisor(scene)), tileRows, tileCols);
    ordered_json out;
    out["tile_rows"] = t.tileRows;
    out["tile_cols"] = t.tileCols;
    out["causal"] = t.causal;
    out["scale"] = t.scale;
    out["steps"] = ordered_json::array();
    for (const core::engine::FlashStep &s : t.steps) {
        ordered_json step;
        step["row_tile"] = s.rowTile;
        step["col_tile"] = s.colTile;
        step["m"] = listJson(s.m);
        step["l"] = listJson(s.l);
        step["O"] = rowsJson(s.o);
        out["steps"].push_back(std::move(step));
    }
    out["output"] = rowsJson(t.output);
    out["naive"] = rowsJson(t.naive);
    return print(out);
}

int runKvReportCommand(const CommandLine &cli)
{
    const QString where = QStringLiteral("--model %1: ").arg(cli.value(cli.model));
    QString notFound;
    const QString dir = modelFolder(cli, &notFound);
    if (dir.isEmpty())
        return failModelCommand(where + notFound);
    const std::string path = QFile::encodeName(dir).toStdString();
    core::model::LoadModelResult loaded
        = core::gguf::isGgufFile(path) ? core::gguf::loadGgufModel(path) : core::model::loadModel(path);
    if (!loaded.ok())
        return failModelCommand(where + ui::fileProblemText(*loaded.problem));
    const core::model::ModelWeights &weights = *loaded.weights;
    if (!core::model::canGenerateText(*weights.config.family))
        return failModelCommand(where
            + tr("this model reads the whole text at once and generates nothing token by token, so it keeps "
                 "no KV cache"));
    // Without --tokens: the longest text the model takes.
    int tokens = weights.config.maxPositions;
    if (cli.isSet(cli.tokens) && !parsePositive(cli.value(cli.tokens), &tokens))
        return failModelCommand(
            tr("--tokens: expected a positive whole number, got \"%1\"").arg(cli.value(cli.tokens)));
    const core::engine::KvCacheSize size = core::engine::kvCacheSize(weights);
    ordered_json out;
    out["layers"] = size.layers;
    out["kv_heads"] = size.kvHeads;
    out["head_dim"] = size.headDim;
    out["bytes_per_element"] = size.bytesPerElement;
    out["bytes_per_token"] = size.bytesPerToken;
    out["tokens"] = tokens;
    out["bytes"] = size.bytes(tokens);
    return print(out);
}

int runListModelsCommand(const CommandLine &)
{
    const core::gguf::ModelStores stores
        = core::gguf::modelStores([](const char *name) -> const char * { return std::getenv(name); });
    ordered_json models = ordered_json::array();
    for (const core::gguf::ListedModel &m : core::gguf::listModels(stores))
        models.push_back({{"source", m.source}, {"id", m.id}, {"path", m.path}, {"family", m.family},
            {"quantization", m.quantization}, {"bytes", m.bytes}});
    ordered_json out;
    out["models"] = std::move(models);
    return print(out);
}

} // namespace attnlab::app
