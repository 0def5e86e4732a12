#pragma once
// A head of a real model as a board scene computes the model's attention: for every layer and head,
// headScene's scene is valid, its pipeline's weights equal the runner's and an independent
// float64 reference's, and `check` looks at the scene's choices of each layer (the family's
// attention variants: tests/core/model/gemma_test.cpp, gemma3_test.cpp, qwen3_test.cpp).

#include "core/model/forward.h"
#include "core/model/headscene.h"
#include "core/scene/pipeline.h"

#include "modelreference.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

namespace attnlab::test {

inline std::vector<std::string> headSceneTokens(size_t n)
{
    std::vector<std::string> out;
    for (size_t i = 0; i < n; ++i)
        out.push_back("t" + std::to_string(i));
    return out;
}

inline void expectHeadScenesMatch(const core::model::ForwardRunner &run, const std::vector<std::vector<Mat>> &reference,
    const std::function<void(int layer, const core::Scene &)> &check)
{
    using namespace attnlab::core;
    const int layers = run.layers(), heads = run.heads();
    for (int layer = 0; layer < layers; ++layer)
        for (int head = 0; head < heads; ++head) {
            SCOPED_TRACE("layer " + std::to_string(layer) + " head " + std::to_string(head));
            const Scene s
                = model::headScene(run, layer, head, headSceneTokens(size_t(run.attentionWeights(0, 0).rows())));
            const auto problems = validate(s);
            ASSERT_TRUE(problems.empty()) << problems.front().message.english();
            check(layer, s);
            Pipeline p;
            const Matrix &w = p.compute(s).heads.at(0).weights;
            EXPECT_LT((w - run.attentionWeights(layer, head)).cwiseAbs().maxCoeff(), 2e-5);
            const Mat &ref = reference[size_t(layer)][size_t(head)];
            for (Eigen::Index i = 0; i < w.rows(); ++i)
                for (Eigen::Index j = 0; j < w.cols(); ++j)
                    EXPECT_NEAR(w(i, j), ref[size_t(i)][size_t(j)], 1e-4) << i << "," << j;
        }
}

} // namespace attnlab::test
