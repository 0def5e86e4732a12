#include "core/scene/pipeline.h"

#include "core/scene/positional.h"
#include "core/scene/softmax.h"
#include "core/scene/stagetable.h"
#include "core/scene/variants/variants.h"

#include <stdexcept>

namespace attnlab::core {

namespace {

// Below this many cells per head, threads cost more than they save.
constexpr Eigen::Index kParallelCells = 256 * 256;

// Entries [first, first + count) of a bias, or nothing when the bias is absent.
Eigen::Map<const RowVector> biasPart(const RowVector &bias, Eigen::Index first, Eigen::Index count)
{
    if (bias.size() == 0)
        return Eigen::Map<const RowVector>(bias.data(), 0);
    return Eigen::Map<const RowVector>(bias.data() + first, count);
}

} // namespace

bool Pipeline::Shape::operator==(const Shape &o) const
{
    return tokens == o.tokens && dModel == o.dModel && heads == o.heads && dK == o.dK && dV == o.dV
        && direct == o.direct && hasWo == o.hasWo && hasX == o.hasX && memoryRows == o.memoryRows && biases == o.biases
        && positional == o.positional && ropeConvention == o.ropeConvention && ropeFrequencies == o.ropeFrequencies
        && variants == o.variants;
}

Pipeline::Shape Pipeline::shapeOf(const Scene &s)
{
    Shape shape;
    shape.tokens = s.tokenCount();
    shape.dModel = s.direct ? 0 : s.dModel;
    shape.heads = s.headCount();
    shape.dK = s.keyDim();
    shape.dV = s.valueDim();
    shape.direct = s.direct;
    shape.hasWo = s.hasOutputWeights();
    shape.hasX = s.hasInputX();
    shape.memoryRows = s.hasMemory() ? s.memory.rows() : -1;
    if (!s.direct)
        shape.biases = (s.bq.size() > 0 ? 1u : 0u) | (s.bk.size() > 0 ? 2u : 0u) | (s.bv.size() > 0 ? 4u : 0u)
            | (s.bo.size() > 0 ? 8u : 0u);
    shape.positional = s.positional;
    if (s.positional == PositionalEncoding::Rope && s.keyDim() % 2 == 0) {
        shape.ropeConvention = s.ropeConvention;
        shape.ropeFrequencies = ropeFrequencies(s);
    }
    shape.variants = s.variants;
    return shape;
}

void Pipeline::checkShapes(const Scene &s) const
{
    const Eigen::Index n = s.tokenCount();
    bool ok = n > 0 && s.keyDim() > 0 && s.valueDim() > 0;
    if (s.direct) {
        ok = ok && s.q.rows() == n && s.k.rows() == n && s.v.rows() == n && s.k.cols() == s.q.cols();
    } else {
        const Eigen::Index hd = Eigen::Index(s.heads) * s.dK;
        const bool input = s.hasInputX()
            ? s.x.rows() == n && s.x.cols() == s.dModel
            : s.embeddings.cols() == s.dModel && s.embeddings.rows() == Eigen::Index(s.vocabulary.size());
        auto biasOk = [](const RowVector &b, Eigen::Index length) { return b.size() == 0 || b.size() == length; };
        ok = ok && input && biasOk(s.bq, hd) && biasOk(s.bk, hd) && biasOk(s.bv, hd)
            && (s.bo.size() == 0 || (s.wo.size() > 0 && s.bo.size() == s.dModel)) && s.heads > 0 && s.dModel > 0
            && s.wq.rows() == s.dModel && s.wq.cols() == hd && s.wk.rows() == s.dModel && s.wk.cols() == hd
            && s.wv.rows() == s.dModel && s.wv.cols() == hd
            && (s.wo.size() == 0 || (s.wo.rows() == hd && s.wo.cols() == s.dModel))
            && (s.heads == 1 || s.wo.size() > 0);
    }
    if (s.mask == MaskKind::Custom)
        ok = ok && s.customMask.rows() == n && s.customMask.cols() == n;
    if (s.hasMemory())
        ok = ok && !s.direct && s.memory.x.rows() > 0 && s.memory.x.cols() == s.dModel
            && s.memory.tokens.size() == size_t(s.memory.x.rows()) && s.mask == MaskKind::None
            && s.positional != PositionalEncoding::Rope && s.variants.slidingWindow <= 0;
    if (s.positional == PositionalEncoding::Rope)
        ok = ok && s.keyDim() % 2 == 0 && (s.ropeFrequencies.size() == 0 || s.ropeFrequencies.size() == s.keyDim() / 2);
    if (!ok)
        throw std::invalid_argument(
            "attnlab::core::Pipeline: the scene's shapes are inconsistent; validate() it first");
}

const Stages &Pipeline::compute(const Scene &scene)
{
    checkShapes(scene);
    m_shape = shapeOf(scene);
    const bool allVisible = scene.mask == MaskKind::None && scene.variants.slidingWindow <= 0;
    if (!allVisible || m_visible.rows() != scene.tokenCount() || m_visible.cols() != scene.keyCount() || !m_visibleAll)
        m_visible = visibleKeys(scene);
    m_visibleAll = allVisible;
    m_divisor = divisor(scene);
    m_stages.heads.resize(size_t(m_shape.heads));
    // The stages of what is off are empty.
    const AttentionVariants &v = scene.variants;
    for (HeadStages &h : m_stages.heads) {
        if (scene.positional != PositionalEncoding::Rope) {
            h.qRotated.resize(0, 0);
            h.kRotated.resize(0, 0);
        }
        if (!v.qkNorm) {
            h.qNormed.resize(0, 0);
            h.kNormed.resize(0, 0);
        }
        if (!(v.softCap > 0))
            h.capped.resize(0, 0);
        if (!v.sinkLogit)
            h.sink.resize(0, 0);
    }

    computeX(scene);
    projectAll(scene);
    m_rowUpdates = 0;
    for (int j = 0; j < m_shape.heads; ++j) {
        rotateHead(j);
        scoreHead(j);
        normalizeHead(j, true);
        contextHead(j);
    }
    computeOutput(scene);
    collectWarnings(scene);
    return m_stages;
}

Update Pipeline::update(const Scene &scene, const Edit &edit)
{
    Update result;
    // The stage whose inputs the edit changed; Everything has none and recomputes the scene.
    const StageEntry *edited = stageEditedBy(edit.target);
    if (isEmpty() || !edited || !(shapeOf(scene) == m_shape)) {
        compute(scene);
        result.stages = AllStages;
        result.heads.assign(size_t(m_shape.heads), true);
        return result;
    }
    checkShapes(scene);

    const int h = m_shape.heads;
    const bool rope = m_shape.positional == PositionalEncoding::Rope;
    const StageSet stale = downstreamOf(edited->id, rope);
    // Which heads go stale: the one owning an edited weight or bias column (every head when the
    // column is unknown), every head when a per-head stage is downstream, else none.
    bool anyPerHead = false;
    for (const StageEntry &e : stageTable())
        anyPerHead = anyPerHead || ((stale & e.id) && e.perHead);
    std::vector<bool> heads(size_t(h), anyPerHead);
    if (edited->staleByColumn & targetBit(edit.target)) {
        heads.assign(size_t(h), false);
        if (edit.column >= 0 && edit.column < h * m_shape.dK)
            heads[size_t(edit.column / m_shape.dK)] = true;
        else
            heads.assign(size_t(h), true);
    }
    const StageSet reads = edited->id;

    // The scene fields that are not matrices of their own stage: the divisor and the mask.
    if (reads & StageScaled)
        m_divisor = divisor(scene);
    if (reads & StageMasked) {
        m_visible = visibleKeys(scene);
        m_visibleAll = scene.mask == MaskKind::None && scene.variants.slidingWindow <= 0;
        collectWarnings(scene);
    }
    if (reads & StageX) {
        if (const std::optional<std::vector<int>> rows = rowsEditedBy(edit)) {
            updateRows(scene, *rows);
            result.stages = stale;
            result.heads.assign(size_t(h), true);
            return result;
        }
    }
    StageSet project = stale & (StageQ | StageK | StageV);
    if (reads & StageX) {
        m_rowUpdates = 0; // every head is normalised whole below
        computeX(scene);
        projectAll(scene); // one wide product for all heads
        project = 0;
    }
    for (int j = 0; j < h; ++j) {
        if (!heads[size_t(j)])
            continue;
        if (project)
            projectHead(scene, j, project);
        if (stale & (StageQNormed | StageKNormed | StageQRotated | StageKRotated))
            rotateHead(j);
        if (stale & StageScores)
            scoreHead(j);
        if (stale & StageMasked)
            normalizeHead(j, (stale & StageScaled) != 0);
        if (stale & StageContext)
            contextHead(j);
    }
    if (stale & (StageConcat | StageOutput))
        computeOutput(scene);

    result.stages = stale;
    result.heads = std::move(heads);
    return result;
}

void Pipeline::computeX(const Scene &s)
{
    m_compactRows.clear();
    if (s.hasMemory())
        m_stages.memory = s.memory.x;
    else
        m_stages.memory.resize(0, 0);
    if (s.direct) {
        m_stages.x.resize(0, 0);
        return;
    }
    if (s.hasInputX()) {
        m_stages.x = s.x;
        return;
    }
    // The token → row lookup hashes every token; reuse it while tokens and vocabulary stay.
    if (s.tokens != m_rowsTokens || s.vocabulary != m_rowsVocabulary) {
        m_rows = embeddingRows(s);
        m_rowsTokens = s.tokens;
        m_rowsVocabulary = s.vocabulary;
    }
    const std::vector<int> &rows = m_rows;
    m_stages.x.resize(s.tokenCount(), s.dModel);
    for (size_t i = 0; i < rows.size(); ++i)
        m_stages.x.row(Eigen::Index(i)) = s.embeddings.row(rows[i]);
    if (s.positional == PositionalEncoding::Sinusoidal) {
        m_stages.x += sinusoidalEncoding(s.tokenCount(), s.dModel);
        return;
    }
    // Without an additive encoding, a repeated token has the same X row and so the same Q, K
    // and V rows: project each distinct row once, (E·W)[tokens] = E[tokens]·W.
    std::vector<int> compactOf(s.vocabulary.size(), -1);
    std::vector<int> used;
    m_compactRows.resize(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        int &c = compactOf[size_t(rows[i])];
        if (c < 0) {
            c = int(used.size());
            used.push_back(rows[i]);
        }
        m_compactRows[i] = c;
    }
    if (used.size() * 10 > rows.size() * 9) { // too few repeats to be worth a gather
        m_compactRows.clear();
        return;
    }
    m_compactX.resize(Eigen::Index(used.size()), s.dModel);
    for (size_t c = 0; c < used.size(); ++c)
        m_compactX.row(Eigen::Index(c)) = s.embeddings.row(used[c]);
}

void Pipeline::project(const Eigen::Ref<const Matrix> &weights, const Eigen::Ref<const RowVector> &bias, Matrix &out)
{
    if (m_compactRows.empty()) {
        out.noalias() = m_stages.x * weights;
        if (bias.size() > 0)
            out.rowwise() += bias;
        return;
    }
    m_compact.noalias() = m_compactX * weights;
    if (bias.size() > 0)
        m_compact.rowwise() += bias;
    out.resize(m_stages.x.rows(), weights.cols());
    for (size_t i = 0; i < m_compactRows.size(); ++i)
        out.row(Eigen::Index(i)) = m_compact.row(m_compactRows[i]);
}

void Pipeline::projectStage(const Scene &s, Stage stage, const Eigen::Ref<const Matrix> &weights,
    const Eigen::Ref<const RowVector> &bias, Matrix &out)
{
    if (!readsMemory(s, stage)) {
        project(weights, bias, out);
        return;
    }
    out.noalias() = m_stages.memory * weights;
    if (bias.size() > 0)
        out.rowwise() += bias;
}

void Pipeline::projectAll(const Scene &s)
{
    if (s.direct || s.heads == 1) {
        for (int j = 0; j < m_shape.heads; ++j)
            projectHead(s, j, StageQ | StageK | StageV);
        return;
    }
    // One wide product per weight matrix runs much faster than h narrow ones; the heads then
    // take their column blocks.
    const Matrix *weights[] = {&s.wq, &s.wk, &s.wv};
    const RowVector *biases[] = {&s.bq, &s.bk, &s.bv};
    const Stage stages[] = {StageQ, StageK, StageV};
    for (int w = 0; w < 3; ++w) {
        projectStage(s, stages[w], *weights[w], *biases[w], m_wide);
        for (int j = 0; j < s.heads; ++j) {
            HeadStages &hs = m_stages.heads[size_t(j)];
            Matrix &target = w == 0 ? hs.q : w == 1 ? hs.k : hs.v;
            target = m_wide.middleCols(Eigen::Index(j) * s.dK, s.dK);
        }
    }
}

void Pipeline::projectHead(const Scene &s, int head, StageSet which)
{
    HeadStages &hs = m_stages.heads[size_t(head)];
    if (s.direct) {
        if (which & StageQ)
            hs.q = s.q;
        if (which & StageK)
            hs.k = s.k;
        if (which & StageV)
            hs.v = s.v;
        return;
    }
    const Eigen::Index first = Eigen::Index(head) * s.dK;
    if (which & StageQ)
        projectStage(s, StageQ, s.wq.middleCols(first, s.dK), biasPart(s.bq, first, s.dK), hs.q);
    if (which & StageK)
        projectStage(s, StageK, s.wk.middleCols(first, s.dK), biasPart(s.bk, first, s.dK), hs.k);
    if (which & StageV)
        projectStage(s, StageV, s.wv.middleCols(first, s.dK), biasPart(s.bv, first, s.dK), hs.v);
}

void Pipeline::rotateHead(int head)
{
    HeadStages &hs = m_stages.heads[size_t(head)];
    const AttentionVariants &v = m_shape.variants;
    if (v.qkNorm) { // Qwen3 and Gemma 3 norm each head's vectors before rotating them
        hs.qNormed = rmsNormRows(hs.q, v.qNormWeight, v.qkNormEpsilon);
        hs.kNormed = rmsNormRows(hs.k, v.kNormWeight, v.qkNormEpsilon);
    }
    if (m_shape.positional != PositionalEncoding::Rope)
        return;
    const Matrix &q = v.qkNorm ? hs.qNormed : hs.q;
    const Matrix &k = v.qkNorm ? hs.kNormed : hs.k;
    hs.qRotated.resize(q.rows(), q.cols());
    hs.kRotated.resize(k.rows(), k.cols());
    applyRope(q, hs.qRotated, m_shape.ropeConvention, m_shape.ropeFrequencies);
    applyRope(k, hs.kRotated, m_shape.ropeConvention, m_shape.ropeFrequencies);
}

void Pipeline::scoreHead(int head)
{
    HeadStages &hs = m_stages.heads[size_t(head)];
    hs.scores.noalias() = hs.queries() * hs.keys().transpose();
}

void Pipeline::normalizeHead(int head, bool rescale)
{
    HeadStages &hs = m_stages.heads[size_t(head)];
    // n queries × keys (the tokens, or the memory's rows).
    const Eigen::Index n = hs.scores.rows(), keys = hs.scores.cols();
    if (rescale || hs.scaled.rows() != n || hs.scaled.cols() != keys)
        hs.scaled.resize(n, keys);
    hs.masked.resize(n, keys);
    hs.weights.resize(n, keys);
    const Scalar d = m_divisor;
    const AttentionVariants &v = m_shape.variants;
    const Scalar cap = v.softCap;
    if (cap > 0)
        hs.capped.resize(n, keys);
    if (v.sinkLogit)
        hs.sink.resize(n, 1);
    const Scalar sink = sinkLogitOf(v, head);
    const bool parallel = n * n >= kParallelCells;
    (void)parallel;
#ifdef _OPENMP // a build without OpenMP stays free of unknown-pragma warnings
#pragma omp parallel for schedule(static) if (parallel)
#endif
    for (Eigen::Index r = 0; r < n; ++r) {
        if (rescale)
            hs.scaled.row(r) = hs.scores.row(r) / d;
        // Soft-capping sits after the scaling and before the mask, as in Gemma 2.
        if (cap > 0)
            for (Eigen::Index c = 0; c < keys; ++c)
                hs.capped(r, c) = softCapped(hs.scaled(r, c), cap);
        const Scalar *logits = cap > 0 ? hs.capped.row(r).data() : hs.scaled.row(r).data();
        if (v.sinkLogit)
            hs.sink(r, 0) = sinkSoftmaxRow(
                logits, m_visible.row(r).data(), keys, sink, hs.masked.row(r).data(), hs.weights.row(r).data());
        else
            maskedSoftmaxRow(logits, m_visible.row(r).data(), keys, hs.masked.row(r).data(), hs.weights.row(r).data());
    }
}

void Pipeline::contextHead(int head)
{
    HeadStages &hs = m_stages.heads[size_t(head)];
    hs.context.noalias() = hs.weights * hs.v;
}

void Pipeline::computeOutput(const Scene &s)
{
    const Eigen::Index n = s.tokenCount();
    const Eigen::Index dv = m_shape.dV;
    m_stages.concat.resize(n, dv * m_shape.heads);
    for (int j = 0; j < m_shape.heads; ++j)
        m_stages.concat.middleCols(j * dv, dv) = m_stages.heads[size_t(j)].context;
    if (s.hasOutputWeights()) {
        m_stages.output.noalias() = m_stages.concat * s.wo;
        if (s.bo.size() > 0)
            m_stages.output.rowwise() += s.bo;
    } else
        m_stages.output = m_stages.concat;
}

void Pipeline::collectWarnings(const Scene &s)
{
    m_stages.rowsWithoutKeys.clear();
    m_stages.warnings.clear();
    for (Eigen::Index r = 0; r < m_visible.rows(); ++r) {
        if ((m_visible.row(r).array() != 0).any())
            continue;
        m_stages.rowsWithoutKeys.push_back(int(r));
        m_stages.warnings.push_back("row " + std::to_string(r) + " (token \"" + s.tokens[size_t(r)]
            + "\") sees no key: its weights and its context vector are all zero");
    }
}

} // namespace attnlab::core
