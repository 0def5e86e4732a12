#include "ui/plot/theme.h"

#include <QApplication>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

ThemeColors themeColors(Theme theme)
{
    switch (theme) {
    case Theme::Dark:
        return {QColor(0x1e, 0x1f, 0x22), QColor(0x2b, 0x2d, 0x31), QColor(0xe8, 0xe8, 0xea), QColor(0xa8, 0xab, 0xb2),
            QColor(0x5a, 0x5d, 0x66), QColor(0x4a, 0x4c, 0x52), QColor(0x8a, 0x8d, 0x95), QColor(0xf0, 0xf0, 0xf0),
            QColor(0xff, 0xb3, 0x00), QColor(0xff, 0x7a, 0x59)};
    case Theme::Print:
        return {Qt::white, Qt::white, Qt::black, QColor(0x40, 0x40, 0x40), QColor(0x60, 0x60, 0x60),
            QColor(0xe0, 0xe0, 0xe0), QColor(0x70, 0x70, 0x70), Qt::black, Qt::black, Qt::black};
    case Theme::HighContrast:
        return {Qt::black, Qt::black, Qt::white, Qt::white, Qt::white, QColor(0x40, 0x40, 0x40), Qt::white, Qt::white,
            QColor(0xff, 0xff, 0x00), QColor(0xff, 0x40, 0x40)};
    case Theme::Light:
        break;
    }
    return {QColor(0xf3, 0xf4, 0xf6), Qt::white, QColor(0x1f, 0x23, 0x28), QColor(0x57, 0x60, 0x6a),
        QColor(0xb8, 0xbe, 0xc6), QColor(0xd0, 0xd3, 0xd8), QColor(0x8c, 0x92, 0x9a), QColor(0x30, 0x33, 0x38),
        QColor(0xe0, 0x6c, 0x00), QColor(0xc6, 0x28, 0x28)};
}

ThemeColors exportColors(Theme theme)
{
    ThemeColors c = themeColors(theme);
    if (theme == Theme::Light)
        c.background = Qt::white;
    return c;
}

QFont heatmapFont(double pixels, bool bold)
{
    QFont f = QApplication::font();
    f.setFamilies({f.family(), QStringLiteral("Noto Sans CJK SC"), QStringLiteral("Noto Sans SC")});
    f.setPixelSize(std::max(6, int(std::lround(pixels))));
    f.setBold(bold);
    return f;
}

QString themeKey(Theme theme)
{
    switch (theme) {
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::Print:
        return QStringLiteral("print");
    case Theme::HighContrast:
        return QStringLiteral("high-contrast");
    case Theme::Light:
        break;
    }
    return QStringLiteral("light");
}

QStringList themeKeys()
{
    return {themeKey(Theme::Light), themeKey(Theme::Dark), themeKey(Theme::Print), themeKey(Theme::HighContrast)};
}

bool themeFromKey(const QString &key, Theme *theme)
{
    for (Theme t : {Theme::Light, Theme::Dark, Theme::Print, Theme::HighContrast}) {
        if (key.compare(themeKey(t), Qt::CaseInsensitive) == 0) {
            *theme = t;
            return true;
        }
    }
    return false;
}

} // namespace attnlab::ui
