#pragma once
// Basic numeric types of the attention core. One typedef picks the scalar for everything:
// scene values, every stage and the files (written with the shortest text that reads back
// to the same float).

#include <Eigen/Core>

namespace attnlab::core {

using Scalar = float;

// Row-major, because every stage is read row by row: row i is token i, and in an n×n
// matrix the row is the query ("who looks") and the column the key ("looked at").
using Matrix = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowVector = Eigen::Matrix<Scalar, 1, Eigen::Dynamic>;
// 1 = the query row may attend to the key column, 0 = hidden.
using MaskMatrix = Eigen::Matrix<unsigned char, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

} // namespace attnlab::core
