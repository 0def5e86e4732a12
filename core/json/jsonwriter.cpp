#include "core/json/jsonwriter.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace attnlab::core::json {

std::string quote(const std::string &text)
{
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    for (unsigned char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(c));
                out += buf;
            } else {
                out += char(c);
            }
        }
    }
    out += '"';
    return out;
}

std::string number(Scalar value)
{
    if (!std::isfinite(value))
        return "null";
    if (value == 0)
        return "0"; // also for −0, which reads as a surprise in a teaching file
    char buf[32];
    const auto result = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, result.ptr);
}

std::string rounded(Scalar value)
{
    if (!std::isfinite(value))
        return "null";
    if (value == 0)
        return "0";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.7g", double(value));
    return buf;
}

std::string decimal(double value)
{
    if (!std::isfinite(value))
        return "null";
    if (value == 0)
        return "0";
    // to_chars in the general format is %.*g without the locale's decimal point.
    char buf[32];
    for (int digits = 7;; ++digits) {
        const auto end = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::general, digits).ptr;
        double back = 0;
        std::from_chars(buf, end, back);
        if (back == value || digits == 17)
            return std::string(buf, end);
    }
}

namespace {

template<typename M, typename F> std::string rows(const M &m, int indent, F &&cell)
{
    if (m.rows() == 0)
        return "[]";
    const std::string pad(size_t(indent) + 2, ' ');
    std::string out = "[\n";
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        out += pad;
        out += '[';
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            if (c)
                out += ", ";
            out += cell(m(r, c));
        }
        out += r + 1 < m.rows() ? "],\n" : "]\n";
    }
    out += std::string(size_t(indent), ' ');
    out += ']';
    return out;
}

} // namespace

std::string matrix(const Eigen::Ref<const Matrix> &m, int indent)
{
    return rows(m, indent, [](Scalar v) { return number(v); });
}

std::string matrix(const Eigen::Ref<const MaskMatrix> &m, int indent)
{
    return rows(m, indent, [](unsigned char v) { return std::string(v ? "1" : "0"); });
}

std::string row(const Eigen::Ref<const RowVector> &r)
{
    std::string out = "[";
    for (Eigen::Index c = 0; c < r.size(); ++c) {
        if (c)
            out += ", ";
        out += number(r(c));
    }
    return out + "]";
}

std::string stringArray(const std::vector<std::string> &items)
{
    std::string out = "[";
    for (size_t i = 0; i < items.size(); ++i) {
        if (i)
            out += ", ";
        out += quote(items[i]);
    }
    return out + "]";
}

} // namespace attnlab::core::json
