#pragma once
// Tests that run once per kernel variant (core/engine/kernelvariant.h) and compare it with the
// portable path. A variant this processor (or this build) cannot run is skipped with a message
// saying so, never passed silently.

#include "core/engine/kernelvariant.h"

#include <gtest/gtest.h>

#include <string>

namespace attnlab::test {

class KernelVariantTest : public ::testing::TestWithParam<core::engine::KernelVariant> {
protected:
    void SetUp() override
    {
        if (!core::engine::kernelVariantSupported(GetParam()))
            GTEST_SKIP() << "this processor or build cannot run the " << core::engine::kernelVariantName(GetParam())
                         << " kernels";
    }
};

inline std::string kernelVariantTestName(const ::testing::TestParamInfo<core::engine::KernelVariant> &info)
{
    return core::engine::kernelVariantName(info.param);
}

// Lengths around the vector widths (8 and 16) and the unrolled steps (32, 64), the empty and
// one-element cases, and a model's width.
inline constexpr long kAwkwardLengths[] = {0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 63, 64, 65, 100, 129, 896};

} // namespace attnlab::test

#define ATTNLAB_FOR_EVERY_KERNEL_VARIANT(Suite)                                                                        \
    INSTANTIATE_TEST_SUITE_P(Variants, Suite, ::testing::ValuesIn(attnlab::core::engine::kKernelVariants),             \
        attnlab::test::kernelVariantTestName)
