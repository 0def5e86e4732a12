#pragma once
// How sceneio.cpp turns the JSON values of a scene file into scene fields: each value checked
// (type, finiteness, range, shape) and every problem collected with its JSON path, never thrown.
// Only sceneio.cpp includes it; the key table and the readers of each key are there.

#include "core/json/jsonguard.h"
#include "core/scene/limits.h"
#include "core/scene/scene.h"
#include "core/text/messageid.h"

#include <cmath>
#include <string>
#include <vector>

namespace attnlab::core::scenefile {

using Json = nlohmann::json;

// `path[i]`, the path of an array's element.
inline std::string index(const std::string &path, size_t i)
{
    return path + "[" + std::to_string(i) + "]";
}

// Collects problems while turning JSON values into scene fields.
class Reader {
public:
    explicit Reader(const JsonDocument &doc)
        : m_doc(doc)
    {
    }

    std::vector<Problem> problems;
    // Problems past the first kMaxProblems are counted, not kept: a file of millions of bad
    // numbers must not cost a string for each.
    static constexpr std::size_t kMaxProblems = 100;
    std::size_t dropped = 0;

    // An object's members in file order.
    std::vector<JsonDocument::Member> members(const Json &object) const { return m_doc.members(object); }

    // The member `key` of `object`, or nullptr (O(log n)).
    static const Json *find(const Json &object, const std::string &key)
    {
        const auto it = object.find(key);
        return it == object.end() ? nullptr : &*it;
    }

    void fail(const std::string &path, Message message)
    {
        if (problems.size() < kMaxProblems)
            problems.push_back({path, std::move(message)});
        else
            ++dropped;
    }

    // Why `j` is not an acceptable number (Literal when it is, and then `out` holds it). Paths
    // are built only for failures: a matrix row may hold millions of numbers.
    static Message numberProblem(const Json &j, Scalar &out)
    {
        if (!j.is_number())
            return Message(MessageId::ExpectedNumber, jsonTypeName(j));
        const double v = j.get<double>();
        if (!std::isfinite(v))
            return Message(MessageId::MustBeFinite);
        if (std::abs(v) > limits::kMaxAbsValue)
            return Message(MessageId::MustLieInValueRange);
        out = Scalar(v);
        return {};
    }

    bool number(const Json &j, const std::string &path, Scalar &out)
    {
        Message problem = numberProblem(j, out);
        const bool ok = problem.id == MessageId::Literal;
        if (!ok)
            fail(path, std::move(problem));
        return ok;
    }

    bool integer(const Json &j, const std::string &path, int &out, int min, int max)
    {
        if (!j.is_number_integer()) {
            fail(path, Message(MessageId::ExpectedWholeNumber, jsonTypeName(j)));
            return false;
        }
        // An unsigned value past LLONG_MAX would wrap to a negative one.
        if (j.is_number_unsigned() && j.get<unsigned long long>() > (unsigned long long)max) {
            fail(path, Message(MessageId::IsMoreThanLimit, j.get<unsigned long long>(), max));
            return false;
        }
        const long long v = j.get<long long>();
        if (v < min) {
            fail(path, Message(MessageId::MustBeAtLeast, min));
            return false;
        }
        if (v > max) {
            fail(path, Message(MessageId::IsMoreThanLimit, v, max));
            return false;
        }
        out = int(v);
        return true;
    }

    bool string(const Json &j, const std::string &path, std::string &out)
    {
        if (!j.is_string()) {
            fail(path, Message(MessageId::ExpectedString, jsonTypeName(j)));
            return false;
        }
        out = j.get<std::string>();
        return true;
    }

    bool vector(const Json &j, const std::string &path, std::vector<Scalar> &out)
    {
        if (!j.is_array()) {
            fail(path, Message(MessageId::ExpectedArrayOfNumbers, jsonTypeName(j)));
            return false;
        }
        out.resize(j.size());
        bool ok = true;
        for (size_t i = 0; i < j.size(); ++i) {
            Message problem = numberProblem(j[i], out[i]);
            if (problem.id != MessageId::Literal) {
                fail(index(path, i), std::move(problem));
                ok = false;
            }
        }
        return ok;
    }

    // An array of equally long rows of numbers.
    bool matrix(const Json &j, const std::string &path, Matrix &out)
    {
        if (!j.is_array()) {
            fail(path, Message(MessageId::ExpectedArrayOfRows, jsonTypeName(j)));
            return false;
        }
        if (j.empty()) {
            fail(path, Message(MessageId::MustHaveARow));
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
                    fail(rowPath, Message(MessageId::RowMustHaveANumber));
                    return false;
                }
                out.resize(Eigen::Index(j.size()), Eigen::Index(row.size()));
            }
            if (Eigen::Index(row.size()) != out.cols()) {
                fail(rowPath, Message(MessageId::RowLengthDiffers, row.size(), out.cols()));
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
                    fail(index(index(path, size_t(r)), size_t(c)), Message(MessageId::MaskCellMustBeZeroOrOne));
                    return false;
                }
                out(r, c) = m(r, c) != 0;
            }
        return true;
    }

private:
    const JsonDocument &m_doc;
};

} // namespace attnlab::core::scenefile
