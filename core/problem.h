#pragma once

#include <string>

namespace attnlab::core {

// One thing wrong with a scene or a file. `path` is a JSON path ("W_Q[3][1]", "tokens[2]",
// empty for the whole file); line and column are set for syntax errors (1-based, 0 = unknown).
struct Problem {
    std::string path;
    std::string message;
    int line = 0;
    int column = 0;
};

} // namespace attnlab::core
