// Jinja2's expressions with its operator precedence: conditional < or < and < not < comparison
// < + - < ~ < * / // % < ** < unary - + < filters and tests < attribute, item and call.
// Filters and tests are checked by name here, as Jinja2 checks them when it compiles.

#include "core/chat/builtins.h"
#include "core/chat/parser.h"

#include <cerrno>
#include <cstdlib>

namespace attnlab::core::chat {

// `a, b` on the right of `set` makes a tuple (a list here).
ExprPtr Parser::parseTuple()
{
    const int line = cur().line;
    ExprPtr first = parseExpression();
    if (!isOp(","))
        return first;
    std::vector<ExprPtr> items {first};
    while (isOp(",")) {
        next();
        if (cur().kind == K::BlockEnd)
            break;
        items.push_back(parseExpression());
    }
    return node(Expr::Kind::List, line, "", std::move(items));
}

ExprPtr Parser::parseExpression()
{
    Depth depth(*this);
    ExprPtr e = parseOr();
    while (isName("if")) {
        const int line = cur().line;
        next();
        ExprPtr condition = parseOr();
        ExprPtr otherwise;
        if (isName("else")) {
            next();
            otherwise = parseExpression();
        }
        e = node(Expr::Kind::Conditional, line, "", {e, condition, otherwise});
    }
    return e;
}

ExprPtr Parser::parseOr()
{
    ExprPtr e = parseAnd();
    int links = 0;
    while (isName("or")) {
        link(links);
        const int line = next().line;
        e = node(Expr::Kind::Or, line, "or", {e, parseAnd()});
    }
    return e;
}

ExprPtr Parser::parseAnd()
{
    ExprPtr e = parseNot();
    int links = 0;
    while (isName("and")) {
        link(links);
        const int line = next().line;
        e = node(Expr::Kind::And, line, "and", {e, parseNot()});
    }
    return e;
}

ExprPtr Parser::parseNot()
{
    if (isName("not")) {
        Depth depth(*this);
        const int line = next().line;
        return node(Expr::Kind::Unary, line, "not", {parseNot()});
    }
    return parseCompare();
}

ExprPtr Parser::parseCompare()
{
    ExprPtr e = parseMath1();
    int links = 0;
    while (true) {
        link(links);
        const int line = cur().line;
        std::string op;
        if (cur().kind == K::Operator
            && (cur().text == "==" || cur().text == "!=" || cur().text == "<" || cur().text == "<=" || cur().text == ">"
                || cur().text == ">=")) {
            op = next().text;
        } else if (isName("in")) {
            next();
            op = "in";
        } else if (isName("not") && peek().kind == K::Name && peek().text == "in") {
            next();
            next();
            op = "not in";
        } else {
            return e;
        }
        e = node(Expr::Kind::Binary, line, op, {e, parseMath1()});
    }
}

ExprPtr Parser::parseMath1()
{
    ExprPtr e = parseConcat();
    int links = 0;
    while (isOp("+") || isOp("-")) {
        link(links);
        const Token &op = next();
        e = node(Expr::Kind::Binary, op.line, op.text, {e, parseConcat()});
    }
    return e;
}

ExprPtr Parser::parseConcat()
{
    ExprPtr e = parseMath2();
    int links = 0;
    while (isOp("~")) {
        link(links);
        const int line = next().line;
        e = node(Expr::Kind::Binary, line, "~", {e, parseMath2()});
    }
    return e;
}

ExprPtr Parser::parseMath2()
{
    ExprPtr e = parsePow();
    int links = 0;
    while (isOp("*") || isOp("/") || isOp("//") || isOp("%")) {
        link(links);
        const Token &op = next();
        e = node(Expr::Kind::Binary, op.line, op.text, {e, parsePow()});
    }
    return e;
}

ExprPtr Parser::parsePow()
{
    ExprPtr e = parseUnary();
    int links = 0;
    while (isOp("**")) {
        link(links);
        const int line = next().line;
        e = node(Expr::Kind::Binary, line, "**", {e, parseUnary()});
    }
    return e;
}

ExprPtr Parser::parseUnary()
{
    Depth depth(*this);
    if (isOp("-") || isOp("+")) {
        const Token &op = next();
        return parseFilters(node(Expr::Kind::Unary, op.line, op.text, {parseUnary()}));
    }
    return parseFilters(parsePostfix(parsePrimary()));
}

ExprPtr Parser::parsePrimary()
{
    Depth depth(*this);
    const Token &t = cur();
    if (t.kind == K::Name) {
        next();
        if (t.text == "true" || t.text == "True")
            return literal(Value::fromBool(true), t.line);
        if (t.text == "false" || t.text == "False")
            return literal(Value::fromBool(false), t.line);
        if (t.text == "none" || t.text == "None")
            return literal(Value::none(), t.line);
        return node(Expr::Kind::Name, t.line, t.text, {});
    }
    if (t.kind == K::String) {
        std::string text = next().text;
        while (cur().kind == K::String)
            text += next().text;
        return literal(Value::fromString(std::move(text)), t.line);
    }
    if (t.kind == K::Integer) {
        next();
        errno = 0;
        const long long v = std::strtoll(t.text.c_str(), nullptr, 10);
        if (errno == ERANGE)
            throw TemplateFailure {t.line, Message(MessageId::ChatNumberTooLarge, t.text)};
        return literal(Value::fromInt(v), t.line);
    }
    if (t.kind == K::Float) {
        next();
        return literal(Value::fromFloat(std::strtod(t.text.c_str(), nullptr)), t.line);
    }
    if (isOp("(")) {
        next();
        ExprPtr e = parseExpression();
        if (isOp(",")) {
            std::vector<ExprPtr> items {e};
            while (isOp(",")) {
                next();
                if (isOp(")"))
                    break;
                items.push_back(parseExpression());
            }
            e = node(Expr::Kind::List, t.line, "", std::move(items));
        }
        expectOp(")");
        return e;
    }
    if (isOp("[")) {
        next();
        std::vector<ExprPtr> items;
        while (!isOp("]")) {
            items.push_back(parseExpression());
            if (!isOp(","))
                break;
            next();
        }
        expectOp("]");
        return node(Expr::Kind::List, t.line, "", std::move(items));
    }
    if (isOp("{")) {
        next();
        std::vector<ExprPtr> items;
        while (!isOp("}")) {
            items.push_back(parseExpression());
            expectOp(":");
            items.push_back(parseExpression());
            if (!isOp(","))
                break;
            next();
        }
        expectOp("}");
        return node(Expr::Kind::Dict, t.line, "", std::move(items));
    }
    fail(Message(MessageId::ChatExpected, Message(MessageId::ChatWhatValue), describe(t)));
}

ExprPtr Parser::parsePostfix(ExprPtr e)
{
    int links = 0;
    while (true) {
        link(links);
        const int line = cur().line;
        if (isOp(".")) {
            next();
            if (cur().kind == K::Integer) {
                e = node(
                    Expr::Kind::Item, line, "", {e, literal(Value::fromInt(std::atoll(next().text.c_str())), line)});
            } else {
                e = node(Expr::Kind::Attribute, line, expectName(), {e});
            }
        } else if (isOp("[")) {
            next();
            e = parseSubscript(e, line);
        } else if (isOp("(")) {
            auto c = std::make_shared<Expr>();
            c->kind = Expr::Kind::Call;
            c->line = line;
            c->args.push_back(e);
            e = parseCall(c);
        } else {
            return e;
        }
    }
}

ExprPtr Parser::parseSubscript(ExprPtr target, int line)
{
    ExprPtr parts[3];
    int part = 0;
    bool slice = false;
    while (true) {
        if (isOp(":")) {
            slice = true;
            if (++part > 2)
                fail(Message(MessageId::ChatExpected, "`]`", describe(cur())));
            next();
            continue;
        }
        if (isOp("]"))
            break;
        if (parts[part])
            fail(Message(MessageId::ChatExpected, "`]`", describe(cur())));
        parts[part] = parseExpression();
    }
    expectOp("]");
    if (!slice) {
        if (!parts[0])
            fail(Message(MessageId::ChatExpected, Message(MessageId::ChatWhatValue), "`]`"));
        return node(Expr::Kind::Item, line, "", {target, parts[0]});
    }
    return node(Expr::Kind::Slice, line, "", {target, parts[0], parts[1], parts[2]});
}

// `(` args `)` onto a Call, Filter or Test node: positional, then name=value.
ExprPtr Parser::parseCall(std::shared_ptr<Expr> e)
{
    expectOp("(");
    while (!isOp(")")) {
        if (cur().kind == K::Name && peek().kind == K::Operator && peek().text == "=") {
            const std::string key = next().text;
            next();
            e->kwargs.emplace_back(key, parseExpression());
        } else {
            if (!e->kwargs.empty())
                fail(Message(MessageId::ChatExpected, Message(MessageId::ChatWhatNameValue), describe(cur())));
            e->args.push_back(parseExpression());
        }
        if (!isOp(","))
            break;
        next();
    }
    expectOp(")");
    return e;
}

ExprPtr Parser::parseFilters(ExprPtr e)
{
    int links = 0;
    while (true) {
        link(links);
        const int line = cur().line;
        if (isOp("|")) {
            next();
            const std::string name = expectName();
            if (!isKnownFilter(name))
                throw TemplateFailure {line, Message(MessageId::ChatUnsupportedFilter, name)};
            auto f = std::make_shared<Expr>();
            f->kind = Expr::Kind::Filter;
            f->line = line;
            f->name = name;
            f->args.push_back(e);
            e = isOp("(") ? parseCall(f) : f;
        } else if (isName("is")) {
            next();
            auto t = std::make_shared<Expr>();
            t->kind = Expr::Kind::Test;
            t->line = line;
            if (isName("not")) {
                next();
                t->negated = true;
            }
            t->name = expectName();
            if (!isKnownTest(t->name))
                throw TemplateFailure {line, Message(MessageId::ChatUnsupportedTest, t->name)};
            t->args.push_back(e);
            if (isOp("(")) {
                e = parseCall(t);
            } else {
                const bool argument = cur().kind == K::String || cur().kind == K::Integer || cur().kind == K::Float
                    || isOp("[") || isOp("{")
                    || (cur().kind == K::Name && !isName("else") && !isName("or") && !isName("and") && !isName("if")
                        && !isName("in") && !isName("not") && !isName("is"));
                if (argument)
                    t->args.push_back(parsePostfix(parsePrimary()));
                e = t;
            }
        } else {
            return e;
        }
    }
}

} // namespace attnlab::core::chat
