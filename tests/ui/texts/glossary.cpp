#include "glossary.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QXmlStreamReader>

#include <stdexcept>

namespace attnlab::test {

namespace {

QString readText(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw std::runtime_error("cannot read " + path.toStdString());
    return QString::fromUtf8(file.readAll());
}

QStringList cells(const QString &line)
{
    QStringList parts = line.trimmed().split(QLatin1Char('|'));
    // "| a | b |" splits into "", "a", "b", "".
    parts.removeFirst();
    parts.removeLast();
    for (QString &p : parts)
        p = p.trimmed();
    return parts;
}

QStringList words(const QString &cell)
{
    return cell.isEmpty() ? QStringList() : cell.split(QStringLiteral(", "));
}

std::vector<QRegularExpression> variants(const QString &cell)
{
    std::vector<QRegularExpression> out;
    for (const QString &v : words(cell)) {
        const bool regex = v.size() > 2 && v.startsWith(QLatin1Char('/')) && v.endsWith(QLatin1Char('/'));
        QRegularExpression re(regex ? v.mid(1, v.size() - 2) : QRegularExpression::escape(v));
        if (!re.isValid())
            throw std::runtime_error("glossary: invalid regular expression " + v.toStdString());
        out.push_back(re);
    }
    return out;
}

bool hasCjk(const QString &s)
{
    for (const QChar c : s)
        if (c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff)
            return true;
    return false;
}

QString withoutTags(QString html)
{
    return html.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
}

void addTs(const QString &path, const QString &name, std::vector<GovernedText> &out)
{
    const QString text = readText(path);
    QXmlStreamReader xml(text);
    QString source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            // Plural messages keep their texts in <numerusform> children.
            const QString translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            out.push_back({name + QStringLiteral(": ") + source, translation, source, true, true});
            out.push_back({name + QStringLiteral(" (source)"), source, QString(), false, false});
        }
    }
    if (xml.hasError())
        throw std::runtime_error(path.toStdString() + ": " + xml.errorString().toStdString());
}

void addPages(const QString &root, std::vector<GovernedText> &out)
{
    // The stage pages, and the model room's lesson pages in their own folder.
    for (const QString &folder : {QString(), QStringLiteral("lessons/")}) {
        const QDir zh(root + QStringLiteral("/resources/explanations/zh_CN/") + folder);
        for (const QString &page : zh.entryList({QStringLiteral("*.html")}, QDir::Files)) {
            const QString name = folder + page;
            const QString en = root + QStringLiteral("/resources/explanations/en/") + name;
            const QString english = QFile::exists(en) ? withoutTags(readText(en)) : QString();
            out.push_back({QStringLiteral("explanations/zh_CN/") + name, withoutTags(readText(zh.filePath(page))),
                english, true, !english.isEmpty()});
            if (!english.isEmpty())
                out.push_back({QStringLiteral("explanations/en/") + name, english, QString(), false, false});
        }
    }
}

void addExamples(const QString &root, std::vector<GovernedText> &out)
{
    const QDir dir(root + QStringLiteral("/resources/examples"));
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        const QJsonObject scene = QJsonDocument::fromJson(readText(dir.filePath(name)).toUtf8()).object();
        for (const QString &field : {QStringLiteral("title"), QStringLiteral("description")}) {
            const QJsonValue value = scene.value(field);
            const QString where = QStringLiteral("examples/%1: %2").arg(name, field);
            if (value.isString()) { // one text for both languages
                out.push_back({where, value.toString(), QString(), false, false});
                if (hasCjk(value.toString()))
                    out.push_back({where, value.toString(), QString(), true, false});
                continue;
            }
            const QJsonObject texts = value.toObject();
            const QString en = texts.value(QStringLiteral("en")).toString();
            out.push_back({where + QStringLiteral(" (en)"), en, QString(), false, false});
            if (texts.contains(QStringLiteral("zh_CN")))
                out.push_back({where + QStringLiteral(" (zh_CN)"), texts.value(QStringLiteral("zh_CN")).toString(), en,
                    true, true});
        }
    }
}

// AppStream and shared-mime-info: an element with xml:lang="zh_CN" translates the element of the
// same name just before it without a language.
void addTranslatedXml(const QString &path, const QString &name, std::vector<GovernedText> &out)
{
    const QString text = readText(path);
    QXmlStreamReader xml(text);
    QMap<QString, QString> lastEnglish;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const QString tag = xml.name().toString();
        const QString lang = xml.attributes().value(QStringLiteral("xml:lang")).toString();
        if (tag == QLatin1String("description") || tag == QLatin1String("ul") || tag == QLatin1String("releases")
            || tag == QLatin1String("release") || tag == QLatin1String("screenshots")
            || tag == QLatin1String("screenshot") || tag == QLatin1String("keywords")
            || tag == QLatin1String("component") || tag == QLatin1String("mime-info")
            || tag == QLatin1String("mime-type"))
            continue;
        const QString body = xml.readElementText(QXmlStreamReader::IncludeChildElements).simplified();
        const QString where = QStringLiteral("%1: <%2>").arg(name, tag);
        if (lang.isEmpty()) {
            lastEnglish[tag] = body;
            out.push_back({where, body, QString(), false, false});
        } else if (lang == QLatin1String("zh_CN")) {
            out.push_back(
                {where + QStringLiteral(" zh_CN"), body, lastEnglish.value(tag), true, lastEnglish.contains(tag)});
        }
    }
    if (xml.hasError())
        throw std::runtime_error(path.toStdString() + ": " + xml.errorString().toStdString());
}

void addDesktopEntry(const QString &path, const QString &name, std::vector<GovernedText> &out)
{
    QMap<QString, QString> english;
    for (const QString &line : readText(path).split(QLatin1Char('\n'))) {
        const int eq = line.indexOf(QLatin1Char('='));
        if (eq < 0)
            continue;
        const QString key = line.left(eq), value = line.mid(eq + 1);
        if (key.endsWith(QLatin1String("[zh_CN]"))) {
            const QString base = key.left(key.size() - 7);
            out.push_back(
                {name + QStringLiteral(": ") + key, value, english.value(base), true, english.contains(base)});
        } else if (!key.contains(QLatin1Char('['))) {
            english[key] = value;
            out.push_back({name + QStringLiteral(": ") + key, value, QString(), false, false});
        }
    }
}

// A text that mixes both languages with no English original per sentence (a man-page extra,
// the README, a source file): each line is checked as English and, if it has Chinese, as
// Chinese without an original.
void addMixedFile(const QString &path, const QString &name, std::vector<GovernedText> &out)
{
    const QStringList lines = readText(path).split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const QString where = QStringLiteral("%1:%2").arg(name).arg(i + 1);
        out.push_back({where, lines[i], QString(), false, false});
        if (hasCjk(lines[i]))
            out.push_back({where, lines[i], QString(), true, false});
    }
}

} // namespace

std::vector<GlossaryEntry> readGlossary(const QString &path)
{
    const QStringList expected = {QStringLiteral("concept"), QStringLiteral("en"), QStringLiteral("en, not"),
        QStringLiteral("zh"), QStringLiteral("zh, not"), QStringLiteral("zh only where the English says")};
    std::vector<GlossaryEntry> entries;
    bool inTable = false;
    for (const QString &line : readText(path).split(QLatin1Char('\n'))) {
        if (!line.startsWith(QLatin1Char('|'))) {
            if (inTable)
                break; // one table
            continue;
        }
        const QStringList c = cells(line);
        if (!inTable) {
            if (c != expected)
                throw std::runtime_error("glossary: unexpected header " + line.toStdString());
            inTable = true;
            continue;
        }
        if (c.value(0).startsWith(QLatin1String("---")))
            continue;
        if (c.size() != expected.size())
            throw std::runtime_error("glossary: a row needs 6 cells: " + line.toStdString());
        entries.push_back({c[0], words(c[1]), words(c[3]), variants(c[2]), variants(c[4]), words(c[5])});
    }
    return entries;
}

std::vector<GovernedText> governedTexts(const QString &root)
{
    std::vector<GovernedText> out;
    addTs(root + QStringLiteral("/resources/translations/attnlab_zh_CN.ts"), QStringLiteral("attnlab_zh_CN.ts"), out);
    addPages(root, out);
    addExamples(root, out);
    const QString desktop = root + QStringLiteral("/resources/desktop/");
    addTranslatedXml(
        desktop + QStringLiteral("io.github.attnlab.AttentionLab.metainfo.xml"), QStringLiteral("metainfo.xml"), out);
    addTranslatedXml(
        desktop + QStringLiteral("io.github.attnlab.AttentionLab.mime.xml"), QStringLiteral("mime.xml"), out);
    addDesktopEntry(
        desktop + QStringLiteral("io.github.attnlab.AttentionLab.desktop"), QStringLiteral(".desktop"), out);
    for (const QString &h2m : {QStringLiteral("attnlab.en.h2m"), QStringLiteral("attnlab.zh_CN.h2m")})
        addMixedFile(desktop + h2m, h2m, out);
    addMixedFile(root + QStringLiteral("/README.md"), QStringLiteral("README.md"), out);
    const QDir docs(root + QStringLiteral("/docs"));
    for (const QString &md : docs.entryList({QStringLiteral("*.md")}, QDir::Files))
        if (md != QLatin1String("glossary.md")) // it lists the variants
            addMixedFile(docs.filePath(md), QStringLiteral("docs/") + md, out);
    for (const QString &folder : {QStringLiteral("core"), QStringLiteral("ui"), QStringLiteral("app")}) {
        QDirIterator it(root + QLatin1Char('/') + folder, {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
            QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString file = it.next();
            const QString name = QDir(root).relativeFilePath(file);
            // Source code is English by nature; only its Chinese lines are governed.
            const QStringList lines = readText(file).split(QLatin1Char('\n'));
            for (int i = 0; i < lines.size(); ++i)
                if (hasCjk(lines[i]))
                    out.push_back({QStringLiteral("%1:%2").arg(name).arg(i + 1), lines[i], QString(), true, false});
        }
    }
    return out;
}

QStringList glossaryViolations(const std::vector<GlossaryEntry> &glossary, const std::vector<GovernedText> &texts)
{
    QStringList problems;
    for (const GovernedText &t : texts) {
        // In a text without an English original, a Latin variant ("Attention Lab") may be the
        // English part of a mixed line: only variants written in Chinese are checked there.
        const bool mixed = t.chinese && !t.hasEnglish;
        for (const GlossaryEntry &e : glossary) {
            for (const QRegularExpression &re : t.chinese ? e.zhNot : e.enNot) {
                if (mixed && !hasCjk(re.pattern()))
                    continue;
                const QRegularExpressionMatch m = re.match(t.text);
                if (m.hasMatch())
                    problems << QStringLiteral("%1: \"%2\" (use %3): %4")
                                    .arg(t.where, m.captured(), (t.chinese ? e.zh : e.en).join(QStringLiteral(" / ")),
                                        t.text.left(160));
            }
            if (!t.chinese || e.zhOnlyWhereEnglishSays.isEmpty())
                continue;
            for (const QString &word : e.zh) {
                if (!t.text.contains(word))
                    continue;
                bool said = false;
                for (const QString &en : e.zhOnlyWhereEnglishSays)
                    said = said
                        || t.english.contains(QRegularExpression(QStringLiteral("\\b") + QRegularExpression::escape(en),
                            QRegularExpression::CaseInsensitiveOption));
                if (!said)
                    problems << QStringLiteral("%1: \"%2\" is for %3, which the English does not say: %4")
                                    .arg(t.where, word, e.zhOnlyWhereEnglishSays.join(QStringLiteral(" / ")),
                                        t.text.left(160));
            }
        }
    }
    return problems;
}

} // namespace attnlab::test
