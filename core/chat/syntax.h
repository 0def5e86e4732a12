#pragma once
// The chat template as the parser leaves it: the tokens of its tags (lexer.cpp) and the tree of
// statements and expressions (parser.cpp) the interpreter walks. Every node keeps the template
// line it came from, for messages.

#include "core/chat/chatvalue.h"
#include "core/text/message.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace attnlab::core::chat {

// What stops reading or rendering: a message and the template line it is about (0 = none).
struct TemplateFailure {
    int line = 0;
    Message message;
};

struct Token {
    enum class Kind {
        Text, // text between tags, whitespace control already applied
        VariableBegin, // {{
        VariableEnd, // }}
        BlockBegin, // {%
        BlockEnd, // %}
        Name,
        String,
        Integer,
        Float,
        Operator, // + - * / // % ** ~ == != < <= > >= = ( ) [ ] { } , . : |
        End, // end of the template
    };
    Kind kind = Kind::End;
    std::string text; // Text, Name, String (unescaped), Operator; Integer/Float as written
    int line = 1;
};

// Splits a template into tokens as Jinja2's lexer does with trim_blocks and lstrip_blocks on (the
// options transformers sets): newlines normalised to "\n", one trailing newline dropped, "-" in a
// tag strips the white space beside it, "+" keeps it. Throws TemplateFailure.
std::vector<Token> tokenize(const std::string &source);

struct Expr;
struct Stmt;
using ExprPtr = std::shared_ptr<const Expr>;
using StmtPtr = std::shared_ptr<const Stmt>;
using Body = std::vector<StmtPtr>;

struct Expr {
    enum class Kind {
        Literal, // value
        Name, // name
        List, // args
        Dict, // args: key, value, key, value, …
        Attribute, // args[0].name
        Item, // args[0][args[1]]
        Slice, // args[0][args[1]:args[2]:args[3]] (null parts are absent)
        Call, // args[0](args[1…], kwargs)
        Filter, // args[0] | name(args[1…], kwargs)
        Test, // args[0] is [not] name(args[1…])
        Unary, // name ("-", "+", "not") args[0]
        Binary, // args[0] name args[1]: arithmetic, "~", comparisons, "in", "not in"
        And,
        Or,
        Conditional, // args[0] if args[1] else args[2] (args[2] null: Undefined)
    };
    Kind kind = Kind::Literal;
    int line = 1;
    Value value;
    std::string name;
    std::vector<ExprPtr> args;
    std::vector<std::pair<std::string, ExprPtr>> kwargs;
    bool negated = false; // Test: `is not`
};

struct MacroDef {
    std::string name;
    std::vector<std::string> parameters;
    std::vector<ExprPtr> defaults; // one per parameter, null when it has none
    Body body;
};

struct Stmt {
    enum class Kind {
        Text, // text
        Output, // {{ expr }}
        If, // conditions[i] → bodies[i]; a last body without a condition is the else
        For, // for targets in expr [if condition]: bodies[0], else bodies[1]
        Set, // targets (or target.attribute) = expr
        SetBlock, // {% set target %}bodies[0]{% endset %}
        Macro, // macro
        Break,
        Continue,
    };
    Kind kind = Kind::Text;
    int line = 1;
    std::string text;
    ExprPtr expr;
    ExprPtr condition;
    std::vector<ExprPtr> conditions;
    std::vector<Body> bodies;
    std::vector<std::string> targets;
    std::string attribute; // Set: `ns.attribute = …`
    std::shared_ptr<const MacroDef> macro;
};

// Parses tokens into statements. Filters and tests are checked against the ones the interpreter
// knows (isKnownFilter, isKnownTest) here, as Jinja2 checks them when it compiles, so a template
// that names an unknown one fails whatever it is given. Throws TemplateFailure.
Body parse(const std::vector<Token> &tokens);

} // namespace attnlab::core::chat
