#include "ui/board/tokenizer.h"

#include <QRegularExpression>
#include <QTextBoundaryFinder>

namespace attnlab::ui {

namespace {

// Splits at the grapheme boundaries, so that a character made of several code points (an
// emoji, a letter with a combining accent) stays one token.
QStringList graphemes(const QString &text)
{
    QStringList out;
    QTextBoundaryFinder finder(QTextBoundaryFinder::Grapheme, text);
    qsizetype start = 0;
    while (finder.toNextBoundary() != -1) {
        const qsizetype end = finder.position();
        out << text.mid(start, end - start);
        start = end;
    }
    return out;
}

bool startsWithCjk(const QString &grapheme)
{
    return !grapheme.isEmpty() && isCjk(grapheme.toUcs4().value(0));
}

bool allWhitespace(const QString &s)
{
    return s.trimmed().isEmpty();
}

} // namespace

bool isCjk(char32_t c)
{
    return (c >= 0x2E80 && c <= 0x2FDF) // CJK radicals, Kangxi radicals
        || (c >= 0x3000 && c <= 0x303F) // CJK symbols and punctuation
        || (c >= 0x3040 && c <= 0x30FF) // Hiragana, Katakana
        || (c >= 0x3100 && c <= 0x31BF) // Bopomofo
        || (c >= 0x3400 && c <= 0x4DBF) // Extension A
        || (c >= 0x4E00 && c <= 0x9FFF) // Unified ideographs
        || (c >= 0xAC00 && c <= 0xD7AF) // Hangul syllables
        || (c >= 0xF900 && c <= 0xFAFF) // Compatibility ideographs
        || (c >= 0xFF00 && c <= 0xFF65) // Full-width forms (，！？ …)
        || (c >= 0x20000 && c <= 0x3134F); // Extensions B–G
}

QStringList tokenize(const QString &text, TokenizerMode mode, const QString &separator)
{
    QStringList out;
    switch (mode) {
    case TokenizerMode::Whitespace:
        return text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    case TokenizerMode::Separator: {
        if (separator.isEmpty())
            return tokenize(text, TokenizerMode::Whitespace);
        for (const QString &part : text.split(separator)) {
            const QString t = part.trimmed();
            if (!t.isEmpty())
                out << t;
        }
        return out;
    }
    case TokenizerMode::Character:
        for (const QString &g : graphemes(text))
            if (!allWhitespace(g))
                out << g;
        return out;
    case TokenizerMode::Automatic: {
        QString word;
        const auto endWord = [&] {
            if (!word.isEmpty())
                out << word;
            word.clear();
        };
        for (const QString &g : graphemes(text)) {
            if (allWhitespace(g)) {
                endWord();
            } else if (startsWithCjk(g)) {
                endWord();
                out << g;
            } else {
                word += g;
            }
        }
        endWord();
        return out;
    }
    }
    return out;
}

QString detokenize(const QStringList &tokens, TokenizerMode mode, const QString &separator)
{
    QString text;
    switch (mode) {
    case TokenizerMode::Whitespace:
        text = tokens.join(QLatin1Char(' '));
        break;
    case TokenizerMode::Character:
        text = tokens.join(QString());
        break;
    case TokenizerMode::Separator:
        text = tokens.join(separator.isEmpty() ? QStringLiteral(" ") : QStringLiteral(" %1 ").arg(separator));
        break;
    case TokenizerMode::Automatic:
        // CJK tokens are written without spaces, as Chinese is; everything else is spaced.
        for (int i = 0; i < tokens.size(); ++i) {
            const bool cjkJoin = i > 0 && startsWithCjk(tokens[i]) && startsWithCjk(tokens[i - 1]);
            if (i > 0 && !cjkJoin)
                text += QLatin1Char(' ');
            text += tokens[i];
        }
        break;
    }
    return tokenize(text, mode, separator) == tokens ? text : QString();
}

std::vector<std::string> toStdTokens(const QStringList &tokens)
{
    std::vector<std::string> out;
    out.reserve(size_t(tokens.size()));
    for (const QString &t : tokens)
        out.push_back(t.toStdString());
    return out;
}

QStringList fromStdTokens(const std::vector<std::string> &tokens)
{
    QStringList out;
    out.reserve(qsizetype(tokens.size()));
    for (const std::string &t : tokens)
        out << QString::fromStdString(t);
    return out;
}

} // namespace attnlab::ui
