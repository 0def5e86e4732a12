#include "core/scene/sceneedits.h"

#include "core/scene/pipeline.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace attnlab::core::edits {

namespace {

std::uint64_t splitmix64(std::uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

std::uint64_t cellIndex(Eigen::Index r, Eigen::Index c)
{
    return (std::uint64_t(r) << 32) | std::uint64_t(c);
}

// Seeded values for cells that did not exist before a resize, named after the matrix so that
// W_Q and W_K differ.
core::Scalar freshWeight(const char *name, Eigen::Index r, Eigen::Index c)
{
    return seededValue(textSeed(name), cellIndex(r, c));
}

core::Matrix seededMatrix(std::uint64_t seed, Eigen::Index rows, Eigen::Index cols)
{
    core::Matrix m(rows, cols);
    for (Eigen::Index r = 0; r < rows; ++r)
        for (Eigen::Index c = 0; c < cols; ++c)
            m(r, c) = seededValue(seed, cellIndex(r, c));
    return m;
}

// Resizes a weight matrix whose columns (or rows, when `blockRows`) are grouped in head
// blocks of `oldBlock` → `newBlock`, keeping each head's overlap in place.
// A rows × cols matrix that keeps every value of `old` at its place and draws the rest.
core::Matrix resizeKeeping(const core::Matrix &old, const char *name, Eigen::Index rows, Eigen::Index cols)
{
    core::Matrix m(rows, cols);
    for (Eigen::Index r = 0; r < rows; ++r)
        for (Eigen::Index c = 0; c < cols; ++c)
            m(r, c) = r < old.rows() && c < old.cols() ? old(r, c) : freshWeight(name, r, c);
    return m;
}

core::MaskMatrix resizeMask(const core::MaskMatrix &old, Eigen::Index n)
{
    core::MaskMatrix m = core::MaskMatrix::Ones(n, n);
    const Eigen::Index r = std::min(old.rows(), n), c = std::min(old.cols(), n);
    m.topLeftCorner(r, c) = old.topLeftCorner(r, c);
    return m;
}

core::RowVector seededRow(const std::string &token, const char *what, Eigen::Index cols)
{
    core::RowVector row(cols);
    const std::uint64_t seed = textSeed(token) ^ textSeed(what);
    for (Eigen::Index c = 0; c < cols; ++c)
        row(c) = seededValue(seed, std::uint64_t(c));
    return row;
}

// Rows that follow their tokens: row i is the row of the first old position holding
// tokens[i], or a row seeded from the token and `what` when the token is new.
core::Matrix rowsFollowingTokens(const core::Matrix &old, const std::vector<std::string> &oldTokens,
    const std::vector<std::string> &tokens, const char *what)
{
    std::unordered_map<std::string, Eigen::Index> firstPosition;
    for (size_t i = 0; i < oldTokens.size() && Eigen::Index(i) < old.rows(); ++i)
        firstPosition.emplace(oldTokens[i], Eigen::Index(i));
    core::Matrix out(Eigen::Index(tokens.size()), old.cols());
    for (Eigen::Index i = 0; i < out.rows(); ++i) {
        const auto it = firstPosition.find(tokens[size_t(i)]);
        out.row(i) = it != firstPosition.end() ? core::RowVector(old.row(it->second))
                                               : seededRow(tokens[size_t(i)], what, old.cols());
    }
    return out;
}

// A bias resized as the weight columns it belongs to: entries kept in place, new ones drawn
// (absent stays absent).
core::RowVector resizeBias(const core::RowVector &old, const char *name, Eigen::Index length)
{
    if (old.size() == 0)
        return old;
    return resizeKeeping(old, name, 1, length).row(0);
}

} // namespace

std::uint64_t textSeed(const std::string &text)
{
    std::uint64_t h = 0xCBF29CE484222325ull;
    for (unsigned char ch : text) {
        h ^= ch;
        h *= 0x100000001B3ull;
    }
    return h;
}

core::Scalar seededValue(std::uint64_t seed, std::uint64_t index)
{
    const std::uint64_t bits = splitmix64(seed ^ splitmix64(index));
    // 201 equally likely values −1.00 … 1.00.
    return core::Scalar(double(int(bits % 201) - 100) / 100.0);
}

core::RowVector tokenEmbedding(const std::string &token, int dModel)
{
    core::RowVector row(dModel);
    const std::uint64_t seed = textSeed(token);
    for (int c = 0; c < dModel; ++c)
        row(c) = seededValue(seed, std::uint64_t(c));
    return row;
}

core::Scene withTokens(const core::Scene &s, const std::vector<std::string> &tokens)
{
    core::Scene out = s;
    out.tokens = tokens;
    const Eigen::Index n = Eigen::Index(tokens.size());
    if (s.direct) {
        out.q = rowsFollowingTokens(s.q, s.tokens, tokens, "Q");
        out.k = rowsFollowingTokens(s.k, s.tokens, tokens, "K");
        out.v = rowsFollowingTokens(s.v, s.tokens, tokens, "V");
    } else if (s.hasInputX()) {
        out.x = rowsFollowingTokens(s.x, s.tokens, tokens, "X");
    } else {
        std::unordered_map<std::string, Eigen::Index> oldRow;
        for (size_t r = 0; r < s.vocabulary.size(); ++r)
            oldRow.emplace(s.vocabulary[r], Eigen::Index(r));
        out.vocabulary.clear();
        std::unordered_map<std::string, bool> added;
        for (const std::string &t : tokens)
            if (added.emplace(t, true).second)
                out.vocabulary.push_back(t);
        // Rows the user may have edited are never thrown away: tokens that left the sentence keep
        // theirs after the used ones, so typing the old sentence again brings its values back.
        for (const std::string &t : s.vocabulary)
            if (added.emplace(t, true).second)
                out.vocabulary.push_back(t);
        out.embeddings.resize(Eigen::Index(out.vocabulary.size()), s.dModel);
        for (size_t r = 0; r < out.vocabulary.size(); ++r) {
            const auto it = oldRow.find(out.vocabulary[r]);
            if (it != oldRow.end() && s.embeddings.cols() == s.dModel)
                out.embeddings.row(Eigen::Index(r)) = s.embeddings.row(it->second);
            else
                out.embeddings.row(Eigen::Index(r)) = tokenEmbedding(out.vocabulary[r], s.dModel);
        }
    }
    if (s.mask == core::MaskKind::Custom)
        out.customMask = resizeMask(s.customMask, n);
    return out;
}

std::vector<std::string> unusedVocabulary(const core::Scene &s)
{
    std::vector<std::string> out;
    if (s.direct || s.hasInputX())
        return out;
    const std::unordered_set<std::string> used(s.tokens.begin(), s.tokens.end());
    for (const std::string &entry : s.vocabulary)
        if (!used.count(entry))
            out.push_back(entry);
    return out;
}

core::Scene withoutUnusedRows(const core::Scene &s)
{
    core::Scene out = s;
    if (s.direct || s.hasInputX())
        return out;
    const std::unordered_set<std::string> used(s.tokens.begin(), s.tokens.end());
    std::vector<Eigen::Index> keep;
    out.vocabulary.clear();
    for (size_t r = 0; r < s.vocabulary.size(); ++r)
        if (used.count(s.vocabulary[r])) {
            keep.push_back(Eigen::Index(r));
            out.vocabulary.push_back(s.vocabulary[r]);
        }
    out.embeddings.resize(Eigen::Index(keep.size()), s.embeddings.cols());
    for (size_t r = 0; r < keep.size(); ++r)
        out.embeddings.row(Eigen::Index(r)) = s.embeddings.row(keep[r]);
    return out;
}

namespace {

// A rotary frequency table (a model's) fits one d_k only; past a change of d_k the scene falls
// back to its base.
void dropUnfittingRopeTable(core::Scene &s)
{
    if (s.ropeFrequencies.size() > 0 && s.ropeFrequencies.size() != s.keyDim() / 2)
        s.ropeFrequencies.resize(0);
}

} // namespace

core::Scene withDimensions(const core::Scene &s, int dModel, int heads, int dK)
{
    core::Scene out = s;
    if (s.direct || dModel < 1 || heads < 1 || dK < 1)
        return out;
    out.dModel = dModel;
    out.heads = heads;
    out.dK = dK;
    const Eigen::Index hd = Eigen::Index(heads) * dK;
    out.embeddings.resize(Eigen::Index(s.vocabulary.size()), dModel);
    for (size_t r = 0; r < s.vocabulary.size(); ++r) {
        const Eigen::Index row = Eigen::Index(r);
        out.embeddings.row(row) = tokenEmbedding(s.vocabulary[r], dModel);
        const Eigen::Index keep = std::min<Eigen::Index>(dModel, s.embeddings.cols());
        if (row < s.embeddings.rows())
            out.embeddings.row(row).head(keep) = s.embeddings.row(row).head(keep);
    }
    // Multi-head attention splits one projection: every column of W_Q, W_K and W_V stays where
    // it is (1 head × d_k 8 → 2 heads × d_k 4 hands columns 0–3 to head 1 and 4–7 to head 2),
    // and only columns that did not exist are drawn. W_O's rows follow the columns of concat.
    out.wq = resizeKeeping(s.wq, "W_Q", dModel, hd);
    out.wk = resizeKeeping(s.wk, "W_K", dModel, hd);
    out.wv = resizeKeeping(s.wv, "W_V", dModel, hd);
    if (s.wo.size() > 0 || heads > 1)
        out.wo = resizeKeeping(s.wo, "W_O", hd, dModel);
    // X gains or loses columns with d_model; the biases follow the columns of the weights.
    if (s.hasInputX())
        out.x = resizeKeeping(s.x, "X", s.x.rows(), dModel);
    out.bq = resizeBias(s.bq, "b_Q", hd);
    out.bk = resizeBias(s.bk, "b_K", hd);
    out.bv = resizeBias(s.bv, "b_V", hd);
    out.bo = resizeBias(s.bo, "b_O", dModel);
    dropUnfittingRopeTable(out);
    return out;
}

core::Scene withDirectKeyDim(const core::Scene &s, int dK)
{
    core::Scene out = s;
    if (!s.direct || dK < 1)
        return out;
    out.q = resizeKeeping(s.q, "Q", s.q.rows(), dK);
    out.k = resizeKeeping(s.k, "K", s.k.rows(), dK);
    dropUnfittingRopeTable(out);
    return out;
}

core::Scene withRandomWeights(const core::Scene &s, std::uint64_t seed)
{
    core::Scene out = s;
    const auto draw = [seed](const core::Matrix &m, const char *name) {
        return seededMatrix(seed ^ textSeed(name), m.rows(), m.cols());
    };
    if (s.direct) {
        out.q = draw(s.q, "Q");
        out.k = draw(s.k, "K");
        out.v = draw(s.v, "V");
    } else {
        out.wq = draw(s.wq, "W_Q");
        out.wk = draw(s.wk, "W_K");
        out.wv = draw(s.wv, "W_V");
        if (s.wo.size() > 0)
            out.wo = draw(s.wo, "W_O");
    }
    return out;
}

core::Scene withIdentityWeights(const core::Scene &s)
{
    core::Scene out = s;
    if (s.direct)
        return out;
    out.wq = core::Matrix::Identity(s.wq.rows(), s.wq.cols());
    out.wk = core::Matrix::Identity(s.wk.rows(), s.wk.cols());
    out.wv = core::Matrix::Identity(s.wv.rows(), s.wv.cols());
    if (s.wo.size() > 0)
        out.wo = core::Matrix::Identity(s.wo.rows(), s.wo.cols());
    return out;
}

core::Scene withPositional(const core::Scene &s, core::PositionalEncoding pe)
{
    core::Scene out = s;
    out.positional = pe;
    return out;
}

core::Scene withScale(const core::Scene &s, core::ScaleKind kind, core::Scalar customDivisor)
{
    core::Scene out = s;
    out.scale = kind;
    if (kind == core::ScaleKind::Custom)
        out.customDivisor = customDivisor;
    return out;
}

core::Scene withMaskKind(const core::Scene &s, core::MaskKind kind)
{
    core::Scene out = s;
    if (kind == core::MaskKind::Custom && s.mask != core::MaskKind::Custom)
        out.customMask = core::effectiveMask(s);
    out.mask = kind;
    return out;
}

core::Scene withPaddingMask(const core::Scene &s, int k)
{
    core::Scene out = s;
    const Eigen::Index n = s.tokenCount();
    out.mask = core::MaskKind::Custom;
    out.customMask = core::MaskMatrix::Ones(n, n);
    const Eigen::Index hidden = std::clamp<Eigen::Index>(k, 0, n);
    out.customMask.rightCols(hidden).setZero();
    return out;
}

core::Scene withMaskCellToggled(const core::Scene &s, int row, int column)
{
    core::Scene out = withMaskKind(s, core::MaskKind::Custom);
    if (row >= 0 && column >= 0 && row < out.customMask.rows() && column < out.customMask.cols())
        out.customMask(row, column) = out.customMask(row, column) ? 0 : 1;
    return out;
}

core::Scene toDirectMode(const core::Scene &s, int head)
{
    if (s.direct)
        return s;
    core::Pipeline pipeline;
    const core::Stages &stages = pipeline.compute(s);
    const core::HeadStages &h = stages.heads.at(size_t(std::clamp(head, 0, s.headCount() - 1)));
    core::Scene out = s;
    out.direct = true;
    out.q = h.q;
    out.k = h.k;
    out.v = h.v;
    if (out.positional == core::PositionalEncoding::Sinusoidal)
        out.positional = core::PositionalEncoding::None;
    out.dModel = 0;
    out.vocabulary.clear();
    out.embeddings.resize(0, 0);
    out.heads = 1;
    out.dK = 0;
    out.wq.resize(0, 0);
    out.wk.resize(0, 0);
    out.wv.resize(0, 0);
    out.wo.resize(0, 0);
    // Q, K and V already hold X and the biases; direct mode has neither.
    out.x.resize(0, 0);
    out.bq.resize(0);
    out.bk.resize(0);
    out.bv.resize(0);
    out.bo.resize(0);
    return out;
}

core::Scene toModelMode(const core::Scene &s)
{
    if (!s.direct)
        return s;
    core::Scene out = s;
    const int d = std::max(1, int(s.q.cols()));
    out.direct = false;
    out.q.resize(0, 0);
    out.k.resize(0, 0);
    out.v.resize(0, 0);
    out.dModel = d;
    out.heads = 1;
    out.dK = d;
    out.vocabulary.clear();
    out.embeddings.resize(0, d);
    out = withTokens(out, s.tokens);
    out = withIdentityWeights([&] {
        core::Scene shaped = out;
        shaped.wq.resize(d, d);
        shaped.wk.resize(d, d);
        shaped.wv.resize(d, d);
        return shaped;
    }());
    return out;
}

} // namespace attnlab::core::edits
