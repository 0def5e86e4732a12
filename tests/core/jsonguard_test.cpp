#include "core/json/jsonguard.h"

#include "hostileinputs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <vector>

using namespace attnlab::core;

namespace {

std::vector<std::string> keysOf(const JsonDocument &doc, const nlohmann::json &object)
{
    std::vector<std::string> keys;
    for (const auto &member : doc.members(object))
        keys.push_back(member->first);
    return keys;
}

// The problem of a text that must be refused.
Problem refusal(const std::string &text, const JsonLimits &limits = {})
{
    JsonResult r = parseJson(text, "t.json", limits);
    EXPECT_FALSE(r.ok());
    return r.problem.value_or(Problem {"", Message::literal("(accepted)")});
}

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

TEST(JsonGuard, KeepsTheFileOrderOfKeysAndFindsThemByName)
{
    const JsonResult r = parseJson(R"({"b": 1, "a": {"z": true, "y": null}, "c": [{"q": 1, "p": 2}]})", "t.json");
    ASSERT_TRUE(r.ok()) << r.describe();
    const JsonDocument &doc = *r.document;
    EXPECT_EQ(keysOf(doc, doc.root()), (std::vector<std::string> {"b", "a", "c"}));
    EXPECT_EQ(keysOf(doc, doc.root()["a"]), (std::vector<std::string> {"z", "y"}));
    EXPECT_EQ(keysOf(doc, doc.root()["c"][0]), (std::vector<std::string> {"q", "p"}));
    EXPECT_EQ(doc.root()["b"], 1);
}

TEST(JsonGuard, KeyOrderSurvivesMovingTheDocument)
{
    JsonResult r = parseJson(R"([{"b": 1, "a": 2}, {"d": 1, "c": 2}])", "t.json");
    ASSERT_TRUE(r.ok());
    const JsonDocument moved = std::move(*r.document);
    EXPECT_EQ(keysOf(moved, moved.root()[1]), (std::vector<std::string> {"d", "c"}));
}

TEST(JsonGuard, RefusesDuplicateKeysWithTheirPath)
{
    Problem p = refusal(R"({"a": {"x": 1, "x": 2}})");
    EXPECT_EQ(p.path, "a.x");
    EXPECT_TRUE(contains(p.message.english(), "\"x\" appears more than once")) << p.message.english();
    p = refusal(R"({"a": [{"k": 1}, {"k": 1, "k": 2}]})");
    EXPECT_EQ(p.path, "a[1].k");
}

TEST(JsonGuard, RefusesNestingPastTheLimitWithItsPosition)
{
    EXPECT_TRUE(parseJson(attnlab::test::deepNesting(64), "t.json").ok());
    const Problem p = refusal("\n " + attnlab::test::deepNesting(65));
    EXPECT_TRUE(contains(p.message.english(), "nested deeper than the limit of 64 levels")) << p.message.english();
    EXPECT_EQ(p.line, 2);
    EXPECT_EQ(p.column, 66);
}

TEST(JsonGuard, BracketsInsideStringsDoNotCountAsNesting)
{
    JsonLimits limits;
    limits.maxDepth = 2;
    EXPECT_TRUE(parseJson(R"([["[[[[\"{{{{"]])", "t.json", limits).ok());
    const Problem p = refusal(R"(["[[\"", [[1]]])", limits);
    EXPECT_EQ(p.column, 11);
}

TEST(JsonGuard, TenMillionLevelsAreRefusedAtTheLimit)
{
    const Problem p = refusal(attnlab::test::deepNesting(5'000'000));
    EXPECT_TRUE(contains(p.message.english(), "nested deeper")) << p.message.english();
    EXPECT_EQ(p.column, 65);
}

TEST(JsonGuard, AHundredMegabytesOfOpenBracketsAreRefusedAtTheDepthLimit)
{
    JsonLimits limits;
    limits.maxBytes = std::size_t(128) << 20;
    const Problem p = refusal(std::string(std::size_t(100) << 20, '['), limits);
    EXPECT_TRUE(contains(p.message.english(), "nested deeper")) << p.message.english();
}

TEST(JsonGuard, RefusesTextOverTheSizeLimitUnread)
{
    JsonLimits limits;
    limits.maxBytes = 10;
    const Problem p = refusal("[1, 2, 3, 4]", limits);
    EXPECT_TRUE(contains(p.message.english(), "12 bytes long, more than the limit of 10")) << p.message.english();
    EXPECT_TRUE(parseJson("[1, 2, 3]", "t.json", limits).ok());
}

TEST(JsonGuard, WholeNumbersPast64BitsAreTooLarge)
{
    Problem p = refusal(R"({"n": [1, 18446744073709551616]})");
    EXPECT_EQ(p.path, "n[1]");
    EXPECT_TRUE(contains(p.message.english(), "too large")) << p.message.english();
    p = refusal(R"({"n": -9223372036854775809})");
    EXPECT_TRUE(contains(p.message.english(), "too large")) << p.message.english();
    const JsonResult r = parseJson(R"({"n": 18446744073709551615, "m": -9223372036854775808, "f": 1e300})", "t.json");
    ASSERT_TRUE(r.ok()) << r.describe();
    EXPECT_EQ(r.document->root()["n"].get<std::uint64_t>(), 18446744073709551615u);
}

TEST(JsonGuard, SyntaxErrorsCarryLineAndColumn)
{
    const JsonResult r = parseJson("{\n  \"a\": [1,\n  ]\n}", "t.json");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.problem->line, 3);
    EXPECT_EQ(r.problem->column, 3);
    EXPECT_EQ(r.describe().rfind("t.json:3:3: invalid JSON: syntax error", 0), 0u) << r.describe();
}

TEST(JsonGuard, NumbersBeyondADoubleAndBadUtf8AreSyntaxErrors)
{
    Problem p = refusal("[1, 1e999]");
    EXPECT_TRUE(contains(p.message.english(), "number overflow parsing '1e999'")) << p.message.english();
    EXPECT_EQ(p.line, 1);
    p = refusal("[\"\xff\"]");
    EXPECT_TRUE(contains(p.message.english(), "invalid JSON")) << p.message.english();
    EXPECT_EQ(p.column, 3);
}

TEST(JsonGuard, DescribeNamesTheSourceAndPath)
{
    const JsonResult r = parseJson(R"({"a": 1, "a": 2})", "config.json");
    EXPECT_EQ(r.describe(), "config.json: a: the key \"a\" appears more than once");
}

TEST(JsonGuard, MessagesStayOneShortLineWhateverTheKeysAndNumbers)
{
    // A key with a newline and an escape sequence, and a 10,000-byte key, as a hostile header
    // could hold: escaped, quoted and cut, so the message is one line of bounded length.
    const std::string evil = R"(a\n\u001b[31mred)";
    JsonResult r = parseJson("{\"" + evil + "\": {\"k\": 1, \"k\": 2}}", "model.safetensors");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.describe(), R"(model.safetensors: "a\n\u001b[31mred".k: the key "k" appears more than once)");
    const std::string longKey(10000, 'x');
    r = parseJson("{\"" + longKey + "\": 1, \"" + longKey + "\": 2}", "config.json");
    ASSERT_FALSE(r.ok());
    EXPECT_LT(r.describe().size(), 300u) << r.describe();
    EXPECT_EQ(r.describe().find('\n'), std::string::npos);
    EXPECT_NE(r.describe().find("…"), std::string::npos) << r.describe();
    r = parseJson("[" + std::string(300, '9') + "]", "config.json");
    ASSERT_FALSE(r.ok());
    EXPECT_LT(r.describe().size(), 200u) << r.describe();
    EXPECT_NE(r.describe().find("is too large"), std::string::npos) << r.describe();
    // Past a double's range it is nlohmann's own "number overflow", cut just the same.
    r = parseJson("[" + std::string(5000, '9') + "]", "config.json");
    ASSERT_FALSE(r.ok());
    EXPECT_LT(r.describe().size(), 300u) << r.describe();
    EXPECT_NE(r.describe().find("number overflow"), std::string::npos) << r.describe();
    // Plain keys, 猫 included, stay unquoted in a path.
    r = parseJson(R"({"embeddings": {"猫": [1], "猫": [2]}})", "s.attn.json");
    EXPECT_EQ(r.describe(), "s.attn.json: embeddings.猫: the key \"猫\" appears more than once");
}

TEST(JsonGuard, ParsesAViewWithoutItsOwnCopy)
{
    const std::string text = R"({"a": [1, 2]} trailing bytes that are not part of the view)";
    const JsonResult r = parseJson(std::string_view(text).substr(0, 13), "t.json");
    ASSERT_TRUE(r.ok()) << r.describe();
    EXPECT_EQ(r.document->root()["a"][1], 2);
}

TEST(JsonGuard, RefusesMoreValuesThanTheLimit)
{
    JsonLimits limits;
    limits.maxValues = 5; // the outer array, 1, [2], 2 and {}
    EXPECT_TRUE(parseJson("[1, [2], {}]", "t.json", limits).ok());
    const Problem p = refusal("[1, [2], {\"a\": 3}]", limits);
    EXPECT_TRUE(contains(p.message.english(), "more than 5 values")) << p.message.english();
}

TEST(JsonGuard, TheDensestShapesStopAtTheValueCount)
{
    JsonLimits limits;
    limits.maxValues = 100'000;
    for (const std::string &text : {attnlab::test::manyObjects(1 << 20), attnlab::test::flatZeros(1 << 20)}) {
        const Problem p = refusal(text, limits);
        EXPECT_TRUE(contains(p.message.english(), "more than 100000 values")) << p.message.english();
    }
}

TEST(JsonGuard, StreamedContainersHandOverTheirMembersAndStayEmptyInTheTree)
{
    using Json = nlohmann::json;
    std::vector<std::pair<std::string, Json>> members;
    std::vector<std::pair<std::size_t, Json>> items;
    JsonStream object;
    object.path = {"m", "vocab"};
    object.has = [&members](const std::string &key) {
        return std::any_of(members.begin(), members.end(), [&key](const auto &m) { return m.first == key; });
    };
    object.take = [&members](const std::string &key, std::size_t, Json &value) -> std::optional<Problem> {
        members.emplace_back(key, std::move(value));
        return std::nullopt;
    };
    JsonStream array;
    array.path = {"m", "merges"};
    array.type = Json::value_t::array;
    array.take = [&items](const std::string &, std::size_t index, Json &value) -> std::optional<Problem> {
        if (value.is_number() && value.get<int>() < 0)
            return Problem {"m.merges[" + std::to_string(index) + "]", Message::literal("negative"), 0, 0, ""};
        items.emplace_back(index, std::move(value));
        return std::nullopt;
    };
    const std::vector<JsonStream> streams {object, array};
    const std::string text
        = R"({"m": {"vocab": {"b": 1, "a": [2, {"x": 3}]}, "merges": ["p q", ["r", "s"], 4], "other": {"vocab": {"c": 5}}}})";
    const JsonResult r = parseJson(text, "t.json", {}, streams);
    ASSERT_TRUE(r.ok()) << r.describe();
    const Json &root = r.document->root();
    // Members arrive whole (nested containers too), in the file's order; the tree keeps empty
    // containers where the streamed ones were, and everything else as usual.
    ASSERT_EQ(members.size(), 2u);
    EXPECT_EQ(members[0].first, "b");
    EXPECT_EQ(members[0].second, 1);
    EXPECT_EQ(members[1].first, "a");
    EXPECT_EQ(members[1].second, Json::parse(R"([2, {"x": 3}])"));
    ASSERT_EQ(items.size(), 3u);
    EXPECT_EQ(items[1].first, 1u);
    EXPECT_EQ(items[1].second, Json::parse(R"(["r", "s"])"));
    EXPECT_EQ(items[2].second, 4);
    EXPECT_TRUE(root["m"]["vocab"].is_object() && root["m"]["vocab"].empty());
    EXPECT_TRUE(root["m"]["merges"].is_array() && root["m"]["merges"].empty());
    EXPECT_EQ(root["m"]["other"]["vocab"]["c"], 5) << "only the exact path streams";

    // A key given twice is refused as in the tree; a problem of the taker stops the parse as it is.
    members.clear();
    Problem p = parseJson(R"({"m": {"vocab": {"a": 1, "a": 2}}})", "t.json", {}, streams).problem.value();
    EXPECT_EQ(p.path, "m.vocab.a");
    EXPECT_TRUE(contains(p.message.english(), "\"a\" appears more than once")) << p.message.english();
    p = parseJson(R"({"m": {"merges": [1, -1]}})", "t.json", {}, streams).problem.value();
    EXPECT_EQ(p.path, "m.merges[1]");
    EXPECT_EQ(p.message.english(), "negative");
    // A container of another type at the path is the tree's; the value limit still counts streamed values.
    members.clear();
    const JsonResult wrongType = parseJson(R"({"m": {"vocab": [1, 2]}})", "t.json", {}, streams);
    ASSERT_TRUE(wrongType.ok());
    EXPECT_EQ(wrongType.document->root()["m"]["vocab"].size(), 2u);
    EXPECT_TRUE(members.empty());
    JsonLimits few;
    few.maxValues = 5;
    EXPECT_FALSE(parseJson(R"({"m": {"vocab": {"a": 1, "b": 2, "c": 3}}})", "t.json", few, streams).ok());
}
