// tokenizer.json on arbitrary bytes: it loads or says why, never crashes; a tokenizer it loads
// encodes text (also the input's own bytes, valid UTF-8 or not) into ids inside its vocabulary.
#include "core/tokenize/tokenizer.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace attnlab::core::model;
    const std::string text(reinterpret_cast<const char *>(data), size);
    const TokenizerLoadResult r = parseTokenizerJson(text);
    if (r.ok() == !r.error.empty())
        std::abort();
    if (!r.ok())
        return 0;
    for (const std::string &sample : {std::string("猫吃鱼 [MASK] don't  stop\n"), text.substr(0, 64)})
        for (const Token &t : r.tokenizer->encode(sample))
            if (t.id < 0 || t.id >= r.tokenizer->vocabSize())
                std::abort();
    return 0;
}
