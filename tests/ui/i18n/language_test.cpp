// Two languages: the compiled translations are in the binary, the .ts files are complete, and
// switching language retranslates open widgets live.
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/inspector/inspectordock.h"
#include "ui/plot/stageinfo.h"

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

using namespace attnlab;

namespace {

// Restores English after each test so that test order does not matter.
class LanguageTest : public ::testing::Test {
protected:
    void TearDown() override { ui::Language::instance()->apply(QStringLiteral("en")); }
};

struct TsProblem {
    QString context, source, why;
};

std::vector<TsProblem> unfinishedMessages(const QString &path, int *messages)
{
    std::vector<TsProblem> problems;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        problems.push_back({QString(), QString(), QStringLiteral("cannot open")});
        return problems;
    }
    QXmlStreamReader xml(&file);
    QString context, source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            ++*messages;
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            if (type == QLatin1String("vanished") || type == QLatin1String("obsolete"))
                continue;
            if (type == QLatin1String("unfinished"))
                problems.push_back({context, source, QStringLiteral("unfinished")});
            // Plural messages keep their texts in <numerusform> children.
            QString text;
            bool numerus = false;
            while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) && !xml.atEnd()) {
                xml.readNext();
                if (xml.isStartElement() && xml.name() == QLatin1String("numerusform")) {
                    numerus = true;
                    if (xml.readElementText().trimmed().isEmpty())
                        problems.push_back({context, source, QStringLiteral("empty plural form")});
                } else if (xml.isCharacters()) {
                    text += xml.text();
                }
            }
            if (!numerus && text.trimmed().isEmpty())
                problems.push_back({context, source, QStringLiteral("empty translation")});
        }
    }
    if (xml.hasError())
        problems.push_back({QString(), QString(), xml.errorString()});
    return problems;
}

} // namespace

TEST_F(LanguageTest, CompiledTranslationsAreInTheBinary)
{
    EXPECT_TRUE(QFile::exists(QStringLiteral(":/i18n/attnlab_zh_CN.qm")));
    EXPECT_TRUE(QFile::exists(QStringLiteral(":/i18n/attnlab_en.qm")));
    QFile zh(QStringLiteral(":/i18n/attnlab_zh_CN.qm"));
    ASSERT_TRUE(zh.open(QIODevice::ReadOnly));
    EXPECT_GT(zh.size(), 1000);
}

TEST_F(LanguageTest, TranslationFilesHaveNoUnfinishedMessages)
{
    const QDir dir(QStringLiteral(ATTNLAB_SOURCE_DIR "/resources/translations"));
    for (const QString &lang : ui::Language::available()) {
        const QString path = dir.filePath(QStringLiteral("attnlab_%1.ts").arg(lang));
        int messages = 0;
        for (const TsProblem &p : unfinishedMessages(path, &messages))
            ADD_FAILURE() << path.toStdString() << ": " << p.context.toStdString() << ": \"" << p.source.toStdString()
                          << "\": " << p.why.toStdString();
        if (lang != QLatin1String("en")) {
            EXPECT_GT(messages, 50) << "lupdate has not been run on " << path.toStdString();
        }
    }
}

TEST_F(LanguageTest, LocaleNamesMapToTheClosestLanguage)
{
    EXPECT_EQ(ui::Language::closest(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    EXPECT_EQ(ui::Language::closest(QStringLiteral("zh_SG")), QStringLiteral("zh_CN"));
    EXPECT_EQ(ui::Language::closest(QStringLiteral("en_GB")), QStringLiteral("en"));
    EXPECT_EQ(ui::Language::closest(QStringLiteral("de_DE")), QStringLiteral("en"));
    EXPECT_EQ(ui::Language::closest(QStringLiteral("C")), QStringLiteral("en"));
}

TEST_F(LanguageTest, SwitchingRetranslatesOpenWidgets)
{
    ui::Document document;
    document.load(*ui::loadExample(QStringLiteral("cat-eats-fish-handcalc")).scene);
    ui::InspectorDock inspector(&document);
    ui::ExplanationPanel explanation(&document);
    document.setSelection({core::StageScores, 1, 0});
    document.flush();
    QSignalSpy changed(ui::Language::instance(), &ui::Language::languageChanged);

    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("en")));
    EXPECT_EQ(inspector.windowTitle(), QStringLiteral("Inspector"));
    EXPECT_EQ(explanation.windowTitle(), QStringLiteral("Explanation"));
    EXPECT_TRUE(inspector.plainText().contains(QStringLiteral("dot product"))) << inspector.plainText().toStdString();
    EXPECT_TRUE(explanation.plainText().contains(QStringLiteral("how well each query matches")));

    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("zh_CN")));
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(ui::currentLanguage(), QStringLiteral("zh_CN"));
    EXPECT_EQ(inspector.windowTitle(), QStringLiteral("检查器"));
    EXPECT_EQ(explanation.windowTitle(), QStringLiteral("讲解"));
    EXPECT_TRUE(inspector.plainText().contains(QStringLiteral("点积"))) << inspector.plainText().toStdString();
    EXPECT_TRUE(explanation.plainText().contains(QStringLiteral("每个查询与每个键有多匹配")));
    // The numbers stay the same in either language.
    EXPECT_TRUE(inspector.plainText().contains(QStringLiteral("0.370")));

    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("en")));
    EXPECT_EQ(inspector.windowTitle(), QStringLiteral("Inspector"));
    EXPECT_TRUE(explanation.plainText().contains(QStringLiteral("how well each query matches")));
}

TEST_F(LanguageTest, TheChoiceIsRememberedButForcingIsNot)
{
    QSettings().remove(QStringLiteral("language"));
    ASSERT_TRUE(ui::setLanguage(QStringLiteral("zh_CN")));
    EXPECT_EQ(ui::Language::savedLanguage(), QStringLiteral("zh_CN"));
    ui::Language::instance()->initialize();
    EXPECT_EQ(ui::currentLanguage(), QStringLiteral("zh_CN"));
    ui::Language::instance()->initialize(QStringLiteral("en"));
    EXPECT_EQ(ui::currentLanguage(), QStringLiteral("en"));
    EXPECT_EQ(ui::Language::savedLanguage(), QStringLiteral("zh_CN"));
    EXPECT_FALSE(ui::setLanguage(QStringLiteral("tlh")));
    EXPECT_EQ(ui::currentLanguage(), QStringLiteral("en"));
    QSettings().remove(QStringLiteral("language"));
}

TEST_F(LanguageTest, NamespaceLevelHelpersFindTheirTranslations)
{
    // tr() helpers in namespace attnlab::ui must use the context lupdate files them under.
    const core::Scene scene = *ui::loadExample(QStringLiteral("cat-eats-fish")).scene;
    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("zh_CN")));
    EXPECT_EQ(ui::rowAxisTitle(core::StageWeights), QStringLiteral("查询（去看的词元）"));
    EXPECT_EQ(ui::stageTitle(scene, core::StageWeights), QStringLiteral("注意力权重 = softmax(掩码后的分数)"));
    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("en")));
    EXPECT_EQ(ui::rowAxisTitle(core::StageWeights), QStringLiteral("query (who looks)"));
}

TEST_F(LanguageTest, EnglishPluralsComeFromTheEnglishCatalogue)
{
    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("en")));
    const char *source = "\u2026 and %n more problem(s)";
    EXPECT_EQ(QCoreApplication::translate("attnlab::ui::FileActions", source, nullptr, 1),
        QStringLiteral("\u2026 and 1 more problem"));
    EXPECT_EQ(QCoreApplication::translate("attnlab::ui::FileActions", source, nullptr, 3),
        QStringLiteral("\u2026 and 3 more problems"));
    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("zh_CN")));
    EXPECT_EQ(QCoreApplication::translate("attnlab::ui::FileActions", source, nullptr, 3),
        QStringLiteral("\u2026\u2026\u53e6\u6709 3 \u4e2a\u95ee\u9898"));
}
