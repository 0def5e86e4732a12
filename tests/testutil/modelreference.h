#pragma once
// Tiny GPT-2 and BERT checkpoints built in memory, and an independent naive reference of their
// forward passes written with plain loops in double precision (no Eigen, no production code),
// following transformers' modeling_gpt2.py and modeling_bert.py. Shared by the forward-pass
// tests in tests/core/model/.

#include "core/model/forward.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <vector>

namespace attnlab::test {

using core::Matrix;
using core::RowVector;
using core::model::ForwardRunner;
using core::model::LayerNormWeights;
using core::model::ModelConfig;
using core::model::ModelWeights;
using core::model::TensorView;

// ---- Tiny checkpoints built in memory -------------------------------------------------------

struct Storage {
    std::vector<std::unique_ptr<std::vector<float>>> buffers;
};

class Builder {
public:
    explicit Builder(unsigned seed)
        : m_rng(seed)
        , m_storage(std::make_shared<Storage>())
    {
    }

    TensorView random(int rows, int cols, float sigma, float mean = 0)
    {
        std::normal_distribution<float> dist(mean, sigma);
        auto buffer = std::make_unique<std::vector<float>>(size_t(rows) * cols);
        for (float &v : *buffer)
            v = dist(m_rng);
        TensorView t {buffer->data(), rows, cols};
        m_storage->buffers.push_back(std::move(buffer));
        return t;
    }
    TensorView vector(int length, float sigma, float mean = 0) { return random(1, length, sigma, mean); }
    LayerNormWeights norm(int d) { return {vector(d, 0.1f, 1.f), vector(d, 0.1f)}; }
    std::shared_ptr<const void> owner() const { return m_storage; }

private:
    std::mt19937 m_rng;
    std::shared_ptr<Storage> m_storage;
};

// A float32 Conv1D weight `stored` (in × out, as GPT-2's file holds it) seen as the loader
// shows it: outputs [first, first + count) of it, outputs × inputs, input-major, no copy.
TensorView conv1dColumns(const TensorView &stored, int first, int count);
// Elements [first, first + count) of a float32 vector, no copy.
TensorView vectorPart(const TensorView &v, int first, int count);

ModelConfig gpt2Config(int layers = 3);
ModelConfig bertConfig();
std::shared_ptr<ModelWeights> makeGpt2(const ModelConfig &c, unsigned seed = 7);
std::shared_ptr<ModelWeights> makeBert(const ModelConfig &c, unsigned seed = 11);

// ---- The naive reference ---------------------------------------------------------------------

using Vec = std::vector<double>;
using Mat = std::vector<Vec>; // rows

double at(const TensorView &t, int r, int c);
double at(const TensorView &t, int i);
Vec layerNormRef(const Vec &x, const LayerNormWeights &w, double eps);
double geluTanh(double x);
double geluErf(double x);
// One row through W (outputs × inputs, whatever the view's storage): x·Wᵀ + b.
Vec linear(const Vec &x, const TensorView &w, const TensorView &b);
Vec softmaxRef(const Vec &z);

struct Reference {
    std::vector<Mat> inputs; // per layer + final
    std::vector<Mat> attentionInputs; // per layer
    std::vector<Mat> attentionOutputs; // per layer: merge(ctx)·W_O + b_O (before the residual)
    std::vector<std::vector<Mat>> weights; // [layer][head], before the head mask
    // A sparse MLP layer's router (rotaryReference; empty on dense layers): logits, the chosen
    // experts by descending weight, their weights.
    std::vector<Mat> routerLogits;
    std::vector<std::vector<std::vector<int>>> routerExperts;
    std::vector<Mat> routerWeights;
    Vec probabilities;
};

// Attention of one layer: q, k, v are n × d (all heads side by side).
Mat attendRef(
    const Mat &q, const Mat &k, const Mat &v, int heads, bool causal, const Vec &headMask, std::vector<Mat> &weights);
Reference gpt2Reference(const ModelWeights &w, const std::vector<int> &ids, const Mat &headMask);
Reference bertReference(const ModelWeights &w, const std::vector<int> &ids, int position, const Mat &headMask);

// A head mask with every head on.
Mat allOn(const ModelConfig &c);
double maxDiff(const Matrix &a, const Mat &b);
double maxDiff(const RowVector &a, const Vec &b);
// ForwardRunner::attentionThumbnail's documented picture of a weights matrix.
Mat thumbnailOf(const Mat &w);
void expectMatchesReference(const ForwardRunner &run, const Reference &ref);
std::vector<int> gpt2Ids();
std::vector<int> bertIds();

} // namespace attnlab::test
