#include "marianreference.h"

#include "modelfixtures.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

namespace attnlab::test {

namespace {

const std::string kSpmData = std::string(ATTNLAB_SOURCE_DIR) + "/tests/core/translate/data";

// Values as the file holds them (float32), kept in double for the reference.
struct Writer {
    std::mt19937 rng;
    std::vector<FixtureTensor> tensors;

    explicit Writer(unsigned seed)
        : rng(seed)
    {
    }

    MatrixD matrix(const std::string &name, int rows, int cols, double sigma, double mean = 0)
    {
        std::normal_distribution<float> normal(0.f, 1.f);
        FixtureTensor t;
        t.name = name;
        t.shape = {rows, cols};
        MatrixD m(rows, cols);
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c) {
                const float v = float(mean + sigma * double(normal(rng)));
                t.values.push_back(v);
                m(r, c) = double(v);
            }
        tensors.push_back(std::move(t));
        return m;
    }
    VectorD vector(const std::string &name, int n, double sigma, double mean = 0)
    {
        const MatrixD m = matrix(name, 1, n, sigma, mean);
        tensors.back().shape = {n};
        return m.row(0).transpose();
    }
    MarianLinear linear(const std::string &name, int out, int in)
    {
        MarianLinear l;
        l.weight = matrix(name + ".weight", out, in, 1.0 / std::sqrt(double(in)));
        l.bias = vector(name + ".bias", out, 0.1);
        return l;
    }
    MarianNorm norm(const std::string &name, int d)
    {
        return {vector(name + ".weight", d, 0.1, 1.0), vector(name + ".bias", d, 0.1)};
    }
};

MarianLayer writeLayer(Writer &w, const std::string &p, const TinyMarianOptions &o, bool decoder)
{
    const int d = o.dModel;
    MarianLayer L;
    L.q = w.linear(p + "self_attn.q_proj", d, d);
    L.k = w.linear(p + "self_attn.k_proj", d, d);
    L.v = w.linear(p + "self_attn.v_proj", d, d);
    L.out = w.linear(p + "self_attn.out_proj", d, d);
    L.selfNorm = w.norm(p + "self_attn_layer_norm", d);
    if (decoder) {
        L.crossK = w.linear(p + "encoder_attn.k_proj", d, d);
        L.crossV = w.linear(p + "encoder_attn.v_proj", d, d);
        L.crossQ = w.linear(p + "encoder_attn.q_proj", d, d);
        L.crossOut = w.linear(p + "encoder_attn.out_proj", d, d);
        L.crossNorm = w.norm(p + "encoder_attn_layer_norm", d);
    }
    L.fc1 = w.linear(p + "fc1", o.ffn, d);
    L.fc2 = w.linear(p + "fc2", d, o.ffn);
    L.finalNorm = w.norm(p + "final_layer_norm", d);
    return L;
}

// ---- The reference: modeling_marian.py in double, one operation at a time ----

MatrixD linear(const MatrixD &x, const MarianLinear &l)
{
    MatrixD y(x.rows(), l.weight.rows());
    for (int i = 0; i < x.rows(); ++i)
        for (int o = 0; o < l.weight.rows(); ++o) {
            double sum = l.bias(o);
            for (int c = 0; c < x.cols(); ++c)
                sum += x(i, c) * l.weight(o, c);
            y(i, o) = sum;
        }
    return y;
}

MatrixD layerNorm(const MatrixD &x, const MarianNorm &n)
{
    MatrixD y(x.rows(), x.cols());
    for (int i = 0; i < x.rows(); ++i) {
        double mean = 0, var = 0;
        for (int c = 0; c < x.cols(); ++c)
            mean += x(i, c);
        mean /= double(x.cols());
        for (int c = 0; c < x.cols(); ++c)
            var += (x(i, c) - mean) * (x(i, c) - mean);
        var /= double(x.cols());
        for (int c = 0; c < x.cols(); ++c)
            y(i, c) = (x(i, c) - mean) / std::sqrt(var + 1e-5) * n.weight(c) + n.bias(c);
    }
    return y;
}

// MarianAttention: q = q_proj(x) · head_dim^−½; per head softmax(q kᵀ + mask) v; out_proj.
MatrixD attention(const MatrixD &x, const MatrixD &memory, const MarianLinear &qp, const MarianLinear &kp,
    const MarianLinear &vp, const MarianLinear &op, int heads, bool causal, int traceHead, MarianHeadRef *trace)
{
    const MatrixD q = linear(x, qp), k = linear(memory, kp), v = linear(memory, vp);
    const int dh = int(q.cols()) / heads, n = int(x.rows()), m = int(memory.rows());
    MatrixD context(n, q.cols());
    for (int h = 0; h < heads; ++h) {
        MatrixD w(n, m);
        for (int i = 0; i < n; ++i) {
            double top = -std::numeric_limits<double>::infinity();
            for (int j = 0; j < m; ++j) {
                double s = 0;
                for (int c = 0; c < dh; ++c)
                    s += q(i, h * dh + c) / std::sqrt(double(dh)) * k(j, h * dh + c);
                w(i, j) = causal && j > i ? -std::numeric_limits<double>::infinity() : s;
                top = std::max(top, w(i, j));
            }
            double total = 0;
            for (int j = 0; j < m; ++j)
                total += (w(i, j) = std::exp(w(i, j) - top));
            for (int j = 0; j < m; ++j)
                w(i, j) /= total;
            for (int c = 0; c < dh; ++c) {
                double sum = 0;
                for (int j = 0; j < m; ++j)
                    sum += w(i, j) * v(j, h * dh + c);
                context(i, h * dh + c) = sum;
            }
        }
        if (trace && h == traceHead) {
            trace->q = q.middleCols(h * dh, dh);
            trace->k = k.middleCols(h * dh, dh);
            trace->v = v.middleCols(h * dh, dh);
            trace->weights = w;
            trace->context = context.middleCols(h * dh, dh);
        }
    }
    return linear(context, op);
}

double activation(const std::string &name, double x)
{
    if (name == "swish" || name == "silu")
        return x / (1 + std::exp(-x));
    if (name == "relu")
        return x > 0 ? x : 0;
    return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); // gelu
}

MatrixD mlp(const MatrixD &x, const MarianLayer &L, const std::string &act)
{
    MatrixD inner = linear(x, L.fc1);
    for (int i = 0; i < inner.rows(); ++i)
        for (int c = 0; c < inner.cols(); ++c)
            inner(i, c) = activation(act, inner(i, c));
    return linear(inner, L.fc2);
}

// inputs_embeds · embed_scale + MarianSinusoidalPositionalEmbedding(positions 0 … n − 1).
MatrixD embed(const TinyMarian &m, const std::vector<int> &ids)
{
    const int d = m.options.dModel;
    const double scale = m.options.scaleEmbedding ? std::sqrt(double(d)) : 1.0;
    const int sentinel = d % 2 == 0 ? d / 2 : d / 2 + 1;
    MatrixD h(int(ids.size()), d);
    for (int p = 0; p < int(ids.size()); ++p) {
        // position_enc[pos, j] = pos / 10000^(2·(j // 2) / dim); sin of the even columns first,
        // then cos of the odd ones; the buffer is float32.
        std::vector<double> enc(size_t(d), 0.0);
        for (int j = 0; j < d; ++j)
            enc[size_t(j)] = p / std::pow(10000.0, 2.0 * (j / 2) / d);
        std::vector<double> row(static_cast<size_t>(d), 0.0);
        int col = 0;
        for (int j = 0; j < d; j += 2)
            row[size_t(col++)] = double(float(std::sin(enc[size_t(j)])));
        col = sentinel;
        for (int j = 1; j < d; j += 2)
            row[size_t(col++)] = double(float(std::cos(enc[size_t(j)])));
        for (int c = 0; c < d; ++c)
            h(p, c) = m.shared(ids[size_t(p)], c) * scale + row[size_t(c)];
    }
    return h;
}

} // namespace

TinyMarian writeTinyMarian(const std::string &dir, const TinyMarianOptions &o)
{
    namespace fs = std::filesystem;
    for (const char *f : {"source.spm", "target.spm", "vocab.json"})
        fs::copy_file(kSpmData + "/" + f, fs::path(dir) / f, fs::copy_options::overwrite_existing);
    std::ifstream vocabFile(kSpmData + "/vocab.json");
    const nlohmann::json vocab = nlohmann::json::parse(vocabFile);
    TinyMarian m;
    m.options = o;
    m.vocab = int(vocab.size());
    m.pad = vocab.at("<pad>").get<int>();
    m.eos = vocab.at("</s>").get<int>();
    m.decoderStart = m.pad;

    Writer w(o.seed);
    m.shared = w.matrix("model.shared.weight", m.vocab, o.dModel, 1.0);
    // transformers zeroes the pad row (padding_idx); the file holds whatever was trained.
    m.finalLogitsBias = w.vector("final_logits_bias", m.vocab, 0.5);
    w.tensors.back().shape = {1, m.vocab};
    for (int l = 0; l < o.encoderLayers; ++l)
        m.encoder.push_back(writeLayer(w, "model.encoder.layers." + std::to_string(l) + ".", o, false));
    for (int l = 0; l < o.decoderLayers; ++l)
        m.decoder.push_back(writeLayer(w, "model.decoder.layers." + std::to_string(l) + ".", o, true));
    writeBytes(dir + "/model.safetensors", safetensorsBytes(w.tensors));

    nlohmann::json config = {{"model_type", "marian"}, {"d_model", o.dModel}, {"encoder_layers", o.encoderLayers},
        {"decoder_layers", o.decoderLayers}, {"encoder_attention_heads", o.heads}, {"decoder_attention_heads", o.heads},
        {"encoder_ffn_dim", o.ffn}, {"decoder_ffn_dim", o.ffn}, {"vocab_size", m.vocab},
        {"max_position_embeddings", o.maxPositions}, {"activation_function", o.activation},
        {"scale_embedding", o.scaleEmbedding}, {"pad_token_id", m.pad}, {"eos_token_id", m.eos},
        {"decoder_start_token_id", m.decoderStart}, {"architectures", {"MarianMTModel"}}};
    std::ofstream(dir + "/config.json") << config.dump(2);
    nlohmann::json generation = {{"bad_words_ids", {{m.pad}}}, {"decoder_start_token_id", m.decoderStart},
        {"eos_token_id", m.eos}, {"max_length", 512}, {"num_beams", 4}, {"pad_token_id", m.pad}};
    if (o.forcedEos)
        generation["forced_eos_token_id"] = m.eos;
    std::ofstream(dir + "/generation_config.json") << generation.dump(2);
    return m;
}

MatrixD marianEncode(
    const TinyMarian &m, const std::vector<int> &ids, int traceLayer, int traceHead, MarianHeadRef *trace)
{
    MatrixD h = embed(m, ids);
    for (int l = 0; l < int(m.encoder.size()); ++l) {
        const MarianLayer &L = m.encoder[size_t(l)];
        // MarianEncoderLayer: residual + self_attn → self_attn_layer_norm; residual + fc2(act(fc1)) → final_layer_norm.
        const MatrixD a = attention(
            h, h, L.q, L.k, L.v, L.out, m.options.heads, false, traceHead, l == traceLayer ? trace : nullptr);
        h = layerNorm(h + a, L.selfNorm);
        h = layerNorm(h + mlp(h, L, m.options.activation), L.finalNorm);
    }
    return h;
}

MatrixD marianDecode(const TinyMarian &m, const MatrixD &encoderOut, const std::vector<int> &targetIds,
    MarianAttention kind, int traceLayer, int traceHead, MarianHeadRef *trace)
{
    MatrixD h = embed(m, targetIds);
    for (int l = 0; l < int(m.decoder.size()); ++l) {
        const MarianLayer &L = m.decoder[size_t(l)];
        const bool picked = l == traceLayer;
        const MatrixD a = attention(h, h, L.q, L.k, L.v, L.out, m.options.heads, true, traceHead,
            picked && kind == MarianAttention::Decoder ? trace : nullptr);
        h = layerNorm(h + a, L.selfNorm);
        const MatrixD c = attention(h, encoderOut, L.crossQ, L.crossK, L.crossV, L.crossOut, m.options.heads, false,
            traceHead, picked && kind == MarianAttention::Cross ? trace : nullptr);
        h = layerNorm(h + c, L.crossNorm);
        h = layerNorm(h + mlp(h, L, m.options.activation), L.finalNorm);
    }
    // lm_head (tied to model.shared) + final_logits_bias.
    MatrixD logits(h.rows(), m.vocab);
    for (int i = 0; i < h.rows(); ++i)
        for (int t = 0; t < m.vocab; ++t) {
            double sum = m.finalLogitsBias(t);
            for (int c = 0; c < h.cols(); ++c)
                sum += h(i, c) * m.shared(t, c);
            logits(i, t) = sum;
        }
    return logits;
}

std::vector<int> marianGreedy(const TinyMarian &m, const std::vector<int> &sourceIds, int maxNewTokens)
{
    const MatrixD enc = marianEncode(m, sourceIds);
    std::vector<int> target = {m.decoderStart}, out;
    // generate(): max_length = max_new_tokens + the decoder's start; ForcedEOSTokenLogitsProcessor
    // forces eos when cur_len == max_length − 1; NoBadWordsLogitsProcessor masks the pad token.
    for (int step = 1; step <= maxNewTokens; ++step) {
        const MatrixD logits = marianDecode(m, enc, target);
        int pick = 0;
        if (m.options.forcedEos && int(target.size()) == maxNewTokens) {
            pick = m.eos;
        } else {
            double best = -std::numeric_limits<double>::infinity();
            for (int t = 0; t < m.vocab; ++t)
                if (t != m.pad && logits(logits.rows() - 1, t) > best) {
                    best = logits(logits.rows() - 1, t);
                    pick = t;
                }
        }
        out.push_back(pick);
        target.push_back(pick);
        if (pick == m.eos)
            break;
    }
    return out;
}

} // namespace attnlab::test
