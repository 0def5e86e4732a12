#pragma once
// Scenes for the experiment and head-grid tests.

#include "core/scene/scene.h"
#include "testutil.h"
#include "ui/document/examples.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace attnlab::test {

// A built-in example; a test fails (and gets an empty scene) when it does not load.
inline core::Scene example(const char *name)
{
    const core::LoadResult r = ui::loadExample(QString::fromLatin1(name));
    EXPECT_TRUE(r.ok()) << name;
    return r.ok() ? *r.scene : core::Scene();
}

// A valid model-mode scene with random numbers (every token its own embedding row).
inline core::Scene randomUiScene(unsigned seed, int tokens, int dModel, int heads, int dK)
{
    std::mt19937 rng(seed);
    RandomSceneOptions options;
    options.distinct = true;
    return randomScene(rng, tokens, dModel, heads, dK, core::PositionalEncoding::None, options);
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
        2, 4, 0, 0, //
        0, 2, 4, 0;
    s.v = core::Matrix::Identity(3, 3);
    return s;
}

} // namespace attnlab::test
