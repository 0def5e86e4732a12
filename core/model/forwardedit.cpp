// ForwardRunner's weight edits: one head replaced by an edited scene, and cells of the block's
// other tensors (see forward.h).
#include "core/model/forward.h"

#include <stdexcept>
#include <string>
#include <tuple>

namespace attnlab::core::model {

namespace {

// The attention tensors of one layer, in a fixed order.
TensorView LayerWeights::*const kAttentionFields[]
    = {&LayerWeights::query, &LayerWeights::queryBias, &LayerWeights::key, &LayerWeights::keyBias, &LayerWeights::value,
        &LayerWeights::valueBias, &LayerWeights::attnOut, &LayerWeights::attnOutBias};

// Writes `values` (rows × cols, logical orientation: outputs × inputs) at logical (row, col) of an
// owned copy `m` kept in the layout of `view` (input-major: transposed).
void writeLogical(Matrix &m, const TensorView &view, int row, int col, const Eigen::Ref<const Matrix> &values)
{
    if (view.inputMajor)
        m.block(col, row, values.cols(), values.rows()) = values.transpose();
    else
        m.block(row, col, values.rows(), values.cols()) = values;
}

void needShape(const Matrix &m, Eigen::Index rows, Eigen::Index cols, const char *name)
{
    if (m.rows() != rows || m.cols() != cols)
        throw std::invalid_argument(std::string("the scene's ") + name + " is " + std::to_string(m.rows()) + "×"
            + std::to_string(m.cols()) + ", the model's head needs " + std::to_string(rows) + "×"
            + std::to_string(cols));
}

// An empty bias is zero; otherwise it must have the given length.
RowVector biasOrZero(const RowVector &b, Eigen::Index length, const char *name)
{
    if (b.size() == 0)
        return RowVector::Zero(length);
    if (b.size() != length)
        throw std::invalid_argument(std::string("the scene's ") + name + " has length " + std::to_string(b.size())
            + ", the model's head needs " + std::to_string(length));
    return b;
}

} // namespace

bool ForwardRunner::setHeadWeights(int layer, int head, const Scene &scene, const ForwardProgress &progress)
{
    const ModelConfig &c = config();
    if (layer < 0 || layer >= c.layers)
        throw std::invalid_argument("layer " + std::to_string(layer + 1) + " is outside 1…" + std::to_string(c.layers));
    if (head < 0 || head >= c.heads)
        throw std::invalid_argument("head " + std::to_string(head + 1) + " is outside 1…" + std::to_string(c.heads));
    if (scene.direct || scene.headCount() != 1)
        throw std::invalid_argument("the scene must have exactly one head given by weights");
    const int d = c.dModel, dh = c.headDim(), first = head * dh;
    needShape(scene.wq, d, dh, "W_Q");
    needShape(scene.wk, d, dh, "W_K");
    needShape(scene.wv, d, dh, "W_V");
    needShape(scene.wo, dh, d, "W_O");
    const RowVector bq = biasOrZero(scene.bq, dh, "b_Q"), bk = biasOrZero(scene.bk, dh, "b_K"),
                    bv = biasOrZero(scene.bv, dh, "b_V"), bo = biasOrZero(scene.bo, d, "b_O");
    if (!scene.wq.allFinite() || !scene.wk.allFinite() || !scene.wv.allFinite() || !scene.wo.allFinite()
        || !bq.allFinite() || !bk.allFinite() || !bv.allFinite() || !bo.allFinite())
        throw std::invalid_argument("the scene has a weight that is not a finite number");

    LayerWeights &L = m_layers[layer];
    // The layer's own copies of its attention tensors (made on the first edit).
    std::vector<Matrix *> own;
    for (auto field : kAttentionFields)
        own.push_back(&ownedTensor(layer, L.*field));
    // The scene is inputs × outputs: a head is a block of rows (outputs) of query/key/value and
    // of columns (inputs) of the output projection. Under grouped-query attention K and V are the
    // rows of the key/value head this head reads, shared with the other heads that read it.
    const int kv = c.kvHeadOf(head) * dh;
    writeLogical(*own[0], L.query, first, 0, scene.wq.transpose());
    writeLogical(*own[2], L.key, kv, 0, scene.wk.transpose());
    writeLogical(*own[4], L.value, kv, 0, scene.wv.transpose());
    writeLogical(*own[6], L.attnOut, 0, first, scene.wo.transpose());
    const std::tuple<Matrix *, const RowVector *, int, const char *> biases[]
        = {{own[1], &bq, first, "b_Q"}, {own[3], &bk, kv, "b_K"}, {own[5], &bv, kv, "b_V"}, {own[7], &bo, 0, "b_O"}};
    for (const auto &[bias, value, at, name] : biases) {
        // A projection without a bias in the checkpoint keeps none: only a zero one fits.
        if (bias->size() == 0) {
            if (!value->isZero(0))
                throw std::invalid_argument(std::string("the model's head has no ") + name + ", so it must be zero");
            continue;
        }
        bias->row(0).segment(at, value->size()) = *value;
    }
    if (m_ids.empty()) {
        m_restartedFrom = c.layers;
        return true;
    }
    invalidateFrom(layer);
    return compute(progress);
}

Matrix &ForwardRunner::ownedTensor(int layer, TensorView &view)
{
    std::deque<Matrix> &own = m_edited[size_t(layer)];
    for (Matrix &m : own)
        if (view.data != nullptr && m.data() == view.data)
            return m;
    // Biases as one row, however the reader shaped them; 16-bit matrices widened to floats. A
    // matrix keeps its layout (an input-major view stays input-major), so the products on the
    // edited weights are the same products as on the checkpoint's.
    const bool matrix = view.rows > 1 && view.cols > 1;
    own.push_back(matrix ? storedCopy(view) : tensorCopy(view));
    Matrix &copy = own.back();
    TensorView edited;
    edited.data = copy.data();
    edited.inputMajor = matrix && view.inputMajor;
    edited.rows = view.rows;
    edited.cols = view.cols;
    if (!matrix) {
        edited.rows = 1;
        edited.cols = int(copy.size());
    }
    view = edited;
    return copy;
}

void ForwardRunner::checkBlockTensor(int layer, BlockTensor tensor) const
{
    const ModelConfig &c = config();
    if (layer < 0 || layer >= c.layers)
        throw std::invalid_argument("layer " + std::to_string(layer + 1) + " is outside 1…" + std::to_string(c.layers));
    if (blockTensorView(m_layers[size_t(layer)], tensor).empty()
        || (c.family->tensors.*blockTensorSpec(tensor).module).empty())
        throw std::invalid_argument(
            "layer " + std::to_string(layer + 1) + " of this model has no " + blockTensorSpec(tensor).key + " tensor");
}

Matrix ForwardRunner::blockTensor(int layer, BlockTensor tensor) const
{
    checkBlockTensor(layer, tensor);
    const TensorView &view = blockTensorView(m_layers[size_t(layer)], tensor);
    const BlockShape shape = blockTensorShape(tensor, view);
    return blockTensorCells(layer, tensor, 0, 0, shape.rows, shape.cols);
}

Matrix ForwardRunner::blockTensorCells(int layer, BlockTensor tensor, int row, int col, int rows, int cols) const
{
    checkBlockTensor(layer, tensor);
    const TensorView &view = blockTensorView(m_layers[size_t(layer)], tensor);
    const BlockShape shape = blockTensorShape(tensor, view);
    if (row < 0 || col < 0 || rows < 0 || cols < 0 || row + rows > shape.rows || col + cols > shape.cols)
        throw std::invalid_argument(std::to_string(rows) + "×" + std::to_string(cols) + " cells at ("
            + std::to_string(row) + ", " + std::to_string(col) + ") do not fit in " + blockTensorSpec(tensor).key
            + ", which is " + std::to_string(shape.rows) + "×" + std::to_string(shape.cols));
    if (!blockTensorSpec(tensor).matrix)
        return vectorSegment(view, col, cols);
    // The board's inputs × outputs is the transpose of the weights' outputs × inputs.
    return tensorBlock(view, col, row, cols, rows).transpose();
}

bool ForwardRunner::setBlockCells(
    int layer, BlockTensor tensor, int row, int col, const Matrix &values, const ForwardProgress &progress)
{
    // Checks the layer, the tensor and that the cells fit.
    blockTensorCells(layer, tensor, row, col, int(values.rows()), int(values.cols()));
    if (!values.allFinite())
        throw std::invalid_argument(
            std::string("a value for ") + blockTensorSpec(tensor).key + " is not a finite number");
    TensorView &view = blockTensorView(m_layers[size_t(layer)], tensor);
    Matrix &m = ownedTensor(layer, view);
    if (!blockTensorSpec(tensor).matrix)
        m.row(0).segment(col, values.cols()) = values.row(0);
    else
        writeLogical(m, view, col, row, values.transpose());
    if (m_ids.empty()) {
        m_restartedFrom = layers();
        return true;
    }
    invalidateFrom(layer);
    return compute(progress);
}

bool ForwardRunner::resetWeights(const ForwardProgress &progress)
{
    int first = layers();
    for (int l = layers() - 1; l >= 0; --l)
        if (!m_edited[l].empty()) {
            first = l;
            m_layers[l] = m_weights->layers[l];
            m_edited[l].clear();
        }
    if (m_ids.empty()) {
        m_restartedFrom = layers();
        return true;
    }
    invalidateFrom(first);
    return compute(progress);
}

bool ForwardRunner::hasEditedWeights() const
{
    for (const auto &e : m_edited)
        if (!e.empty())
            return true;
    return false;
}

} // namespace attnlab::core::model
