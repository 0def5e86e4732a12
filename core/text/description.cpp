#include "core/text/description.h"

#include "core/text/chain.h"

#include <cctype>
#include <cmath>
#include <optional>

namespace attnlab::core {

namespace {

struct Reference {
    std::string name;
    int head = 0; // 0-based
    std::vector<long> indices;
    bool percent = false, whole = false;
    int decimals = -1; // -1: the default of the kind of value
};

// Parses "NAME[@HEAD][i][j]…[:FORMAT]"; an empty optional when it does not follow the syntax.
std::optional<Reference> parse(const std::string &body)
{
    Reference r;
    size_t i = 0;
    while (i < body.size() && (std::isalnum(static_cast<unsigned char>(body[i])) || body[i] == '_'))
        r.name += body[i++];
    if (r.name.empty())
        return std::nullopt;
    auto number = [&](long &out) {
        const size_t start = i;
        out = 0;
        while (i < body.size() && std::isdigit(static_cast<unsigned char>(body[i])) && i - start < 9)
            out = out * 10 + (body[i++] - '0');
        return i > start;
    };
    if (i < body.size() && body[i] == '@') {
        ++i;
        long head = 0;
        if (!number(head) || head < 1)
            return std::nullopt;
        r.head = int(head - 1);
    }
    while (i < body.size() && body[i] == '[') {
        ++i;
        long index = 0;
        if (!number(index) || i >= body.size() || body[i] != ']')
            return std::nullopt;
        ++i;
        r.indices.push_back(index);
    }
    if (i == body.size())
        return r;
    if (body[i] != ':')
        return std::nullopt;
    const std::string format = body.substr(i + 1);
    if (format == "d") {
        r.whole = true;
        return r;
    }
    if (format.size() < 3 || format[0] != '.' || !std::isdigit(static_cast<unsigned char>(format[1])))
        return std::nullopt;
    r.decimals = format[1] - '0';
    const std::string kind = format.substr(2);
    if (kind == "%")
        r.percent = true;
    else if (kind != "f")
        return std::nullopt;
    return r;
}

std::optional<double> size(const std::string &name, int head, const Scene &scene)
{
    if (head >= scene.headCount())
        return std::nullopt;
    if (name == "first_column")
        return head * scene.keyDim();
    if (name == "last_column")
        return (head + 1) * scene.keyDim() - 1;
    if (name == "h_d_k")
        return scene.headCount() * scene.keyDim();
    if (name == "n")
        return scene.tokenCount();
    if (name == "d_model" && !scene.direct)
        return scene.dModel;
    if (name == "d_k")
        return scene.keyDim();
    if (name == "d_v")
        return scene.valueDim();
    if (name == "heads")
        return scene.headCount();
    if (name == "divisor")
        return double(divisor(scene));
    return std::nullopt;
}

// The value a reference names, or why it has none.
std::optional<double> resolve(const Reference &r, const Scene &scene, const Stages &stages, std::string &why)
{
    if (r.indices.empty()) {
        if (const auto v = size(r.name, r.head, scene))
            return v;
        why = "no such value";
        return std::nullopt;
    }
    if (stages.heads.empty()) {
        why = "the scene's stages are not computed";
        return std::nullopt;
    }
    if (r.head >= int(stages.heads.size())) {
        why = "the scene has no such head";
        return std::nullopt;
    }
    const HeadStages &head = stages.heads[size_t(r.head)];
    if ((r.name == "max_weight" || r.name == "row_sum") && r.indices.size() == 1) {
        if (r.indices[0] >= head.weights.rows()) {
            why = "the row is past the last token";
            return std::nullopt;
        }
        const auto row = head.weights.row(Eigen::Index(r.indices[0]));
        return double(r.name == "max_weight" ? row.maxCoeff() : row.sum());
    }
    const Stage stage = stageFromName(r.name);
    if (stage == 0 || r.indices.size() != 2) {
        why = stage == 0 ? "no such stage" : "a stage cell takes [row][column]";
        return std::nullopt;
    }
    const Matrix &m = stageMatrix(stages, stage, r.head);
    if (r.indices[0] >= m.rows() || r.indices[1] >= m.cols()) {
        why = m.size() == 0 ? "the scene does not have this stage" : "the cell is outside the stage";
        return std::nullopt;
    }
    return double(m(Eigen::Index(r.indices[0]), Eigen::Index(r.indices[1])));
}

std::string format(const Reference &r, double value)
{
    if (r.whole)
        return formatFixed(std::round(value), 0);
    if (r.percent)
        return formatFixed(100 * value, r.decimals) + "%";
    if (r.decimals >= 0)
        return formatFixed(value, r.decimals);
    // Sizes are whole numbers (the divisor may not be: √d_k of 8 is 2.828); cells get three decimals.
    const bool isSize = r.indices.empty();
    if (isSize && value == std::round(value))
        return formatFixed(value, 0);
    return formatFixed(value, 3);
}

} // namespace

RenderedDescription renderDescription(const std::string &text, const Scene &scene, const Stages &stages)
{
    RenderedDescription out;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
            out.text += c;
            ++i;
            continue;
        }
        const size_t close = c == '{' ? text.find('}', i + 1) : std::string::npos;
        if (close == std::string::npos) {
            out.text += c;
            continue;
        }
        const std::string body = text.substr(i + 1, close - i - 1);
        i = close;
        const std::optional<Reference> ref = parse(body);
        std::string why = "not a reference";
        const std::optional<double> value = ref ? resolve(*ref, scene, stages, why) : std::nullopt;
        if (value && std::isfinite(*value)) {
            out.text += format(*ref, *value);
        } else {
            out.text += "?";
            out.unresolved.push_back(body + ": " + (value ? std::string("not a finite number") : why));
        }
    }
    return out;
}

std::string withoutReferences(const std::string &text)
{
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
            out += c;
            ++i;
        } else if (c == '{' && text.find('}', i + 1) != std::string::npos) {
            i = text.find('}', i + 1);
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace attnlab::core
