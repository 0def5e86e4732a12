#include "ui/plot/svgfonts.h"

#include <QRegularExpression>

namespace attnlab::ui {

QByteArray withFontFallbacks(const QByteArray &svg)
{
    static const QRegularExpression family(QStringLiteral("font-family=\"([^\"]*)\""));
    QString text = QString::fromUtf8(svg);
    text.replace(family,
        QStringLiteral("font-family=\"\\1, &apos;Noto Sans CJK SC&apos;, &apos;Noto Sans SC&apos;, sans-serif\""));
    return text.toUtf8();
}

} // namespace attnlab::ui
