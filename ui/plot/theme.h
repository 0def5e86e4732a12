#pragma once
// Colour themes for the heatmaps and the exported images: the screen's light and dark looks,
// black on white for printing, and a high-contrast look for projectors in bright rooms.

#include <QColor>
#include <QFont>
#include <QString>
#include <QStringList>

namespace attnlab::ui {

enum class Theme { Light, Dark, Print, HighContrast };

struct ThemeColors {
    QColor background; // behind the cards
    QColor card; // behind one heatmap
    QColor text;
    QColor mutedText; // axis titles, shapes
    QColor frame; // axis lines, card borders
    QColor maskedFill; // hidden cells
    QColor maskedHatch;
    QColor maskedText;
    QColor selection;
    QColor warning; // rows that see no key
};

ThemeColors themeColors(Theme theme);
// The colours of an exported board: those of the theme, except that the light theme's grey
// backdrop becomes white, as paper and most slides are.
ThemeColors exportColors(Theme theme);

// The application font at `pixels` pixels (pixels, not points, so that layout and drawing
// agree on screens, images, SVG and PDF), with Simplified Chinese glyphs preferred for CJK.
QFont heatmapFont(double pixels, bool bold = false);

// "light", "dark", "print", "high-contrast" (as on the command line).
QString themeKey(Theme theme);
// The theme called `key` (case-insensitive); false when there is none.
bool themeFromKey(const QString &key, Theme *theme);
QStringList themeKeys();

} // namespace attnlab::ui
