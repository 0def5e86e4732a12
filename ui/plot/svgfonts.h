#pragma once
// QSvgGenerator names only the first family of a font ("Sans Serif", Qt's own alias), which other
// renderers (browsers, Inkscape, LibreOffice) do not know: they would fall back to a serif font
// without CJK glyphs and draw 猫吃鱼 as boxes. Every font-family gets the CJK families we draw with
// and the CSS generic family after it.

#include <QByteArray>

namespace attnlab::ui {

QByteArray withFontFallbacks(const QByteArray &svg);

} // namespace attnlab::ui
