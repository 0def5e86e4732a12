// Example titles follow the interface language; a title the user edits wins over them.
#include "ui/document/examples.h"

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;

TEST(SceneTitle, ExamplesAreTitledInBothLanguages)
{
    const core::LoadResult r = loadExample(QStringLiteral("pronoun"));
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(sceneTitle(*r.scene, QStringLiteral("zh_CN")).contains(QStringLiteral("代词")));
    EXPECT_TRUE(sceneTitle(*r.scene, QStringLiteral("en")).contains(QStringLiteral("pronoun")));
    EXPECT_TRUE(
        sceneTitle(*r.scene, QStringLiteral("fr")).contains(QStringLiteral("pronoun"))); // falls back to English
    for (const QString &name : exampleNames()) {
        const core::LoadResult e = loadExample(name);
        ASSERT_TRUE(e.ok()) << name.toStdString();
        EXPECT_FALSE(sceneTitle(*e.scene, QStringLiteral("zh_CN")).isEmpty()) << name.toStdString();
    }
}

TEST(SceneTitle, AnEditedTitleReplacesTheTranslations)
{
    core::Scene scene = *loadExample(QStringLiteral("pronoun")).scene;
    scene.title = "我的句子";
    EXPECT_EQ(sceneTitle(scene, QStringLiteral("en")), QStringLiteral("我的句子"));
    EXPECT_EQ(sceneTitle(scene, QStringLiteral("zh_CN")), QStringLiteral("我的句子"));
}
