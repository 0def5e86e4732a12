#include "core/tokenize/wordpiece.h"

#include "core/tokenize/unicodetext.h"

#include <algorithm>

namespace attnlab::core::model {

std::vector<ModelPiece> WordPieceModel::tokenize(const std::u32string &word) const
{
    const int n = int(word.size());
    const std::vector<ModelPiece> unknown {{vocabulary.idOf(unkToken), 0, n}};
    if (n > maxInputCharsPerWord)
        return unknown;
    std::vector<ModelPiece> pieces;
    int start = 0;
    while (start < n) {
        int end = std::min(n, start + m_longestPiece);
        int found = -1;
        while (start < end) {
            std::string candidate = start > 0 ? continuingSubwordPrefix : std::string();
            candidate += toUtf8(word.substr(start, end - start));
            found = vocabulary.idOf(candidate);
            if (found >= 0)
                break;
            --end;
        }
        if (found < 0)
            return unknown;
        pieces.push_back({found, start, end});
        start = end;
    }
    return pieces;
}

std::vector<ModelPiece> WordPieceModel::tokenize(const Text &word) const
{
    std::u32string chars;
    chars.reserve(word.size());
    for (const TextChar &c : word)
        chars += c.c;
    return tokenize(chars);
}

void WordPieceModel::prepare()
{
    // The full length bounds both uses of an entry: whole at the start of a word, and
    // without its "##" after it.
    m_longestPiece = 0;
    vocabulary.forEach([this](std::string_view piece, int) {
        m_longestPiece = std::max(m_longestPiece, int(decodeUtf8(std::string(piece)).size()));
    });
}

} // namespace attnlab::core::model
