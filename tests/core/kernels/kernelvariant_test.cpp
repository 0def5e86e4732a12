// Choosing the kernel variant (core/engine/kernelvariant.h): the widest the processor supports,
// unless ATTNLAB_KERNELS names a narrower one it supports; anything else is ignored.
#include "core/engine/kernelvariant.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

using namespace attnlab::core::engine;

namespace {

bool upToAvx2(KernelVariant v)
{
    return v != KernelVariant::Avx512;
}

bool everything(KernelVariant)
{
    return true;
}

bool portableOnly(KernelVariant v)
{
    return v == KernelVariant::Portable;
}

} // namespace

TEST(KernelVariant, WithoutARequestTheWidestSupportedVariantRuns)
{
    EXPECT_EQ(chooseKernelVariant(nullptr, everything).variant, KernelVariant::Avx512);
    EXPECT_EQ(chooseKernelVariant("", upToAvx2).variant, KernelVariant::Avx2);
    EXPECT_EQ(chooseKernelVariant(nullptr, portableOnly).variant, KernelVariant::Portable);
    EXPECT_FALSE(chooseKernelVariant(nullptr, everything).honoured);
    EXPECT_TRUE(chooseKernelVariant(nullptr, everything).requested.empty());
}

TEST(KernelVariant, ARequestForASupportedVariantIsHonoured)
{
    for (KernelVariant v : kKernelVariants) {
        const KernelChoice c = chooseKernelVariant(kernelVariantName(v), everything);
        EXPECT_EQ(c.variant, v) << kernelVariantName(v);
        EXPECT_TRUE(c.honoured) << kernelVariantName(v);
        EXPECT_EQ(c.requested, kernelVariantName(v));
    }
    EXPECT_EQ(chooseKernelVariant("portable", portableOnly).variant, KernelVariant::Portable);
}

TEST(KernelVariant, ARequestTheProcessorCannotRunOrAnUnknownNameIsIgnored)
{
    const KernelChoice tooWide = chooseKernelVariant("avx512", upToAvx2);
    EXPECT_EQ(tooWide.variant, KernelVariant::Avx2);
    EXPECT_FALSE(tooWide.honoured);
    EXPECT_EQ(tooWide.requested, "avx512");
    const KernelChoice unknown = chooseKernelVariant("AVX512", everything);
    EXPECT_EQ(unknown.variant, KernelVariant::Avx512);
    EXPECT_FALSE(unknown.honoured);
    EXPECT_EQ(chooseKernelVariant("sse2", portableOnly).variant, KernelVariant::Portable);
}

TEST(KernelVariant, ThisProcessRunsASupportedVariantAndHonoursItsRequest)
{
    EXPECT_TRUE(kernelVariantSupported(KernelVariant::Portable));
    const KernelChoice &c = kernelChoice();
    EXPECT_TRUE(kernelVariantSupported(c.variant)) << kernelVariantName(c.variant);
    const char *request = std::getenv("ATTNLAB_KERNELS");
    EXPECT_EQ(c.requested, request ? request : "");
    if (c.honoured) {
        EXPECT_EQ(c.requested, kernelVariantName(c.variant));
        return;
    }
    for (KernelVariant v : kKernelVariants) {
        if (kernelVariantSupported(v)) {
            EXPECT_GE(int(c.variant), int(v)) << "the widest supported variant runs";
        }
    }
}

TEST(KernelVariant, NamesAreTheOnesTheEnvironmentVariableTakes)
{
    EXPECT_STREQ(kernelVariantName(KernelVariant::Portable), "portable");
    EXPECT_STREQ(kernelVariantName(KernelVariant::Avx2), "avx2");
    EXPECT_STREQ(kernelVariantName(KernelVariant::Avx512), "avx512");
}

TEST(KernelVariant, TheReadmeNamesEveryVariantTheEnvironmentVariableTakes)
{
    std::ifstream in(std::string(ATTNLAB_SOURCE_DIR) + "/README.md");
    std::ostringstream text;
    text << in.rdbuf();
    const std::string readme = text.str();
    const std::size_t at = readme.find("**Processor kernels.**");
    ASSERT_NE(at, std::string::npos);
    const std::string paragraph = readme.substr(at, readme.find("\n\n", at) - at);
    EXPECT_NE(paragraph.find("`ATTNLAB_KERNELS`"), std::string::npos);
    for (KernelVariant v : kKernelVariants)
        EXPECT_NE(paragraph.find(std::string("`") + kernelVariantName(v) + "`"), std::string::npos)
            << kernelVariantName(v);
}
