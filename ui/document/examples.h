#pragma once
// The built-in example scenes, compiled into the binary as resources under :/examples.

#include "core/scene.h"
#include "core/sceneio.h"

#include <QString>
#include <QStringList>

namespace attnlab::ui {

// The example the app opens with, and --dump/--export use when given no scene: 猫吃鱼.
inline const char *kDefaultExample = "cat-eats-fish";

// Names accepted by --example, sorted ("cat-eats-fish", …).
QStringList exampleNames();
// The resource path of an example (":/examples/NAME.attn.json"), empty when unknown.
QString examplePath(const QString &name);
// The example called `name`, or a problem naming the known examples.
core::LoadResult loadExample(const QString &name);

// Reads a scene file (a path, a resource path, or "-" for standard input) and parses it.
core::LoadResult loadSceneFile(const QString &path);

// The description of a scene in the language closest to `language` ("zh_CN", "en", …):
// an exact match, then the same language without region, then English, then the first.
QString sceneDescription(const core::Scene &scene, const QString &language);
// The title in that language, chosen the same way; the plain title when the scene has no
// translations of it (or the user has edited it).
QString sceneTitle(const core::Scene &scene, const QString &language);

// `edited` with the description of `original` marked, in each of its languages, as written
// for the original scene: an example's description quotes its numbers, which other tokens no
// longer give. A description marked once stays as it is; a scene without one is unchanged.
core::Scene withStaleDescription(const core::Scene &edited, const core::Scene &original);
// Whether a description carries that mark.
bool isStaleDescription(const QString &description);

} // namespace attnlab::ui
