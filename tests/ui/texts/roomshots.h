// The README's pictures of the model room's newer parts (issues 31 and 36): the KV-cache panel's
// table of attention designs for a Qwen2.5-0.5B-shaped config, the block board's router on the
// tiny Qwen3-MoE of tests/ui/block, a short conversation in the Chat tab on the tests' tiny chat
// Qwen2 (random weights: its answers are noise), and lesson pages with a tiny Qwen2's numbers. Each
// writes a PNG to `file` and says whether it could; screenshots_test lists them.
#pragma once

#include <QString>

namespace attnlab::test {

bool kvDesignShot(const QString &file);
bool moeRouterShot(const QString &file);
bool chatShot(const QString &file);
// Lesson `page` (a row of ui/lessons/lessonpages) in `language` ("en", "zh_CN").
bool lessonShot(const QString &file, const QString &page, const QString &language);

} // namespace attnlab::test
