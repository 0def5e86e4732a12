#include "core/scene/stagesjson.h"

#include "core/json/jsonwriter.h"
#include "core/scene/stagetable.h"

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
    // Every stage the scene has, named and ordered as the stage table lists them: the scene's own
    // (X, the memory) before the heads, each head's (Q … context, the variants' Q_norm, K_norm,
    // capped and sink among them when switched on), then concat and output.
    const auto present = [&scene](const StageEntry &e) { return hasStage(scene, e.id); };
    o << "{\n";
    o << "  \"tokens\": " << json::stringArray(scene.tokens) << ",\n";
    for (const StageEntry &e : stageTable())
        if (!e.perHead && present(e) && e.feeds & (StageQ | StageK | StageV)) {
            o << "  \"" << e.name << "\": ";
            writeMatrix(o, st.*e.sceneMatrix, 2);
            o << ",\n";
        }
    o << "  \"heads\": [\n";
    for (size_t j = 0; j < st.heads.size(); ++j) {
        const HeadStages &h = st.heads[j];
        o << "    {\n";
        bool first = true;
        for (const StageEntry &e : stageTable()) {
            if (!e.perHead || !present(e))
                continue;
            o << (first ? "" : ",\n") << "      \"" << e.name << "\": ";
            writeMatrix(o, h.*e.headMatrix, 6);
            first = false;
        }
        o << "\n" << (j + 1 < st.heads.size() ? "    },\n" : "    }\n");
    }
    o << "  ],\n";
    for (const StageEntry &e : stageTable())
        if (!e.perHead && present(e) && !(e.feeds & (StageQ | StageK | StageV))) {
            o << "  \"" << e.name << "\": ";
            writeMatrix(o, st.*e.sceneMatrix, 2);
            o << ",\n";
        }
    o << "  \"warnings\": " << json::stringArray(st.warnings) << "\n";
    o << "}\n";
}

std::string stagesToJson(const Scene &scene, const Stages &stages)
{
    std::ostringstream out;
    writeStagesJson(out, scene, stages);
    return out.str();
}

} // namespace attnlab::core
