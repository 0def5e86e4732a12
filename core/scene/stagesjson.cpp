#include "core/scene/stagesjson.h"

#include "core/json/jsonwriter.h"

#include <sstream>

namespace attnlab::core {

namespace {

// A matrix written row by row, so that a dump never holds more than one row of text.
void writeMatrix(std::ostream &out, const Matrix &m, int indent)
{
    if (m.rows() == 0) {
        out << "[]";
        return;
    }
    const std::string pad(size_t(indent) + 2, ' ');
    out << "[\n";
    std::string line;
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        line = pad;
        line += '[';
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            if (c)
                line += ", ";
            line += json::rounded(m(r, c));
        }
        line += r + 1 < m.rows() ? "],\n" : "]\n";
        out << line;
    }
    out << std::string(size_t(indent), ' ') << ']';
}

} // namespace

void writeStagesJson(std::ostream &o, const Scene &scene, const Stages &st)
{
    o << "{\n";
    o << "  \"tokens\": " << json::stringArray(scene.tokens) << ",\n";
    if (!scene.direct) {
        o << "  \"X\": ";
        writeMatrix(o, st.x, 2);
        o << ",\n";
    }
    o << "  \"heads\": [\n";
    for (size_t j = 0; j < st.heads.size(); ++j) {
        const HeadStages &h = st.heads[j];
        o << "    {\n";
        auto field = [&o](const char *name, const Matrix &m, bool last = false) {
            o << "      \"" << name << "\": ";
            writeMatrix(o, m, 6);
            o << (last ? "\n" : ",\n");
        };
        field("Q", h.q);
        field("K", h.k);
        field("V", h.v);
        if (h.qRotated.size()) {
            field(stageName(StageQRotated), h.qRotated);
            field(stageName(StageKRotated), h.kRotated);
        }
        field("scores", h.scores);
        field("scaled", h.scaled);
        field("masked", h.masked);
        field("weights", h.weights);
        field("context", h.context, true);
        o << (j + 1 < st.heads.size() ? "    },\n" : "    }\n");
    }
    o << "  ],\n";
    o << "  \"concat\": ";
    writeMatrix(o, st.concat, 2);
    o << ",\n  \"output\": ";
    writeMatrix(o, st.output, 2);
    o << ",\n  \"warnings\": " << json::stringArray(st.warnings) << "\n";
    o << "}\n";
}

std::string stagesToJson(const Scene &scene, const Stages &stages)
{
    std::ostringstream out;
    writeStagesJson(out, scene, stages);
    return out.str();
}

} // namespace attnlab::core
