#include "core/engine/kernelvariant.h"

#include <cstdlib>
#include <cstring>

namespace attnlab::core::engine {

namespace {

bool cpuHas(KernelVariant variant)
{
#if defined(ATTNLAB_HAVE_X86_KERNELS)
    const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("f16c");
    // libgcc's feature bits already say whether the operating system saves the 512-bit registers.
    const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
        && __builtin_cpu_supports("avx512vl");
    switch (variant) {
    case KernelVariant::Avx2:
        return avx2;
    case KernelVariant::Avx512:
        return avx512;
    case KernelVariant::Portable:
        break;
    }
#endif
    return variant == KernelVariant::Portable;
}

} // namespace

const char *kernelVariantName(KernelVariant variant)
{
    switch (variant) {
    case KernelVariant::Avx2:
        return "avx2";
    case KernelVariant::Avx512:
        return "avx512";
    case KernelVariant::Portable:
        break;
    }
    return "portable";
}

bool kernelVariantSupported(KernelVariant variant)
{
    return cpuHas(variant);
}

KernelChoice chooseKernelVariant(const char *request, bool (*supported)(KernelVariant))
{
    KernelChoice choice;
    for (KernelVariant v : kKernelVariants)
        if (supported(v))
            choice.variant = v; // the list runs from narrowest to widest
    if (!request || !*request)
        return choice;
    choice.requested = request;
    for (KernelVariant v : kKernelVariants)
        if (std::strcmp(request, kernelVariantName(v)) == 0 && supported(v)) {
            choice.variant = v;
            choice.honoured = true;
        }
    return choice;
}

const KernelChoice &kernelChoice()
{
    static const KernelChoice choice = chooseKernelVariant(std::getenv("ATTNLAB_KERNELS"), kernelVariantSupported);
    return choice;
}

} // namespace attnlab::core::engine
