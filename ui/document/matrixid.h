#pragma once
// The editable matrices of a scene, and how to reach each one.

#include "core/scene/pipeline.h"
#include "core/scene/scene.h"

#include <QString>

namespace attnlab::ui {

// X is a scene's given attention input (a head taken from a real model); BQ…BO its biases,
// shown and edited as one-row matrices.
enum class MatrixId { Embeddings, WQ, WK, WV, WO, DirectQ, DirectK, DirectV, X, BQ, BK, BV, BO };

// The matrix in the scene's own storage; a bias is a view of its vector as 1 × length.
Eigen::Map<core::Matrix> matrixRef(core::Scene &scene, MatrixId id);
Eigen::Map<const core::Matrix> matrixRef(const core::Scene &scene, MatrixId id);
// Which pipeline input an edit of this matrix is.
core::Edit::Target editTarget(MatrixId id);
// "W_Q", "embeddings", "b_Q", … as in scene files.
QString matrixKey(MatrixId id);
// Whether the matrix exists in this scene: direct-mode matrices only in direct mode; X instead
// of the embeddings when the scene gives X; W_O and the biases only when present.
bool hasMatrix(const core::Scene &scene, MatrixId id);

} // namespace attnlab::ui
