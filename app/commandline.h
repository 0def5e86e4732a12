#pragma once
// The command line parsed: the options of the command table (app/commandtable.h), and the scene
// they name.

#include "app/commandtable.h"
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
    // The block normalises each head's q and k (QK-norm), which the head's scene does not do.
    bool qkNorm = false;
    // The projections, and what meets in the dot product (after the QK-norm and the rotation).
    core::Matrix q, k, qRot, kRot;
};

inline constexpr int kExitBadInput = 2;

// The options of app/commandtable.h, parsed. The named members are the table's options.
class CommandLine {
public:
    CommandLine();
    CommandLine(const CommandLine &) = delete;
    CommandLine &operator=(const CommandLine &) = delete;

    // Parses `arguments` (argv as a list). False when the options themselves are wrong;
    // errorText() says why.
    bool parse(const QStringList &arguments);
    QString errorText() const { return m_parser.errorText(); }
    QString helpText() const { return m_parser.helpText(); }

    bool isSet(const QCommandLineOption &option) const { return m_parser.isSet(option); }
    QString value(const QCommandLineOption &option) const { return m_parser.value(option); }
    QStringList positionalArguments() const { return m_parser.positionalArguments(); }

    // What was given, as the command table sees it.
    Given given() const;

    // The scene named by FILE, --example NAME or --model DIR (with --text, --layer, --head: one
    // head of a real model, see app/model/modelcommand.h); `label` is what error messages call it.
    // With none, the built-in default example when `fallbackToDefault`, else a problem. For a
    // model head, *tokenIds (when given) receives the ids of the text's tokens.
    core::LoadResult loadScene(QString *label, bool fallbackToDefault, ModelHeadDetail *detail = nullptr) const;

private:
    QCommandLineParser m_parser;
    std::vector<QCommandLineOption> m_options; // in Opt order

public:
    // The options by name (see the table for what each does and which command reads it).
    const QCommandLineOption &dump;
    const QCommandLineOption &validate;
    const QCommandLineOption &example;
    const QCommandLineOption &listExamples;
    const QCommandLineOption &listModels;
    const QCommandLineOption &lang;
    const QCommandLineOption &help;
    const QCommandLineOption &version;
    const QCommandLineOption &exportStages;
    const QCommandLineOption &head;
    const QCommandLineOption &scale;
    const QCommandLineOption &theme;
    const QCommandLineOption &colormap;
    const QCommandLineOption &out;
    const QCommandLineOption &experiment;
    const QCommandLineOption &seed;
    const QCommandLineOption &model;
    const QCommandLineOption &text;
    const QCommandLineOption &layer;
    const QCommandLineOption &predict;
    const QCommandLineOption &top;
    const QCommandLineOption &ablate;
    const QCommandLineOption &generate;
    const QCommandLineOption &maxNewTokens;
    const QCommandLineOption &chat;
    const QCommandLineOption &temperature;
    const QCommandLineOption &topK;
    const QCommandLineOption &topP;
    const QCommandLineOption &repetitionPenalty;
    const QCommandLineOption &kvWindow;
    const QCommandLineOption &kvSinks;
    const QCommandLineOption &draft;
    const QCommandLineOption &draftTokens;
    const QCommandLineOption &lens;
    const QCommandLineOption &attribute;
    const QCommandLineOption &token;
    const QCommandLineOption &block;
    const QCommandLineOption &flashTrace;
    const QCommandLineOption &tileRows;
    const QCommandLineOption &tileCols;
    const QCommandLineOption &kvReport;
    const QCommandLineOption &tokens;
    const QCommandLineOption &translate;
    const QCommandLineOption &targetText;
    const QCommandLineOption &attention;
    const QCommandLineOption &noRecovery;
};

// Prints each problem on stderr as "label: path: message".
void printProblems(const QString &label, const std::vector<core::Problem> &problems);

// Writes UTF-8 text to stdout / stderr.
void printOut(const QString &text);
void printErr(const QString &text);

} // namespace attnlab::app
