// A head of a Qwen2 or Llama model as a board scene: X, the head's weights, rotate-half RoPE at
// the model's frequencies, against the runner and the naive double-precision reference of
// tests/testutil/rotaryreference.h; and an edit of the K/V weights a group of heads shares,
// applied with setHeadWeights, reaching every head of the group.

#include "core/model/forward.h"
#include "core/model/headscene.h"
#include "core/scene/pipeline.h"

#include "rotaryreference.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace attnlab::core;
using namespace attnlab::core::model;
using namespace attnlab::test;

namespace {

std::vector<std::string> tokenNames(int n)
{
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i)
        out.push_back("t" + std::to_string(i));
    return out;
}

RopeScaling llama3Scaling()
{
    RopeScaling s;
    s.type = "llama3";
    s.factor = 8;
    s.originalMaxPositions = 16; // a head of 8 then has frequencies in all three bands
    return s;
}

std::string english(const Scene &s, const char *language = "en")
{
    for (const auto &[code, text] : s.description)
        if (code == language)
            return text;
    return {};
}

// Every head's scene computes the model's own attention: the weights of the runner and of the
// reference, and the runner's rotated queries and keys.
void expectScenesMatchTheModel(const RotaryShape &shape, unsigned seed)
{
    SCOPED_TRACE(shape.family + " heads " + std::to_string(shape.heads) + "/" + std::to_string(shape.kvHeads));
    auto w = makeRotary(rotaryConfig(shape), seed);
    ForwardRunner run(w);
    const std::vector<int> ids = rotaryIds();
    ASSERT_TRUE(run.run(ids));
    const Reference ref = rotaryReference(*w, ids, allOn(w->config));
    const int n = int(ids.size());
    for (int layer = 0; layer < shape.layers; ++layer)
        for (int head = 0; head < shape.heads; ++head) {
            const Scene s = headScene(run, layer, head, tokenNames(n));
            ASSERT_TRUE(validate(s).empty()) << validate(s).front().message.english();
            EXPECT_FALSE(s.direct);
            ASSERT_TRUE(s.hasInputX());
            EXPECT_EQ(s.positional, PositionalEncoding::Rope);
            EXPECT_EQ(s.ropeConvention, RotaryConvention::HalfSplit);
            if (shape.scaling.type == "default") {
                EXPECT_EQ(double(s.ropeBase), shape.theta);
                EXPECT_EQ(s.ropeFrequencies.size(), 0);
            } else {
                EXPECT_EQ(s.ropeFrequencies, run.rotaryFrequencies());
            }
            Pipeline p;
            const Stages &st = p.compute(s);
            const HeadStages &h = st.heads.at(0);
            const Matrix model = run.attentionWeights(layer, head);
            EXPECT_LT((h.weights - model).cwiseAbs().maxCoeff(), 2e-5) << layer << "." << head;
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j)
                    EXPECT_NEAR(h.weights(i, j), ref.weights[size_t(layer)][size_t(head)][size_t(i)][size_t(j)], 1e-4);
            Matrix q, k, qRot, kRot;
            run.headQueryKey(layer, head, false, q, k);
            run.headQueryKey(layer, head, true, qRot, kRot);
            EXPECT_LT((h.q - q).cwiseAbs().maxCoeff(), 1e-5);
            EXPECT_LT((h.k - k).cwiseAbs().maxCoeff(), 1e-5);
            EXPECT_LT((h.qRotated - qRot).cwiseAbs().maxCoeff(), 1e-4);
            EXPECT_LT((h.kRotated - kRot).cwiseAbs().maxCoeff(), 1e-4);
        }
}

} // namespace

TEST(RotaryHeadScene, EveryHeadsWeightsEqualTheModelsUnderRotateHalfRope)
{
    RotaryShape qwen; // 4 query heads over 2 key/value heads, q/k/v biases, rope_theta 10000
    qwen.theta = 1e6;
    expectScenesMatchTheModel(qwen, 3);
    RotaryShape llama;
    llama.family = "llama";
    llama.attentionBias = true; // b_O too
    llama.headDim = 6; // 4 × 6 ≠ 16
    expectScenesMatchTheModel(llama, 4);
    RotaryShape scaled;
    scaled.family = "llama";
    scaled.heads = 2;
    scaled.kvHeads = 1;
    scaled.theta = 500000;
    scaled.scaling = llama3Scaling();
    expectScenesMatchTheModel(scaled, 5);
}

TEST(RotaryHeadScene, TheDescriptionNamesTheFrequenciesAndTheHeadsThatShareKeysAndValues)
{
    RotaryShape shape; // 4 heads over 2 key/value heads
    shape.theta = 1e6;
    auto w = makeRotary(rotaryConfig(shape), 6);
    ForwardRunner run(w);
    ASSERT_TRUE(run.run(rotaryIds()));
    const Scene s = headScene(run, 1, 3, tokenNames(int(rotaryIds().size())));
    const std::string en = english(s), zh = english(s, "zh_CN");
    EXPECT_NE(en.find("rotate_half pairs (0, 2) (1, 3)"), std::string::npos) << en;
    EXPECT_NE(en.find("1000000^(−2i/d_k)"), std::string::npos) << en;
    EXPECT_NE(en.find("heads 3 and 4 of this layer all read key/value head 2"), std::string::npos) << en;
    EXPECT_NE(zh.find("头 3、头 4 都读取键/值头 2"), std::string::npos) << zh;
    EXPECT_EQ(en.find("b_O"), std::string::npos) << "Qwen2's o_proj has no bias";

    shape.kvHeads = 4; // every head its own keys and values: nothing shared to name
    shape.family = "llama";
    shape.heads = 4;
    shape.scaling = llama3Scaling();
    auto mha = makeRotary(rotaryConfig(shape), 7);
    ForwardRunner other(mha);
    ASSERT_TRUE(other.run(rotaryIds()));
    const std::string single = english(headScene(other, 0, 1, tokenNames(int(rotaryIds().size()))));
    EXPECT_EQ(single.find("Grouped-query"), std::string::npos) << single;
    EXPECT_NE(single.find("rescaled by its rope_scaling \"llama3\""), std::string::npos) << single;
}

TEST(RotaryHeadScene, AnAppliedEditOfSharedKeysAndValuesChangesEveryHeadOfTheGroup)
{
    RotaryShape shape; // heads 1, 2 read key/value head 1; heads 3, 4 key/value head 2
    auto w = makeRotary(rotaryConfig(shape), 8);
    ForwardRunner run(w);
    const std::vector<int> ids = rotaryIds();
    ASSERT_TRUE(run.run(ids));
    const std::vector<std::string> tokens = tokenNames(int(ids.size()));
    std::vector<Matrix> before;
    for (int head = 0; head < 4; ++head)
        before.push_back(run.attentionWeights(1, head));
    const RowVector probabilities = run.probabilities();

    const Scene pristine = headScene(run, 1, 2, tokens);
    Scene edited = pristine;
    edited.wk *= 2.5f;
    edited.wk(0, 1) += 1;
    edited.bk(2) -= 0.5f;
    edited.wv(3, 0) += 2;
    ASSERT_TRUE(run.setHeadWeights(1, 2, edited));

    // Head 4 (index 3) reads the same key/value head: its scene has the edited K and V weights,
    // and its weights changed and are what the board computes from that scene.
    const Scene sibling = headScene(run, 1, 3, tokens);
    EXPECT_EQ(sibling.wk, edited.wk);
    EXPECT_EQ(sibling.bk, edited.bk);
    EXPECT_EQ(sibling.wv, edited.wv);
    EXPECT_EQ(sibling.wq, headScene(*w, run.attentionInput(1), 1, 3, tokens).wq) << "its own W_Q stays";
    for (int head : {2, 3}) {
        const Matrix after = run.attentionWeights(1, head);
        EXPECT_GT((after - before[size_t(head)]).cwiseAbs().maxCoeff(), 1e-3) << head;
        Pipeline p;
        p.compute(headScene(run, 1, head, tokens));
        EXPECT_LT((p.stages().heads.at(0).weights - after).cwiseAbs().maxCoeff(), 2e-5) << head;
    }
    // The other group keeps its keys and values.
    for (int head : {0, 1})
        EXPECT_LT((run.attentionWeights(1, head) - before[size_t(head)]).cwiseAbs().maxCoeff(), 1e-6) << head;
    EXPECT_GT((run.probabilities() - probabilities).cwiseAbs().maxCoeff(), 1e-6);

    // Applying the head's old scene (what undo does) restores the whole group.
    ASSERT_TRUE(run.setHeadWeights(1, 2, pristine));
    for (int head = 0; head < 4; ++head)
        EXPECT_LT((run.attentionWeights(1, head) - before[size_t(head)]).cwiseAbs().maxCoeff(), 1e-6) << head;
    EXPECT_LT((run.probabilities() - probabilities).cwiseAbs().maxCoeff(), 1e-6);
}
