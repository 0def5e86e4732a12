// The ToUnicode maps of our PDFs name the ideograph a shared glyph stands for, not its radical.
#include "ui/export/pdfunicode.h"

#include <gtest/gtest.h>

using namespace attnlab::ui;

TEST(PdfUnicode, RadicalsStandForTheirIdeographs)
{
    EXPECT_EQ(equivalentIdeograph(0x2EE5), 0x9C7C); // ⻥ → 鱼
    EXPECT_EQ(equivalentIdeograph(0x2F08), 0x4EBA); // ⼈ → 人
    EXPECT_EQ(equivalentIdeograph(0x9C7C), 0x9C7C);
    EXPECT_EQ(equivalentIdeograph(0x0041), 0x0041);
}

TEST(PdfUnicode, OnlyTheToUnicodeEntriesChangeAndTheFileKeepsItsLength)
{
    const QByteArray before = "%PDF-1.4\n5 0 obj\n<< /Length 99 >>\nstream\n/CIDInit\n"
                              "4 beginbfrange\n"
                              "<0000> <0000> <0000>\n"
                              "<0001> <0003> [<2EE5> <732B> <2f08> ]\n"
                              "<0004> <0004> <2EE5>\n"
                              "<0005> <000E> <2E80>\n"
                              "endbfrange\nendcmap\nendstream\nendobj\n"
                              "6 0 obj (<2EE5> outside a map) endobj\n";
    const QByteArray after = withIdeographsForRadicals(before);
    EXPECT_EQ(after.size(), before.size());
    EXPECT_TRUE(after.contains("<0001> <0003> [<9C7C> <732B> <4EBA> ]\n")) << after.constData();
    EXPECT_TRUE(after.contains("<0004> <0004> <9C7C>\n")) << after.constData();
    EXPECT_TRUE(after.contains("<0005> <000E> <2E80>\n")) << "a run of code points is left as it is";
    EXPECT_TRUE(after.contains("(<2EE5> outside a map)"));
}
