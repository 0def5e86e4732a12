// The README's pictures of the inference engine's views (issue 32): FlashAttention's tiles on
// 猫吃鱼, the KV cache as paged blocks and under an eviction policy, speculative decoding and the
// roofline, the last four on the tiny GPT-2 of tests/ui/model after a short generation. Each
// writes a PNG to `file` and says whether it could; screenshots_test lists them.
#pragma once

#include <QString>

class QWidget;

namespace attnlab::test {

// Lets layouts and queued replots settle; then grabs `widget` into the PNG `file`.
void shotSettle();
bool shotSave(QWidget *widget, const QString &file);

bool flashShot(const QString &file);
bool pagedCacheShot(const QString &file);
bool evictionShot(const QString &file);
bool speculativeShot(const QString &file);
bool rooflineShot(const QString &file);

} // namespace attnlab::test
