// The banner above the board: the scene's description in the interface language, shown when
// a scene with one is loaded, closable until the next scene.
#include "ui/board/descriptionbanner.h"
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
