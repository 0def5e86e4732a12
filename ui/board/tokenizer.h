#pragma once
// Turns the sentence the user types into tokens. No model vocabulary is involved: the point is
// to see attention over units a learner recognises (words, Chinese characters).

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace attnlab::ui {

enum class TokenizerMode {
    // Whitespace splits words, and every CJK character is a token of its own (猫吃鱼 → 猫|吃|鱼).
    Automatic,
    // Only whitespace splits.
    Whitespace,
    // Every character (grapheme) other than whitespace is a token.
    Character,
    // A separator given by the user splits; whitespace around each token is dropped.
    Separator,
};

inline const QString kDefaultSeparator = QStringLiteral("|");

// The tokens of `text`; never contains an empty token. An empty separator splits at whitespace.
QStringList tokenize(const QString &text, TokenizerMode mode, const QString &separator = kDefaultSeparator);

// A sentence that tokenize() turns back into `tokens` under `mode`, or an empty string when
// the mode cannot express them (a token with a space in whitespace mode, …).
QString detokenize(const QStringList &tokens, TokenizerMode mode, const QString &separator = kDefaultSeparator);

// Whether the code point is written as one character per word or morpheme: Han, kana, Hangul
// syllables and CJK punctuation.
bool isCjk(char32_t codePoint);

std::vector<std::string> toStdTokens(const QStringList &tokens);
QStringList fromStdTokens(const std::vector<std::string> &tokens);

} // namespace attnlab::ui
