// The banner above the board: the scene's description in the interface language, shown when
// a scene with one is loaded, closable until the next scene.
#include "core/sceneio.h"
#include "ui/board/descriptionbanner.h"
#include "ui/board/tokenbar.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow/mainwindow.h"

#include <QSettings>
#include <QTest>
#include <QToolButton>

#include "uitestscenes.h"

#include <gtest/gtest.h>

using namespace attnlab;
using test::example;
using namespace attnlab::ui;

namespace {

struct DescriptionBannerTest : ::testing::Test {
    void SetUp() override { QSettings().clear(); }
    void TearDown() override
    {
        Language::instance()->apply(QStringLiteral("en"));
        QSettings().clear();
    }
};

} // namespace

TEST_F(DescriptionBannerTest, ShowsTheDescriptionAtStartUpAndFollowsTheLanguage)
{
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("en")));
    Document document;
    const core::Scene scene = example("cat-eats-fish");
    document.load(scene);
    MainWindow window(&document);
    auto *banner = window.findChild<DescriptionBanner *>();
    ASSERT_NE(banner, nullptr);
    const QString english = sceneDescription(scene, QStringLiteral("en"));
    const QString chinese = sceneDescription(scene, QStringLiteral("zh_CN"));
    ASSERT_FALSE(english.isEmpty());
    ASSERT_NE(english, chinese);
    EXPECT_TRUE(banner->isVisibleTo(&window));
    EXPECT_EQ(banner->text(), english);
    EXPECT_FALSE(banner->closeButton()->toolTip().isEmpty());

    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("zh_CN")));
    EXPECT_EQ(banner->text(), chinese);
}

TEST_F(DescriptionBannerTest, CloseHidesItUntilTheNextScene)
{
    Document document;
    document.load(example("cat-eats-fish"));
    MainWindow window(&document);
    auto *banner = window.findChild<DescriptionBanner *>();
    ASSERT_NE(banner, nullptr);
    ASSERT_TRUE(banner->isVisibleTo(&window));

    QTest::mouseClick(banner->closeButton(), Qt::LeftButton);
    EXPECT_FALSE(banner->isVisibleTo(&window));
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("zh_CN")));
    EXPECT_FALSE(banner->isVisibleTo(&window));

    document.load(example("cat-eats-fish"));
    EXPECT_TRUE(banner->isVisibleTo(&window));

    core::Scene plain = document.scene();
    plain.description.clear();
    document.load(plain);
    EXPECT_FALSE(banner->isVisibleTo(&window));
    EXPECT_TRUE(banner->text().isEmpty());
}

TEST_F(DescriptionBannerTest, ANewSentenceMarksTheDescriptionAsTheOriginalOnesInEveryLanguage)
{
    Document document;
    const core::Scene scene = example("cat-eats-fish");
    document.load(scene);
    MainWindow window(&document);
    auto *banner = window.findChild<DescriptionBanner *>();
    auto *tokens = window.findChild<TokenBar *>();
    ASSERT_NE(banner, nullptr);
    ASSERT_NE(tokens, nullptr);
    EXPECT_FALSE(banner->isStale());

    tokens->setText(QStringLiteral("鱼吃猫"));
    ASSERT_TRUE(tokens->commit());
    EXPECT_TRUE(banner->isStale());
    EXPECT_TRUE(banner->isVisibleTo(&window));
    EXPECT_TRUE(banner->text().contains(QStringLiteral("original example “猫吃鱼”"))) << banner->text().toStdString();
    EXPECT_TRUE(banner->toolTip().contains(QStringLiteral("original")));

    // What a save writes carries the mark in each language, next to the original text.
    const core::Scene edited = document.scene();
    ASSERT_EQ(edited.description.size(), scene.description.size());
    for (size_t i = 0; i < edited.description.size(); ++i) {
        const QString text = QString::fromStdString(edited.description[i].second);
        EXPECT_TRUE(isStaleDescription(text)) << edited.description[i].first;
        EXPECT_TRUE(text.endsWith(QString::fromStdString(scene.description[i].second)));
    }
    EXPECT_TRUE(sceneDescription(edited, QStringLiteral("zh_CN")).contains(QStringLiteral("原来的例子“猫吃鱼”")));
    const core::LoadResult reread = core::parseScene(core::writeScene(edited));
    ASSERT_TRUE(reread.ok());
    EXPECT_TRUE(isStaleDescription(sceneDescription(*reread.scene, QStringLiteral("en"))));

    // A second sentence keeps one mark; undoing back to the original removes it.
    tokens->setText(QStringLiteral("猫吃"));
    ASSERT_TRUE(tokens->commit());
    EXPECT_EQ(banner->text().count(QStringLiteral("original example")), 1);
    document.undo();
    document.undo();
    EXPECT_EQ(document.scene(), scene);
    EXPECT_FALSE(banner->isStale());
    EXPECT_EQ(banner->text(), sceneDescription(scene, QStringLiteral("en")));
}
