#pragma once
// The command-line interface: options, and the headless commands that need no window.

#include "core/scene/sceneio.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QString>

#include <vector>

namespace attnlab::app {

// What --dump --model prints beside the head's scene: the ids of the text's tokens, and for a
// model with rotary positions the head's queries and keys before and after the rotation (the
// scene holds them rotated, as its attention reads them).
struct ModelHeadDetail {
    std::vector<int> tokenIds;
    bool rotary = false;
    core::Matrix q, k, qRot, kRot;
};

inline constexpr int kExitBadInput = 2;

class CommandLine {
public:
    CommandLine();

    // Parses `arguments` (argv as a list). False when the options themselves are wrong;
    // errorText() says why.
    bool parse(const QStringList &arguments);
    QString errorText() const { return m_parser.errorText(); }
    QString helpText() const { return m_parser.helpText(); }

    bool isSet(const QCommandLineOption &option) const { return m_parser.isSet(option); }
    QString value(const QCommandLineOption &option) const { return m_parser.value(option); }
    QStringList positionalArguments() const { return m_parser.positionalArguments(); }

    // Whether a headless command was asked for (then no window is needed).
    bool wantsHeadless() const;

    // The scene named by FILE, --example NAME or --model DIR (with --text, --layer, --head: one
    // head of a real model, see app/modelcommand.h); `label` is what error messages call it.
    // With none, the built-in default example when `fallbackToDefault`, else a problem. For a
    // model head, *tokenIds (when given) receives the ids of the text's tokens.
    core::LoadResult loadScene(QString *label, bool fallbackToDefault, ModelHeadDetail *detail = nullptr) const;

    // Runs the headless command that was asked for and returns the exit code.
    int runHeadless() const;

    QCommandLineOption dump;
    QCommandLineOption validate;
    QCommandLineOption example;
    QCommandLineOption listExamples;
    QCommandLineOption lang;
    QCommandLineOption help;
    QCommandLineOption version;
    // --export and its companions (see ui/exportcli.h).
    QCommandLineOption exportStages;
    QCommandLineOption head;
    QCommandLineOption scale;
    QCommandLineOption theme;
    QCommandLineOption colormap;
    QCommandLineOption out;
    // --experiment NAME --out FILE [--seed S] (see ui/experimentcommand.h); --seed also seeds
    // --generate's sampling.
    QCommandLineOption experiment;
    QCommandLineOption seed;
    // A real checkpoint (see app/modelcommand.h): --model DIR --text TEXT --layer L (with --head),
    // --predict [--top K] [--ablate L.H,…].
    QCommandLineOption model;
    QCommandLineOption text;
    QCommandLineOption layer;
    QCommandLineOption predict;
    QCommandLineOption top;
    QCommandLineOption ablate;
    // --generate [--max-new-tokens N] [--temperature X] [--top-k K] [--top-p P] [--seed S]
    // with --model and --text (see app/generatecommand.h).
    QCommandLineOption generate;
    QCommandLineOption maxNewTokens;
    QCommandLineOption chat; // --generate --chat: the text as a user's turn in the chat template
    QCommandLineOption temperature;
    QCommandLineOption topK;
    QCommandLineOption topP;
    // --lens, --attribute [--token ID] and --dump --block with --model and --text (see
    // app/lenscommand.h).
    QCommandLineOption lens;
    QCommandLineOption attribute;
    QCommandLineOption token;
    QCommandLineOption block;
    // --no-recovery: no offer of recovery copies at start-up (tests, kiosks).
    QCommandLineOption noRecovery;

private:
    int runDump() const;
    int runValidate() const;
    int runListExamples() const;

    QCommandLineParser m_parser;
};

// Prints each problem on stderr as "label: path: message".
void printProblems(const QString &label, const std::vector<core::Problem> &problems);

// Writes UTF-8 text to stdout / stderr.
void printOut(const QString &text);
void printErr(const QString &text);

} // namespace attnlab::app
