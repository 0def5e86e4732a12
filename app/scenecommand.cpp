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
        const std::string text = core::stagesToJson(*r.scene, stages);
        nlohmann::ordered_json stagesJson = nlohmann::ordered_json::parse(text);
        for (auto it = stagesJson.begin(); it != stagesJson.end(); ++it)
            dump[it.key()] = std::move(*it);
        // The model head's contract (README, "--dump --model"): Q_rot and K_rot already are the
        // normalised vectors and the weights the capped ones, so the scene's own variant stages
        // are left out.
        for (const char *stage : {"Q_norm", "K_norm", "capped", "sink"})
            dump["heads"][0].erase(stage);
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
