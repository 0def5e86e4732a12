#pragma once
// The "memory" key of a scene file (core/scene/sceneio.cpp reads and writes it through these):
//   "memory": {"tokens": ["猫", "吃", "鱼", "</s>"], "X": [[…d_model numbers…], …]}
// one key token per row of X. A file without the key has no memory, as files had before it.
// The shapes and values are checked by validate() (memorycheck.h), so a malformed memory is
// refused with the field named: "memory.X" (width, a non-finite number), "memory.tokens" (count).

#include "core/scene/memory/memory.h"
#include "core/text/problem.h"

#include <nlohmann/json_fwd.hpp>

#include <functional>
#include <string>
#include <vector>

namespace attnlab::core {

// The scene reader's own parsers, so the memory is read with the same rules and messages as
// every other key: a matrix of finite numbers, an array of token strings, and where a problem
// goes.
struct MemoryParsers {
    std::function<bool(const nlohmann::json &value, const std::string &path, Matrix &out)> matrix;
    std::function<void(const nlohmann::json *value, const std::string &path, std::vector<std::string> &out)> tokens;
    std::function<void(const std::string &path, Message message)> fail;
    std::function<Message(const nlohmann::json &value)> typeName;
};

// Reads the value of key `key` ("memory") into `out`; nothing when `value` is null (no key).
void readMemory(const nlohmann::json *value, const std::string &key, const MemoryParsers &parse, Memory &out);

// The key and its value as one line of a scene file's object, `  "memory": {…},\n`; empty when
// the memory is absent.
std::string writeMemory(const Memory &memory);

} // namespace attnlab::core
