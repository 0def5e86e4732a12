// Writes the GPT-2-small-shaped checkpoint of the benchmarks (F32, 475 MiB) and the GPT-2
// tokenizer fixture into DIR, for the whole-process timings of scripts/bench.
#include "gpt2small.h"
#include "tokenizerfixtures.h"

#include <cstdio>

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    attnlab::test::writeGpt2Small(argv[1], "F32");
    attnlab::test::writeGpt2Tokenizer(argv[1]);
    return 0;
}
