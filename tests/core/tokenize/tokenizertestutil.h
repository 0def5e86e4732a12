#pragma once
// Helpers shared by the tokenizer tests (GoogleTest allowed here, unlike tokenizerfixtures.h).

#include "tokenizerfixtures.h"

#include "core/tokenize/tokenizer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace attnlab::test {

using core::model::parseTokenizerJson;
using core::model::Token;
using core::model::Tokenizer;
using core::model::TokenizerLoadResult;

inline constexpr int kEot = kGpt2FixtureVocabSize - 1;

inline std::vector<int> ids(const std::vector<Token> &tokens)
{
    std::vector<int> out;
    for (const Token &t : tokens)
        out.push_back(t.id);
    return out;
}

inline std::vector<std::string> displays(const std::vector<Token> &tokens)
{
    std::vector<std::string> out;
    for (const Token &t : tokens)
        out.push_back(t.display);
    return out;
}

inline Tokenizer parsed(const std::string &json)
{
    TokenizerLoadResult r = parseTokenizerJson(json);
    EXPECT_TRUE(r.ok()) << r.error;
    if (!r.ok())
        throw std::runtime_error(r.error);
    return *r.tokenizer;
}

inline Tokenizer gpt2(const Gpt2FixtureOptions &options = {})
{
    return parsed(gpt2TokenizerJson(options));
}

inline Tokenizer bert()
{
    return parsed(bertTokenizerJson());
}

inline std::string replaced(std::string text, const std::string &from, const std::string &to)
{
    const size_t at = text.find(from);
    if (at == std::string::npos)
        throw std::runtime_error("fixture text not found: " + from);
    return text.replace(at, from.size(), to);
}

inline std::string errorOf(const std::string &json)
{
    const TokenizerLoadResult r = parseTokenizerJson(json);
    EXPECT_FALSE(r.ok());
    return r.error;
}

// A fresh folder under the temporary directory, removed at the end of the test.
class TempDir {
public:
    TempDir()
    {
        static int counter = 0;
        m_path = std::filesystem::temp_directory_path()
            / ("attnlab_tokenizer_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
        std::filesystem::remove_all(m_path);
        std::filesystem::create_directories(m_path);
    }
    ~TempDir() { std::filesystem::remove_all(m_path); }
    std::string path() const { return m_path.string(); }
    std::string file(const std::string &name) const { return (m_path / name).string(); }

private:
    std::filesystem::path m_path;
};

using Ids = std::vector<int>;
using Strings = std::vector<std::string>;

} // namespace attnlab::test
