#include "ui/export/exportformat.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace attnlab::ui {

namespace {

QString tr(const char *text)
{
    // lupdate files a tr() call in a namespace-level function under the namespace's name.
    return QCoreApplication::translate("attnlab::ui", text);
}

// Writes with the writer `member` of the format `path` names, or refuses an unknown suffix.
template<typename Content, typename Writer>
bool writeWith(
    const Content &content, ExportContent kind, Writer ExportFormat::*member, const QString &path, QString *error)
{
    const ExportFormat *format = exportFormatFor(path, kind);
    if (!format) {
        *error = unknownFormatMessage(path, kind);
        return false;
    }
    return (format->*member)(content, path, error);
}

} // namespace

const QList<ExportFormat> &exportFormats()
{
    static const QList<ExportFormat> formats {
        {"png", QT_TRANSLATE_NOOP("attnlab::ui::ExportFormat", "PNG image"), true, &writePngPicture},
        {"svg", QT_TRANSLATE_NOOP("attnlab::ui::ExportFormat", "SVG image"), false, &writeSvgPicture},
        {"pdf", QT_TRANSLATE_NOOP("attnlab::ui::ExportFormat", "PDF document"), false, &writePdfPicture, nullptr,
            &writePdfText},
        {"csv", QT_TRANSLATE_NOOP("attnlab::ui::ExportFormat", "CSV table"), false, nullptr, &writeCsvTable},
        {"npy", QT_TRANSLATE_NOOP("attnlab::ui::ExportFormat", "NumPy array"), false, nullptr, &writeNpyTable},
    };
    return formats;
}

bool ExportFormat::holds(ExportContent content) const
{
    switch (content) {
    case ExportContent::Picture:
        return writePicture != nullptr;
    case ExportContent::Matrix:
        return writeMatrix != nullptr;
    case ExportContent::PrintedText:
        return writeText != nullptr;
    }
    return false;
}

QString ExportFormat::displayName() const
{
    return QCoreApplication::translate("attnlab::ui::ExportFormat", name);
}

QString ExportFormat::dialogFilter() const
{
    return QStringLiteral("%1 (*.%2)").arg(displayName(), QLatin1String(suffix));
}

QList<const ExportFormat *> exportFormats(ExportContent content)
{
    QList<const ExportFormat *> out;
    for (const ExportFormat &format : exportFormats())
        if (format.holds(content))
            out << &format;
    return out;
}

const ExportFormat *exportFormatFor(const QString &path, ExportContent content)
{
    const QString suffix = QFileInfo(path).suffix();
    for (const ExportFormat *format : exportFormats(content))
        if (suffix.compare(QLatin1String(format->suffix), Qt::CaseInsensitive) == 0)
            return format;
    return nullptr;
}

QString exportDialogFilter(ExportContent content)
{
    QStringList filters;
    for (const ExportFormat *format : exportFormats(content))
        filters << format->dialogFilter();
    return filters.join(QStringLiteral(";;"));
}

namespace {

// "a, b or c", in the interface language.
QString sentenceList(const QStringList &items)
{
    QString list = items.value(0);
    for (int i = 1; i < items.size(); ++i)
        list = i + 1 < items.size()
            //: Joins the first entries of a list of file suffixes or formats: ".png" and ".svg".
            ? tr("%1, %2").arg(list, items[i])
            //: Joins the last entry of a list of file suffixes or formats: ".png, .svg" and ".pdf".
            : tr("%1 or %2").arg(list, items[i]);
    return list;
}

} // namespace

QString exportSuffixList(ExportContent content)
{
    QStringList suffixes;
    for (const ExportFormat *format : exportFormats(content))
        suffixes << QLatin1Char('.') + QLatin1String(format->suffix);
    return sentenceList(suffixes);
}

QString exportFormatList(ExportContent content)
{
    QStringList names;
    for (const ExportFormat *format : exportFormats(content))
        names << QString::fromLatin1(format->suffix).toUpper();
    return sentenceList(names);
}

QString unknownFormatMessage(const QString &path, ExportContent content)
{
    return tr("%1: unknown file type; the file name must end in %2").arg(path, exportSuffixList(content));
}

QString withExportSuffix(const QString &path, const QString &chosenFilter, ExportContent content)
{
    if (exportFormatFor(path, content))
        return path;
    const QList<const ExportFormat *> formats = exportFormats(content);
    const ExportFormat *chosen = formats.value(0);
    for (const ExportFormat *format : formats)
        if (format->dialogFilter() == chosenFilter)
            chosen = format;
    return path + QLatin1Char('.') + QLatin1String(chosen->suffix);
}

bool writeExport(const Picture &picture, const QString &path, QString *error)
{
    return writeWith(picture, ExportContent::Picture, &ExportFormat::writePicture, path, error);
}

bool writeExport(const MatrixTable &table, const QString &path, QString *error)
{
    return writeWith(table, ExportContent::Matrix, &ExportFormat::writeMatrix, path, error);
}

bool writeExport(const PrintedText &text, const QString &path, QString *error)
{
    return writeWith(text, ExportContent::PrintedText, &ExportFormat::writeText, path, error);
}

} // namespace attnlab::ui
