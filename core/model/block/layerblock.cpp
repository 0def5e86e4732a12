#include "core/model/block/layerblock.h"

#include "core/model/block/attention.h"

#include <algorithm>
#include <cstddef>
#include <stdexcept>

namespace attnlab::core::model {

void attentionInput(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &h, Matrix &out)
{
    resizeLarge(out, h.rows(), s.dModel);
    if (s.preNorm)
        normRows(s.norm, h, L.attnNorm, s.eps, out, s.normOffset);
    else
        out = h;
}

void scaleEmbeddings(const BlockSpec &s, Eigen::Ref<Matrix> rows)
{
    if (s.embeddingScale != 0)
        rows *= s.embeddingScale;
}

namespace {

// Whether weight view `b` holds the outputs right after `a`'s in one stored matrix (the windows
// the loader cuts from a fused tensor such as GPT-2's c_attn), so that both are one product.
bool continuesWeights(const TensorView &a, const TensorView &b)
{
    if (a.type != b.type || a.inputMajor != b.inputMajor || a.cols != b.cols || a.ld() != b.ld())
        return false;
    if (a.isQuantized())
        return a.rowBytes == b.rowBytes && a.quantCol == b.quantCol && a.quant + a.rows * a.rowBytes == b.quant;
    const std::ptrdiff_t next = a.inputMajor ? a.rows : std::ptrdiff_t(a.rows) * a.ld();
    return a.isHalf() ? a.bits && a.bits + next == b.bits : a.data && a.data + next == b.data;
}

// Whether bias `b` follows bias `a` in memory, or neither exists.
bool continuesBias(const TensorView &a, const TensorView &b)
{
    return a.empty() ? b.empty() : !b.empty() && a.data + a.cols == b.data;
}

// Whether `b` is the columns right after `a`'s in one row-major buffer.
bool continuesColumns(const Eigen::Ref<Matrix> &a, const Eigen::Ref<Matrix> &b)
{
    return a.rows() == b.rows() && a.outerStride() == b.outerStride() && a.data() + a.cols() == b.data();
}

} // namespace

void projectQkv(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &a,
    const Eigen::Ref<const Matrix> &cos, const Eigen::Ref<const Matrix> &sin, Eigen::Ref<Matrix> q,
    Eigen::Ref<Matrix> k, Eigen::Ref<Matrix> v)
{
    // One product over a fused checkpoint tensor read once, when the three outputs lie side by
    // side (the runner's q | k | v buffer); three otherwise. The sums are the same either way.
    if (continuesWeights(L.query, L.key) && continuesWeights(L.key, L.value) && continuesBias(L.queryBias, L.keyBias)
        && continuesBias(L.keyBias, L.valueBias) && continuesColumns(q, k) && continuesColumns(k, v)) {
        TensorView w = L.query, bias = L.queryBias;
        w.rows = L.query.rows + L.key.rows + L.value.rows;
        if (!bias.empty())
            bias.cols = L.queryBias.cols + L.keyBias.cols + L.valueBias.cols;
        Eigen::Map<Matrix, 0, Eigen::OuterStride<>> qkv(
            q.data(), q.rows(), w.rows, Eigen::OuterStride<>(q.outerStride()));
        project(a, w, bias, qkv);
    } else {
        project(a, L.query, L.queryBias, q);
        project(a, L.key, L.keyBias, k);
        project(a, L.value, L.valueBias, v);
    }
    s.prepareQueries(L, q, cos, sin);
    s.prepareKeys(L, k, cos, sin);
}

void mlpActivation(
    const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &x, Matrix &act, Matrix &up)
{
    const int width = L.fcIn.rows;
    resizeLarge(act, x.rows(), width);
    if (s.gatedMlp) {
        // down(act(gate(x)) ⊙ up(x)): fcIn is up_proj.
        project(x, L.mlpGate, L.mlpGateBias, act);
        activate(s.activation, act);
        resizeLarge(up, x.rows(), width);
        project(x, L.fcIn, L.fcInBias, up);
        act.array() *= up.array();
    } else {
        project(x, L.fcIn, L.fcInBias, act);
        activate(s.activation, act);
    }
}

void mlp(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &x, bool withOutputBias,
    BlockScratch &scratch, Eigen::Ref<Matrix> out, Matrix *act, MoeRouting *routing)
{
    if (!L.router.empty()) {
        // The experts have no biases.
        sparseMlp(s, L, x, out, routing);
        if (act)
            act->resize(x.rows(), 0);
        return;
    }
    const TensorView bias = withOutputBias ? L.fcOutBias : TensorView {};
    if (act) {
        mlpActivation(s, L, x, *act, scratch.up);
        project(*act, L.fcOut, bias, out);
        return;
    }
    // A block of 256 rows still gives the products their full speed; at 2,048 tokens of
    // Qwen2.5-0.5B the whole text's inner activations were 80 MB.
    constexpr Eigen::Index kRowBlock = 256;
    for (Eigen::Index r0 = 0; r0 < x.rows(); r0 += kRowBlock) {
        const Eigen::Index count = std::min(kRowBlock, x.rows() - r0);
        mlpActivation(s, L, x.middleRows(r0, count), scratch.inner, scratch.up);
        project(scratch.inner, L.fcOut, bias, out.middleRows(r0, count));
    }
}

void addAttention(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &h,
    const Eigen::Ref<const Matrix> &attnOut, BlockScratch &scratch, Eigen::Ref<Matrix> after)
{
    if (s.sandwichNorms) {
        // Gemma: h + post_attention_layernorm(attn(norm₁(h))), the norm before the sum.
        scratch.sum.resize(attnOut.rows(), attnOut.cols());
        normRows(s.norm, attnOut, L.attnPostNorm, s.eps, scratch.sum, s.normOffset);
        after = h + scratch.sum;
        return;
    }
    if (s.preNorm) {
        // h + attn(norm₁(h)).
        after = attnOut + h;
        return;
    }
    // norm₁(h + attn(h)).
    scratch.sum = attnOut + h;
    normRows(s.norm, scratch.sum, L.attnNorm, s.eps, after);
}

void mlpInput(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &after, Eigen::Ref<Matrix> out)
{
    if (s.preNorm)
        normRows(s.norm, after, L.mlpNorm, s.eps, out, s.normOffset);
    else
        out = after;
}

void addMlp(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &after,
    const Eigen::Ref<const Matrix> &mlpOut, BlockScratch &scratch, Eigen::Ref<Matrix> out)
{
    if (s.sandwichNorms) {
        // Gemma: after + post_feedforward_layernorm(mlp(pre_feedforward_layernorm(after))).
        scratch.sum.resize(mlpOut.rows(), mlpOut.cols());
        normRows(s.norm, mlpOut, L.mlpPostNorm, s.eps, scratch.sum, s.normOffset);
        out = after + scratch.sum;
        return;
    }
    if (s.preNorm) {
        // after + mlp(norm₂(after)).
        out = after + mlpOut;
        return;
    }
    // norm₂(after + mlp(after)).
    scratch.sum = mlpOut + after;
    normRows(s.norm, scratch.sum, L.mlpNorm, s.eps, out);
}

void finishLayer(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &h,
    const Eigen::Ref<const Matrix> &context, BlockScratch &scratch, Eigen::Ref<Matrix> out, const BlockCapture &capture,
    const CrossMemory *cross)
{
    // unsupportedChoice() keeps such a block from every pass that has no encoder output to give.
    if (s.crossAttention && !cross)
        throw std::logic_error("a block with cross-attention needs its encoder's output");
    const Eigen::Index rows = h.rows();
    Matrix &attnOut = capture.attnOut ? *capture.attnOut : scratch.attnOut;
    attnOut.resize(rows, s.dModel);
    project(context, L.attnOut, L.attnOutBias, attnOut);
    Matrix &mlpOut = capture.mlpOut ? *capture.mlpOut : scratch.mlpOut;
    mlpOut.resize(rows, s.dModel);
    if (s.preNorm) {
        // The residual after attention goes straight into `out`, which the MLP's output is added to.
        addAttention(s, L, h, attnOut, scratch, out);
        if (s.crossAttention)
            addCrossAttention(s, L, out, *cross, scratch, capture);
        if (capture.afterAttn)
            *capture.afterAttn = out;
        Matrix &mlpIn = capture.mlpIn ? *capture.mlpIn : scratch.normed;
        mlpIn.resize(rows, s.dModel);
        mlpInput(s, L, out, mlpIn);
        mlp(s, L, mlpIn, true, scratch, mlpOut, capture.mlpAct, capture.routing);
        addMlp(s, L, out, mlpOut, scratch, out);
        return;
    }
    // Post-norm: the MLP reads the normalised residual itself.
    Matrix &after = capture.afterAttn ? *capture.afterAttn : scratch.normed;
    after.resize(rows, s.dModel);
    addAttention(s, L, h, attnOut, scratch, after);
    if (s.crossAttention)
        addCrossAttention(s, L, after, *cross, scratch, capture);
    if (capture.mlpIn) {
        capture.mlpIn->resize(rows, s.dModel);
        mlpInput(s, L, after, *capture.mlpIn);
    }
    mlp(s, L, after, true, scratch, mlpOut, capture.mlpAct, capture.routing);
    addMlp(s, L, after, mlpOut, scratch, out);
}

void crossKeysValues(
    const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &encoderOut, CrossMemory &memory)
{
    memory.keys.resize(encoderOut.rows(), s.queryWidth());
    memory.values.resize(encoderOut.rows(), s.queryWidth());
    project(encoderOut, L.crossKey, L.crossKeyBias, memory.keys);
    project(encoderOut, L.crossValue, L.crossValueBias, memory.values);
}

void crossAttend(const BlockSpec &s, const LayerWeights &L, const Eigen::Ref<const Matrix> &x,
    const CrossMemory &memory, BlockScratch &scratch, Matrix &context, const BlockCapture &capture)
{
    const BlockSpec cs = s.crossSpec();
    Matrix &q = capture.crossQuery ? *capture.crossQuery : scratch.crossIn;
    q.resize(x.rows(), s.queryWidth());
    project(x, L.crossQuery, L.crossQueryBias, q);
    context.resize(x.rows(), s.queryWidth());
    if (capture.crossWeights)
        capture.crossWeights->resize(size_t(s.heads));
    for (int head = 0; head < s.heads; ++head) {
        Matrix &w = capture.crossWeights ? (*capture.crossWeights)[size_t(head)] : scratch.crossWeights;
        const Eigen::Index c0 = Eigen::Index(head) * s.headDim;
        headWeights(cs, q.middleCols(c0, s.headDim), memory.keys.middleCols(c0, s.headDim), {}, w);
        weightedValues(cs, w, memory.values.middleCols(c0, s.headDim), {}, context.middleCols(c0, s.headDim));
    }
}

void addCrossAttention(const BlockSpec &s, const LayerWeights &L, Eigen::Ref<Matrix> h, const CrossMemory &memory,
    BlockScratch &scratch, const BlockCapture &capture)
{
    const Eigen::Index rows = h.rows();
    Matrix input;
    if (s.preNorm) {
        input.resize(rows, s.dModel);
        normRows(s.norm, h, L.crossNorm, s.eps, input, s.normOffset);
    }
    Matrix &context = capture.crossContext ? *capture.crossContext : scratch.crossContext;
    if (capture.crossInput)
        *capture.crossInput = s.preNorm ? Matrix(input) : Matrix(h);
    if (s.preNorm)
        crossAttend(s, L, input, memory, scratch, context, capture);
    else
        crossAttend(s, L, h, memory, scratch, context, capture);
    scratch.crossOut.resize(rows, s.dModel);
    project(context, L.crossOut, L.crossOutBias, scratch.crossOut);
    h += scratch.crossOut;
    if (!s.preNorm) {
        scratch.sum = h;
        normRows(s.norm, scratch.sum, L.crossNorm, s.eps, h, s.normOffset);
    }
}

} // namespace attnlab::core::model
