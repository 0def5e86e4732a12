// The images the documents show: README.md and docs/*.md (Markdown image links) and the AppStream
// metainfo (<image> elements, with the size they declare). They live in docs/images/, so that
// docs/ keeps its few documents in view; scripts/screenshots remakes them.
#pragma once

#include <QMap>
#include <QSize>
#include <QString>
#include <QStringList>

namespace attnlab::test {

// File names in docs/images/ that a document refers to, sorted, each once.
QStringList referencedImages(const QString &root);

// The sizes the metainfo declares, by file name in docs/images/.
QMap<QString, QSize> declaredImageSizes(const QString &root);

// The image files in docs/images/ (png, jpg, jpeg, gif, svg, webp), sorted.
QStringList imagesInDocs(const QString &root);

} // namespace attnlab::test
