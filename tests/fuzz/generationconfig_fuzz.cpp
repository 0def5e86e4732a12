// generation_config.json on arbitrary bytes: every end token and banned id it accepts is inside
// the vocabulary, every sampling default and rule it accepts is in range; anything else is a
// ModelError naming the file, never a crash.
#include "core/generate/generationconfig.h"
#include "core/model/modelerror.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace attnlab::core;
    constexpr int kVocab = 151936; // Qwen2.5's
    try {
        const generate::GenerationConfig c
            = generate::parseGenerationConfig(std::string_view(reinterpret_cast<const char *>(data), size), kVocab);
        for (int id : c.endTokens)
            if (id < 0 || id >= kVocab)
                std::abort();
        for (const auto &words : c.badWords) {
            if (words.empty())
                std::abort();
            for (int id : words)
                if (id < 0 || id >= kVocab)
                    std::abort();
        }
        const model::SamplingSettings s = c.samplingDefaults();
        model::checkSamplingSettings(s); // throws ForwardError for a value out of range: not caught
        if (!(c.logitRules().repetitionPenalty > 0))
            std::abort();
    } catch (const model::ModelError &e) {
        if (e.problem().file != generate::kGenerationConfigFile)
            std::abort();
    }
    return 0;
}
