#pragma once
// Helpers shared by the widget tests.

#include "ui/document/document.h"
#include "ui/document/examples.h"

#include <gtest/gtest.h>

namespace attnlab::ui::editortest {

inline void loadExampleInto(Document &doc, const char *name = "cat-eats-fish")
{
    core::LoadResult r = loadExample(QString::fromLatin1(name));
    ASSERT_TRUE(r.ok());
    doc.load(*r.scene);
}

} // namespace attnlab::ui::editortest
