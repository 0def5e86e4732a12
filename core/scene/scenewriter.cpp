#include "core/scene/sceneio.h"

#include "core/json/jsonwriter.h"
#include "core/scene/memory/memoryio.h"
#include "core/scene/variants/variantsio.h"

#include <sstream>

namespace attnlab::core {

std::string writeScene(const Scene &s)
{
    std::ostringstream o;
    o << "{\n";
    o << "  \"format\": " << json::quote(kSceneFormat) << ",\n";
    o << "  \"version\": " << kSceneVersion << ",\n";
    if (hasTitleTranslations(s)) {
        o << "  \"title\": {";
        for (size_t i = 0; i < s.titleTranslations.size(); ++i)
            o << (i ? ", " : "") << json::quote(s.titleTranslations[i].first) << ": "
              << json::quote(s.titleTranslations[i].second);
        o << "},\n";
    } else {
        o << "  \"title\": " << json::quote(s.title) << ",\n";
    }
    if (!s.description.empty()) {
        o << "  \"description\": {\n";
        for (size_t i = 0; i < s.description.size(); ++i)
            o << "    " << json::quote(s.description[i].first) << ": " << json::quote(s.description[i].second)
              << (i + 1 < s.description.size() ? ",\n" : "\n");
        o << "  },\n";
    }
    o << "  \"tokens\": " << json::stringArray(s.tokens) << ",\n";
    if (s.direct) {
        o << "  \"direct\": {\n";
        o << "    \"Q\": " << json::matrix(s.q, 4) << ",\n";
        o << "    \"K\": " << json::matrix(s.k, 4) << ",\n";
        o << "    \"V\": " << json::matrix(s.v, 4) << "\n";
        o << "  },\n";
    } else {
        o << "  \"d_model\": " << s.dModel << ",\n";
        if (s.hasInputX()) {
            o << "  \"X\": " << json::matrix(s.x, 2) << ",\n";
        } else {
            o << "  \"embeddings\": {\n";
            for (size_t r = 0; r < s.vocabulary.size(); ++r)
                o << "    " << json::quote(s.vocabulary[r]) << ": " << json::row(s.embeddings.row(Eigen::Index(r)))
                  << (r + 1 < s.vocabulary.size() ? ",\n" : "\n");
            o << "  },\n";
        }
        o << "  \"heads\": " << s.heads << ",\n";
        o << "  \"d_k\": " << s.dK << ",\n";
        o << "  \"W_Q\": " << json::matrix(s.wq, 2) << ",\n";
        o << "  \"W_K\": " << json::matrix(s.wk, 2) << ",\n";
        o << "  \"W_V\": " << json::matrix(s.wv, 2) << ",\n";
        if (s.wo.size() > 0)
            o << "  \"W_O\": " << json::matrix(s.wo, 2) << ",\n";
        const std::pair<const char *, const RowVector *> biases[]
            = {{"b_Q", &s.bq}, {"b_K", &s.bk}, {"b_V", &s.bv}, {"b_O", &s.bo}};
        for (const auto &[key, bias] : biases)
            if (bias->size() > 0)
                o << "  " << json::quote(key) << ": " << json::row(*bias) << ",\n";
        o << writeMemory(s.memory);
    }
    o << "  \"positional_encoding\": " << json::quote(name(s.positional)) << ",\n";
    // The rotary keys only when they say something: a scene with the defaults is written as
    // before they existed.
    if (s.positional == PositionalEncoding::Rope) {
        if (s.ropeConvention != RotaryConvention::Interleaved)
            o << "  \"rope_convention\": " << json::quote(name(s.ropeConvention)) << ",\n";
        if (s.ropeFrequencies.size() > 0)
            o << "  \"rope_frequencies\": " << json::row(s.ropeFrequencies) << ",\n";
        else if (double(s.ropeBase) != kDefaultRopeBase)
            o << "  \"rope_theta\": " << json::number(s.ropeBase) << ",\n";
    }
    switch (s.scale) {
    case ScaleKind::SqrtDk:
        o << "  \"scale\": \"sqrt_dk\",\n";
        break;
    case ScaleKind::None:
        o << "  \"scale\": \"none\",\n";
        break;
    case ScaleKind::Custom:
        o << "  \"scale\": " << json::number(s.customDivisor) << ",\n";
        break;
    }
    o << writeVariants(s.variants);
    if (s.mask == MaskKind::Custom)
        o << "  \"mask\": " << json::matrix(s.customMask, 2) << "\n";
    else
        o << "  \"mask\": " << json::quote(name(s.mask)) << "\n";
    o << "}\n";
    return o.str();
}

} // namespace attnlab::core
