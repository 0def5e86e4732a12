#pragma once
// The explanation's "In this scene" lines of each stage (StageLook::sceneShapes in stagelook's
// table): the stage's shapes with this scene's numbers, as checked chains (core/text/chain) where
// the shapes multiply out. Also the few facts of a scene that the card and figure texts print too.

#include "core/scene/scene.h"

#include <QString>
#include <QStringList>

namespace attnlab::ui {

// Rotary positions turn Q and K in either mode (a direct scene's typed Q and K too).
bool usesRope(const core::Scene &s);
// RoPE pairs column i with column i + d_k/2 (Llama, Qwen2), not 2i with 2i + 1 (RoFormer).
bool rotatesHalf(const core::Scene &s);
// The soft cap as every text prints it.
QString softCapText(const core::Scene &s);

QStringList xShapes(const core::Scene &s);
QStringList memoryShapes(const core::Scene &s);
QStringList projectionShapes(const core::Scene &s);
QStringList rotationShapes(const core::Scene &s);
QStringList scoresShapes(const core::Scene &s);
QStringList scaledShapes(const core::Scene &s);
QStringList maskedShapes(const core::Scene &s);
QStringList weightsShapes(const core::Scene &s);
QStringList normShapes(const core::Scene &s);
QStringList cappedShapes(const core::Scene &s);
QStringList sinkShapes(const core::Scene &s);
QStringList contextShapes(const core::Scene &s);
QStringList concatShapes(const core::Scene &s);
QStringList outputShapes(const core::Scene &s);

} // namespace attnlab::ui
