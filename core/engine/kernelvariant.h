#pragma once
// Which vector code the row kernels run (core/model/kernels/halfrows.h and skinny.h, the
// softmax row of core/scene/softmax.h). The build stays portable (no -march=native): each
// variant lives in its own source file compiled with its own instruction-set flags, and one is
// chosen per process from what the processor reports, the widest first. The environment
// variable ATTNLAB_KERNELS=portable|avx2|avx512 asks for a narrower one (for tests and
// benchmarks); a request this processor cannot run, or a name that is not a variant, is ignored
// and the widest supported variant runs instead.

#include <string>

namespace attnlab::core::engine {

enum class KernelVariant {
    Portable, // plain loops (and Eigen), any processor
    Avx2, // 8-wide: AVX2 + FMA + F16C
    Avx512, // 16-wide with masked tails: AVX-512 F, BW and VL (+ FMA, F16C)
};

inline constexpr KernelVariant kKernelVariants[]
    = {KernelVariant::Portable, KernelVariant::Avx2, KernelVariant::Avx512};

// "portable", "avx2", "avx512": the names ATTNLAB_KERNELS takes.
const char *kernelVariantName(KernelVariant variant);

// Whether this build holds the variant's code and this processor can run it. Portable: always.
bool kernelVariantSupported(KernelVariant variant);

// What a process runs and why.
struct KernelChoice {
    KernelVariant variant = KernelVariant::Portable;
    std::string requested; // ATTNLAB_KERNELS as given, empty when unset
    bool honoured = false; // the request named a supported variant, which runs
};

// The choice for a request (nullptr or empty: none) given which variants are supported: the
// requested variant when supported, else the widest supported one.
KernelChoice chooseKernelVariant(const char *request, bool (*supported)(KernelVariant));

// This process's choice, made once on first use from ATTNLAB_KERNELS and the processor.
const KernelChoice &kernelChoice();
inline KernelVariant kernelVariant()
{
    return kernelChoice().variant;
}

} // namespace attnlab::core::engine
