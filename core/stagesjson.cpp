#include "core/stagesjson.h"

#include "core/jsonwriter.h"

namespace attnlab::core {

std::string stagesToJson(const Scene &scene, const Stages &st)
{
    std::string o = "{\n";
    o += "  \"tokens\": " + json::stringArray(scene.tokens) + ",\n";
    if (!scene.direct)
        o += "  \"X\": " + json::roundedMatrix(st.x, 2) + ",\n";
    o += "  \"heads\": [\n";
    for (size_t j = 0; j < st.heads.size(); ++j) {
        const HeadStages &h = st.heads[j];
        o += "    {\n";
        auto field = [&o](const char *name, const Matrix &m, bool last = false) {
            o += std::string("      \"") + name + "\": " + json::roundedMatrix(m, 6) + (last ? "\n" : ",\n");
        };
        field("Q", h.q);
        field("K", h.k);
        field("V", h.v);
        if (h.qRotated.size()) {
            field("Q_rotated", h.qRotated);
            field("K_rotated", h.kRotated);
        }
        field("scores", h.scores);
        field("scaled", h.scaled);
        field("masked", h.masked);
        field("weights", h.weights);
        field("context", h.context, true);
        o += j + 1 < st.heads.size() ? "    },\n" : "    }\n";
    }
    o += "  ],\n";
    o += "  \"concat\": " + json::roundedMatrix(st.concat, 2) + ",\n";
    o += "  \"output\": " + json::roundedMatrix(st.output, 2) + ",\n";
    o += "  \"warnings\": " + json::stringArray(st.warnings) + "\n";
    o += "}\n";
    return o;
}

} // namespace attnlab::core
