#include "core/sceneio.h"

#include "core/jsonwriter.h"
#include "core/limits.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

namespace attnlab::core {

namespace {

using Json = nlohmann::ordered_json;


const char *typeName(const Json &j)
{
    switch (j.type()) {
    case Json::value_t::null:
        return "null";
    case Json::value_t::boolean:
        return "true/false";
    case Json::value_t::string:
        return "a string";
    case Json::value_t::array:
        return "an array";
    case Json::value_t::object:
        return "an object";
    default:
        return "a number";
    }
}

std::string index(const std::string &path, size_t i)
{
    return path + "[" + std::to_string(i) + "]";
}

// Collects problems while turning JSON values into scene fields.
class Reader {
public:
    std::vector<Problem> problems;

    void fail(const std::string &path, const std::string &message) { problems.push_back({path, message}); }

    bool number(const Json &j, const std::string &path, Scalar &out)
    {
        if (!j.is_number()) {
            fail(path, std::string("expected a number, got ") + typeName(j));
            return false;
        }
        const double v = j.get<double>();
        if (!std::isfinite(v)) {
            fail(path, "must be a finite number");
            return false;
        }
        if (std::abs(v) > limits::kMaxAbsValue) {
            fail(path, "must lie between -1000000 and 1000000");
            return false;
        }
        out = Scalar(v);
        return true;
    }

    bool integer(const Json &j, const std::string &path, int &out, int min, int max)
    {
        if (!j.is_number_integer()) {
            fail(path, std::string("expected a whole number, got ") + typeName(j));
            return false;
        }
        const long long v = j.get<long long>();
        if (v < min) {
            fail(path, "must be at least " + std::to_string(min));
            return false;
        }
        if (v > max) {
            fail(path, "is " + std::to_string(v) + ", more than the limit of " + std::to_string(max));
            return false;
        }
        out = int(v);
        return true;
    }

    bool string(const Json &j, const std::string &path, std::string &out)
    {
        if (!j.is_string()) {
            fail(path, std::string("expected a string, got ") + typeName(j));
            return false;
        }
        out = j.get<std::string>();
        return true;
    }

    bool vector(const Json &j, const std::string &path, std::vector<Scalar> &out)
    {
        if (!j.is_array()) {
            fail(path, std::string("expected an array of numbers, got ") + typeName(j));
            return false;
        }
        out.resize(j.size());
        bool ok = true;
        for (size_t i = 0; i < j.size(); ++i)
            ok = number(j[i], index(path, i), out[i]) && ok;
        return ok;
    }

    // An array of equally long rows of numbers.
    bool matrix(const Json &j, const std::string &path, Matrix &out)
    {
        if (!j.is_array()) {
            fail(path, std::string("expected an array of rows, got ") + typeName(j));
            return false;
        }
        if (j.empty()) {
            fail(path, "must have at least one row");
            return false;
        }
        bool ok = true;
        std::vector<Scalar> row;
        for (size_t r = 0; r < j.size(); ++r) {
            const std::string rowPath = index(path, r);
            if (!vector(j[r], rowPath, row)) {
                ok = false;
                continue;
            }
            if (r == 0) {
                if (row.empty()) {
                    fail(rowPath, "a row must have at least one number");
                    return false;
                }
                out.resize(Eigen::Index(j.size()), Eigen::Index(row.size()));
            }
            if (Eigen::Index(row.size()) != out.cols()) {
                fail(rowPath, "has " + std::to_string(row.size()) + " numbers, but row 0 has " +
                                  std::to_string(out.cols()));
                ok = false;
                continue;
            }
            for (size_t c = 0; c < row.size(); ++c)
                out(Eigen::Index(r), Eigen::Index(c)) = row[c];
        }
        return ok;
    }

    bool mask(const Json &j, const std::string &path, MaskMatrix &out)
    {
        Matrix m;
        if (!matrix(j, path, m))
            return false;
        out.resize(m.rows(), m.cols());
        for (Eigen::Index r = 0; r < m.rows(); ++r)
            for (Eigen::Index c = 0; c < m.cols(); ++c) {
                if (m(r, c) != 0 && m(r, c) != 1) {
                    fail(index(index(path, size_t(r)), size_t(c)), "must be 0 (hidden) or 1 (visible)");
                    return false;
                }
                out(r, c) = m(r, c) != 0;
            }
        return true;
    }
};

// The keys a file may have, and which belong to model mode only.
const std::set<std::string> kModelKeys
    = {"d_model", "embeddings", "heads", "d_k", "W_Q", "W_K", "W_V", "W_O", "X", "b_Q", "b_K", "b_V", "b_O"};
const std::set<std::string> kCommonKeys = {"format", "version", "title", "description", "tokens",
                                           "positional_encoding", "scale", "mask", "direct"};

// Finds duplicate keys while nlohmann parses (it would silently keep the last one).
class DuplicateKeyFinder {
public:
    explicit DuplicateKeyFinder(std::vector<Problem> *out) : problems(out) {}
    std::vector<Problem> *problems;

    bool operator()(int, nlohmann::json::parse_event_t event, Json &parsed)
    {
        using E = nlohmann::json::parse_event_t;
        switch (event) {
        case E::object_start:
            m_frames.push_back({false, 0, {}, {}});
            break;
        case E::array_start:
            m_frames.push_back({true, 0, {}, {}});
            break;
        case E::key: {
            Frame &f = m_frames.back();
            f.key = parsed.get<std::string>();
            if (!f.keys.insert(f.key).second)
                problems->push_back({path(), "the key \"" + f.key + "\" appears more than once"});
            break;
        }
        case E::object_end:
        case E::array_end:
            m_frames.pop_back();
            advance();
            break;
        case E::value:
            advance();
            break;
        }
        return true;
    }

private:
    struct Frame {
        bool array;
        size_t index;
        std::string key;
        std::set<std::string> keys;
    };
    std::vector<Frame> m_frames;

    void advance()
    {
        if (!m_frames.empty() && m_frames.back().array)
            ++m_frames.back().index;
    }

    std::string path() const
    {
        std::string out;
        for (const Frame &f : m_frames) {
            if (&f == &m_frames.back())
                break;
            if (f.array)
                out += "[" + std::to_string(f.index) + "]";
            else
                out += out.empty() ? f.key : "." + f.key;
        }
        return out.empty() ? m_frames.back().key : out + "." + m_frames.back().key;
    }
};

// Line and column (1-based, column in characters) of a byte offset.
std::pair<int, int> lineColumn(const std::string &text, size_t byte)
{
    int line = 1, column = 1;
    for (size_t i = 0; i < byte && i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++line;
            column = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++column;
        }
    }
    return {line, column};
}

void readModel(Reader &rd, const Json &root, Scene &s)
{
    if (root.contains("d_model"))
        rd.integer(root["d_model"], "d_model", s.dModel, 1, limits::kMaxDModel);
    else
        rd.fail("d_model", "is missing (or give \"direct\": {\"Q\", \"K\", \"V\"} instead)");
    if (root.contains("heads"))
        rd.integer(root["heads"], "heads", s.heads, 1, limits::kMaxHeads);
    if (root.contains("d_k"))
        rd.integer(root["d_k"], "d_k", s.dK, 1, limits::kMaxDk);
    else
        rd.fail("d_k", "is missing");

    if (!root.contains("embeddings")) {
        if (!root.contains("X"))
            rd.fail("embeddings", "is missing (or give \"X\", one row per token)");
    } else if (!root["embeddings"].is_object()) {
        rd.fail("embeddings", std::string("expected an object mapping each token to its vector, got ") +
                                  typeName(root["embeddings"]));
    } else {
        const Json &e = root["embeddings"];
        s.vocabulary.clear();
        std::vector<std::vector<Scalar>> rows;
        for (auto it = e.begin(); it != e.end(); ++it) {
            const std::string path = "embeddings[" + json::quote(it.key()) + "]";
            std::vector<Scalar> row;
            if (!rd.vector(it.value(), path, row))
                continue;
            if (s.dModel > 0 && int(row.size()) != s.dModel) {
                rd.fail(path, "has " + std::to_string(row.size()) + " numbers, but d_model is " +
                                  std::to_string(s.dModel));
                continue;
            }
            s.vocabulary.push_back(it.key());
            rows.push_back(std::move(row));
        }
        if (s.dModel > 0 && rows.size() == e.size()) {
            s.embeddings.resize(Eigen::Index(rows.size()), s.dModel);
            for (size_t r = 0; r < rows.size(); ++r)
                for (int c = 0; c < s.dModel; ++c)
                    s.embeddings(Eigen::Index(r), c) = rows[r][size_t(c)];
        }
    }

    const char *weights[] = {"W_Q", "W_K", "W_V"};
    Matrix *targets[] = {&s.wq, &s.wk, &s.wv};
    for (int i = 0; i < 3; ++i) {
        if (root.contains(weights[i]))
            rd.matrix(root[weights[i]], weights[i], *targets[i]);
        else
            rd.fail(weights[i], "is missing");
    }
    if (root.contains("W_O"))
        rd.matrix(root["W_O"], "W_O", s.wo);
}

// The optional keys of a head taken from a real model: "X" (one row per token, instead of
// "embeddings") and the biases "b_Q", "b_K", "b_V" and "b_O". Shapes are checked by validate().
void readLayerInput(Reader &rd, const Json &root, Scene &s)
{
    if (root.contains("X"))
        rd.matrix(root["X"], "X", s.x);
    const std::pair<const char *, RowVector *> biases[]
        = {{"b_Q", &s.bq}, {"b_K", &s.bk}, {"b_V", &s.bv}, {"b_O", &s.bo}};
    for (const auto &[key, target] : biases) {
        std::vector<Scalar> values;
        if (!root.contains(key) || !rd.vector(root[key], key, values))
            continue;
        if (values.empty()) {
            rd.fail(key, "must have at least one number (leave the key out for no bias)");
            continue;
        }
        *target = Eigen::Map<const RowVector>(values.data(), Eigen::Index(values.size()));
    }
}

void readDirect(Reader &rd, const Json &root, Scene &s)
{
    const Json &d = root["direct"];
    if (!d.is_object()) {
        rd.fail("direct", std::string("expected an object with \"Q\", \"K\" and \"V\", got ") + typeName(d));
        return;
    }
    for (auto it = d.begin(); it != d.end(); ++it)
        if (it.key() != "Q" && it.key() != "K" && it.key() != "V")
            rd.fail("direct." + it.key(), "unknown key (expected \"Q\", \"K\" and \"V\")");
    for (const char *key : {"Q", "K", "V"}) {
        Matrix &target = key[0] == 'Q' ? s.q : key[0] == 'K' ? s.k : s.v;
        if (d.contains(key))
            rd.matrix(d[key], std::string("direct.") + key, target);
        else
            rd.fail(std::string("direct.") + key, "is missing");
    }
    for (const std::string &key : kModelKeys)
        if (root.contains(key))
            rd.fail(key, "does not belong in a direct-mode scene (\"direct\" replaces the embeddings and weights)");
}

void readScene(Reader &rd, const Json &root, Scene &s)
{
    for (auto it = root.begin(); it != root.end(); ++it)
        if (!kCommonKeys.count(it.key()) && !kModelKeys.count(it.key()))
            rd.fail(it.key(), "unknown key");

    if (root.contains("format")) {
        std::string format;
        if (rd.string(root["format"], "format", format) && format != kSceneFormat)
            rd.fail("format", "expected \"" + std::string(kSceneFormat) + "\", got \"" + format + "\"");
    }
    if (root.contains("version")) {
        int version = 0;
        if (rd.integer(root["version"], "version", version, 1, 1000000) && version != kSceneVersion)
            rd.fail("version", "this file has version " + std::to_string(version) + "; this Attention Lab reads version " +
                                   std::to_string(kSceneVersion));
    }
    if (root.contains("title")) {
        const Json &t = root["title"];
        if (t.is_object()) {
            for (auto it = t.begin(); it != t.end(); ++it) {
                std::string text;
                if (rd.string(it.value(), "title." + it.key(), text))
                    s.titleTranslations.push_back({it.key(), text});
            }
            for (const auto &[lang, text] : s.titleTranslations)
                if (lang == "en" || s.title.empty())
                    s.title = text;
        } else if (!t.is_string()) {
            rd.fail("title", std::string("expected a string or an object of language → text, got ") + typeName(t));
        } else {
            s.title = t.get<std::string>();
        }
    }
    if (root.contains("description")) {
        const Json &d = root["description"];
        if (d.is_string()) {
            s.description.push_back({"en", d.get<std::string>()});
        } else if (d.is_object()) {
            for (auto it = d.begin(); it != d.end(); ++it) {
                std::string text;
                if (rd.string(it.value(), "description." + it.key(), text))
                    s.description.push_back({it.key(), text});
            }
        } else {
            rd.fail("description", std::string("expected a string or an object of language → text, got ") +
                                       typeName(d));
        }
    }

    if (!root.contains("tokens")) {
        rd.fail("tokens", "is missing");
    } else if (!root["tokens"].is_array()) {
        rd.fail("tokens", std::string("expected an array of strings, got ") + typeName(root["tokens"]));
    } else {
        const Json &t = root["tokens"];
        if (t.size() > size_t(limits::kMaxTokens)) {
            rd.fail("tokens", "has " + std::to_string(t.size()) + " tokens, more than the limit of " +
                                  std::to_string(limits::kMaxTokens));
        } else {
            for (size_t i = 0; i < t.size(); ++i) {
                std::string token;
                if (!rd.string(t[i], index("tokens", i), token))
                    continue;
                if (token.empty())
                    rd.fail(index("tokens", i), "a token must not be empty");
                s.tokens.push_back(token);
            }
        }
    }

    if (root.contains("positional_encoding")) {
        std::string pe;
        if (rd.string(root["positional_encoding"], "positional_encoding", pe)) {
            if (pe == "none")
                s.positional = PositionalEncoding::None;
            else if (pe == "sinusoidal")
                s.positional = PositionalEncoding::Sinusoidal;
            else if (pe == "rope")
                s.positional = PositionalEncoding::Rope;
            else
                rd.fail("positional_encoding", "expected \"none\", \"sinusoidal\" or \"rope\", got \"" + pe + "\"");
        }
    }

    if (root.contains("scale")) {
        const Json &sc = root["scale"];
        if (sc.is_string()) {
            const std::string v = sc.get<std::string>();
            if (v == "sqrt_dk")
                s.scale = ScaleKind::SqrtDk;
            else if (v == "none")
                s.scale = ScaleKind::None;
            else
                rd.fail("scale", "expected \"sqrt_dk\", \"none\" or a positive number, got \"" + v + "\"");
        } else if (sc.is_number()) {
            Scalar d = 0;
            if (rd.number(sc, "scale", d)) {
                if (d < limits::kMinDivisor)
                    rd.fail("scale", "a divisor must be at least 0.001");
                s.scale = ScaleKind::Custom;
                s.customDivisor = d;
            }
        } else {
            rd.fail("scale", std::string("expected \"sqrt_dk\", \"none\" or a positive number, got ") + typeName(sc));
        }
    }

    if (root.contains("mask")) {
        const Json &m = root["mask"];
        if (m.is_string()) {
            const std::string v = m.get<std::string>();
            if (v == "none")
                s.mask = MaskKind::None;
            else if (v == "causal")
                s.mask = MaskKind::Causal;
            else
                rd.fail("mask", "expected \"none\", \"causal\" or an n×n matrix of 0/1, got \"" + v + "\"");
        } else if (m.is_array()) {
            if (rd.mask(m, "mask", s.customMask))
                s.mask = MaskKind::Custom;
        } else {
            rd.fail("mask", std::string("expected \"none\", \"causal\" or an n×n matrix of 0/1, got ") + typeName(m));
        }
    }

    if (root.contains("direct")) {
        s.direct = true;
        s.heads = 1;
        readDirect(rd, root, s);
    } else {
        readModel(rd, root, s);
        readLayerInput(rd, root, s);
    }
}

} // namespace

LoadResult parseScene(const std::string &text)
{
    LoadResult result;
    Json root;
    DuplicateKeyFinder finder(&result.problems);
    try {
        root = Json::parse(text, std::ref(finder), true, false);
    } catch (const nlohmann::json::parse_error &e) {
        result.problems.clear();
        std::string what = e.what();
        // "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error …"
        const size_t colon = what.find(": ");
        if (colon != std::string::npos)
            what = what.substr(colon + 2);
        const auto [line, column] = lineColumn(text, e.byte > 0 ? e.byte - 1 : 0);
        result.problems.push_back({"", "invalid JSON: " + what, line, column});
        return result;
    } catch (const nlohmann::json::exception &e) {
        // A number too large for a double ("1e999") ends parsing without a position: find the
        // literal in the text so the message still points at it.
        result.problems.clear();
        std::string what = e.what();
        const size_t space = what.find("] ");
        if (space != std::string::npos)
            what = what.substr(space + 2);
        Problem p{"", "invalid JSON: " + what};
        const size_t open = what.find('\''), close = what.rfind('\'');
        if (open != std::string::npos && close > open) {
            const size_t at = text.find(what.substr(open + 1, close - open - 1));
            if (at != std::string::npos)
                std::tie(p.line, p.column) = lineColumn(text, at);
        }
        result.problems.push_back(p);
        return result;
    }
    if (!result.problems.empty())
        return result;
    if (!root.is_object()) {
        result.problems.push_back({"", std::string("expected a JSON object at the top, got ") + typeName(root)});
        return result;
    }

    Reader rd;
    Scene scene;
    readScene(rd, root, scene);
    if (!rd.problems.empty()) {
        result.problems = std::move(rd.problems);
        return result;
    }
    result.problems = validate(scene);
    if (result.problems.empty())
        result.scene = std::move(scene);
    return result;
}

LoadResult loadSceneFile(const std::string &path)
{
    LoadResult result;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        result.problems.push_back({"", std::string("cannot open the file: ") + std::strerror(errno)});
        return result;
    }
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0) {
        result.problems.push_back({"", "cannot read the file (is it a folder?)"});
        return result;
    }
    if (std::size_t(size) > kMaxFileBytes) {
        result.problems.push_back({"", "the file is " + std::to_string(size >> 20) + " MiB, larger than the limit of " +
                                           std::to_string(kMaxFileBytes >> 20) + " MiB"});
        return result;
    }
    in.seekg(0);
    std::string text(std::size_t(size), '\0');
    if (size > 0 && !in.read(text.data(), size)) {
        result.problems.push_back({"", std::string("cannot read the file: ") + std::strerror(errno)});
        return result;
    }
    return parseScene(text);
}

} // namespace attnlab::core
