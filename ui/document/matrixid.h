#pragma once
// The editable matrices of a scene, and how to reach each one.

#include "core/pipeline.h"
#include "core/scene.h"

#include <QString>

namespace attnlab::ui {

enum class MatrixId { Embeddings, WQ, WK, WV, WO, DirectQ, DirectK, DirectV };

core::Matrix &matrixRef(core::Scene &scene, MatrixId id);
const core::Matrix &matrixRef(const core::Scene &scene, MatrixId id);
// Which pipeline input an edit of this matrix is.
core::Edit::Target editTarget(MatrixId id);
// "W_Q", "embeddings", … as in scene files.
QString matrixKey(MatrixId id);
// Whether the matrix exists in this scene (direct-mode matrices only in direct mode, W_O only
// when present).
bool hasMatrix(const core::Scene &scene, MatrixId id);

} // namespace attnlab::ui
