#pragma once
// Helpers shared by the core tests: random scenes and matrix comparison.

#include "core/scene/scene.h"
#include "core/scene/sceneio.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace attnlab::test {

struct RandomSceneOptions {
    float sigma = 1.f; // standard deviation of every number
    int vocabulary = -1; // distinct tokens; −1 = three quarters of the tokens
    bool distinct = false; // token i is vocabulary entry i (needs vocabulary ≥ tokens)
};

// A valid model-mode scene with random normal numbers; tokens may repeat.
core::Scene randomScene(std::mt19937 &rng, int tokens, int dModel, int heads, int dK,
    core::PositionalEncoding pe = core::PositionalEncoding::None, const RandomSceneOptions &options = {});

// A built-in example read from resources/examples/NAME.attn.json in the source tree (core tests
// cannot use the Qt resources); a test fails when it does not load.
core::LoadResult loadExampleFile(const std::string &name);
// The names of every example in resources/examples, sorted.
std::vector<std::string> exampleFileNames();

// Gives a model-mode scene random biases b_Q, b_K, b_V and, when it has W_O, b_O.
void addBiases(std::mt19937 &rng, core::Scene &scene, float sigma = 1.f);

// Turns a model-mode scene into layer-input mode: X = its embedding lookup (plus the
// sinusoidal encoding, if any), the table dropped and the positional encoding set to none.
// The stages stay the same.
void giveInputX(core::Scene &scene);

// Largest absolute difference, or infinity when shapes differ.
double maxDiff(const core::Matrix &a, const core::Matrix &b);

} // namespace attnlab::test

#define EXPECT_MATRIX_NEAR(a, b, tol) EXPECT_LE(::attnlab::test::maxDiff((a), (b)), (tol))
