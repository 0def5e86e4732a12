#include "chinesemessages.h"

#include <regex>
#include <sstream>
#include <vector>

namespace attnlab::test {

std::string englishSentence(const std::string &text)
{
    // Quoted names and values go first, so a quoted "file name with spaces" is no sentence.
    static const std::regex quoted(R"('[^'\n]*'|"[^"\n]*"|“[^”\n]*”)");
    const std::string unquoted = std::regex_replace(text, quoted, " ");
    static const std::regex word(R"([A-Za-z]+[,;:.]?)");
    std::istringstream in(unquoted);
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> run;
        std::istringstream tokens(line);
        std::string token;
        const auto finish = [&run]() {
            std::string sentence;
            if (run.size() >= 3)
                for (const std::string &w : run)
                    sentence += (sentence.empty() ? "" : " ") + w;
            run.clear();
            return sentence;
        };
        // Single spaces only: "a, b, c" lists of values are separated by ", " but so are
        // sentences, so the separator is not the test; the words are.
        while (tokens >> token) {
            if (!std::regex_match(token, word)) {
                if (std::string s = finish(); !s.empty())
                    return s;
                continue;
            }
            run.push_back(token);
            const char last = token.back();
            if (last == ',' || last == ';' || last == ':' || last == '.') {
                if (std::string s = finish(); !s.empty())
                    return s;
            }
        }
        if (std::string s = finish(); !s.empty())
            return s;
    }
    return "";
}

} // namespace attnlab::test
