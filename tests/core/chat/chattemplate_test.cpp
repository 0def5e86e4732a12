// The Jinja subset of core/chat piece by piece: white-space control as transformers sets it up,
// the statements, expressions, filters, tests and methods chat templates use, with Python's
// semantics where they differ from C++'s.

#include "core/chat/chattemplate.h"

#include <gtest/gtest.h>

#include <string>

using namespace attnlab::core::chat;

namespace {

std::string render(const std::string &source, ChatContext ctx = {})
{
    return renderChatTemplate(source, ctx);
}

ChatContext conversation()
{
    ChatContext ctx;
    ctx.messages = {{"system", "  Be brief.  "}, {"user", "猫吃鱼吗？"}, {"assistant", "吃。"}, {"user", "Why?"}};
    ctx.specialTokens = {{"bos_token", "<s>"}, {"eos_token", "</s>"}};
    return ctx;
}

} // namespace

TEST(ChatTemplate, TrimBlocksAndLstripBlocksAreOnAsInTransformers)
{
    // The newline after a block tag goes, so does the indentation before it; one trailing newline
    // of the template goes too.
    EXPECT_EQ(render("{% if true %}\n    yes\n    {% endif %}\nend\n"), "    yes\nend");
    EXPECT_EQ(render("a\n  {# comment #}\nb"), "a\nb");
    // Output tags keep their surroundings.
    EXPECT_EQ(render("  {{ 'x' }}\n"), "  x");
    // "+" keeps the indentation, "-" strips all white space on its side.
    EXPECT_EQ(render("  {%+ if true %}x{% endif %}"), "  x");
    EXPECT_EQ(render("a  \n {{- 'b' -}} \n c"), "abc");
    EXPECT_EQ(render("a\r\nb\rc"), "a\nb\nc");
}

TEST(ChatTemplate, ForLoopVariablesElseAndFilter)
{
    EXPECT_EQ(render("{% for x in [10, 20, 30] %}{{ loop.index0 }}{{ loop.index }}{{ loop.revindex }}"
                     "{{ loop.first }}{{ loop.last }}{{ loop.length }}|{% endfor %}"),
        "013TrueFalse3|122FalseFalse3|231FalseTrue3|");
    EXPECT_EQ(render("{% for x in [] %}x{% else %}empty{% endfor %}"), "empty");
    EXPECT_EQ(render("{% for x in range(10) if x is odd %}{{ x }}{% endfor %}"), "13579");
    EXPECT_EQ(render("{% for k, v in {'a': 1, 'b': 2}.items() %}{{ k }}={{ v }};{% endfor %}"), "a=1;b=2;");
    EXPECT_EQ(render("{% for x in range(5) %}{% if x == 3 %}{% break %}{% endif %}{% if x == 1 %}{% continue %}"
                     "{% endif %}{{ x }}{% endfor %}"),
        "02");
    EXPECT_EQ(render("{% for c in '猫吃鱼' %}[{{ c }}]{% endfor %}"), "[猫][吃][鱼]");
}

TEST(ChatTemplate, SetInsideALoopStaysThereButANamespaceCarriesOut)
{
    EXPECT_EQ(render("{% set x = 1 %}{% for i in [1, 2] %}{% set x = i %}{% endfor %}{{ x }}"), "1");
    EXPECT_EQ(render("{% set ns = namespace(n=0, s='') %}{% for i in [1, 2, 3] %}{% set ns.n = ns.n + i %}"
                     "{% set ns.s = ns.s ~ i %}{% endfor %}{{ ns.n }} {{ ns.s }}"),
        "6 123");
    EXPECT_EQ(render("{% set a, b = 1, 2 %}{{ b }}{{ a }}"), "21");
    EXPECT_EQ(render("{% set block %}in {{ 'side' }}{% endset %}[{{ block }}]"), "[in side]");
}

TEST(ChatTemplate, MacrosTakeArgumentsAndDefaults)
{
    EXPECT_EQ(render("{% macro greet(name, punct='!') %}Hi {{ name }}{{ punct }}{% endmacro %}"
                     "{{ greet('猫') }} {{ greet('fish', punct='?') }}"),
        "Hi 猫! Hi fish?");
}

TEST(ChatTemplate, ExpressionsFollowPython)
{
    EXPECT_EQ(render("{{ 7 // 2 }} {{ -7 // 2 }} {{ 7 % 3 }} {{ -7 % 3 }} {{ 7 / 2 }} {{ 2 ** 10 }} {{ 1 + 2 * 3 }}"),
        "3 -4 1 2 3.5 1024 7");
    EXPECT_EQ(render("{{ 0.1 + 0.2 }} {{ 1.0 }} {{ 1e20 }} {{ 1e-5 }} {{ 3 * 1.5 }}"),
        "0.30000000000000004 1.0 1e+20 1e-05 4.5");
    EXPECT_EQ(render("{{ 'ab' ~ 1 ~ none ~ true }}"), "ab1NoneTrue");
    EXPECT_EQ(render("{{ 'yes' if 1 < 2 else 'no' }}{{ 'x' if false }}"), "yes");
    EXPECT_EQ(render("{{ 'b' in 'abc' }}{{ 2 not in [1, 2] }}{{ 'k' in {'k': 1} }}"), "TrueFalseTrue");
    EXPECT_EQ(render("{{ [1, 2, 3, 4][::-1] }} {{ 'hello'[1:3] }} {{ [1, 2, 3][-1] }} {{ 'abc'[::2] }}"),
        "[4, 3, 2, 1] el 3 ac");
    EXPECT_EQ(render("{{ {'a': 'x', 'b': [1, 'y']} }}"), "{'a': 'x', 'b': [1, 'y']}");
    EXPECT_EQ(render("{{ none or 'fallback' }}{{ 0 and 1 }}{{ not '' }}"), "fallback0True");
    EXPECT_EQ(render("{{ 1 == 1.0 }}{{ 'a' != 'b' }}{{ [1] == [1] }}"), "TrueTrueTrue");
}

TEST(ChatTemplate, UndefinedPrintsNothingAndIsFalse)
{
    EXPECT_EQ(
        render("[{{ missing }}]{{ missing is defined }}{{ missing is undefined }}{% if not missing %}!{% endif %}"),
        "[]FalseTrue!");
    ChatContext ctx = conversation();
    EXPECT_EQ(
        render("{{ messages[0].tool_calls is defined }}{{ 'tool_calls' in messages[0] }}{{ messages[9] is defined }}",
            ctx),
        "FalseFalseFalse");
    EXPECT_EQ(render("{{ tools is none }}{{ documents is none }}"), "TrueTrue");
}

TEST(ChatTemplate, FiltersAndMethodsChatTemplatesUse)
{
    ChatContext ctx = conversation();
    EXPECT_EQ(render("[{{ messages[0].content | trim }}][{{ messages[0]['content'].strip() }}]", ctx),
        "[Be brief.][Be brief.]");
    EXPECT_EQ(render("{{ messages | length }} {{ 'abc' | upper }} {{ 'ÀB' | lower }} {{ 'hello world' | title }}"
                     " {{ 'hELLO' | capitalize }}",
                  ctx),
        "4 ABC àb Hello World Hello");
    EXPECT_EQ(render("{{ ['a', 'b'] | join(', ') }} {{ [3, 1] | first }} {{ [3, 1] | last }} {{ x | default('d') }}"),
        "a, b 3 1 d");
    EXPECT_EQ(render("{{ 'a</think>b'.split('</think>')[-1] }} {{ ' a  b '.split() }} {{ 'x'.startswith('x') }}"
                     "{{ 'x'.endswith('y') }} {{ 'aXbX'.replace('X', '-') }} {{ '\\n\\nhi'.lstrip('\\n') }}"),
        "b ['a', 'b'] TrueFalse a-b- hi");
    EXPECT_EQ(
        render("{{ ['code_interpreter', 'brave'] | reject('equalto', 'code_interpreter') | join(',') }}"), "brave");
    EXPECT_EQ(render("{{ [{'n': 1}, {'n': 2}] | map(attribute='n') | list }} {{ ({'b': 1} | items | list)[0][1] }}"),
        "[1, 2] 1");
    EXPECT_EQ(render("{{ '\u3000全角\u00a0' | trim }}|"), "全角|");
    EXPECT_EQ(render("{{ {'k': 'v'}.get('k') }}{{ {'k': 'v'}.get('z', 'd') }}{{ {'a': 1}.keys() | list }}"), "vd['a']");
}

TEST(ChatTemplate, ToJsonIsPythonJsonDumpsWithoutAsciiEscapes)
{
    EXPECT_EQ(render("{{ {'名': '猫', 'n': [1, 2.5, true, none], 'q': 'a\"b\\\\c\\n'} | tojson }}"),
        "{\"名\": \"猫\", \"n\": [1, 2.5, true, null], \"q\": \"a\\\"b\\\\c\\n\"}");
    EXPECT_EQ(render("{{ {'a': [1], 'b': {}} | tojson(indent=2) }}"), "{\n  \"a\": [\n    1\n  ],\n  \"b\": {}\n}");
    EXPECT_EQ(render("{{ {'b': 1, 'a': 2} | tojson(sort_keys=true) }}"), "{\"a\": 2, \"b\": 1}");
}

TEST(ChatTemplate, TestsChatTemplatesUse)
{
    EXPECT_EQ(render("{{ 'x' is string }}{{ {} is mapping }}{{ [] is iterable }}{{ 3 is number }}{{ none is none }}"
                     "{{ 4 is divisibleby 2 }}{{ 1 is not even }}{{ 2 is eq 2 }}"),
        "TrueTrueTrueTrueTrueTrueTrueTrue");
}

TEST(ChatTemplate, StrftimeNowReadsTheContextsClockAndRaiseExceptionRefuses)
{
    ChatContext ctx;
    ctx.now.tm_year = 2025 - 1900;
    ctx.now.tm_mon = 6;
    ctx.now.tm_mday = 4;
    EXPECT_EQ(render("{{ strftime_now('%d %b %Y') }} {{ strftime_now('%B %m %%') }}", ctx), "04 Jul 2025 July 07 %");
    try {
        render("ok\n{{ raise_exception('Conversation roles must alternate user/assistant/user/assistant/...') }}");
        FAIL() << "raise_exception did not stop the render";
    } catch (const ChatTemplateError &e) {
        EXPECT_EQ(e.line(), 2);
        EXPECT_STREQ(e.what(),
            "template line 2: the chat template refuses this conversation: Conversation roles must "
            "alternate user/assistant/user/assistant/...");
    }
}

TEST(ChatTemplate, GenerationBlocksRenderTheirBody)
{
    EXPECT_EQ(render("a{% generation %}b{% endgeneration %}c"), "abc");
}

TEST(ChatTemplate, ToolCallsArePassedAsTheMessagesKey)
{
    ChatContext ctx;
    ChatMessage call {"assistant", ""};
    call.toolCalls
        = nlohmann::ordered_json::parse(R"([{"function": {"name": "f", "arguments": {"z": 1, "a": "猫"}}}])");
    ctx.messages = {call};
    EXPECT_EQ(
        render("{{ 'tool_calls' in messages[0] }} {{ messages[0].tool_calls[0].function.arguments | tojson }}", ctx),
        "True {\"z\": 1, \"a\": \"猫\"}");
}
