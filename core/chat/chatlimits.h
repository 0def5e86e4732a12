#pragma once
// The limits that keep a hostile chat template small: a template is a few kilobytes and its prompt
// a few hundred, so each limit is far above what a real template needs and far below what would
// exhaust memory or keep the app busy for long.

#include <cstddef>

namespace attnlab::core::chat {

// The template's own text (Llama 3.1's, among the longest, is 4.6 KB).
constexpr std::size_t kMaxTemplateBytes = std::size_t(1) << 20;
// Tokens inside its tags.
constexpr std::size_t kMaxTemplateTokens = 200000;
// Nesting of blocks and expressions while parsing (a chain such as a + b + c or x.y[0] | f counts
// its links), and of macro calls while rendering.
constexpr int kMaxNesting = 200;
constexpr int kMaxCallDepth = 64;
// Steps of work: every expression evaluated and every loop pass counts one.
constexpr std::size_t kMaxSteps = 1000000;
// The rendered prompt, and any string or list a template builds on the way.
constexpr std::size_t kMaxOutputBytes = std::size_t(8) << 20;
constexpr std::size_t kMaxListItems = 100000;

} // namespace attnlab::core::chat
