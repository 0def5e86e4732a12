#include "core/tokenize/bpe.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <queue>

namespace attnlab::core::model {

namespace {

// The library's cache: 10 000 words, each shorter than 256 bytes; when full it stops adding.
constexpr size_t kCacheCapacity = 10000;
constexpr size_t kCacheMaxWordBytes = 256;

struct Symbol {
    int id;
    int begin, end; // units covered
    int prev, next; // neighbours still alive, -1 at the ends
    bool alive;
};

struct QueuedMerge {
    int pos, rank, newId;
    // std::priority_queue pops the largest, so "larger" means lower rank, then lower position.
    bool operator<(const QueuedMerge &o) const { return rank != o.rank ? rank > o.rank : pos > o.pos; }
};

} // namespace

std::string BpeModel::addMerge(std::string_view a, std::string_view b, int rank)
{
    const int aId = vocabulary.idOf(a);
    if (aId < 0)
        return std::string(a);
    const int bId = vocabulary.idOf(b);
    if (bId < 0)
        return std::string(b);
    // The library strips the prefix length from b whether or not b starts with it.
    const size_t cut = std::min(continuingSubwordPrefix.size(), b.size());
    m_joined.assign(a);
    m_joined.append(b.substr(cut));
    const int newId = vocabulary.idOf(m_joined);
    if (newId < 0)
        return m_joined;
    m_merges[key(aId, bId)] = Merge {rank, newId};
    return {};
}

std::pair<long, std::string> BpeModel::addMerges(const std::vector<std::pair<std::string, std::string>> &merges)
{
    // Two stages ahead: merge i + 2·kAhead has its slots fetched, merge i + kAhead its entries
    // and texts, merge i is looked up.
    constexpr size_t kAhead = 8;
    const size_t n = merges.size();
    const size_t cut = continuingSubwordPrefix.size();
    std::vector<std::array<std::uint32_t, 3>> hashes(std::min(n, 3 * kAhead));
    std::vector<std::string> joined(hashes.size());
    const auto ring = [&hashes](size_t i) { return i % hashes.size(); };
    const auto start = [&](size_t i) {
        const auto &[a, b] = merges[i];
        std::string &j = joined[ring(i)];
        j.assign(a);
        j.append(std::string_view(b).substr(std::min(cut, b.size())));
        hashes[ring(i)] = {Vocabulary::hashOf(a), Vocabulary::hashOf(b), Vocabulary::hashOf(j)};
        for (const std::uint32_t h : hashes[ring(i)])
            vocabulary.prefetch(h, false);
    };
    const auto deepen = [&](size_t i) {
        for (const std::uint32_t h : hashes[ring(i)])
            vocabulary.prefetch(h, true);
    };
    reserveMerges(n);
    for (size_t i = 0; i < std::min(n, 2 * kAhead); ++i)
        start(i);
    for (size_t i = 0; i < std::min(n, kAhead); ++i)
        deepen(i);
    for (size_t i = 0; i < n; ++i) {
        if (i + 2 * kAhead < n)
            start(i + 2 * kAhead);
        if (i + kAhead < n)
            deepen(i + kAhead);
        const auto &[a, b] = merges[i];
        const std::array<std::uint32_t, 3> &h = hashes[ring(i)];
        const int aId = vocabulary.idOf(a, h[0]);
        if (aId < 0)
            return {long(i), a};
        const int bId = vocabulary.idOf(b, h[1]);
        if (bId < 0)
            return {long(i), b};
        const int newId = vocabulary.idOf(joined[ring(i)], h[2]);
        if (newId < 0)
            return {long(i), joined[ring(i)]};
        m_merges[key(aId, bId)] = Merge {int(i), newId};
    }
    return {-1, {}};
}

std::vector<ModelPiece> BpeModel::tokenize(const Text &text) const
{
    if (text.empty())
        return {};
    std::vector<std::string> units;
    units.reserve(text.size());
    std::string word;
    for (const TextChar &c : text) {
        std::string unit;
        appendUtf8(unit, c.c);
        word += unit;
        units.push_back(std::move(unit));
    }
    if (ignoreMerges) {
        const int id = vocabulary.idOf(word);
        if (id >= 0)
            return {ModelPiece {id, 0, int(units.size())}};
    }
    {
        std::lock_guard<std::mutex> lock(m_cacheMutex);
        const auto it = m_cache.find(word);
        if (it != m_cache.end())
            return it->second;
    }
    std::vector<ModelPiece> pieces = merge(units);
    if (word.size() < kCacheMaxWordBytes) {
        std::lock_guard<std::mutex> lock(m_cacheMutex);
        if (m_cache.size() < kCacheCapacity)
            m_cache.emplace(word, pieces);
    }
    return pieces;
}

std::vector<ModelPiece> BpeModel::merge(const std::vector<std::string> &units) const
{
    std::vector<Symbol> symbols;
    symbols.reserve(units.size());
    const auto add = [&](int id, int begin, int end) {
        const int index = int(symbols.size());
        if (!symbols.empty())
            symbols.back().next = index;
        symbols.push_back({id, begin, end, index - 1, -1, true});
    };
    const int unkId = unkToken ? vocabulary.idOf(*unkToken) : -1;
    // The unknown characters waiting to become one [UNK] symbol (several when fused).
    bool unk = false;
    int unkBegin = 0, unkEnd = 0;
    const int n = int(units.size());
    for (int i = 0; i < n; ++i) {
        std::string s = units[i];
        if (i > 0)
            s = continuingSubwordPrefix + s;
        if (i == n - 1)
            s += endOfWordSuffix;
        const int id = vocabulary.idOf(s);
        if (id >= 0) {
            if (unk) {
                add(unkId, unkBegin, unkEnd);
                unk = false;
            }
            add(id, i, i + 1);
            continue;
        }
        if (byteFallback) {
            std::vector<int> byteIds;
            for (unsigned char byte : s) {
                char name[8];
                std::snprintf(name, sizeof name, "<0x%02X>", byte);
                const int byteId = vocabulary.idOf(name);
                if (byteId < 0)
                    break;
                byteIds.push_back(byteId);
            }
            if (byteIds.size() == s.size()) {
                for (int byteId : byteIds)
                    add(byteId, i, i + 1);
                continue;
            }
        }
        // An unknown character without an unk token in the vocabulary is dropped, as the
        // library does when unk_token is null. (With an unk token missing from the vocabulary
        // the library fails; loading refuses that case.)
        if (unkToken && unkId >= 0) {
            if (unk && fuseUnk) {
                unkEnd = i + 1;
            } else {
                if (unk)
                    add(unkId, unkBegin, unkEnd);
                unk = true, unkBegin = i, unkEnd = i + 1;
            }
        }
    }
    if (unk)
        add(unkId, unkBegin, unkEnd);

    const auto find = [&](int a, int b) -> const Merge * {
        const auto it = m_merges.find(key(a, b));
        return it == m_merges.end() ? nullptr : &it->second;
    };
    std::priority_queue<QueuedMerge> queue;
    for (int i = 0; i + 1 < int(symbols.size()); ++i)
        if (const Merge *m = find(symbols[i].id, symbols[i + 1].id))
            queue.push({i, m->rank, m->newId});
    while (!queue.empty()) {
        const QueuedMerge top = queue.top();
        queue.pop();
        Symbol &left = symbols[top.pos];
        if (!left.alive || left.next < 0)
            continue;
        const Symbol right = symbols[left.next];
        // An entry whose pair has changed since it was queued is stale.
        const Merge *current = find(left.id, right.id);
        if (!current || current->newId != top.newId)
            continue;
        symbols[left.next].alive = false;
        left.id = top.newId;
        left.end = right.end;
        left.next = right.next;
        if (right.next >= 0)
            symbols[right.next].prev = top.pos;
        if (left.prev >= 0)
            if (const Merge *m = find(symbols[left.prev].id, left.id))
                queue.push({left.prev, m->rank, m->newId});
        if (left.next >= 0)
            if (const Merge *m = find(left.id, symbols[left.next].id))
                queue.push({top.pos, m->rank, m->newId});
    }
    std::vector<ModelPiece> pieces;
    for (const Symbol &s : symbols)
        if (s.alive)
            pieces.push_back({s.id, s.begin, s.end});
    return pieces;
}

} // namespace attnlab::core::model
