// Jinja2's parser (jinja2/parser.py): the statements of chat templates (if, for, set, macro,
// break, continue and transformers' generation block); anything else is refused by name.

#include "core/chat/parser.h"

#include <cerrno>
#include <cstdlib>

namespace attnlab::core::chat {

Message Parser::describe(const Token &t)
{
    switch (t.kind) {
    case K::End:
        return Message(MessageId::ChatWhatEnd);
    case K::Text:
        return Message(MessageId::ChatWhatText);
    case K::String:
        return Message(MessageId::ChatTypeString);
    case K::Integer:
    case K::Float:
        return Message::literal(t.text);
    default:
        return Message::literal("`" + t.text + "`");
    }
}

Body Parser::parseTemplate()
{
    Body body = parseBody({});
    if (cur().kind != K::End)
        fail(Message(MessageId::ChatUnexpectedTag, cur().text));
    return body;
}

void Parser::expectOp(const char *op)
{
    if (!isOp(op))
        fail(Message(MessageId::ChatExpected, std::string("`") + op + "`", describe(cur())));
    next();
}

std::string Parser::expectName()
{
    if (cur().kind != K::Name)
        fail(Message(MessageId::ChatExpected, Message(MessageId::ChatWhatName), describe(cur())));
    return next().text;
}

void Parser::expectBlockEnd()
{
    if (cur().kind != K::BlockEnd)
        fail(Message(MessageId::ChatExpected, "`%}`", describe(cur())));
    next();
}

// One more link of a left-associative chain (a + b + …, x.y[0](…), x | f | g): each nests the
// tree one level deeper, so a chain counts against the nesting limit too.
void Parser::link(int &links)
{
    if (++links > kMaxNesting)
        fail(Message(MessageId::ChatNestedTooDeep, kMaxNesting));
}

// Statements up to a block tag whose name is in `ends` (left unread, at the tag's name).
Body Parser::parseBody(const std::set<std::string> &ends)
{
    Depth depth(*this);
    Body body;
    while (true) {
        const Token &t = cur();
        if (t.kind == K::End) {
            if (!ends.empty())
                fail(Message(MessageId::ChatMissingEnd, "{% " + *ends.rbegin() + " %}"));
            return body;
        }
        if (t.kind == K::Text) {
            auto s = std::make_shared<Stmt>();
            s->kind = Stmt::Kind::Text;
            s->line = t.line;
            s->text = t.text;
            body.push_back(s);
            next();
        } else if (t.kind == K::VariableBegin) {
            next();
            auto s = std::make_shared<Stmt>();
            s->kind = Stmt::Kind::Output;
            s->line = t.line;
            s->expr = parseExpression();
            if (cur().kind != K::VariableEnd)
                fail(Message(MessageId::ChatExpected, "`}}`", describe(cur())));
            next();
            body.push_back(s);
        } else if (t.kind == K::BlockBegin) {
            if (peek().kind == K::Name && ends.count(peek().text)) {
                next();
                return body;
            }
            next();
            if (StmtPtr s = parseStatement())
                body.push_back(s);
        } else {
            fail(Message(MessageId::ChatExpected, Message(MessageId::ChatWhatTextOrTag), describe(t)));
        }
    }
}

StmtPtr Parser::parseStatement()
{
    const int line = cur().line;
    const std::string word = expectName();
    auto s = std::make_shared<Stmt>();
    s->line = line;
    if (word == "if") {
        s->kind = Stmt::Kind::If;
        s->conditions.push_back(parseExpression());
        expectBlockEnd();
        while (true) {
            s->bodies.push_back(parseBody({"elif", "else", "endif"}));
            const std::string tag = next().text;
            if (tag == "elif") {
                s->conditions.push_back(parseExpression());
                expectBlockEnd();
            } else if (tag == "else") {
                expectBlockEnd();
                s->bodies.push_back(parseBody({"endif"}));
                next();
                expectBlockEnd();
                break;
            } else {
                expectBlockEnd();
                break;
            }
        }
    } else if (word == "for") {
        s->kind = Stmt::Kind::For;
        s->targets.push_back(expectName());
        while (isOp(",")) {
            next();
            s->targets.push_back(expectName());
        }
        if (!isName("in"))
            fail(Message(MessageId::ChatExpected, "`in`", describe(cur())));
        next();
        s->expr = parseTernaryFree();
        if (isName("if")) {
            next();
            s->condition = parseTernaryFree();
        }
        if (isName("recursive"))
            fail(Message(MessageId::ChatUnsupportedSyntax, "for … recursive"));
        expectBlockEnd();
        ++m_loops;
        s->bodies.push_back(parseBody({"else", "endfor"}));
        --m_loops;
        if (next().text == "else") {
            expectBlockEnd();
            s->bodies.push_back(parseBody({"endfor"}));
            next();
        }
        expectBlockEnd();
    } else if (word == "set") {
        s->targets.push_back(expectName());
        if (isOp(".")) {
            next();
            s->attribute = expectName();
        }
        while (isOp(",")) {
            next();
            s->targets.push_back(expectName());
        }
        if (isOp("=")) {
            next();
            s->kind = Stmt::Kind::Set;
            s->expr = parseTuple();
            expectBlockEnd();
        } else {
            if (s->targets.size() != 1 || !s->attribute.empty())
                fail(Message(MessageId::ChatExpected, "`=`", describe(cur())));
            if (isOp("|"))
                fail(Message(MessageId::ChatUnsupportedSyntax, "{% set … | filter %}"));
            s->kind = Stmt::Kind::SetBlock;
            expectBlockEnd();
            s->bodies.push_back(parseBody({"endset"}));
            next();
            expectBlockEnd();
        }
    } else if (word == "macro") {
        auto macro = std::make_shared<MacroDef>();
        macro->name = expectName();
        expectOp("(");
        while (!isOp(")")) {
            macro->parameters.push_back(expectName());
            ExprPtr fallback;
            if (isOp("=")) {
                next();
                fallback = parseExpression();
            }
            macro->defaults.push_back(fallback);
            if (!isOp(","))
                break;
            next();
        }
        expectOp(")");
        expectBlockEnd();
        macro->body = parseBody({"endmacro"});
        next();
        expectBlockEnd();
        s->kind = Stmt::Kind::Macro;
        s->macro = macro;
    } else if (word == "break" || word == "continue") {
        if (m_loops == 0)
            fail(Message(MessageId::ChatOutsideLoop, word));
        s->kind = word == "break" ? Stmt::Kind::Break : Stmt::Kind::Continue;
        expectBlockEnd();
    } else if (word == "generation") {
        // transformers' AssistantTracker marks the assistant's text with this block; for a
        // prompt it renders its body unchanged.
        expectBlockEnd();
        Body body = parseBody({"endgeneration"});
        next();
        expectBlockEnd();
        s->kind = Stmt::Kind::If;
        s->conditions.push_back(literal(Value::fromBool(true), line));
        s->bodies.push_back(std::move(body));
    } else {
        static const std::set<std::string> kEnds = {"endif", "endfor", "endset", "endmacro", "elif", "else",
            "endgeneration", "endblock", "endcall", "endfilter", "endraw", "endwith", "endautoescape"};
        if (kEnds.count(word))
            throw TemplateFailure {line, Message(MessageId::ChatUnexpectedTag, word)};
        throw TemplateFailure {line, Message(MessageId::ChatUnsupportedTag, word)};
    }
    return s;
}

ExprPtr Parser::literal(Value v, int line)
{
    auto e = std::make_shared<Expr>();
    e->kind = Expr::Kind::Literal;
    e->value = std::move(v);
    e->line = line;
    return e;
}

ExprPtr Parser::node(Expr::Kind kind, int line, std::string name, std::vector<ExprPtr> args)
{
    auto e = std::make_shared<Expr>();
    e->kind = kind;
    e->line = line;
    e->name = std::move(name);
    e->args = std::move(args);
    return e;
}

Body parse(const std::vector<Token> &tokens)
{
    return Parser(tokens).parseTemplate();
}

} // namespace attnlab::core::chat
