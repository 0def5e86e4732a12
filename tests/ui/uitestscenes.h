#pragma once
// Scenes for the experiment and head-grid tests.

#include "core/scene.h"

#include <random>
#include <string>

namespace attnlab::test {

// A valid model-mode scene with random numbers (every token its own embedding row).
inline core::Scene randomUiScene(unsigned seed, int tokens, int dModel, int heads, int dK)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.f, 1.f);
    auto fill = [&](core::Matrix &m, int r, int c) {
        m.resize(r, c);
        for (Eigen::Index i = 0; i < m.size(); ++i)
            m.data()[i] = normal(rng);
    };
    core::Scene s;
    s.title = "random";
    for (int i = 0; i < tokens; ++i) {
        s.tokens.push_back("t" + std::to_string(i));
        s.vocabulary.push_back(s.tokens.back());
    }
    s.dModel = dModel;
    s.heads = heads;
    s.dK = dK;
    fill(s.embeddings, tokens, dModel);
    fill(s.wq, dModel, heads * dK);
    fill(s.wk, dModel, heads * dK);
    fill(s.wv, dModel, heads * dK);
    if (heads > 1)
        fill(s.wo, heads * dK, dModel);
    return s;
}

// Direct mode, d_k = 4: the scaled scores of every row are a permutation of [2, 0, 1], each
// row preferring its own token.
inline core::Scene preferenceUiScene()
{
    core::Scene s;
    s.title = "preferences";
    s.tokens = {"a", "b", "c"};
    s.direct = true;
    s.k = core::Matrix::Identity(3, 4);
    s.q.resize(3, 4);
    s.q << 4, 0, 2, 0, //
        2, 4, 0, 0,    //
        0, 2, 4, 0;
    s.v = core::Matrix::Identity(3, 3);
    return s;
}

} // namespace attnlab::test
