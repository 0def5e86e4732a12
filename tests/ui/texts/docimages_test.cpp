// The documents' images are made, not kept: every image README.md, docs/ and the metainfo show
// is in docs/images/ with the size the metainfo declares, and it holds no image nothing shows.
// scripts/screenshots remakes them all (tests/ui/texts/screenshots_test.cpp).
#include "docimages.h"

#include <QImageReader>

#include <gtest/gtest.h>

using namespace attnlab;

namespace {
const QString kRoot = QStringLiteral(ATTNLAB_SOURCE_DIR);
}

TEST(DocImages, EveryReferencedImageIsInDocsAndEveryImageInDocsIsReferenced)
{
    const QStringList referenced = test::referencedImages(kRoot);
    const QStringList present = test::imagesInDocs(kRoot);
    ASSERT_FALSE(referenced.isEmpty()) << "README.md shows no image from docs/images/?";
    for (const QString &name : referenced)
        EXPECT_TRUE(present.contains(name))
            << "referenced but missing: docs/images/" << name.toStdString() << " (run scripts/screenshots)";
    for (const QString &name : present)
        EXPECT_TRUE(referenced.contains(name))
            << "nothing refers to docs/images/" << name.toStdString() << "; delete it";
}

TEST(DocImages, TheMetainfoDeclaresTheScreenshotsTrueSizes)
{
    const QMap<QString, QSize> declared = test::declaredImageSizes(kRoot);
    ASSERT_FALSE(declared.isEmpty());
    for (auto it = declared.begin(); it != declared.end(); ++it) {
        const QSize actual = QImageReader(kRoot + QStringLiteral("/docs/images/") + it.key()).size();
        EXPECT_EQ(actual, it.value()) << it.key().toStdString();
    }
}
