// What a chat template the interpreter cannot render gets: a message that names the construct and
// the template line, for unsupported Jinja, broken syntax, raise_exception, and hostile templates
// that would take too long or too much memory (each refused quickly, well below a gigabyte).

#include "core/chat/chattemplate.h"
#include "core/text/messageid.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

using namespace attnlab::core;
using namespace attnlab::core::chat;

namespace {

struct Refusal {
    int line = 0;
    MessageId id = MessageId::Literal;
    std::string english;
};

Refusal refusal(const std::string &source)
{
    ChatContext ctx;
    ctx.messages = {{"user", "猫吃鱼"}};
    try {
        renderChatTemplate(source, ctx);
    } catch (const ChatTemplateError &e) {
        const Message &m = e.problem().message;
        const bool withLine = m.id == MessageId::ChatTemplateLine;
        return Refusal {e.line(), withLine ? m.args[1].id : m.id, e.what()};
    }
    ADD_FAILURE() << "rendered without an error: " << source;
    return {};
}

} // namespace

TEST(ChatTemplateErrors, AnUnsupportedFilterIsNamedWithItsLine)
{
    const Refusal r = refusal("{% for m in messages %}\n{{ m.content }}\n{{ m.content | wordcount }}\n{% endfor %}");
    EXPECT_EQ(r.id, MessageId::ChatUnsupportedFilter);
    EXPECT_EQ(r.line, 3);
    EXPECT_EQ(r.english,
        "template line 3: the chat template uses the Jinja filter `wordcount`, which Attention Lab does not support");
}

TEST(ChatTemplateErrors, AnUnsupportedFilterFailsEvenOnABranchNotTaken)
{
    // As Jinja2 checks filter names when it compiles the template.
    EXPECT_EQ(refusal("{% if false %}{{ x | urlencode }}{% endif %}").id, MessageId::ChatUnsupportedFilter);
}

TEST(ChatTemplateErrors, EachUnsupportedConstructIsNamed)
{
    struct Case {
        const char *source;
        MessageId id;
        const char *english;
    };
    const Case cases[] = {
        {"{% if x is sameas y %}{% endif %}", MessageId::ChatUnsupportedTest,
            "template line 1: the chat template uses the Jinja test `sameas`, which Attention Lab does not support"},
        {"{% include 'other.jinja' %}", MessageId::ChatUnsupportedTag,
            "template line 1: the chat template uses the Jinja tag `{% include %}`, which Attention Lab does not "
            "support"},
        {"{% extends 'base' %}", MessageId::ChatUnsupportedTag,
            "template line 1: the chat template uses the Jinja tag `{% extends %}`, which Attention Lab does not "
            "support"},
        {"{% raw %}{{ x }}{% endraw %}", MessageId::ChatUnsupportedTag,
            "template line 1: the chat template uses the Jinja tag `{% raw %}`, which Attention Lab does not support"},
        {"{% filter upper %}x{% endfilter %}", MessageId::ChatUnsupportedTag,
            "template line 1: the chat template uses the Jinja tag `{% filter %}`, which Attention Lab does not "
            "support"},
        {"{% call m() %}x{% endcall %}", MessageId::ChatUnsupportedTag,
            "template line 1: the chat template uses the Jinja tag `{% call %}`, which Attention Lab does not support"},
        {"\n{{ messages[0].content.zfill(9) }}", MessageId::ChatUnsupportedMethod,
            "template line 2: the chat template calls the method `zfill` on a text string, which Attention Lab does "
            "not "
            "support"},
        {"{{ messages.append(1) }}", MessageId::ChatUnsupportedMethod,
            "template line 1: the chat template calls the method `append` on a list, which Attention Lab does not "
            "support"},
        {"{{ lipsum(2) }}", MessageId::ChatUnsupportedFunction,
            "template line 1: the chat template calls the function `lipsum`, which Attention Lab does not support"},
        {"{{ strftime_now('%j') }}", MessageId::ChatUnsupportedDateFormat,
            "template line 1: the chat template asks strftime_now for `%j`, which Attention Lab does not support"},
        {"{% for m in messages recursive %}{% endfor %}", MessageId::ChatUnsupportedSyntax,
            "template line 1: the chat template uses the Jinja construct `for … recursive`, which Attention Lab does "
            "not "
            "support"},
        {"{% set x | upper %}a{% endset %}", MessageId::ChatUnsupportedSyntax,
            "template line 1: the chat template uses the Jinja construct `{% set … | filter %}`, which Attention Lab "
            "does not "
            "support"},
    };
    for (const Case &c : cases) {
        const Refusal r = refusal(c.source);
        EXPECT_EQ(r.id, c.id) << c.source;
        EXPECT_EQ(r.english, c.english) << c.source;
    }
}

TEST(ChatTemplateErrors, BrokenSyntaxSaysWhatAndWhere)
{
    EXPECT_EQ(
        refusal("a\n{{ 'x' ").english, "template line 2: the chat template opens `{{` and never closes it with `}}`");
    EXPECT_EQ(
        refusal("{# note").english, "template line 1: the chat template opens `{#` and never closes it with `#}`");
    EXPECT_EQ(refusal("{{ 'abc }}").id, MessageId::ChatUnclosedString);
    EXPECT_EQ(refusal("{% if true %}\nyes").english, "template line 2: the chat template ends before `{% endif %}`");
    EXPECT_EQ(refusal("x\n\n{% endfor %}").english,
        "template line 3: the chat template has `{% endfor %}` where no open block expects it");
    EXPECT_EQ(refusal("{{ 1 + }}").english,
        "template line 1: the chat template has a syntax error: expected a value, found `}}`");
    EXPECT_EQ(refusal("{{ a ? b }}").id, MessageId::ChatUnexpectedCharacter);
    EXPECT_EQ(refusal("{% break %}").id, MessageId::ChatOutsideLoop);
}

TEST(ChatTemplateErrors, RuntimeMisusesAreNamed)
{
    EXPECT_EQ(refusal("{{ 'a' + 1 }}").english,
        "template line 1: the chat template applies `+` to a text string and a whole number");
    EXPECT_EQ(refusal("{{ missing + 'x' }}").english,
        "template line 1: the chat template uses `missing`, which is not defined");
    EXPECT_EQ(refusal("{{ missing.attribute }}").id, MessageId::ChatUndefined);
    EXPECT_EQ(refusal("{{ 1 // 0 }}").id, MessageId::ChatDivisionByZero);
    EXPECT_EQ(refusal("{% for x in 3 %}{% endfor %}").id, MessageId::ChatNotIterable);
    EXPECT_EQ(refusal("{% set x = 1 %}{% set x.y = 2 %}").id, MessageId::ChatSetAttribute);
    EXPECT_EQ(refusal("{{ x | tojson }}").id, MessageId::ChatUndefined);
    EXPECT_EQ(refusal("{{ 9223372036854775807 + 1 }}").id, MessageId::ChatNumberTooLarge);
}

TEST(ChatTemplateErrors, HostileTemplatesStopQuicklyAtTheLimits)
{
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(refusal("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}").id,
        MessageId::ChatTooManySteps);
    EXPECT_EQ(refusal("{% for i in range(100000) %}{{ 'x' * 1000 }}{% endfor %}").id, MessageId::ChatOutputTooLarge);
    EXPECT_EQ(
        refusal("{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}").id,
        MessageId::ChatOutputTooLarge);
    EXPECT_EQ(refusal("{{ 'x' * 9000000000000 }}").id, MessageId::ChatOutputTooLarge);
    EXPECT_EQ(refusal("{{ range(1000000000000000) | length }}").id, MessageId::ChatListTooLong);
    EXPECT_EQ(refusal("{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}").id, MessageId::ChatCallsTooDeep);
    EXPECT_EQ(refusal("{{ " + std::string(5000, '(') + "1" + std::string(5000, ')') + " }}").id,
        MessageId::ChatNestedTooDeep);
    std::string chain = "{{ 1";
    for (int i = 0; i < 50000; ++i)
        chain += " + 1";
    EXPECT_EQ(refusal(chain + " }}").id, MessageId::ChatNestedTooDeep);
    // Values nested past the limit would make printing and tojson recurse without bound.
    EXPECT_EQ(refusal("{% set ns = namespace(l=[]) %}{% for i in range(100000) %}{% set ns.l = [ns.l] %}{% endfor %}"
                      "{{ ns.l | tojson }}")
                  .id,
        MessageId::ChatNestedTooDeep);
    std::string blocks;
    for (int i = 0; i < 5000; ++i)
        blocks += "{% if true %}";
    EXPECT_EQ(refusal(blocks).id, MessageId::ChatNestedTooDeep);
    EXPECT_EQ(refusal(std::string((1 << 20) + 1, 'x')).id, MessageId::ChatTemplateTooLarge);
    // A generous bound for a loaded machine; each refusal takes milliseconds on its own.
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
}
