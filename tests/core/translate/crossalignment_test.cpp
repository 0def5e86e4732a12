// The alignment read from cross-attention: hand-worked heads, and the tiny Marian model's real
// cross-attention averaged by the same rule as a plain loop.

#include "core/translate/crossalignment.h"
#include "core/translate/translationmodel.h"

#include "marianreference.h"
#include "modelfixtures.h"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace attnlab;
using namespace attnlab::core::translate;

TEST(CrossAlignment, HeadsAreAveragedAndEachRowTakesItsLargestColumn)
{
    core::Matrix a(2, 3), b(2, 3), c(2, 3), d(2, 3);
    a << 0.7f, 0.2f, 0.1f, 0.1f, 0.1f, 0.8f;
    b << 0.1f, 0.6f, 0.3f, 0.2f, 0.2f, 0.6f;
    c << 0.5f, 0.3f, 0.2f, 0.1f, 0.8f, 0.1f;
    d << 0.4f, 0.4f, 0.2f, 0.6f, 0.3f, 0.1f;
    const CrossAlignment al = alignCrossAttention({{a, b}, {c, d}});
    ASSERT_EQ(al.layers.size(), size_t(2));
    // Layer 0: mean rows (0.4, 0.4, 0.2) → a tie, the first column; (0.15, 0.15, 0.7) → column 2.
    EXPECT_EQ(al.layers[0].source, (std::vector<int> {0, 2}));
    EXPECT_NEAR(al.layers[0].weight[0], 0.4, 1e-6);
    EXPECT_NEAR(al.layers[0].weight[1], 0.7, 1e-6);
    EXPECT_NEAR(al.layers[0].confidence, 0.55, 1e-6);
    // Layer 1: (0.45, 0.35, 0.2) → 0; (0.35, 0.55, 0.1) → 1; confidence 0.5.
    EXPECT_EQ(al.layers[1].source, (std::vector<int> {0, 1}));
    EXPECT_NEAR(al.layers[1].confidence, 0.5, 1e-6);
    EXPECT_EQ(al.mostConfident, 0);
    EXPECT_NEAR(averageHeads({a, b})(1, 2), 0.7f, 1e-6);
}

TEST(CrossAlignment, NoLayersNoneConfidentAndMismatchedHeadsRefused)
{
    EXPECT_EQ(alignCrossAttention({}).mostConfident, -1);
    EXPECT_EQ(averageHeads({}).size(), 0);
    EXPECT_THROW(averageHeads({core::Matrix::Zero(2, 3), core::Matrix::Zero(3, 2)}), std::invalid_argument);
}

TEST(CrossAlignment, TheTinyMarianModelsCrossAttentionAlignsByThePlainRule)
{
    const std::string dir = test::makeTempDir("marian-align");
    const test::TinyMarian fixture = test::writeTinyMarian(dir);
    const TranslationModel model = TranslationModel::load(dir);
    std::vector<int> src;
    for (const auto &t : model.tokenizer().encodeSource("猫吃鱼。"))
        src.push_back(t.id);
    const std::vector<int> tgt = {fixture.decoderStart, 3, 38, 31, 29};
    std::vector<std::vector<core::Matrix>> cross;
    const core::Matrix enc = model.encode(src);
    model.decode(enc, tgt, {}, nullptr, &cross);
    ASSERT_EQ(int(cross.size()), model.layers(AttentionKind::Cross));
    // Every layer's heads are the ones a single-head trace gives.
    for (int l = 0; l < int(cross.size()); ++l) {
        ASSERT_EQ(int(cross[size_t(l)].size()), model.heads(AttentionKind::Cross));
        for (int h = 0; h < model.heads(AttentionKind::Cross); ++h) {
            HeadTrace trace;
            model.decode(enc, tgt, {AttentionKind::Cross, l, h}, &trace);
            EXPECT_LT((trace.weights - cross[size_t(l)][size_t(h)]).cwiseAbs().maxCoeff(), 1e-7);
        }
    }
    const CrossAlignment al = alignCrossAttention(cross);
    double bestConfidence = -1;
    int bestLayer = -1;
    for (size_t l = 0; l < cross.size(); ++l) {
        double total = 0;
        for (Eigen::Index r = 0; r < Eigen::Index(tgt.size()); ++r) {
            double bestWeight = -1;
            int bestCol = -1;
            for (Eigen::Index c = 0; c < Eigen::Index(src.size()); ++c) {
                double mean = 0;
                for (const core::Matrix &head : cross[l])
                    mean += double(head(r, c));
                mean /= double(cross[l].size());
                if (mean > bestWeight) {
                    bestWeight = mean;
                    bestCol = int(c);
                }
            }
            EXPECT_EQ(al.layers[l].source[size_t(r)], bestCol);
            EXPECT_NEAR(al.layers[l].weight[size_t(r)], bestWeight, 1e-6);
            total += bestWeight;
        }
        EXPECT_NEAR(al.layers[l].confidence, total / double(tgt.size()), 1e-6);
        if (total / double(tgt.size()) > bestConfidence + 1e-9) {
            bestConfidence = total / double(tgt.size());
            bestLayer = int(l);
        }
    }
    EXPECT_EQ(al.mostConfident, bestLayer);
    test::removeTree(dir);
}
