#include "docimages.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <stdexcept>

namespace attnlab::test {

namespace {

const QString kImage = QStringLiteral(R"(\.(?:png|jpe?g|gif|svg|webp))");

QString readText(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw std::runtime_error("cannot read " + path.toStdString());
    return QString::fromUtf8(file.readAll());
}

const QString kMetainfo = QStringLiteral("/resources/desktop/io.github.attnlab.AttentionLab.metainfo.xml");

// ![alt](path) and [text](path) links to images, with `prefix` stripped (README links carry
// "docs/images/", links within docs/ "images/").
void addMarkdownLinks(const QString &path, const QString &prefix, QStringList *out)
{
    const QRegularExpression link(
        QStringLiteral(R"(\]\(%1([^)\s/]+%2)\))").arg(QRegularExpression::escape(prefix), kImage));
    auto it = link.globalMatch(readText(path));
    while (it.hasNext())
        *out << it.next().captured(1);
}

} // namespace

QStringList referencedImages(const QString &root)
{
    QStringList names;
    addMarkdownLinks(root + QStringLiteral("/README.md"), QStringLiteral("docs/images/"), &names);
    const QDir docs(root + QStringLiteral("/docs"));
    for (const QString &md : docs.entryList({QStringLiteral("*.md")}, QDir::Files))
        addMarkdownLinks(docs.filePath(md), QStringLiteral("images/"), &names);
    names << declaredImageSizes(root).keys();
    names.sort();
    names.removeDuplicates();
    return names;
}

QMap<QString, QSize> declaredImageSizes(const QString &root)
{
    QMap<QString, QSize> sizes;
    const QRegularExpression image(
        QStringLiteral(R"re(<image[^>]*width="(\d+)"[^>]*height="(\d+)"[^>]*>[^<]*/docs/images/([^<\s/]+%1)</image>)re")
            .arg(kImage));
    auto it = image.globalMatch(readText(root + kMetainfo));
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        sizes.insert(m.captured(3), QSize(m.captured(1).toInt(), m.captured(2).toInt()));
    }
    return sizes;
}

QStringList imagesInDocs(const QString &root)
{
    QStringList names = QDir(root + QStringLiteral("/docs/images"))
                            .entryList({QStringLiteral("*.png"), QStringLiteral("*.jpg"), QStringLiteral("*.jpeg"),
                                           QStringLiteral("*.gif"), QStringLiteral("*.svg"), QStringLiteral("*.webp")},
                                QDir::Files);
    names.sort();
    return names;
}

} // namespace attnlab::test
