#pragma once
// The window: `attnlab [SCENE | --example NAME]` and `attnlab --model DIR [--text TEXT]`. Each
// runs the event loop of the QApplication that application.cpp made and returns its exit code
// (kExitBadInput, before any window, when the scene or the model folder is plainly wrong).

namespace attnlab::app {

class CommandLine;

// The scene file, the example, or the built-in default example, with its undo history and the
// offer of recovery copies.
int runWindow(const CommandLine &cli);

// The model folder opened in the window (the weights are read off the GUI thread).
int runModelWindow(const CommandLine &cli);

} // namespace attnlab::app
