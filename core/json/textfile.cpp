#include "core/json/textfile.h"

#include <cerrno>
#include <fstream>

namespace attnlab::core {

FileText readFileText(const std::string &path, std::uint64_t maxBytes)
{
    FileText result;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        result.status = FileText::CannotOpen;
        result.error = errno;
        return result;
    }
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0) {
        result.status = FileText::NoSize;
        return result;
    }
    result.size = std::uint64_t(size);
    if (result.size > maxBytes) {
        result.status = FileText::TooLarge;
        return result;
    }
    in.seekg(0);
    result.text.assign(std::size_t(size), '\0');
    if (size > 0 && !in.read(result.text.data(), size)) {
        result.status = FileText::CannotRead;
        result.error = errno;
        result.text.clear();
    }
    return result;
}

std::vector<std::string> splitLines(const std::string &text)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        std::string line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        out.push_back(std::move(line));
        start = end + 1;
    }
    return out;
}

} // namespace attnlab::core
