#pragma once
// The arithmetic behind one number on screen, rebuilt from its inputs so the inspector can
// show every term with its real value. Pure functions of a Scene and its Stages (no Qt): the
// tests compare their totals with the core's matrices.
//
// Sums are accumulated in double, so a derivation agrees with the core's float result to
// float rounding, which is all the inspector prints.

#include "core/scene/pipeline.h"
#include "core/scene/scene.h"

#include <vector>

namespace attnlab::core {

// a·b written out: the two vectors, their element-wise products and the sum.
struct DotTerms {
    std::vector<double> left, right, products;
    double sum = 0;
};
DotTerms dotTerms(const core::Scalar *left, const core::Scalar *right, int count, int rightStride = 1);

// X[row][column] = E[token][column] (+ PE[row][column]). When the scene gives X directly (a
// head taken from a model's layer) `given` is set, there is no table row (vocabularyRow −1)
// and the value is the scene's own.
struct EmbeddingDerivation {
    int row = 0, column = 0;
    bool given = false;
    int vocabularyRow = 0;
    double embedding = 0;
    bool hasPositional = false;
    double positional = 0;
    double value = 0;
};

// Q, K or V [row][column] of one head = row of X · column (head·d_k + column) of W, plus
// entry (head·d_k + column) of the bias b_Q / b_K / b_V when the scene has it:
// value = terms.sum + bias. In direct mode the value was typed in and `given` is set.
struct ProjectionDerivation {
    core::Stage stage = core::StageQ;
    int head = 0, row = 0, column = 0;
    int weightColumn = 0; // the column of W_Q / W_K / W_V (includes the head's offset)
    bool given = false;
    DotTerms terms;
    bool hasBias = false;
    double bias = 0; // 0 without a bias
    double value = 0;
};

// RoPE: pair i of the row — columns (first, second), which the scene's convention chooses:
// (2i, 2i+1) interleaved, (i, i + d_k/2) rotate-half — is rotated by the angle row·θ_i. θ_i is
// base^(−2i/d_k), or the entry of the scene's frequency table when it has one (`tabled`).
struct RotationDerivation {
    core::Stage stage = core::StageQRotated;
    int head = 0, row = 0, column = 0;
    core::RotaryConvention convention = core::RotaryConvention::Interleaved;
    int pair = 0;
    int first = 0, second = 0; // the columns of the pair
    double base = 0; // the base of θ_i; 0 when `tabled`
    bool tabled = false;
    double angle = 0, theta = 0;
    double firstValue = 0, secondValue = 0; // the unrotated pair
    // first·cos − second·sin for the first column, first·sin + second·cos for the second
    double value = 0;
};

// scores[row][column] = q_row · k_column, then ÷ divisor, then hidden or not.
struct ScoreDerivation {
    int head = 0, row = 0, column = 0;
    bool rotated = false; // q and k are the RoPE-rotated rows
    DotTerms terms;
    double divisor = 1;
    double scaled = 0;
    bool visible = true;
};

// One row of the softmax: e^(x − shift) of each visible scaled score, their sum and each
// quotient. `shift` is 0 unless the scores are so large that e^x would overflow; then it is
// the row's largest visible score, which leaves every quotient unchanged.
struct SoftmaxDerivation {
    int head = 0, row = 0;
    std::vector<double> scaled;
    std::vector<bool> visible;
    double shift = 0;
    std::vector<double> exps; // 0 for hidden cells
    double sum = 0;
    std::vector<double> weights;
    bool anyVisible = true;
};

// context[row] = Σ_j weights[row][j] · V[j]: the weights, every V row, each scaled row and
// the sum.
struct MixDerivation {
    int head = 0, row = 0;
    std::vector<double> weights;
    std::vector<std::vector<double>> values; // n rows of d_v
    std::vector<std::vector<double>> scaled; // weights[j] · values[j]
    std::vector<double> sum;
};

// Where head h lands in concat: columns [first, first + width).
struct ConcatSpan {
    int head = 0, first = 0, width = 0;
};
std::vector<ConcatSpan> concatSpans(const core::Scene &scene);

// output[row][column] = concat row · column of W_O + b_O[column] (or a copy of concat
// without W_O): value = terms.sum + bias.
struct OutputDerivation {
    int row = 0, column = 0;
    bool hasWeights = true;
    DotTerms terms;
    bool hasBias = false;
    double bias = 0; // 0 without b_O
    double value = 0;
};

EmbeddingDerivation deriveEmbedding(const core::Scene &scene, const core::Stages &stages, int row, int column);
ProjectionDerivation deriveProjection(
    const core::Scene &scene, const core::Stages &stages, core::Stage stage, int head, int row, int column);
RotationDerivation deriveRotation(
    const core::Scene &scene, const core::Stages &stages, core::Stage stage, int head, int row, int column);
ScoreDerivation deriveScore(const core::Scene &scene, const core::Stages &stages, int head, int row, int column);
SoftmaxDerivation deriveSoftmax(const core::Stages &stages, int head, int row);
MixDerivation deriveMix(const core::Stages &stages, int head, int row);
OutputDerivation deriveOutput(const core::Scene &scene, const core::Stages &stages, int row, int column);

} // namespace attnlab::core
