// One glossary drives the terminology: docs/glossary.md lists the words to use and the variants
// that must not appear, and this test holds every text of the app and its documents to it.
#include "glossary.h"

#include <gtest/gtest.h>

using namespace attnlab;

namespace {

const QString kRoot = QStringLiteral(ATTNLAB_SOURCE_DIR);

const test::GlossaryEntry *entryFor(const std::vector<test::GlossaryEntry> &glossary, const QString &zh)
{
    for (const test::GlossaryEntry &e : glossary)
        if (e.zh.contains(zh))
            return &e;
    return nullptr;
}

} // namespace

TEST(Glossary, NamesTheBoardTheProductTheHeadsAndSubwords)
{
    const auto glossary = test::readGlossary(kRoot + QStringLiteral("/docs/glossary.md"));
    const auto *board = entryFor(glossary, QStringLiteral("流程板"));
    ASSERT_NE(board, nullptr);
    EXPECT_TRUE(board->en.contains(QStringLiteral("board")));
    const auto *panel = entryFor(glossary, QStringLiteral("面板"));
    ASSERT_NE(panel, nullptr);
    EXPECT_TRUE(panel->zhOnlyWhereEnglishSays.contains(QStringLiteral("panel")));
    ASSERT_NE(entryFor(glossary, QStringLiteral("注意力实验室")), nullptr);
    ASSERT_NE(entryFor(glossary, QStringLiteral("子词")), nullptr);
    const auto *head = entryFor(glossary, QStringLiteral("头 1（头 %1）"));
    ASSERT_NE(head, nullptr);
    bool ordinal = false;
    for (const QRegularExpression &re : head->zhNot)
        ordinal = ordinal || re.match(QStringLiteral("第 %2 个头")).hasMatch();
    EXPECT_TRUE(ordinal) << "the head row must forbid 第 %2 个头";
}

// The checker itself: each kind of violation is found, and what the glossary allows passes.
TEST(Glossary, FindsForbiddenVariantsAndPanelsTheEnglishDoesNotName)
{
    const auto glossary = test::readGlossary(kRoot + QStringLiteral("/docs/glossary.md"));
    const std::vector<test::GovernedText> bad = {
        {QStringLiteral("t1"), QStringLiteral("导出整个看板"), QStringLiteral("Export Whole Board"), true, true},
        {QStringLiteral("t2"), QStringLiteral("第 %1 层，第 %2 个头"), QStringLiteral("Layer %1, head %2"), true, true},
        {QStringLiteral("t3"), QStringLiteral("关于 Attention Lab"), QStringLiteral("About Attention Lab"), true, true},
        {QStringLiteral("t4"), QStringLiteral("一个词片"), QStringLiteral("a subword"), true, true},
        {QStringLiteral("t5"), QStringLiteral("与面板上的数字不对应"), QStringLiteral("no longer match the board"),
            true, true},
        {QStringLiteral("t6"), QStringLiteral("在“模型”面板中"), QString(), true, false},
        {QStringLiteral("t7"), QStringLiteral("a word piece"), QString(), false, false},
    };
    const QStringList problems = test::glossaryViolations(glossary, bad);
    for (const char *where : {"t1", "t2", "t3", "t4", "t5", "t6", "t7"})
        EXPECT_EQ(problems.filter(QRegularExpression(QStringLiteral("^%1:").arg(QLatin1String(where)))).size(), 1)
            << where << "\n"
            << problems.join(QLatin1Char('\n')).toStdString();

    const std::vector<test::GovernedText> good = {
        {QStringLiteral("g1"), QStringLiteral("在“掩码”面板中编辑"), QStringLiteral("Edit it in the Mask panel"), true,
            true},
        {QStringLiteral("g2"), QStringLiteral("第 %1 层，头 %2（共 12 个头）"), QStringLiteral("Layer %1, head %2"),
            true, true},
        {QStringLiteral("g3"), QStringLiteral("关于注意力实验室"), QStringLiteral("About Attention Lab"), true, true},
        {QStringLiteral("g4"), QStringLiteral("Attention Lab 打开 猫吃鱼"), QString(), true, false},
    };
    EXPECT_EQ(test::glossaryViolations(glossary, good), QStringList());
}

TEST(Glossary, EveryTextOfTheAppAndItsDocumentsFollowsIt)
{
    const auto glossary = test::readGlossary(kRoot + QStringLiteral("/docs/glossary.md"));
    const auto texts = test::governedTexts(kRoot);
    // The sources it reads are all there: the translation, the pages, the examples, the desktop files.
    int chinese = 0, paired = 0;
    for (const test::GovernedText &t : texts) {
        chinese += t.chinese;
        paired += t.hasEnglish;
    }
    EXPECT_GT(paired, 700);
    EXPECT_GT(chinese, paired);
    const QStringList problems = test::glossaryViolations(glossary, texts);
    EXPECT_TRUE(problems.isEmpty()) << problems.size() << " texts break docs/glossary.md:\n"
                                    << problems.join(QLatin1Char('\n')).toStdString();
}
