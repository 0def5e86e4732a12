#pragma once
// Scene files (.attn.json): a public contract, see README.md. UTF-8 JSON; unknown keys,
// duplicate keys, non-finite or non-numeric entries and wrong shapes are errors, each
// reported with its JSON path (and line:column for syntax errors).

#include "core/scene/scene.h"

#include <optional>
#include <string>
#include <vector>

namespace attnlab::core {

struct LoadResult {
    std::optional<Scene> scene; // set exactly when problems is empty
    std::vector<Problem> problems;

    bool ok() const { return scene.has_value(); }
};

// Parses and validates scene text.
LoadResult parseScene(const std::string &text);

// Reads a file and parses it. Unreadable files, files over kMaxFileBytes and files that are
// not valid UTF-8 JSON are reported as problems, never thrown.
LoadResult loadSceneFile(const std::string &path);

// What a scene file says in its "format" and "version" keys.
inline constexpr const char *kSceneFormat = "attnlab.scene";
inline constexpr int kSceneVersion = 1;

// Larger scene files are refused unread: at this size the densest texts still parse within
// about a second and well under 1 GiB (docs/reliability.md). A 32 MiB scene holds some 2.5 million
// numbers, more than any scene within the limits of core/scene/limits.h needs to teach with.
inline constexpr std::size_t kMaxFileBytes = std::size_t(32) << 20;

// The scene as file text. parseScene(writeScene(s)) gives back a scene equal to s.
std::string writeScene(const Scene &scene);

} // namespace attnlab::core
