#include "app/scenecommand.h"

#include "app/commandline.h"
#include "core/json/jsonprinter.h"
#include "core/scene/pipeline.h"
#include "core/scene/stagesjson.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"

#include <QCoreApplication>

#include <charconv>
#include <iostream>

namespace attnlab::app {

// The command line drives the same Document, exporter and language choice as the window.
using namespace attnlab::ui;

int runHelpCommand(const CommandLine &cli)
{
    printOut(cli.helpText());
    return 0;
}

int runVersionCommand(const CommandLine &)
{
    printOut(QStringLiteral("attnlab ") + QCoreApplication::applicationVersion() + QLatin1Char('\n'));
    return 0;
}

namespace {

// A float matrix as rows of numbers, each the float's shortest decimal (as the stages print it).
nlohmann::ordered_json floatRows(const core::Matrix &m)
{
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        nlohmann::ordered_json row = nlohmann::ordered_json::array();
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            char text[32];
            const auto end = std::to_chars(text, text + sizeof text, m(i, j)).ptr;
            double value = 0;
            std::from_chars(text, end, value);
            row.push_back(value);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

// A rotary or QK-norm model's head: "Q" and "K" become the projections (with bias) before the
// norm and the rotation, and "Q_rot" and "K_rot" are replaced by what the attention reads, as the
// model computed them (the board's own rotation of them agrees up to rounding). Under grouped-query
// attention K (and V) are those of the shared key/value head.
void addRotaryHeadFields(const ModelHeadDetail &detail, nlohmann::ordered_json *head)
{
    nlohmann::ordered_json out;
    for (auto it = head->begin(); it != head->end(); ++it) {
        if (it.key() == "Q_rot" || it.key() == "K_rot")
            continue;
        if (it.key() == "Q")
            out["Q"] = floatRows(detail.q);
        else if (it.key() == "K")
            out["K"] = floatRows(detail.k);
        else
            out[it.key()] = std::move(*it);
        if (it.key() == "V") {
            out["Q_rot"] = floatRows(detail.qRot);
            out["K_rot"] = floatRows(detail.kRot);
        }
    }
    *head = std::move(out);
}

// The stages after Q_rot and K_rot of a head whose block normalises q and k (QK-norm), which the
// head's scene cannot express: the scores, the mask, the softmax and the context of the vectors
// that meet in the dot product, computed by the same pipeline on a direct scene of them, and the
// head's output through its W_O and b_O.
core::Stages qkNormStages(const core::Scene &scene, const core::Stages &stages, const ModelHeadDetail &detail)
{
    core::Scene direct;
    direct.direct = true;
    direct.tokens = scene.tokens;
    direct.q = detail.qRot;
    direct.k = detail.kRot;
    direct.v = stages.heads[0].v;
    direct.scale = scene.scale;
    direct.customDivisor = scene.customDivisor;
    direct.mask = scene.mask;
    direct.customMask = scene.customMask;
    core::Pipeline pipeline;
    const core::HeadStages &attended = pipeline.compute(direct).heads[0];
    core::Stages out = stages;
    core::HeadStages &h = out.heads[0];
    h.scores = attended.scores;
    h.scaled = attended.scaled;
    h.masked = attended.masked;
    h.weights = attended.weights;
    h.context = attended.context;
    out.concat = h.context;
    if (scene.wo.size() == 0) {
        out.output = out.concat;
        return out;
    }
    out.output.noalias() = out.concat * scene.wo;
    if (scene.bo.size() > 0)
        out.output.rowwise() += scene.bo;
    return out;
}

} // namespace

int runDumpCommand(const CommandLine &cli)
{
    QString label;
    ModelHeadDetail detail;
    const core::LoadResult r = cli.loadScene(&label, false, &detail);
    if (!r.ok()) {
        printProblems(label, r.problems);
        return kExitBadInput;
    }
    core::Pipeline pipeline;
    const core::Stages &stages = pipeline.compute(*r.scene);
    if (cli.isSet(cli.model)) {
        // The same dump with the ids of the model's tokens first.
        nlohmann::ordered_json dump;
        dump["token_ids"] = detail.tokenIds;
        const std::string text = detail.qkNorm ? core::stagesToJson(*r.scene, qkNormStages(*r.scene, stages, detail))
                                               : core::stagesToJson(*r.scene, stages);
        nlohmann::ordered_json stagesJson = nlohmann::ordered_json::parse(text);
        for (auto it = stagesJson.begin(); it != stagesJson.end(); ++it)
            dump[it.key()] = std::move(*it);
        if (detail.rotary || detail.qkNorm)
            addRotaryHeadFields(detail, &dump["heads"][0]);
        std::cout << core::json::print(dump);
    } else {
        core::writeStagesJson(std::cout, *r.scene, stages);
    }
    std::cout.flush();
    if (!std::cout) {
        printErr(QStringLiteral("attnlab: ")
            + QCoreApplication::translate("CommandLine", "cannot write to standard output") + QLatin1Char('\n'));
        return kExitBadInput;
    }
    return 0;
}

int runValidateCommand(const CommandLine &cli)
{
    QString label;
    const core::LoadResult r = cli.loadScene(&label, false);
    if (!r.ok()) {
        printProblems(label, r.problems);
        return kExitBadInput;
    }
    printOut(QStringLiteral("ok\n"));
    return 0;
}

int runListExamplesCommand(const CommandLine &)
{
    for (const QString &name : exampleNames()) {
        const core::LoadResult r = loadExample(name);
        const QString title = r.ok() ? sceneTitle(*r.scene, currentLanguage()) : QString();
        printOut(name + (title.isEmpty() ? QString() : QStringLiteral("\t") + title) + QLatin1Char('\n'));
    }
    return 0;
}

} // namespace attnlab::app
