#include "core/translate/translationmodel.h"

#include "core/json/strictjson.h"
#include "core/model/block/attention.h"
#include "core/model/block/layerblock.h"
#include "core/model/modelerror.h"
#include "core/model/modelloader.h"
#include "core/text/messageid.h"
#include "core/tokenize/tokenizerdata.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <system_error>

namespace attnlab::core::translate {

namespace {

namespace fs = std::filesystem;
using model::ModelError;
using Json = nlohmann::json;

bool isFile(const fs::path &path)
{
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

Json readJsonObject(const fs::path &path, const std::string &file)
{
    const Json json = model::parseJsonFile(model::readTokenizerFile(path.string(), file), file);
    if (!json.is_object())
        throw ModelError(file, Message(MessageId::ConfigNotObject));
    return json;
}

// A token id under `key` of `json` into `id` (null or absent: unchanged); refused outside the
// vocabulary.
void readId(const Json &json, const char *key, const std::string &file, int vocab, int &id)
{
    const auto it = json.find(key);
    if (it == json.end() || it->is_null())
        return;
    // eos_token_id may be a list; the first is the one generation ends with.
    const Json &value = it->is_array() && !it->empty() ? it->front() : *it;
    if (!value.is_number_unsigned() || value.get<std::uint64_t>() >= std::uint64_t(vocab))
        throw ModelError(
            Problem {key, Message(MessageId::TokenizerMustBeTokenId, model::detail::shown(value)), 0, 0, file});
    id = int(value.get<std::uint64_t>());
}

GenerationRules readRules(const fs::path &dir, const Json &config, int vocab)
{
    GenerationRules r;
    const char *keys[] = {"decoder_start_token_id", "eos_token_id", "pad_token_id", "forced_eos_token_id"};
    int *ids[] = {&r.decoderStart, &r.eos, &r.pad, &r.forcedEos};
    for (int i = 0; i < 4; ++i)
        readId(config, keys[i], "config.json", vocab, *ids[i]);
    Json generation = Json::object();
    if (isFile(dir / "generation_config.json")) {
        generation = readJsonObject(dir / "generation_config.json", "generation_config.json");
        const Json &g = generation;
        for (int i = 0; i < 4; ++i)
            readId(g, keys[i], "generation_config.json", vocab, *ids[i]);
        // bad_words_ids: lists of ids; a one-id list bans that token (transformers'
        // NoBadWordsLogitsProcessor); longer sequences are not banned by greedy search here.
        if (const auto it = g.find("bad_words_ids"); it != g.end() && it->is_array())
            for (const Json &words : *it)
                if (words.is_array() && words.size() == 1 && words[0].is_number_unsigned()
                    && words[0].get<std::uint64_t>() < std::uint64_t(vocab))
                    r.banned.push_back(int(words[0].get<std::uint64_t>()));
    }
    if (r.pad >= 0)
        r.banned.push_back(r.pad);
    for (const Json *source : {&config, static_cast<const Json *>(&generation)}) {
        if (const auto it = source->find("num_beams"); it != source->end() && it->is_number_unsigned())
            r.numBeams = std::max(1, int(std::min<std::uint64_t>(it->get<std::uint64_t>(), 64)));
        if (const auto it = source->find("length_penalty"); it != source->end() && it->is_number())
            r.lengthPenalty = it->get<double>();
        if (const auto it = source->find("early_stopping"); it != source->end()) {
            if (it->is_boolean())
                r.earlyStopping = it->get<bool>() ? EarlyStopping::WhenFull : EarlyStopping::Heuristic;
            else if (it->is_string() && it->get<std::string>() == "never")
                r.earlyStopping = EarlyStopping::Never;
        }
    }
    if (r.decoderStart < 0)
        r.decoderStart = r.pad;
    return r;
}

model::ModelWeights loadStack(const std::string &dir, const model::ModelFamily &family)
{
    model::LoadModelResult loaded = model::loadModel(dir, family);
    if (!loaded.ok())
        throw ModelError(*loaded.problem);
    return std::move(*loaded.weights);
}

// The embeddings of `ids` as the stack reads them: scaled, plus the sinusoidal positions 0 … n − 1.
Matrix embed(const model::ModelWeights &w, const model::BlockSpec &s, const std::vector<int> &ids)
{
    Matrix h(Eigen::Index(ids.size()), w.config.dModel);
    model::embeddingRows(w.tokenEmbeddings, ids, 0, h);
    model::scaleEmbeddings(s, h);
    model::addSinusoidalPositions(0, h);
    return h;
}

// One layer's self-attention of rows `h` into `context`, the picked head's trace kept.
void selfAttention(const model::BlockSpec &s, const model::LayerWeights &L, const Matrix &h, int pickHead,
    HeadTrace *trace, Matrix &context, std::vector<Matrix> *maps)
{
    if (maps)
        maps->assign(size_t(s.heads), Matrix());
    const Eigen::Index n = h.rows();
    Matrix a, q(n, s.queryWidth()), k(n, s.keyValueWidth()), v(n, s.keyValueWidth()), w;
    model::attentionInput(s, L, h, a);
    model::projectQkv(s, L, a, Matrix(), Matrix(), q, k, v);
    context.resize(n, s.queryWidth());
    for (int head = 0; head < s.heads; ++head) {
        const Eigen::Index qc = Eigen::Index(head) * s.headDim, kc = Eigen::Index(s.kvHeadOf(head)) * s.headDim;
        model::headWeights(s, q.middleCols(qc, s.headDim), k.middleCols(kc, s.headDim), {}, w);
        model::weightedValues(s, w, v.middleCols(kc, s.headDim), {}, context.middleCols(qc, s.headDim));
        if (maps)
            (*maps)[size_t(head)] = w;
        if (trace && head == pickHead) {
            trace->q = q.middleCols(qc, s.headDim);
            trace->k = k.middleCols(kc, s.headDim);
            trace->v = v.middleCols(kc, s.headDim);
            trace->weights = w;
            trace->context = context.middleCols(qc, s.headDim);
        }
    }
}

void checkIds(const model::ModelWeights &w, const std::vector<int> &ids)
{
    for (const int id : ids)
        if (id < 0 || id >= w.config.vocabSize)
            throw std::out_of_range("token id " + std::to_string(id) + " is outside the vocabulary");
}

} // namespace

TranslationModel::TranslationModel(
    MarianTokenizer tokenizer, model::ModelWeights encoder, model::ModelWeights decoder, GenerationRules rules)
    : m_tokenizer(std::move(tokenizer))
    , m_encoder(std::move(encoder))
    , m_decoder(std::move(decoder))
    , m_rules(std::move(rules))
{
}

TranslationModel TranslationModel::load(const std::string &dir)
{
    const fs::path folder(dir);
    if (!isFile(folder / "config.json"))
        throw ModelError("config.json", Message(MessageId::NotFoundIn, model::detail::quoted(dir)));
    const Json config = readJsonObject(folder / "config.json", "config.json");
    const auto type = config.find("model_type");
    const model::EncoderDecoderFamily *family
        = type != config.end() && type->is_string() ? model::findEncoderDecoder(type->get<std::string>()) : nullptr;
    if (!family)
        throw ModelError("config.json",
            Message(MessageId::ConfigModelTypeUnsupported,
                type == config.end() ? std::string("null") : model::detail::shown(*type), "\"marian\""));
    MarianTokenizer tokenizer = MarianTokenizer::load(dir);
    model::ModelWeights encoder = loadStack(dir, *family->encoder);
    model::ModelWeights decoder = loadStack(dir, *family->decoder);
    const int vocab = decoder.config.vocabSize;
    if (tokenizer.vocabSize() > vocab)
        throw ModelError("vocab.json", Message(MessageId::TokenizerTokenIdTooLarge, tokenizer.vocabSize() - 1, vocab));
    GenerationRules rules = readRules(folder, config, vocab);
    if (rules.decoderStart < 0)
        throw ModelError(Problem {"decoder_start_token_id", Message(MessageId::IsMissing), 0, 0, "config.json"});
    if (rules.eos < 0)
        rules.eos = tokenizer.eosId();
    return TranslationModel(std::move(tokenizer), std::move(encoder), std::move(decoder), std::move(rules));
}

int TranslationModel::layers(AttentionKind kind) const
{
    return kind == AttentionKind::Encoder ? m_encoder.config.layers : m_decoder.config.layers;
}

int TranslationModel::heads(AttentionKind kind) const
{
    return kind == AttentionKind::Encoder ? m_encoder.config.heads : m_decoder.config.heads;
}

Matrix TranslationModel::encode(const std::vector<int> &sourceIds, const HeadPick &pick, HeadTrace *trace) const
{
    return runEncoder(sourceIds, pick, trace, nullptr);
}

Matrix TranslationModel::runEncoder(const std::vector<int> &sourceIds, const HeadPick &pick, HeadTrace *trace,
    std::vector<std::vector<Matrix>> *selfMaps) const
{
    checkIds(m_encoder, sourceIds);
    const model::BlockSpec s = model::BlockSpec::of(m_encoder.config);
    Matrix h = embed(m_encoder, s, sourceIds), context;
    model::BlockScratch scratch;
    if (selfMaps)
        selfMaps->assign(size_t(m_encoder.config.layers), {});
    for (int l = 0; l < m_encoder.config.layers; ++l) {
        const bool picked = trace && pick.kind == AttentionKind::Encoder && pick.layer == l;
        const model::LayerWeights &L = m_encoder.layers[size_t(l)];
        selfAttention(
            s, L, h, pick.head, picked ? trace : nullptr, context, selfMaps ? &(*selfMaps)[size_t(l)] : nullptr);
        model::finishLayer(s, L, h, context, scratch, h);
    }
    return h;
}

Matrix TranslationModel::decode(const Matrix &encoderOut, const std::vector<int> &targetIds, const HeadPick &pick,
    HeadTrace *trace, std::vector<std::vector<Matrix>> *crossWeights) const
{
    return logitsOf(runDecoder(encoderOut, targetIds, pick, trace, crossWeights, nullptr));
}

Matrix TranslationModel::nextLogits(const Matrix &encoderOut, const std::vector<int> &targetIds) const
{
    const Matrix h = runDecoder(encoderOut, targetIds, {}, nullptr, nullptr, nullptr);
    return logitsOf(h.bottomRows(1));
}

TranslationModel::AttentionMaps TranslationModel::attentionMaps(
    const std::vector<int> &sourceIds, const std::vector<int> &targetIds) const
{
    AttentionMaps maps;
    const Matrix encoderOut = runEncoder(sourceIds, {}, nullptr, &maps.encoder);
    runDecoder(encoderOut, targetIds, {}, nullptr, &maps.cross, &maps.decoder);
    return maps;
}

Matrix TranslationModel::logitsOf(const Matrix &rows) const
{
    const model::TensorView &head = m_decoder.outputHead.empty() ? m_decoder.tokenEmbeddings : m_decoder.outputHead;
    Matrix logits(rows.rows(), m_decoder.config.vocabSize);
    model::project(rows, head, {}, logits);
    if (!m_decoder.logitsBias.empty())
        model::addTableRowToEach(m_decoder.logitsBias, 0, logits);
    return logits;
}

Matrix TranslationModel::runDecoder(const Matrix &encoderOut, const std::vector<int> &targetIds, const HeadPick &pick,
    HeadTrace *trace, std::vector<std::vector<Matrix>> *crossWeights, std::vector<std::vector<Matrix>> *selfMaps) const
{
    checkIds(m_decoder, targetIds);
    const model::BlockSpec s = model::BlockSpec::of(m_decoder.config);
    Matrix h = embed(m_decoder, s, targetIds), context, crossQuery, crossContext;
    std::vector<Matrix> heads;
    model::BlockScratch scratch;
    model::CrossMemory memory;
    if (crossWeights)
        crossWeights->assign(size_t(m_decoder.config.layers), {});
    if (selfMaps)
        selfMaps->assign(size_t(m_decoder.config.layers), {});
    for (int l = 0; l < m_decoder.config.layers; ++l) {
        const model::LayerWeights &L = m_decoder.layers[size_t(l)];
        const bool pickedSelf = trace && pick.kind == AttentionKind::Decoder && pick.layer == l;
        const bool pickedCross = trace && pick.kind == AttentionKind::Cross && pick.layer == l;
        selfAttention(
            s, L, h, pick.head, pickedSelf ? trace : nullptr, context, selfMaps ? &(*selfMaps)[size_t(l)] : nullptr);
        model::crossKeysValues(s, L, encoderOut, memory);
        model::BlockCapture capture;
        if (pickedCross) {
            capture.crossQuery = &crossQuery;
            capture.crossContext = &crossContext;
            capture.crossInput = &trace->input;
        }
        if (pickedCross || crossWeights)
            capture.crossWeights = &heads;
        model::finishLayer(s, L, h, context, scratch, h, capture, &memory);
        if (pickedCross) {
            const Eigen::Index c0 = Eigen::Index(pick.head) * s.headDim;
            trace->q = crossQuery.middleCols(c0, s.headDim);
            trace->k = memory.keys.middleCols(c0, s.headDim);
            trace->v = memory.values.middleCols(c0, s.headDim);
            trace->weights = heads[size_t(pick.head)];
            trace->context = crossContext.middleCols(c0, s.headDim);
        }
        if (crossWeights)
            (*crossWeights)[size_t(l)] = heads;
    }
    return h;
}

Translation translateGreedy(
    const TranslationModel &model, const std::string &text, int maxNewTokens, const TranslationProgress &progress)
{
    const GenerationRules &rules = model.rules();
    Translation t;
    for (const Token &token : model.tokenizer().encodeSource(text))
        t.sourceIds.push_back(token.id);
    const Matrix encoderOut = model.encode(t.sourceIds);
    std::vector<int> target = {rules.decoderStart}, generated;
    for (int step = 1; step <= maxNewTokens; ++step) {
        const Matrix logits = model.nextLogits(encoderOut, target);
        const Eigen::Index last = 0;
        // The model's own softmax, in double.
        const double top = double(logits.row(last).maxCoeff());
        double total = 0;
        for (Eigen::Index j = 0; j < logits.cols(); ++j)
            total += std::exp(double(logits(last, j)) - top);
        int pick = -1;
        if (step == maxNewTokens && rules.forcedEos >= 0) {
            pick = rules.forcedEos;
        } else {
            Scalar best = -std::numeric_limits<Scalar>::infinity();
            for (Eigen::Index j = 0; j < logits.cols(); ++j) {
                bool banned = false;
                for (const int b : rules.banned)
                    banned = banned || b == int(j);
                if (!banned && (pick < 0 || logits(last, j) > best)) {
                    best = logits(last, j);
                    pick = int(j);
                }
            }
        }
        GeneratedToken g;
        g.id = pick;
        g.token = model.tokenizer().tokenText(pick);
        g.probability = std::exp(double(logits(last, pick)) - top) / total;
        t.generated.push_back(g);
        generated.push_back(pick);
        target.push_back(pick);
        const bool stop = progress && !progress(t.generated);
        if (pick == rules.eos)
            break;
        if (stop) {
            t.cancelled = true;
            break;
        }
    }
    t.text = model.tokenizer().decode(generated);
    return t;
}

} // namespace attnlab::core::translate
