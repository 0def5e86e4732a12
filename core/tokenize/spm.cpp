#include "core/tokenize/spm.h"

#include <cstdio>
#include <queue>
#include <string>
#include <unordered_map>
#include <utility>

namespace attnlab::core::model {

namespace {

// llm_symbol: a run of bytes of the word, linked to its neighbours.
struct Symbol {
    int prev = -1;
    int next = -1;
    size_t start = 0; // byte offset in the word
    size_t n = 0; // bytes; 0 once merged into its left neighbour
};

// llm_bigram_spm and its comparator: the highest score first, then the leftmost.
struct Bigram {
    int left = -1;
    int right = -1;
    float score = 0.0f;
    size_t size = 0;
    bool operator<(const Bigram &o) const { return score < o.score || (score == o.score && left > o.left); }
};

} // namespace

std::vector<ModelPiece> SpmModel::tokenize(const Text &word) const
{
    std::string bytes;
    std::vector<int> charOfByte; // the word's character each byte belongs to
    for (size_t i = 0; i < word.size(); ++i) {
        const size_t before = bytes.size();
        appendUtf8(bytes, word[i].c);
        charOfByte.insert(charOfByte.end(), bytes.size() - before, int(i));
    }
    std::vector<Symbol> symbols;
    for (size_t offs = 0, index = 0; offs < bytes.size(); ++index) {
        Symbol s;
        s.start = offs;
        s.n = 1;
        while (offs + s.n < bytes.size() && charOfByte[offs + s.n] == charOfByte[offs])
            ++s.n;
        offs += s.n;
        s.prev = int(index) - 1;
        s.next = offs == bytes.size() ? -1 : int(index) + 1;
        symbols.push_back(s);
    }
    const auto textOf = [&](const Symbol &s) { return std::string_view(bytes).substr(s.start, s.n); };

    std::priority_queue<Bigram> queue;
    // Which pair of symbols made a piece's text (the last pair queued wins, as in llama.cpp).
    std::unordered_map<std::string, std::pair<int, int>> revMerge;
    const auto tryAddBigram = [&](int left, int right) {
        if (left == -1 || right == -1)
            return;
        const Symbol &l = symbols[size_t(left)];
        const std::string_view text = std::string_view(bytes).substr(l.start, l.n + symbols[size_t(right)].n);
        const int id = vocabulary.idOf(text);
        if (id < 0)
            return;
        queue.push({left, right, scoreOf(id), text.size()});
        revMerge[std::string(text)] = {left, right};
    };
    for (int i = 1; i < int(symbols.size()); ++i)
        tryAddBigram(i - 1, i);
    while (!queue.empty()) {
        const Bigram bigram = queue.top();
        queue.pop();
        Symbol &left = symbols[size_t(bigram.left)];
        Symbol &right = symbols[size_t(bigram.right)];
        // One of the two has merged since the pair was queued.
        if (left.n == 0 || right.n == 0 || left.n + right.n != bigram.size)
            continue;
        left.n += right.n;
        right.n = 0;
        left.next = right.next;
        if (right.next >= 0)
            symbols[size_t(right.next)].prev = bigram.left;
        tryAddBigram(left.prev, bigram.left);
        tryAddBigram(bigram.left, left.next);
    }

    std::vector<ModelPiece> pieces;
    bool fusedUnk = false; // the last piece is an unknown one made below, which the next may join
    const auto piece = [&](int id, size_t firstByte, size_t endByte) {
        pieces.push_back({id, charOfByte[firstByte], charOfByte[endByte - 1] + 1});
        fusedUnk = false;
    };
    // llama.cpp's resegment: a symbol that is a piece, else its two halves, else its bytes.
    const auto resegment = [&](const Symbol &symbol, auto &&self) -> void {
        const std::string_view text = textOf(symbol);
        if (const int id = vocabulary.idOf(text); id >= 0) {
            piece(id, symbol.start, symbol.start + symbol.n);
            return;
        }
        const auto merged = revMerge.find(std::string(text));
        if (merged == revMerge.end()) {
            // One character that is no piece: its bytes, else the unknown piece, one for a run of
            // such characters (tokenizers' byte_fallback with fuse_unk; llama.cpp has no answer
            // for a vocabulary without the byte pieces; its fallback to the raw byte as a piece never
            // finds one here, as a lone character would have been found whole and a lone byte
            // past ASCII is not UTF-8, which every piece is).
            std::vector<int> byteIds;
            for (size_t j = 0; j < symbol.n; ++j) {
                const unsigned char byte = static_cast<unsigned char>(bytes[symbol.start + j]);
                char name[8];
                std::snprintf(name, sizeof name, "<0x%02X>", byte);
                const int id = vocabulary.idOf(name);
                if (id >= 0)
                    byteIds.push_back(id);
            }
            if (byteIds.size() == symbol.n) {
                for (size_t j = 0; j < symbol.n; ++j)
                    piece(byteIds[j], symbol.start + j, symbol.start + j + 1);
            } else if (unkId >= 0 && fusedUnk) {
                pieces.back().end = charOfByte[symbol.start + symbol.n - 1] + 1;
            } else if (unkId >= 0) {
                piece(unkId, symbol.start, symbol.start + symbol.n);
                fusedUnk = true;
            }
            return;
        }
        self(symbols[size_t(merged->second.first)], self);
        self(symbols[size_t(merged->second.second)], self);
    };
    for (int i = symbols.empty() ? -1 : 0; i != -1; i = symbols[size_t(i)].next)
        resegment(symbols[size_t(i)], resegment);
    return pieces;
}

} // namespace attnlab::core::model
