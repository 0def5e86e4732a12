// Beam search on the tiny Marian checkpoint: one beam is greedy search, and with as many beams as
// the vocabulary has tokens it finds the sequence a brute-force search over every sequence finds
// under transformers' length-penalty rule.

#include "core/translate/beamsearch.h"

#include "marianreference.h"
#include "modelfixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace attnlab;
using namespace attnlab::core::translate;

namespace {

class BeamSearchTest : public testing::Test {
protected:
    void SetUp() override
    {
        m_dir = test::makeTempDir("marian-beam");
        m_fixture = test::writeTinyMarian(m_dir);
    }
    void TearDown() override { test::removeTree(m_dir); }
    std::string m_dir;
    test::TinyMarian m_fixture;
};

struct Best {
    std::vector<int> ids;
    double score = -std::numeric_limits<double>::infinity();
};

// Every sequence of at most `maxNew` tokens that ends in </s> (or reaches `maxNew`), scored as
// sum of log-probabilities / length^penalty with the rules applied, by plain recursion.
void bruteForce(const TranslationModel &model, const core::Matrix &enc, std::vector<int> &prefix, double sum,
    int maxNew, double penalty, Best &best)
{
    const int step = int(prefix.size()); // prefix holds the decoder start
    const std::vector<double> lp = nextLogProbabilities(model, enc, prefix, step == maxNew);
    for (size_t j = 0; j < lp.size(); ++j) {
        if (!std::isfinite(lp[j]))
            continue;
        const double s = sum + lp[j];
        if (int(j) == model.rules().eos || step == maxNew) {
            const double score = s / std::pow(double(step), penalty);
            if (score > best.score) {
                best.score = score;
                best.ids.assign(prefix.begin() + 1, prefix.end());
                best.ids.push_back(int(j));
            }
            continue;
        }
        prefix.push_back(int(j));
        bruteForce(model, enc, prefix, s, maxNew, penalty, best);
        prefix.pop_back();
    }
}

std::vector<int> idsOf(const Translation &t)
{
    std::vector<int> ids;
    for (const auto &g : t.generated)
        ids.push_back(g.id);
    return ids;
}

} // namespace

TEST_F(BeamSearchTest, GenerationConfigAsksForFourBeams)
{
    const TranslationModel model = TranslationModel::load(m_dir);
    EXPECT_EQ(model.rules().numBeams, 4);
    EXPECT_DOUBLE_EQ(model.rules().lengthPenalty, 1.0);
    EXPECT_EQ(model.rules().earlyStopping, EarlyStopping::Heuristic);
    EXPECT_EQ(searchOptions(model.rules(), 9).numBeams, 4);
}

TEST_F(BeamSearchTest, OneBeamIsGreedySearch)
{
    const TranslationModel model = TranslationModel::load(m_dir);
    for (const std::string text : {"猫吃鱼", "我们喜欢狗。"}) {
        SearchOptions o;
        o.maxNewTokens = 6;
        const SearchResult r = translate(model, text, o);
        EXPECT_EQ(idsOf(r.translation), test::marianGreedy(m_fixture, r.translation.sourceIds, 6)) << text;
        EXPECT_EQ(idsOf(r.translation), idsOf(translateGreedy(model, text, 6)));
        EXPECT_LT(r.score, 0.0);
    }
}

TEST_F(BeamSearchTest, EnoughBeamsFindTheBruteForceBest)
{
    const TranslationModel model = TranslationModel::load(m_dir);
    const int maxNew = 3;
    for (const double penalty : {1.0, 0.0, 2.0}) {
        for (const std::string text : {"猫吃鱼", "小猫不吃鸟"}) {
            std::vector<int> source;
            for (const auto &token : model.tokenizer().encodeSource(text))
                source.push_back(token.id);
            const core::Matrix enc = model.encode(source);
            Best best;
            std::vector<int> prefix = {model.rules().decoderStart};
            bruteForce(model, enc, prefix, 0, maxNew, penalty, best);
            SearchOptions o;
            o.maxNewTokens = maxNew;
            o.numBeams = m_fixture.vocab;
            o.lengthPenalty = penalty;
            o.earlyStopping = EarlyStopping::Never;
            const SearchResult r = translate(model, text, o);
            EXPECT_EQ(idsOf(r.translation), best.ids) << text << " penalty " << penalty;
            EXPECT_NEAR(r.score, best.score, 1e-9) << text << " penalty " << penalty;
        }
    }
}

TEST_F(BeamSearchTest, FourBeamsScoreTheirOwnTokensByTheRule)
{
    const TranslationModel model = TranslationModel::load(m_dir);
    SearchOptions o = searchOptions(model.rules(), 5);
    int calls = 0;
    const SearchResult r = translate(model, "猫吃鱼。", o, [&](const std::vector<GeneratedToken> &so) {
        ++calls;
        EXPECT_EQ(int(so.size()), calls);
        return true;
    });
    ASSERT_FALSE(r.translation.generated.empty());
    EXPECT_GE(calls, 1);
    EXPECT_EQ(r.translation.generated.back().id, m_fixture.eos);
    // Recompute the winner's score token by token.
    const core::Matrix enc = model.encode(r.translation.sourceIds);
    std::vector<int> prefix = {model.rules().decoderStart};
    double sum = 0;
    for (const auto &g : r.translation.generated) {
        const int step = int(prefix.size());
        sum += nextLogProbabilities(model, enc, prefix, step == 5)[size_t(g.id)];
        prefix.push_back(g.id);
        EXPECT_NE(g.id, m_fixture.pad);
    }
    EXPECT_NEAR(r.score, sum / double(r.translation.generated.size()), 1e-9);
    EXPECT_EQ(r.translation.text, model.tokenizer().decode(idsOf(r.translation)));
}

TEST_F(BeamSearchTest, TheProgressCallbackCancels)
{
    const TranslationModel model = TranslationModel::load(m_dir);
    for (const int beams : {1, 3}) {
        SearchOptions o;
        o.maxNewTokens = 8;
        o.numBeams = beams;
        const SearchResult r = translate(model, "猫吃鱼", o, [](const std::vector<GeneratedToken> &) { return false; });
        EXPECT_TRUE(r.translation.cancelled) << beams;
        EXPECT_LE(r.translation.generated.size(), size_t(1)) << beams;
    }
}
