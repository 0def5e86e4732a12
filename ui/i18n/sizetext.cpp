#include "ui/i18n/sizetext.h"

#include <QCoreApplication>
#include <QLocale>

namespace attnlab::ui {

namespace {
constexpr std::int64_t kKibibyte = 1024;

QString byteCount(std::int64_t bytes)
{
    return QCoreApplication::translate("SizeText", "%1 bytes").arg(QLocale().toString(qlonglong(bytes)));
}
} // namespace

QString sizeText(std::int64_t bytes)
{
    if (bytes > -kKibibyte && bytes < kKibibyte)
        return byteCount(bytes);
    return QLocale().formattedDataSize(qint64(bytes), 1, QLocale::DataSizeIecFormat);
}

QString exactSizeText(std::int64_t bytes)
{
    if (bytes > -kKibibyte && bytes < kKibibyte)
        return byteCount(bytes);
    return QCoreApplication::translate("SizeText", "%1 (%2)", "an exact count of bytes, then the rounded size")
        .arg(byteCount(bytes), sizeText(bytes));
}

} // namespace attnlab::ui
