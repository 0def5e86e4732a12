// Core messages are data (an id plus arguments); English is one rendering of them.
#include "core/scene/sceneio.h"
#include "core/text/message.h"
#include "core/text/messageid.h"
#include "core/text/problem.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <set>
#include <string>

namespace {

using namespace attnlab::core;

TEST(CoreMessage, ArgumentsArePutInOnceInTheirOrder)
{
    EXPECT_EQ(substituteArguments("%2 before %1", {"a", "b"}), "b before a");
    // An argument's own "%1" is text, not a place for another argument.
    EXPECT_EQ(substituteArguments("key %1 and %2", {"%2", "x"}), "key %2 and x");
    EXPECT_EQ(substituteArguments("100% of %1, %3 missing", {"it"}), "100% of it, %3 missing");
}

TEST(CoreMessage, NestedPhrasesAndNumbersRenderInEnglish)
{
    const Message m(MessageId::ExpectedNumber, Message(MessageId::TypeString));
    EXPECT_EQ(m.english(), "expected a number, got a string");
    EXPECT_EQ(Message(MessageId::IsMoreThanLimit, 4097, 4096).english(), "is 4097, more than the limit of 4096");
    EXPECT_EQ(Message::literal("W_Q[0][1]").english(), "W_Q[0][1]");
    EXPECT_EQ(Message(MessageId::FileCannotOpen, Message::systemError(ENOENT)).english(),
        "cannot open the file: No such file or directory");
}

TEST(CoreMessage, EveryIdHasItsOwnTemplate)
{
    std::set<std::string> seen;
    for (int i = 0; i < messageIdCount(); ++i) {
        const auto id = MessageId(i);
        const std::string text = messageTemplate(id);
        if (id == MessageId::Literal || id == MessageId::Errno) {
            EXPECT_TRUE(text.empty()) << i;
            continue;
        }
        EXPECT_FALSE(text.empty()) << i;
        EXPECT_TRUE(seen.insert(text).second) << "two ids share \"" << text << "\"";
    }
}

TEST(CoreMessage, ProblemsAreFormattedWithFileLineAndPath)
{
    Problem p {"W_Q[0]", Message(MessageId::MustBeFinite)};
    EXPECT_EQ(formatProblem("s.attn.json", p), "s.attn.json: W_Q[0]: must be a finite number");
    p = Problem {"", Message(MessageId::JsonInvalid), 3, 7};
    EXPECT_EQ(formatProblem("s.attn.json", p), "s.attn.json:3:7: invalid JSON");
}

TEST(CoreMessage, SceneProblemsCarryTheirIdAndArguments)
{
    const LoadResult r = parseScene(R"({"tokens": ["a"], "direct": {"Q": [[1]], "K": [[1]], "V": [["x"]]}})");
    ASSERT_EQ(r.problems.size(), 1u);
    EXPECT_EQ(r.problems[0].path, "direct.V[0][0]");
    EXPECT_EQ(r.problems[0].message, Message(MessageId::ExpectedNumber, Message(MessageId::TypeString)));
}

} // namespace
