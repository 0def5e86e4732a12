// Writes a checkpoint at Helsinki-NLP/opus-mt-zh-en's shapes (core/translate/demomarian.h:
// random float32 weights, 297 MiB, the demo model's real SentencePiece models with vocab.json
// extended to 65,001 pieces) into DIR, for scripts/bench-translate and for trying the
// translation view at full size.
#include "core/translate/demomarian.h"

#include <cstdio>
#include <exception>
#include <filesystem>

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    namespace fs = std::filesystem;
    try {
        const fs::path dir = argv[1];
        fs::create_directories(dir);
        for (const char *file : {"source.spm", "target.spm", "vocab.json"})
            fs::copy_file(fs::path(ATTNLAB_DEMO_MARIAN_DIR) / file, dir / file, fs::copy_options::overwrite_existing);
        attnlab::core::translate::writeDemoMarian(dir.string(), attnlab::core::translate::opusMtShape());
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
