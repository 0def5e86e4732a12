#pragma once
// Reading a file whole and splitting text into lines: one helper for every reader of the core
// (scene files, model configs, tokenizer files, matrix text). Each caller words its own
// messages from the outcome, so the helper only says what went wrong.

#include <cstdint>
#include <string>
#include <vector>

namespace attnlab::core {

struct FileText {
    enum Status {
        Ok,
        CannotOpen, // the file could not be opened; `error` holds errno
        NoSize, // opened, but its size cannot be told (a folder, a pipe)
        TooLarge, // larger than the limit; `size` holds its size
        CannotRead, // the bytes could not be read; `error` holds errno
    };
    Status status = Ok;
    std::string text; // the whole file when Ok
    std::uint64_t size = 0; // bytes, once known
    int error = 0;

    bool ok() const { return status == Ok; }
};

// The bytes of the file at `path`, unless it is larger than `maxBytes` (checked before reading).
FileText readFileText(const std::string &path, std::uint64_t maxBytes);

// Text split into lines as Python's readlines() with universal newlines does: "\n" and "\r\n"
// both end a line, a last line without one still counts, and an empty text has no lines.
std::vector<std::string> splitLines(const std::string &text);

} // namespace attnlab::core
