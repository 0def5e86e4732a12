#pragma once
// Scene texts built to cost a naive reader as much as possible, shared by the tests (which check
// the verdict) and bench/sceneio_bench.cpp (which measures time and memory).

#include <cstddef>
#include <string>

namespace attnlab::test {

// "[[[[…]]]]": `depth` levels, 2·depth bytes.
inline std::string deepNesting(std::size_t depth)
{
    return std::string(depth, '[') + std::string(depth, ']');
}

// A valid one-token scene around `body`, which adds keys after "tokens".
inline std::string sceneWith(const std::string &extraKeys, const std::string &embeddings = "\"t\": [1]")
{
    return "{\"tokens\": [\"t\"], \"d_model\": 1, \"d_k\": 1, \"W_Q\": [[1]], \"W_K\": [[1]], \"W_V\": [[1]],"
        + extraKeys + "\"embeddings\": {" + embeddings + "}}";
}

// `count` embedding rows whose keys arrive in descending order (so file order differs from
// sorted order), followed by the one the token uses.
inline std::string manyEmbeddings(int count)
{
    std::string rows;
    rows.reserve(std::size_t(count) * 16);
    for (int i = count - 1; i >= 0; --i)
        rows += "\"w" + std::to_string(i) + "\": [0.5], ";
    return sceneWith("", rows + "\"t\": [1]");
}

// A description in `count` languages, in descending order.
inline std::string manyDescriptions(int count)
{
    std::string langs = "\"description\": {";
    for (int i = count - 1; i >= 0; --i)
        langs += "\"l" + std::to_string(i) + "\": \"x\"" + (i ? ", " : "");
    return sceneWith(langs + "},");
}

// One row of zeros about `bytes` long: the most values per byte a scene can hold.
inline std::string flatZeros(std::size_t bytes)
{
    std::string row;
    row.reserve(bytes + 64);
    row += "{\"W_Q\": [[0";
    while (row.size() < bytes)
        row += ",0";
    return row + "]]}";
}

// An array of empty objects about `bytes` long: the most objects per byte.
inline std::string manyObjects(std::size_t bytes)
{
    std::string text;
    text.reserve(bytes + 64);
    text += "{\"x\": [{}";
    while (text.size() < bytes)
        text += ",{}";
    return text + "]}";
}

} // namespace attnlab::test
