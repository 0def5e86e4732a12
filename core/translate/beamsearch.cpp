#include "core/translate/beamsearch.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attnlab::core::translate {

namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

struct Beam {
    std::vector<GeneratedToken> tokens;
    double sum = 0; // the sum of the rule-processed log-probabilities
};

struct Hypothesis {
    std::vector<GeneratedToken> tokens;
    double score = 0;
};

struct Candidate {
    double sum;
    size_t beam;
    int token;
    double probability;
};

// The B best finished hypotheses (BeamHypotheses).
class Hypotheses {
public:
    explicit Hypotheses(int size)
        : m_size(size_t(size))
    {
    }
    void add(std::vector<GeneratedToken> tokens, double score)
    {
        if (m_list.size() >= m_size && score <= worst())
            return;
        m_list.push_back({std::move(tokens), score});
        if (m_list.size() > m_size)
            m_list.erase(std::min_element(m_list.begin(), m_list.end(),
                [](const Hypothesis &a, const Hypothesis &b) { return a.score < b.score; }));
    }
    bool full() const { return m_list.size() >= m_size; }
    double worst() const
    {
        double w = std::numeric_limits<double>::infinity();
        for (const Hypothesis &h : m_list)
            w = std::min(w, h.score);
        return w;
    }
    const Hypothesis *best() const
    {
        const Hypothesis *b = nullptr;
        for (const Hypothesis &h : m_list)
            if (!b || h.score > b->score)
                b = &h;
        return b;
    }

private:
    size_t m_size;
    std::vector<Hypothesis> m_list;
};

std::vector<int> idsOf(int start, const std::vector<GeneratedToken> &tokens)
{
    std::vector<int> ids = {start};
    for (const GeneratedToken &t : tokens)
        ids.push_back(t.id);
    return ids;
}

std::vector<int> plainIds(const std::vector<GeneratedToken> &tokens)
{
    std::vector<int> ids;
    for (const GeneratedToken &t : tokens)
        ids.push_back(t.id);
    return ids;
}

// Whether no running beam can beat the worst finished hypothesis any more (is_done).
bool searchIsDone(const Hypotheses &hyps, double bestRunningSum, int step, const SearchOptions &o)
{
    if (!hyps.full())
        return false;
    switch (o.earlyStopping) {
    case EarlyStopping::WhenFull:
        return true;
    case EarlyStopping::Heuristic:
        return hyps.worst() >= beamScore(bestRunningSum, step, o.lengthPenalty);
    case EarlyStopping::Never:
        return hyps.worst() >= beamScore(bestRunningSum, o.lengthPenalty > 0 ? o.maxNewTokens : step, o.lengthPenalty);
    }
    return false;
}

} // namespace

SearchOptions searchOptions(const GenerationRules &rules, int maxNewTokens)
{
    SearchOptions o;
    o.maxNewTokens = maxNewTokens;
    o.numBeams = rules.numBeams;
    o.lengthPenalty = rules.lengthPenalty;
    o.earlyStopping = rules.earlyStopping;
    return o;
}

double beamScore(double sumLogProbabilities, int generatedTokens, double lengthPenalty)
{
    return sumLogProbabilities / std::pow(double(std::max(generatedTokens, 1)), lengthPenalty);
}

std::vector<double> nextLogProbabilities(const TranslationModel &model, const Matrix &encoderOut,
    const std::vector<int> &targetIds, bool forceEos, std::vector<double> *probabilities)
{
    const GenerationRules &rules = model.rules();
    const Matrix logits = model.nextLogits(encoderOut, targetIds);
    const Eigen::Index last = 0;
    const double top = double(logits.row(last).maxCoeff());
    double total = 0;
    for (Eigen::Index j = 0; j < logits.cols(); ++j)
        total += std::exp(double(logits(last, j)) - top);
    const double logTotal = std::log(total);
    std::vector<double> out(size_t(logits.cols()));
    if (probabilities)
        probabilities->resize(out.size());
    for (Eigen::Index j = 0; j < logits.cols(); ++j) {
        out[size_t(j)] = double(logits(last, j)) - top - logTotal;
        if (probabilities)
            (*probabilities)[size_t(j)] = std::exp(out[size_t(j)]);
    }
    for (const int b : rules.banned)
        out[size_t(b)] = kMinusInf;
    if (forceEos && rules.forcedEos >= 0) {
        std::fill(out.begin(), out.end(), kMinusInf);
        out[size_t(rules.forcedEos)] = 0;
    }
    return out;
}

SearchResult translate(const TranslationModel &model, const std::string &text, const SearchOptions &options,
    const TranslationProgress &progress)
{
    SearchResult result;
    const GenerationRules &rules = model.rules();
    if (options.numBeams <= 1) {
        result.translation = translateGreedy(model, text, options.maxNewTokens, progress);
        // The greedy run's score under the same rule: its tokens' rule-processed log-probabilities.
        const Matrix encoderOut = model.encode(result.translation.sourceIds);
        std::vector<int> ids = {rules.decoderStart};
        double sum = 0;
        for (size_t i = 0; i < result.translation.generated.size(); ++i) {
            const int step = int(i) + 1;
            const std::vector<double> lp = nextLogProbabilities(model, encoderOut, ids, step == options.maxNewTokens);
            sum += lp[size_t(result.translation.generated[i].id)];
            ids.push_back(result.translation.generated[i].id);
        }
        result.score = beamScore(sum, int(result.translation.generated.size()), options.lengthPenalty);
        return result;
    }

    Translation &t = result.translation;
    for (const Token &token : model.tokenizer().encodeSource(text))
        t.sourceIds.push_back(token.id);
    const Matrix encoderOut = model.encode(t.sourceIds);
    const size_t beams = size_t(options.numBeams);
    std::vector<Beam> running(1);
    Hypotheses hyps(options.numBeams);
    bool done = false;
    for (int step = 1; step <= options.maxNewTokens && !done; ++step) {
        const bool lastStep = step == options.maxNewTokens;
        std::vector<Candidate> candidates;
        for (size_t b = 0; b < running.size(); ++b) {
            std::vector<double> probabilities;
            const std::vector<double> lp = nextLogProbabilities(
                model, encoderOut, idsOf(rules.decoderStart, running[b].tokens), lastStep, &probabilities);
            for (size_t j = 0; j < lp.size(); ++j)
                if (lp[j] > kMinusInf)
                    candidates.push_back({running[b].sum + lp[j], b, int(j), probabilities[j]});
        }
        // The 2·B best, in order (ties: the earlier beam, then the smaller id, as torch.topk
        // over the flattened beams × vocabulary would list them).
        const size_t keep = std::min(candidates.size(), 2 * beams);
        std::partial_sort(candidates.begin(), candidates.begin() + std::ptrdiff_t(keep), candidates.end(),
            [](const Candidate &a, const Candidate &b) {
                if (a.sum != b.sum)
                    return a.sum > b.sum;
                return a.beam != b.beam ? a.beam < b.beam : a.token < b.token;
            });
        std::vector<Beam> next;
        for (size_t rank = 0; rank < keep && next.size() < beams; ++rank) {
            const Candidate &c = candidates[rank];
            Beam beam = running[c.beam];
            beam.tokens.push_back({c.token, model.tokenizer().tokenText(c.token), c.probability});
            beam.sum = c.sum;
            if (c.token == rules.eos) {
                if (rank < beams)
                    hyps.add(std::move(beam.tokens), beamScore(c.sum, step, options.lengthPenalty));
            } else {
                next.push_back(std::move(beam));
            }
        }
        running = std::move(next);
        done = running.empty() || (keep > 0 && searchIsDone(hyps, candidates[0].sum, step, options));
        if (progress && !running.empty() && !progress(running.front().tokens)) {
            t.cancelled = true;
            break;
        }
    }
    // The running beams join the hypotheses when the run ended by its length (finalize).
    if (!done || !hyps.best())
        for (const Beam &beam : running)
            hyps.add(beam.tokens, beamScore(beam.sum, int(beam.tokens.size()), options.lengthPenalty));
    if (const Hypothesis *best = hyps.best()) {
        t.generated = best->tokens;
        result.score = best->score;
    }
    t.text = model.tokenizer().decode(plainIds(t.generated));
    return result;
}

} // namespace attnlab::core::translate
