#pragma once

#include "core/text/message.h"

#include <string>

namespace attnlab::core {

// One thing wrong with a scene or a file. `path` is a JSON path ("W_Q[3][1]", "tokens[2]",
// empty for the whole file); line and column are set for syntax errors (1-based, 0 = unknown).
// The message is an id plus arguments (core/text/message.h), put into words by the caller.
struct Problem {
    std::string path;
    Message message;
    int line = 0;
    int column = 0;
    // The file the problem is about when the reader names it itself ("config.json", a model
    // folder's "model.safetensors"); empty when the caller knows the file (a scene it opened).
    std::string file {};
};

// "file:line:column: message", "file: path: message" or "file: message", in English; without a
// file (a message that names it itself), "path: message" or the message alone.
std::string formatProblem(const std::string &file, const Problem &problem);

} // namespace attnlab::core
