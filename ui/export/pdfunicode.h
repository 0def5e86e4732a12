#pragma once
// Chinese that copies out of our PDFs as what was written.
//
// Qt's PDF writer tells readers which character each glyph stands for (the font's ToUnicode
// map) by taking the lowest code point the font maps to that glyph. The Noto CJK faces draw a
// simplified character and its CJK radical with one glyph (鱼 U+9C7C and ⻥ U+2EE5, 门 and ⻔, 马
// and ⻢ …), and the radicals come first in Unicode: copying 鱼 out of a PDF gave ⻥, and a search
// for 鱼 found nothing. This rewrites such entries to the ideograph (Unicode's
// EquivalentUnifiedIdeograph data). Each entry keeps its length, so every offset in the file holds.

#include <QByteArray>

namespace attnlab::ui {

// `pdf` as Qt's QPdfWriter wrote it, with the ToUnicode maps naming ideographs, not radicals.
QByteArray withIdeographsForRadicals(QByteArray pdf);

// The unified ideograph a CJK radical or stroke stands for, or `codePoint` itself.
char16_t equivalentIdeograph(char16_t codePoint);

} // namespace attnlab::ui
