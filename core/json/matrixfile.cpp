#include "core/json/matrixfile.h"

#include "core/json/jsonwriter.h"
#include "core/json/textfile.h"
#include "core/scene/limits.h"
#include "core/text/messageid.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace attnlab::core {

namespace {

// Splits one line on the separator chosen for the text (' ' means runs of spaces).
std::vector<std::string> splitLine(const std::string &line, char separator)
{
    std::vector<std::string> out;
    if (separator == ' ') {
        std::size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
                ++i;
            const std::size_t start = i;
            while (i < line.size() && line[i] != ' ' && line[i] != '\t')
                ++i;
            if (i > start)
                out.push_back(line.substr(start, i - start));
        }
        return out;
    }
    std::size_t start = 0;
    for (;;) {
        const std::size_t end = line.find(separator, start);
        std::string field = line.substr(start, end == std::string::npos ? std::string::npos : end - start);
        const std::size_t first = field.find_first_not_of(" \t");
        const std::size_t last = field.find_last_not_of(" \t");
        out.push_back(first == std::string::npos ? std::string() : field.substr(first, last - first + 1));
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    // A trailing separator (Excel writes one sometimes) adds no value.
    if (out.size() > 1 && out.back().empty())
        out.pop_back();
    return out;
}

bool parseNumber(const std::string &text, double *value)
{
    if (text.empty())
        return false;
    // The true minus sign (U+2212) as the app prints it.
    std::string t = text;
    if (t.compare(0, 3, "\xe2\x88\x92") == 0)
        t = "-" + t.substr(3);
    if (t.size() > 1 && t[0] == '+')
        t.erase(0, 1);
    // from_chars ignores the C locale, which a Qt application sets from the environment.
    double v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || end != t.data() + t.size())
        return false;
    *value = v;
    return true;
}

std::string withSeparator(const Eigen::Ref<const Matrix> &m, char separator)
{
    std::string out;
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            if (c)
                out += separator;
            out += json::number(m(r, c));
        }
        out += '\n';
    }
    return out;
}

} // namespace

MatrixReadResult parseMatrixText(const std::string &text, std::size_t maxValues)
{
    MatrixReadResult result;
    std::string body = text;
    // UTF-8 byte order mark (Excel's CSV export writes one).
    if (body.compare(0, 3, "\xef\xbb\xbf") == 0)
        body.erase(0, 3);
    // NumPy's print: brackets only delimit rows.
    const bool numpy = body.find('[') != std::string::npos;
    if (numpy)
        for (char &ch : body)
            if (ch == '[' || ch == ']')
                ch = ' ';
    std::vector<std::string> all = splitLines(body);
    std::size_t first = 0, last = all.size();
    const auto blank = [](const std::string &l) { return l.find_first_not_of(" \t") == std::string::npos; };
    while (first < last && blank(all[first]))
        ++first;
    while (last > first && blank(all[last - 1]))
        --last;
    if (first == last) {
        result.error = Message(MessageId::MatrixNoNumbers);
        return result;
    }
    char separator = ' ';
    for (char candidate : {'\t', ',', ';'})
        if (all[first].find(candidate) != std::string::npos) {
            separator = candidate;
            break;
        }
    std::vector<double> values;
    std::size_t columns = 0, rows = 0;
    bool headerSkipped = false;
    for (std::size_t i = first; i < last; ++i) {
        if (numpy && blank(all[i]))
            continue;
        const std::vector<std::string> fields = splitLine(all[i], separator);
        std::vector<double> row;
        row.reserve(fields.size());
        std::size_t bad = fields.size();
        for (std::size_t c = 0; c < fields.size(); ++c) {
            double v = 0;
            if (parseNumber(fields[c], &v))
                row.push_back(v);
            else if (bad == fields.size())
                bad = c;
        }
        // A label in the first column (the token, as our own CSV export writes it) is skipped.
        if (bad == 0 && fields.size() > 1 && row.size() == fields.size() - 1)
            bad = fields.size();
        // A first line without a single number is a header (CSV column names), and so is a label
        // followed by the column numbers 0, 1, 2, … (our CSV export of a d_k-wide stage).
        const bool columnNumbers = bad == fields.size() && fields.size() > 1 && row.size() == fields.size() - 1 && [&] {
            for (std::size_t c = 0; c < row.size(); ++c)
                if (row[c] != double(c))
                    return false;
            return true;
        }();
        if ((row.empty() || columnNumbers) && rows == 0 && !headerSkipped) {
            headerSkipped = true;
            continue;
        }
        if (bad < fields.size()) {
            result.error = Message(MessageId::MatrixNotANumber, i + 1, bad + 1, fields[bad].substr(0, 40));
            return result;
        }
        if (rows == 0)
            columns = row.size();
        else if (row.size() != columns) {
            result.error = Message(MessageId::MatrixRowLength, i + 1, row.size(), columns);
            return result;
        }
        for (std::size_t c = 0; c < row.size(); ++c)
            if (!std::isfinite(row[c]) || std::abs(row[c]) > limits::kMaxAbsValue) {
                result.error = Message(MessageId::MatrixNotFinite, i + 1, c + 1, fields[c].substr(0, 40));
                return result;
            }
        if (values.size() + row.size() > maxValues) {
            result.error = Message(MessageId::MatrixTooManyValues, maxValues);
            return result;
        }
        values.insert(values.end(), row.begin(), row.end());
        ++rows;
    }
    if (rows == 0 || columns == 0) {
        result.error = Message(MessageId::MatrixNoNumbers);
        return result;
    }
    result.matrix.resize(Eigen::Index(rows), Eigen::Index(columns));
    for (std::size_t k = 0; k < values.size(); ++k)
        result.matrix(Eigen::Index(k / columns), Eigen::Index(k % columns)) = Scalar(values[k]);
    return result;
}

std::string matrixToTsv(const Eigen::Ref<const Matrix> &m)
{
    return withSeparator(m, '\t');
}

std::string matrixToCsv(const Eigen::Ref<const Matrix> &m)
{
    return withSeparator(m, ',');
}

namespace {

// The value of `key` in a .npy header dictionary ("{'descr': '<f4', 'fortran_order': False,
// 'shape': (3, 4), }"), or empty when absent.
std::string headerValue(const std::string &header, const std::string &key)
{
    const std::string quoted = "'" + key + "'";
    const std::size_t k = header.find(quoted);
    if (k == std::string::npos)
        return {};
    std::size_t v = header.find(':', k + quoted.size());
    if (v == std::string::npos)
        return {};
    ++v;
    while (v < header.size() && header[v] == ' ')
        ++v;
    if (v >= header.size())
        return {};
    std::size_t end;
    if (header[v] == '(')
        end = header.find(')', v);
    else if (header[v] == '\'')
        end = header.find('\'', v + 1);
    else
        end = header.find_first_of(",}", v) - 1;
    if (end == std::string::npos || end < v)
        return {};
    return header.substr(v, end - v + 1);
}

} // namespace

MatrixReadResult parseNpy(const std::string &bytes, std::size_t maxValues)
{
    MatrixReadResult result;
    if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) {
        result.error = Message(MessageId::NpyNoMagic);
        return result;
    }
    const unsigned major = static_cast<unsigned char>(bytes[6]);
    std::size_t headerLength = 0, offset = 0;
    if (major == 1) {
        headerLength = std::size_t(static_cast<unsigned char>(bytes[8]))
            | std::size_t(static_cast<unsigned char>(bytes[9])) << 8;
        offset = 10;
    } else if (major == 2 || major == 3) {
        if (bytes.size() < 12) {
            result.error = Message(MessageId::NpyHeaderCut);
            return result;
        }
        for (int i = 0; i < 4; ++i)
            headerLength |= std::size_t(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
        offset = 12;
    } else {
        result.error = Message(MessageId::NpyVersion, major);
        return result;
    }
    if (headerLength > bytes.size() - offset) {
        result.error = Message(MessageId::NpyHeaderTooLong);
        return result;
    }
    const std::string header = bytes.substr(offset, headerLength);
    const std::string descr = headerValue(header, "descr");
    const std::string fortran = headerValue(header, "fortran_order");
    const std::string shapeText = headerValue(header, "shape");
    std::size_t itemSize = 0;
    if (descr == "'<f4'")
        itemSize = 4;
    else if (descr == "'<f8'")
        itemSize = 8;
    else {
        result.error = Message(
            MessageId::NpyDtype, descr.empty() ? Message(MessageId::NpyDtypeMissing) : Message::literal(descr));
        return result;
    }
    if (fortran != "False") {
        result.error = Message(MessageId::NpyFortran);
        return result;
    }
    if (shapeText.size() < 2 || shapeText.front() != '(' || shapeText.back() != ')') {
        result.error = Message(MessageId::NpyNoShape);
        return result;
    }
    std::vector<std::size_t> shape;
    std::string inner = shapeText.substr(1, shapeText.size() - 2);
    std::size_t i = 0;
    while (i < inner.size()) {
        while (i < inner.size() && (inner[i] == ' ' || inner[i] == ','))
            ++i;
        if (i >= inner.size())
            break;
        std::size_t value = 0, digits = 0;
        while (i < inner.size() && inner[i] >= '0' && inner[i] <= '9') {
            if (value > maxValues) {
                result.error = Message(MessageId::NpyTooLarge, maxValues);
                return result;
            }
            value = value * 10 + std::size_t(inner[i] - '0');
            ++i;
            ++digits;
        }
        if (digits == 0 || (i < inner.size() && inner[i] != ',' && inner[i] != ' ')) {
            result.error = Message(MessageId::NpyShapeNotSizes, shapeText);
            return result;
        }
        shape.push_back(value);
    }
    if (shape.empty() || shape.size() > 2) {
        result.error = Message(MessageId::NpyNot2d, shapeText);
        return result;
    }
    const std::size_t rows = shape.size() == 2 ? shape[0] : 1;
    const std::size_t cols = shape.back();
    if (rows == 0 || cols == 0) {
        result.error = Message(MessageId::NpyEmpty, shapeText);
        return result;
    }
    if (rows > maxValues / cols) {
        result.error = Message(MessageId::NpyTooLarge, maxValues);
        return result;
    }
    const std::size_t data = offset + headerLength;
    if (bytes.size() - data != rows * cols * itemSize) {
        result.error = Message(MessageId::NpyDataSize, bytes.size() - data, shapeText, rows * cols * itemSize);
        return result;
    }
    result.matrix.resize(Eigen::Index(rows), Eigen::Index(cols));
    for (std::size_t k = 0; k < rows * cols; ++k) {
        double v;
        if (itemSize == 4) {
            float f;
            std::memcpy(&f, bytes.data() + data + k * 4, 4);
            v = f;
        } else
            std::memcpy(&v, bytes.data() + data + k * 8, 8);
        if (!std::isfinite(v) || std::abs(v) > limits::kMaxAbsValue) {
            result.error = Message(MessageId::NpyValueNotFinite, k / cols, k % cols);
            result.matrix.resize(0, 0);
            return result;
        }
        result.matrix(Eigen::Index(k / cols), Eigen::Index(k % cols)) = Scalar(v);
    }
    return result;
}

std::string matrixToNpy(const Eigen::Ref<const Matrix> &m)
{
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(m.rows()) + ", "
        + std::to_string(m.cols()) + "), }";
    // Magic (6) + version (2) + length (2) + header + newline, padded with spaces to 64 bytes.
    const std::size_t total = 10 + header.size() + 1;
    header.append((64 - total % 64) % 64, ' ');
    header += '\n';
    std::string out("\x93NUMPY\x01\x00", 8);
    out += char(header.size() & 0xff);
    out += char((header.size() >> 8) & 0xff);
    out += header;
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            const float f = m(r, c);
            char raw[4];
            std::memcpy(raw, &f, 4);
            out.append(raw, 4);
        }
    return out;
}

} // namespace attnlab::core
