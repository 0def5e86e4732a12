// The core's messages in the interface language: every catalogue entry has a Chinese
// translation with the same arguments, and the window reports bad files in the chosen language.
#include "core/experiment/experiments.h"
#include "core/model/forwardcheck.h"
#include "core/scene/scene.h"
#include "core/text/message.h"
#include "core/text/messageid.h"
#include "core/tokenize/tokenizer.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/i18n/coremessages.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow/fileactions.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTranslator>
#include <QWidget>

#include <gtest/gtest.h>

#include <cerrno>
#include <stdexcept>

using namespace attnlab;

namespace {

class CoreMessagesTest : public ::testing::Test {
protected:
    void TearDown() override { ui::Language::instance()->apply(QStringLiteral("en")); }
};

// The %N placeholders of a text, sorted.
QStringList placeholders(const QString &text)
{
    QStringList out;
    for (const QRegularExpressionMatch &m : QRegularExpression(QStringLiteral("%[1-9]")).globalMatch(text))
        out << m.captured();
    out.sort();
    return out;
}

bool hasHan(const QString &text)
{
    return text.contains(QRegularExpression(QStringLiteral("\\p{Han}")));
}

} // namespace

TEST_F(CoreMessagesTest, EveryCatalogueEntryHasAChineseTranslationWithTheSameArguments)
{
    QTranslator zh;
    ASSERT_TRUE(zh.load(QStringLiteral(":/i18n/attnlab_zh_CN.qm")));
    // Two English words in a row are a sentence that needs Chinese; a formula such as
    // "d_model × heads·d_k = %1" may stay as it is.
    const QRegularExpression sentence(QStringLiteral("[A-Za-z]{2,} [A-Za-z]{2,}"));
    int checked = 0;
    for (int i = 0; i < core::messageIdCount(); ++i) {
        const auto id = core::MessageId(i);
        if (id == core::MessageId::Literal || id == core::MessageId::Errno)
            continue;
        const QString english = QString::fromUtf8(core::messageTemplate(id));
        const QString chinese = zh.translate("CoreMessage", core::messageTemplate(id));
        ASSERT_FALSE(chinese.isEmpty()) << "no Chinese for \"" << english.toStdString() << "\"";
        EXPECT_EQ(placeholders(chinese), placeholders(english)) << english.toStdString();
        if (english.contains(sentence)) {
            EXPECT_TRUE(hasHan(chinese)) << english.toStdString() << " → " << chinese.toStdString();
        }
        ++checked;
    }
    EXPECT_GT(checked, 80);
}

TEST_F(CoreMessagesTest, MessagesAndTheirPhrasesFollowTheLanguage)
{
    const core::Message m(core::MessageId::ExpectedNumber, core::Message(core::MessageId::TypeString));
    const core::Message missing(core::MessageId::FileCannotOpen, core::Message::systemError(ENOENT));
    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("en")));
    EXPECT_EQ(ui::coreMessageText(m), QString::fromStdString(m.english()));
    EXPECT_EQ(ui::coreMessageText(missing), QString::fromStdString(missing.english()));

    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("zh_CN")));
    EXPECT_EQ(ui::coreMessageText(m), QStringLiteral("应为数字，实际是字符串"));
    EXPECT_EQ(ui::coreMessageText(missing), QStringLiteral("无法打开文件：没有那个文件或目录"));
    // Paths and values are data: they stay as they are, in the same layout as --validate.
    const core::Problem p {"W_Q[0][1]", core::Message(core::MessageId::MustBeFinite), 0, 0};
    EXPECT_EQ(
        ui::problemText(QStringLiteral("a.attn.json"), p), QStringLiteral("a.attn.json: W_Q[0][1]: 必须是有限数"));
    const core::Problem syntax {"", core::Message(core::MessageId::JsonInvalid), 3, 7};
    EXPECT_EQ(ui::problemText(QStringLiteral("a.attn.json"), syntax), QStringLiteral("a.attn.json:3:7: JSON 无效"));
}

TEST_F(CoreMessagesTest, TheWindowReportsABadFileInChinese)
{
    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("zh_CN")));
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("bad.attn.json"));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"tokens": ["a"], "bogus": 1, "direct": {"Q": [[1]], "K": [[1]], "V": [["x"]]}})");
    f.close();

    QWidget window;
    ui::Document document;
    ui::FileActions actions(&document, &window);
    QStringList problems;
    EXPECT_FALSE(actions.openPath(path, &problems));
    ASSERT_EQ(problems.size(), 2);
    EXPECT_TRUE(problems.contains(path + QStringLiteral(": bogus: 未知的键"))) << problems.join('\n').toStdString();
    EXPECT_TRUE(problems.contains(path + QStringLiteral(": direct.V[0][0]: 应为数字，实际是字符串")))
        << problems.join('\n').toStdString();

    EXPECT_FALSE(actions.openPath(dir.filePath(QStringLiteral("absent.attn.json")), &problems));
    ASSERT_EQ(problems.size(), 1);
    EXPECT_TRUE(problems[0].endsWith(QStringLiteral("absent.attn.json: 无法打开文件：没有那个文件或目录")))
        << problems[0].toStdString();
}

TEST_F(CoreMessagesTest, TokenizerForwardAndExperimentMessagesFollowTheLanguage)
{
    QTemporaryDir empty;
    ASSERT_TRUE(empty.isValid());
    const core::model::TokenizerLoadResult none = core::model::loadTokenizer(empty.path().toStdString());
    const core::model::TokenizerLoadResult merges
        = core::model::parseTokenizerJson(R"({"model": {"type": "BPE", "vocab": {"a": 0}, "merges": ["a"]}})");
    const core::model::ForwardError forward(core::Message(core::MessageId::ForwardTooManyTokens, 20, 16));
    core::SqrtDkOptions options;
    options.samples = 1;
    ASSERT_TRUE(none.problem && merges.problem && core::checkSqrtDkOptions(options));

    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("en")));
    EXPECT_EQ(ui::fileProblemText(*none.problem), QString::fromStdString(none.error));
    EXPECT_EQ(ui::fileProblemText(*merges.problem), QString::fromStdString(merges.error));
    EXPECT_EQ(ui::fileProblemText(ui::exceptionProblem(forward)), QString::fromUtf8(forward.what()));

    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("zh_CN")));
    EXPECT_EQ(ui::fileProblemText(*none.problem),
        empty.path()
            + QStringLiteral(
                ": 找不到分词器文件：既没有 tokenizer.json 或 vocab.txt，也没有 vocab.json 与 merges.txt"));
    EXPECT_EQ(ui::fileProblemText(*merges.problem),
        QStringLiteral("tokenizer.json: model.merges[0]: \"a\" 不是用一个空格隔开的两个子词"));
    EXPECT_EQ(
        ui::fileProblemText(ui::exceptionProblem(forward)), QStringLiteral("文本有 20 个词元，但模型最多接受 16 个"));
    EXPECT_EQ(ui::coreMessageText(*core::checkSqrtDkOptions(options)), QStringLiteral("样本数必须在 2 与 100000 之间"));
    // Other exceptions keep their own text.
    EXPECT_EQ(
        ui::fileProblemText(ui::exceptionProblem(std::runtime_error("disk on fire"))), QStringLiteral("disk on fire"));
}
