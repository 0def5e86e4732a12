#pragma once
// `attnlab --export STAGE[,STAGE…] [--head N] [--scale K] [--theme T] [--colormap M] --out FILE SCENE`:
// heatmap images with no window (needs a QApplication, on the offscreen platform).

#include "core/scene/pipeline.h"

#include <QList>
#include <QString>

namespace attnlab::app {

class CommandLine;

// Runs the export that `cli` asks for and returns the exit code (0, or kExitBadInput with a
// precise message on standard error).
int runExport(const CommandLine &cli);

// Parses "weights", "Q,K,V" or "board" against the stages the scene has (`available`).
// False with *error naming the bad entry.
bool parseStageList(
    const QString &text, const QList<core::Stage> &available, QList<core::Stage> *stages, QString *error);

} // namespace attnlab::app
