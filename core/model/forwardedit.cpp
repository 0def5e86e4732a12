// ForwardRunner's weight edits: one head replaced by an edited scene, and cells of the block's
// other tensors (see forward.h).
#include "core/model/forward.h"

#include <stdexcept>
#include <string>
#include <tuple>

namespace attnlab::core::model {

namespace {

// The attention tensors of one layer, in a fixed order.
std::vector<TensorView LayerWeights::*> attentionFields(ProjectionKind kind)
{
    if (kind == ProjectionKind::Conv1DFused)
        return {&LayerWeights::attnWeight, &LayerWeights::attnBias, &LayerWeights::attnOut, &LayerWeights::attnOutBias};
    return {&LayerWeights::query, &LayerWeights::queryBias, &LayerWeights::key, &LayerWeights::keyBias,
        &LayerWeights::value, &LayerWeights::valueBias, &LayerWeights::attnOut, &LayerWeights::attnOutBias};
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
    for (auto field : attentionFields(c.family->projection))
        own.push_back(&ownedTensor(layer, L.*field));
    if (c.family->projection == ProjectionKind::Conv1DFused) {
        // Conv1D, in × out: a head is a block of columns of c_attn and of rows of c_proj.
        Matrix &w = *own[0], &b = *own[1], &out = *own[2], &outBias = *own[3];
        w.middleCols(first, dh) = scene.wq;
        w.middleCols(d + first, dh) = scene.wk;
        w.middleCols(2 * d + first, dh) = scene.wv;
        b.row(0).segment(first, dh) = bq;
        b.row(0).segment(d + first, dh) = bk;
        b.row(0).segment(2 * d + first, dh) = bv;
        out.middleRows(first, dh) = scene.wo;
        outBias.row(0) = bo;
    } else {
        // nn.Linear, out × in: a head is a block of rows of query/key/value and of columns of
        // the output dense.
        // Under grouped-query attention K and V are the rows of the key/value head this head
        // reads, shared with the other heads that read it.
        const int kv = c.kvHeadOf(head) * dh;
        own[0]->middleRows(first, dh) = scene.wq.transpose();
        own[2]->middleRows(kv, dh) = scene.wk.transpose();
        own[4]->middleRows(kv, dh) = scene.wv.transpose();
        own[6]->middleCols(first, dh) = scene.wo.transpose();
        const std::tuple<Matrix *, const RowVector *, int, const char *> biases[] = {
            {own[1], &bq, first, "b_Q"}, {own[3], &bk, kv, "b_K"}, {own[5], &bv, kv, "b_V"}, {own[7], &bo, 0, "b_O"}};
        for (const auto &[bias, value, at, name] : biases) {
            // A projection without a bias in the checkpoint keeps none: only a zero one fits.
            if (bias->size() == 0) {
                if (!value->isZero(0))
                    throw std::invalid_argument(
                        std::string("the model's head has no ") + name + ", so it must be zero");
                continue;
            }
            bias->row(0).segment(at, value->size()) = *value;
        }
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
    // Biases as one row, however the reader shaped them; 16-bit matrices widened to floats.
    own.push_back(tensorCopy(view));
    Matrix &copy = own.back();
    view = TensorView {copy.data(), int(copy.rows()), int(copy.cols())};
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
    const BlockShape shape = blockTensorShape(*config().family, tensor, view);
    return blockTensorCells(layer, tensor, 0, 0, shape.rows, shape.cols);
}

Matrix ForwardRunner::blockTensorCells(int layer, BlockTensor tensor, int row, int col, int rows, int cols) const
{
    checkBlockTensor(layer, tensor);
    const ModelFamily &f = *config().family;
    const TensorView &view = blockTensorView(m_layers[size_t(layer)], tensor);
    const BlockShape shape = blockTensorShape(f, tensor, view);
    if (row < 0 || col < 0 || rows < 0 || cols < 0 || row + rows > shape.rows || col + cols > shape.cols)
        throw std::invalid_argument(std::to_string(rows) + "×" + std::to_string(cols) + " cells at ("
            + std::to_string(row) + ", " + std::to_string(col) + ") do not fit in " + blockTensorSpec(tensor).key
            + ", which is " + std::to_string(shape.rows) + "×" + std::to_string(shape.cols));
    if (!blockTensorSpec(tensor).matrix)
        return vectorSegment(view, col, cols);
    if (blockTensorTransposed(f, tensor))
        return tensorBlock(view, col, row, cols, rows).transpose();
    return tensorBlock(view, row, col, rows, cols);
}

bool ForwardRunner::setBlockCells(
    int layer, BlockTensor tensor, int row, int col, const Matrix &values, const ForwardProgress &progress)
{
    // Checks the layer, the tensor and that the cells fit.
    blockTensorCells(layer, tensor, row, col, int(values.rows()), int(values.cols()));
    if (!values.allFinite())
        throw std::invalid_argument(
            std::string("a value for ") + blockTensorSpec(tensor).key + " is not a finite number");
    const ModelFamily &f = *config().family;
    Matrix &m = ownedTensor(layer, blockTensorView(m_layers[size_t(layer)], tensor));
    if (blockTensorTransposed(f, tensor))
        m.block(col, row, values.cols(), values.rows()) = values.transpose();
    else if (!blockTensorSpec(tensor).matrix)
        m.row(0).segment(col, values.cols()) = values.row(0);
    else
        m.block(row, col, values.rows(), values.cols()) = values;
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
