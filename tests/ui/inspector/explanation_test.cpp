// The explanation panel: a page for every stage in both languages, the scene's shapes, and the
// glossary one click away.
#include "testutil.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"

#include <QFile>
#include <QRegularExpression>

#include <gtest/gtest.h>

using namespace attnlab;

TEST(Explanation, EveryStageHasAPageInBothLanguages)
{
    for (core::Stage stage : core::allStages())
        for (const QString &lang : ui::Language::available()) {
            SCOPED_TRACE(std::string(core::stageName(stage)) + " " + lang.toStdString());
            QFile file(QStringLiteral(":/explanations/%1/%2.html").arg(lang, ui::ExplanationPanel::pageFor(stage)));
            ASSERT_TRUE(file.open(QIODevice::ReadOnly));
            const QString html = QString::fromUtf8(file.readAll());
            EXPECT_GT(html.size(), 300);
            if (lang == QLatin1String("zh_CN")) {
                EXPECT_GT(html.count(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))), 100);
            }
        }
}

TEST(Explanation, GlossaryDefinesEveryTermInBothLanguages)
{
    for (const QString &lang : ui::Language::available()) {
        const QString html = ui::ExplanationPanel::pageHtml(QStringLiteral("glossary"), lang);
        for (const char *term :
            {"token", "embedding", "query", "key", "value", "score", "mask", "softmax", "context", "head"})
            EXPECT_TRUE(html.contains(QStringLiteral("name=\"%1\"").arg(QLatin1String(term))))
                << term << " " << lang.toStdString();
    }
}

TEST(Explanation, FollowsTheSelectedStageAndShowsTheScenesShapes)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    ui::Document document;
    document.load(*ui::loadExample(QStringLiteral("cat-eats-fish-handcalc")).scene);
    ui::ExplanationPanel panel(&document);
    document.setSelection({core::StageScaled, -1, -1});
    EXPECT_TRUE(panel.plainText().contains(QStringLiteral("variance")));
    // "scores 3 × 3 ÷ √4 = 2 = scaled 3 × 3" would say that a matrix divided by √4 is 2.
    EXPECT_TRUE(
        panel.plainText().contains(QStringLiteral("scores 3 \u00d7 3 \u00f7 2 (= \u221a4) = scaled 3 \u00d7 3")))
        << panel.plainText().toStdString();
    document.setSelection({core::StageScores, -1, -1});
    EXPECT_TRUE(panel.plainText().contains(QStringLiteral("3 \u00d7 4")));
    EXPECT_TRUE(panel.plainText().contains(QStringLiteral("3 \u00d7 3")));
    panel.showGlossary(QStringLiteral("softmax"));
    EXPECT_TRUE(panel.isShowingGlossary());
    EXPECT_TRUE(panel.plainText().contains(QStringLiteral("Context vector")));
    // While the glossary is open, a new selection does not take it away.
    document.setSelection({core::StageWeights, -1, -1});
    EXPECT_TRUE(panel.isShowingGlossary());
    panel.showStage();
    EXPECT_TRUE(panel.plainText().contains(QStringLiteral("softmax turns each row")));
}

TEST(Explanation, AGivenXHasItsOwnPageInBothLanguages)
{
    ui::Document document;
    document.load(*ui::loadExample(QStringLiteral("cat-eats-fish")).scene);
    ui::ExplanationPanel panel(&document);
    document.setSelection({core::StageX, -1, -1});
    ui::Language::instance()->apply(QStringLiteral("en"));
    EXPECT_TRUE(panel.plainText().contains(QStringLiteral("embedding table E"))) << panel.plainText().toStdString();

    core::Scene layer = document.scene();
    test::giveInputX(layer); // as a head taken from a real model
    document.load(layer);
    document.setSelection({core::StageX, -1, -1});
    EXPECT_EQ(ui::ExplanationPanel::pageFor(core::StageX, layer), QStringLiteral("x-given"));
    EXPECT_EQ(ui::ExplanationPanel::pageFor(core::StageQ, layer), QStringLiteral("qkv"));
    EXPECT_TRUE(panel.plainText().contains(QStringLiteral("ln_1"))) << panel.plainText().toStdString();
    EXPECT_FALSE(panel.plainText().contains(QStringLiteral("embedding table E")));
    ui::Language::instance()->apply(QStringLiteral("zh_CN"));
    EXPECT_TRUE(panel.plainText().contains(QStringLiteral("由模型给出"))) << panel.plainText().toStdString();
    for (const QString &lang : ui::Language::available()) {
        const QString html = ui::ExplanationPanel::pageHtml(QStringLiteral("x-given"), lang);
        EXPECT_GT(html.size(), 300) << lang.toStdString();
    }
    ui::Language::instance()->apply(QStringLiteral("en"));
}

TEST(Explanation, InThisSceneSpeaksTheLearnersLanguage)
{
    ui::Language::instance()->apply(QStringLiteral("zh_CN"));
    ui::Document document;
    document.load(*ui::loadExample(QStringLiteral("causal-vs-full")).scene);
    ui::ExplanationPanel panel(&document);
    document.setSelection({core::StageMasked, -1, -1});
    EXPECT_TRUE(panel.plainText().contains(QStringLiteral("\uff08\u63a9\u7801\uff1a\u56e0\u679c\uff09")))
        << panel.plainText().toStdString();
    EXPECT_FALSE(panel.plainText().contains(QStringLiteral("causal")));
    document.setSelection({core::StageScaled, -1, -1});
    EXPECT_TRUE(panel.plainText().contains(QStringLiteral("\u00f7 2 (= \u221a4) =")))
        << panel.plainText().toStdString();
    ui::Language::instance()->apply(QStringLiteral("en"));
}

TEST(Explanation, ARopeScenesScoresComeFromTheRotatedQueriesAndKeys)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    ui::Document document;
    document.load(*ui::loadExample(QStringLiteral("order-matters-rope")).scene);
    ui::ExplanationPanel panel(&document);
    document.setSelection({core::StageScores, -1, -1});
    EXPECT_TRUE(
        panel.plainText().contains(QStringLiteral("Q_rot (6 \u00d7 8) \u00b7 K_rot\u1d40 (8 \u00d7 6) = scores")))
        << panel.plainText().toStdString();
}

// A page is the same text in every scene, so a number it quotes must say whose it is: the
// chapter's hand calculation (d_k = 4), while this scene's own divisor follows under "In this
// scene" (the default scene has d_k = 8). Classroom trial, issue 36 item 7.
TEST(Explanation, APageQuotesTheChaptersNumbersAsTheChaptersAndTheScenesBelow)
{
    ui::Document document;
    document.load(*ui::loadExample(QStringLiteral("cat-eats-fish")).scene);
    ui::ExplanationPanel panel(&document);
    document.setSelection({core::StageScaled, -1, -1});
    for (const char *lang : {"en", "zh_CN"}) {
        ui::Language::instance()->apply(QLatin1String(lang));
        const QString text = panel.plainText();
        const qsizetype quoted = text.indexOf(QStringLiteral("0.37 \u00f7 2.000"));
        ASSERT_GE(quoted, 0) << lang;
        // The sentence holding the chapter's numbers names them as the chapter's.
        const qsizetype start = text.lastIndexOf(QRegularExpression(QStringLiteral("\\.\\s|。")), quoted);
        const QString sentence = text.mid(start + 1, quoted - start);
        EXPECT_TRUE(sentence.contains(QStringLiteral("hand calculation")) || sentence.contains(QStringLiteral("手算")))
            << sentence.toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral("\u221a8"))) << text.toStdString();
    }
    // The context page's 她/小红 is an example sentence, not a claim about this scene.
    document.setSelection({core::StageContext, -1, -1});
    ui::Language::instance()->apply(QStringLiteral("en"));
    EXPECT_TRUE(panel.plainText().contains(QStringLiteral("In a sentence such as")));
    ui::Language::instance()->apply(QStringLiteral("zh_CN"));
    EXPECT_TRUE(panel.plainText().contains(QStringLiteral("这样的句子里")));
    ui::Language::instance()->apply(QStringLiteral("en"));
}
