#pragma once
// The core's messages (core/text/message.h: an id plus arguments) as text in the interface language.
// The one place that translates them, for the window and the command line alike: the template
// is looked up under the context "CoreMessage" (lupdate reads the templates from
// core/text/message.cpp), then the arguments are put in, each translated the same way.

#include "core/text/message.h"
#include "core/text/problem.h"

#include <QString>

#include <exception>

namespace attnlab::ui {

// The message in the current language.
QString coreMessageText(const core::Message &message);

// "file:line:column: message", "file: path: message" or "file: message" — the layout of
// core::formatProblem, with the message in the current language.
QString problemText(const QString &file, const core::Problem &problem);
// The same with the file the problem names itself (problem.file: the model readers').
QString fileProblemText(const core::Problem &problem);

// "path: message", or the message alone when the problem is about the whole file.
QString problemText(const core::Problem &problem);

// What an exception from the core says, as data: a ModelError's (or TokenizerError's) problem, a
// ForwardError's message, or any other exception's what() as a literal (never translated).
core::Problem exceptionProblem(const std::exception &error);

} // namespace attnlab::ui
