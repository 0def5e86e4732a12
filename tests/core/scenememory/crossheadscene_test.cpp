// A cross-attention head of a tiny Marian checkpoint as a scene with a memory: the pipeline's Q,
// K, V, weights and context equal the independent float64 reference (tests/testutil/
// marianreference) and the model's own trace, for every layer and head.

#include "core/scene/pipeline.h"
#include "core/translate/crossheadscene.h"

#include "marianreference.h"
#include "modelfixtures.h"

#include <gtest/gtest.h>

#include <limits>

using namespace attnlab;
using namespace attnlab::core::translate;

namespace {

double gap(const core::Matrix &a, const test::MatrixD &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return std::numeric_limits<double>::infinity();
    return (a.cast<double>() - b).cwiseAbs().maxCoeff();
}

} // namespace

TEST(CrossHeadScene, EveryCrossHeadOnTheBoardEqualsTheReference)
{
    const std::string dir = test::makeTempDir("crossboard");
    const test::TinyMarian fixture = test::writeTinyMarian(dir);
    const TranslationModel model = TranslationModel::load(dir);
    std::vector<int> src;
    for (const auto &t : model.tokenizer().encodeSource("小猫吃鱼。"))
        src.push_back(t.id);
    const std::vector<int> tgt = {fixture.decoderStart, 3, 32, 38};
    const test::MatrixD encoderOut = test::marianEncode(fixture, src);
    for (int layer = 0; layer < model.layers(AttentionKind::Cross); ++layer)
        for (int head = 0; head < model.heads(AttentionKind::Cross); ++head) {
            const core::Scene s = crossHeadScene(model, src, tgt, layer, head);
            ASSERT_TRUE(core::validate(s).empty());
            EXPECT_EQ(s.tokenCount(), int(tgt.size()));
            EXPECT_EQ(s.memory.tokens.size(), src.size());
            EXPECT_EQ(s.memory.tokens.back(), "</s>");
            EXPECT_LT(gap(s.memory.x, encoderOut), 1e-4);
            core::Pipeline p;
            const core::HeadStages &h = p.compute(s).heads[0];
            test::MarianHeadRef want;
            test::marianDecode(fixture, encoderOut, tgt, test::MarianAttention::Cross, layer, head, &want);
            const std::string where = "layer " + std::to_string(layer) + " head " + std::to_string(head);
            EXPECT_LT(gap(h.q, want.q), 1e-4) << where;
            EXPECT_LT(gap(h.k, want.k), 1e-4) << where;
            EXPECT_LT(gap(h.v, want.v), 1e-4) << where;
            EXPECT_LT(gap(h.weights, want.weights), 1e-5) << where;
            EXPECT_LT(gap(h.context, want.context), 1e-4) << where;
            EXPECT_EQ(h.weights.rows(), Eigen::Index(tgt.size()));
            EXPECT_EQ(h.weights.cols(), Eigen::Index(src.size()));
        }
    EXPECT_THROW(crossHeadScene(model, src, tgt, 5, 0), std::invalid_argument);
    EXPECT_THROW(crossHeadScene(model, src, tgt, 0, 9), std::invalid_argument);
    test::removeTree(dir);
}
