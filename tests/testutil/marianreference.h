#pragma once
// A tiny random Marian checkpoint (config.json, generation_config.json, model.safetensors named as
// transformers' MarianMTModel saves them, and the real tiny SentencePiece models of
// tests/core/translate/data) and an independent naive float64 reference of modeling_marian.py,
// written from the PyTorch code and not from core/: plain loops over the fixture's own values,
// never the loader's views.

#include <Eigen/Dense>

#include <random>
#include <string>
#include <vector>

namespace attnlab::test {

using MatrixD = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using VectorD = Eigen::VectorXd;

struct MarianLinear {
    MatrixD weight; // out × in, nn.Linear
    VectorD bias;
};

struct MarianNorm {
    VectorD weight, bias;
};

struct MarianLayer {
    MarianLinear q, k, v, out; // self-attention
    MarianNorm selfNorm;
    MarianLinear crossQ, crossK, crossV, crossOut; // decoder only
    MarianNorm crossNorm;
    MarianLinear fc1, fc2;
    MarianNorm finalNorm;
};

struct TinyMarianOptions {
    int dModel = 8, heads = 2, ffn = 16, encoderLayers = 2, decoderLayers = 2, maxPositions = 64;
    bool scaleEmbedding = true;
    std::string activation = "swish";
    bool forcedEos = true;
    unsigned seed = 35;
};

struct TinyMarian {
    TinyMarianOptions options;
    int vocab = 0, pad = 0, eos = 0, decoderStart = 0;
    MatrixD shared; // vocab × d
    VectorD finalLogitsBias;
    std::vector<MarianLayer> encoder, decoder;
};

// Writes the checkpoint into `dir` (which must exist), with the fixture's .spm files and
// vocab.json; vocab_size is vocab.json's size, pad the last id (opus-mt's layout).
TinyMarian writeTinyMarian(const std::string &dir, const TinyMarianOptions &options = {});

enum class MarianAttention { Encoder, Decoder, Cross };

struct MarianHeadRef {
    MatrixD q, k, v, weights, context;
};

// The encoder's last hidden states (source rows × d).
MatrixD marianEncode(const TinyMarian &m, const std::vector<int> &ids, int traceLayer = -1, int traceHead = 0,
    MarianHeadRef *trace = nullptr);

// The logits (target rows × vocab) over `encoderOut`; the decoder's or the cross head's trace.
MatrixD marianDecode(const TinyMarian &m, const MatrixD &encoderOut, const std::vector<int> &targetIds,
    MarianAttention kind = MarianAttention::Decoder, int traceLayer = -1, int traceHead = 0,
    MarianHeadRef *trace = nullptr);

// Greedy search as transformers runs it with this fixture's generation_config.json: the pad token
// masked, </s> forced as the max_new_tokens-th token, stop after </s>. The generated ids.
std::vector<int> marianGreedy(const TinyMarian &m, const std::vector<int> &sourceIds, int maxNewTokens);

} // namespace attnlab::test
