// Writes the Qwen2.5-0.5B-shaped BF16 checkpoint and tokenizer.json of the benchmarks
// (tests/testutil/qwenshaped.h) into DIR, for scripts/bench-qwen's whole-process timings.
#include "qwenshaped.h"

#include <cstdio>

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    attnlab::test::writeQwen25HalfBillion(argv[1], "BF16");
    attnlab::test::writeQwenShapedTokenizer(argv[1]);
    return 0;
}
