// The terminology glossary (docs/glossary.md) as data, and the texts it governs: every Chinese
// and English text of the translation, the explanation pages, the examples, the desktop files,
// the README and docs/, each with its English original where it has one.
#pragma once

#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <vector>

namespace attnlab::test {

struct GlossaryEntry {
    QString concept;
    QStringList en, zh; // the words to use
    std::vector<QRegularExpression> enNot; // forbidden in English texts
    std::vector<QRegularExpression> zhNot; // forbidden in Chinese texts
    QStringList zhOnlyWhereEnglishSays; // the zh word needs one of these in the English original
};

// Reads the table of docs/glossary.md; throws std::runtime_error on a malformed row.
std::vector<GlossaryEntry> readGlossary(const QString &path);

struct GovernedText {
    QString where; // file, and the message or field
    QString text;
    QString english; // the English original of a Chinese text; empty when there is none
    bool chinese = true; // false: an English text
    bool hasEnglish = false;
};

// Every governed text under the source tree `root`.
std::vector<GovernedText> governedTexts(const QString &root);

// One line per glossary violation in `texts`: where, the variant found, the text.
QStringList glossaryViolations(const std::vector<GlossaryEntry> &glossary, const std::vector<GovernedText> &texts);

} // namespace attnlab::test
