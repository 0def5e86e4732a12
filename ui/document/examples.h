#pragma once
// The built-in example scenes, compiled into the binary as resources under :/examples.

#include "core/scene/pipeline.h"
#include "core/scene/scene.h"
#include "core/scene/sceneio.h"

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

// The shipped example whose description `scene` carries (an example, edited or not), or null.
const core::Scene *shippedExample(const core::Scene &scene);
// The description as shown, exported and printed: the text sceneDescription() picks, with its
// references to values of the scene (core/text/description.h) replaced by what `stages` (the
// scene's) hold now. When the scene carries an example's description but is no longer that
// example as shipped, a note in front (in the interface language) says that the text describes
// the example as shipped.
QString renderedDescription(const core::Scene &scene, const core::Stages &stages, const QString &language);
// Whether a rendered description starts with that note (or a saved text with the mark of
// earlier versions).
bool isStaleDescription(const QString &description);

} // namespace attnlab::ui
