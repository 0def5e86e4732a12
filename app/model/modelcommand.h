#pragma once
// A real checkpoint on the command line (issue 11; the options are a public contract, see README
// "Real models"):
//   --model DIR --text TEXT --layer L --head H   one head's scene: a scene source like --example,
//                                                for --dump, --validate, --export, and saved with
//                                                --out FILE.attn.json
//   --predict --model DIR --text TEXT [--top K] [--ablate L.H[,L.H…]]   the model's prediction
// DIR may also be a hub id found in the local Hugging Face cache (modelFolder).
// Layers and heads count from 1. Every bad input is one line on stderr and exit code 2.

#include "core/model/modelweights.h"
#include "core/scene/sceneio.h"
#include "core/tokenize/tokenizer.h"

#include <QCommandLineOption>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace attnlab::app {

class CommandLine;
struct ModelHeadDetail;

// The folder --model names: the argument itself, or, when no such file exists and it is a hub id
// ("Qwen/Qwen2.5-0.5B-Instruct"), its main snapshot in the local Hugging Face cache (never a
// download). Empty, with the reason in *problem, when the cache does not hold it.
QString modelFolder(const CommandLine &cli, QString *problem);
// The same for a folder or hub id given as `argument` (--draft's).
QString modelFolder(const QString &argument, QString *problem);

// The checkpoint of a folder or hub id alone (no tokenizer): --draft's model. Empty on success,
// else the problem (without the option's name).
QString loadModelWeights(const QString &argument, std::shared_ptr<const core::model::ModelWeights> *weights);

// A quick check of --model DIR or FILE.gguf before the window opens it: DIR/config.json exists
// and describes a supported model, or the GGUF file's header and tensor table read. Returns the
// one-line problem, or an empty string. (The window reads the weights itself, off the GUI thread.)
QString modelFolderProblem(const CommandLine &cli);

// The scene of the head that --model, --text, --layer and --head name (X = that layer's
// attention input, the head's weights and biases, the model's mask and scale), and the ids of
// the text's tokens (and a rotary head's queries and keys around the rotation) in *detail. On failure the result holds
// one problem with an empty path whose message is the whole line (it names the option, file or field).
core::LoadResult loadModelHeadScene(const CommandLine &cli, ModelHeadDetail *detail);

// Everything a model command reads: the checkpoint, its tokenizer, and --text as tokens.
struct ModelInput {
    QString dir;
    std::shared_ptr<const core::model::ModelWeights> weights;
    std::optional<core::model::Tokenizer> tokenizer;
    std::vector<core::model::Token> tokens;
    std::vector<int> ids;
};

// Loads --model and tokenizes --text. Empty on success, else the one-line problem.
QString loadModelInput(const CommandLine &cli, ModelInput *in);

// Prints "attnlab: MESSAGE" on stderr and returns the bad-input exit code.
int failModelCommand(const QString &message);

// A positive whole number written with digits only ("+3", " 3", "3.0" and "1e2" are refused).
bool parsePositive(const QString &text, int *value);

// --layer or --head (counted from 1) as a 0-based index below `count`, in *index. Empty on
// success, else the one-line problem: the option missing, or not a whole number from 1 to count.
QString parseIndex(const CommandLine &cli, const QCommandLineOption &option, int count, int *index);

// --ablate L.H[,L.H…] as a layers × heads head mask (0 = switched off). Empty on success.
QString parseAblation(const QString &text, const core::model::ModelConfig &config, core::Matrix *mask);

// "token" of --predict: the decoded text; a string that is not valid UTF-8 (a hostile vocabulary)
// as its bytes in hex, so the output is always valid JSON.
std::string predictedText(const core::model::Tokenizer &tokenizer, int id);

// A probability rounded to 9 significant digits, which read back to the same float.
double nineDigits(float probability);

// Runs --predict and returns the exit code.
int runPredictCommand(const CommandLine &cli);

// Saves the head's scene (--model … --out FILE.attn.json without --export) and returns the exit code.
int runSaveHeadCommand(const CommandLine &cli);

} // namespace attnlab::app
