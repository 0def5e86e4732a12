#pragma once
// Helpers shared by the core tests: random scenes and matrix comparison.

#include "core/scene.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace attnlab::test {

// A valid model-mode scene with random numbers; tokens may repeat.
core::Scene randomScene(std::mt19937 &rng, int tokens, int dModel, int heads, int dK,
                        core::PositionalEncoding pe = core::PositionalEncoding::None);

// Largest absolute difference, or infinity when shapes differ.
double maxDiff(const core::Matrix &a, const core::Matrix &b);

} // namespace attnlab::test

#define EXPECT_MATRIX_NEAR(a, b, tol) EXPECT_LE(::attnlab::test::maxDiff((a), (b)), (tol))
