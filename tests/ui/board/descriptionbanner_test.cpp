// The banner above the board: the scene's description in the interface language, shown when
// a scene with one is loaded, closable until the next scene.
#include "core/scene/sceneio.h"
#include "ui/board/descriptionbanner.h"
#include "ui/board/tokenbar.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/document/matrixid.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow/mainwindow.h"

#include <QSettings>
#include <QTest>
#include <QToolButton>

#include "../uitestscenes.h"

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
    const QString english = renderedDescription(scene, document.stages(), QStringLiteral("en"));
    const QString chinese = renderedDescription(scene, document.stages(), QStringLiteral("zh_CN"));
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

TEST_F(DescriptionBannerTest, AnEditedExampleKeepsItsWordsWithTheNumbersTheyWereWrittenFor)
{
    Document document;
    const core::Scene scene = example("cat-eats-fish");
    document.load(scene);
    MainWindow window(&document);
    auto *banner = window.findChild<DescriptionBanner *>();
    ASSERT_NE(banner, nullptr);
    // What the file holds is a reference; what the banner shows is the weight on the board.
    ASSERT_TRUE(sceneDescription(scene, QStringLiteral("en")).contains(QStringLiteral("{weights[1][0]:.2f}")));
    const auto weight = [&] { return QString::number(double(document.stages().heads[0].weights(1, 0)), 'f', 2); };
    const QString before = weight();
    EXPECT_TRUE(banner->text().contains(QStringLiteral("(%1 and").arg(before))) << banner->text().toStdString();
    EXPECT_FALSE(banner->text().contains(QLatin1Char('{')));
    EXPECT_FALSE(banner->isStale());

    document.setCell(MatrixId::WQ, 0, 0, 2.5f);
    document.stages();
    ASSERT_NE(weight(), before);
    // The scene is no longer the example as shipped: the banner says so, in each language, and
    // keeps the example's own number beside the example's words, which were written for it
    // (classroom item 3: printing the board's number under them made claims the text never made).
    EXPECT_TRUE(banner->isStale());
    EXPECT_TRUE(banner->text().contains(QStringLiteral("describes the example “猫吃鱼” as shipped")))
        << banner->text().toStdString();
    EXPECT_TRUE(banner->text().contains(QStringLiteral("(%1 and").arg(before))) << banner->text().toStdString();
    EXPECT_FALSE(banner->text().contains(QStringLiteral("(%1 and").arg(weight()))) << banner->text().toStdString();
    EXPECT_FALSE(banner->toolTip().isEmpty());
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("zh_CN")));
    EXPECT_TRUE(banner->text().contains(QStringLiteral("“猫吃鱼”"))) << banner->text().toStdString();
    EXPECT_TRUE(banner->text().contains(before));
    EXPECT_FALSE(banner->text().contains(weight()));
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("en")));

    // Undo gives the example back, and the note goes.
    document.undo();
    document.stages();
    EXPECT_EQ(document.scene(), scene);
    EXPECT_FALSE(banner->isStale());
    EXPECT_EQ(banner->text(), renderedDescription(scene, document.stages(), QStringLiteral("en")));
}

TEST_F(DescriptionBannerTest, ANewSentenceHidesTheExamplesWordsAndSaysWhy)
{
    Document document;
    const core::Scene scene = example("cat-eats-fish");
    document.load(scene);
    MainWindow window(&document);
    auto *banner = window.findChild<DescriptionBanner *>();
    auto *tokens = window.findChild<TokenBar *>();
    ASSERT_NE(banner, nullptr);
    ASSERT_NE(tokens, nullptr);

    tokens->setText(QStringLiteral("鱼吃猫"));
    ASSERT_TRUE(tokens->commit());
    document.stages();
    EXPECT_TRUE(banner->isStale());
    EXPECT_TRUE(banner->isVisibleTo(&window));
    // Its words name tokens the scene no longer has: the banner says why it does not print them.
    EXPECT_TRUE(banner->text().contains(QStringLiteral("does not fit it any more (another sentence)")))
        << banner->text().toStdString();
    EXPECT_FALSE(banner->text().contains(QStringLiteral("attention"))) << banner->text().toStdString();
    // The file keeps the text as written, and reading it back still finds the example it came from.
    const core::Scene edited = document.scene();
    EXPECT_EQ(edited.description, scene.description);
    const core::LoadResult reread = core::parseScene(core::writeScene(edited));
    ASSERT_TRUE(reread.ok());
    core::Pipeline pipeline;
    EXPECT_TRUE(
        isStaleDescription(renderedDescription(*reread.scene, pipeline.compute(*reread.scene), QStringLiteral("en"))));

    // A second sentence keeps one note; undoing back to the original removes it.
    tokens->setText(QStringLiteral("猫吃"));
    ASSERT_TRUE(tokens->commit());
    document.stages();
    EXPECT_EQ(banner->text().count(QStringLiteral("does not fit")), 1);
    document.undo();
    document.undo();
    document.stages();
    EXPECT_EQ(document.scene(), scene);
    EXPECT_FALSE(banner->isStale());
}

TEST_F(DescriptionBannerTest, AScenesOwnDescriptionIsRenderedWithoutANote)
{
    core::Scene scene = example("cat-eats-fish");
    scene.description = {{"en", "d_k is {d_k}, and {{this}} is literal."}};
    core::Pipeline pipeline;
    EXPECT_EQ(renderedDescription(scene, pipeline.compute(scene), QStringLiteral("en")),
        QStringLiteral("d_k is 8, and {this} is literal."));
}

TEST_F(DescriptionBannerTest, AnotherNumberOfHeadsOrAnotherMaskSaysWhyTheWordsAreNotShown)
{
    core::Pipeline pipeline;
    core::Scene scene = example("multi-head");
    ASSERT_EQ(scene.heads, 2);
    scene.heads = 1;
    scene.dK *= 2;
    ASSERT_TRUE(core::validate(scene).empty());
    const QString english = renderedDescription(scene, pipeline.compute(scene), QStringLiteral("en"));
    EXPECT_TRUE(isStaleDescription(english));
    EXPECT_TRUE(english.contains(QStringLiteral("(another number of heads)"))) << english.toStdString();

    scene = example("cat-eats-fish");
    scene.mask = core::MaskKind::Causal;
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("zh_CN")));
    const QString chinese = renderedDescription(scene, pipeline.compute(scene), QStringLiteral("zh_CN"));
    EXPECT_TRUE(isStaleDescription(chinese));
    EXPECT_TRUE(chinese.contains(QStringLiteral("例子“猫吃鱼”"))) << chinese.toStdString();
    EXPECT_TRUE(chinese.contains(QStringLiteral("（掩码不同）"))) << chinese.toStdString();

    // A sliding window changes which keys each query reads: the words are not printed either.
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("en")));
    scene = example("cat-eats-fish");
    scene.variants.slidingWindow = 2;
    ASSERT_TRUE(core::validate(scene).empty());
    const QString windowed = renderedDescription(scene, pipeline.compute(scene), QStringLiteral("en"));
    EXPECT_TRUE(windowed.contains(QStringLiteral("(attention variants switched on)"))) << windowed.toStdString();
}
