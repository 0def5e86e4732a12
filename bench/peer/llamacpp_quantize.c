/* Quantizes a GGUF file with llama.cpp's own code (llama_model_quantize of the libllama that
 * npm node-llama-cpp ships), so attnlab and llama.cpp read the same quantized bytes in
 * scripts/bench-llamacpp, which compiles this against the llama.h of node-llama-cpp's bundled
 * llama.cpp sources. usage: llamacpp_quantize IN.gguf OUT.gguf Q8_0|Q4_K_M */
#include "llama.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 4 || (strcmp(argv[3], "Q8_0") != 0 && strcmp(argv[3], "Q4_K_M") != 0)) {
        fprintf(stderr, "usage: %s IN.gguf OUT.gguf Q8_0|Q4_K_M\n", argv[0]);
        return 2;
    }
    llama_backend_init();
    struct llama_model_quantize_params params = llama_model_quantize_default_params();
    params.ftype = strcmp(argv[3], "Q8_0") == 0 ? LLAMA_FTYPE_MOSTLY_Q8_0 : LLAMA_FTYPE_MOSTLY_Q4_K_M;
    params.nthread = 2;
    const uint32_t failed = llama_model_quantize(argv[1], argv[2], &params);
    llama_backend_free();
    return failed ? 1 : 0;
}
