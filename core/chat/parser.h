#pragma once
// The parser of chat templates (Jinja2's jinja2/parser.py for the statements and expressions
// chat templates use): statements in parser.cpp, expressions in expressions.cpp. Internal to
// core/chat; syntax.h's parse() is its entry point.

#include "core/chat/chatlimits.h"
#include "core/chat/syntax.h"
#include "core/text/messageid.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace attnlab::core::chat {

class Parser {
public:
    explicit Parser(const std::vector<Token> &tokens)
        : m_tokens(tokens)
    {
    }

    Body parseTemplate();

private:
    using K = Token::Kind;

    const Token &cur() const { return m_tokens[m_pos]; }
    const Token &peek(std::size_t n = 1) const { return m_tokens[std::min(m_pos + n, m_tokens.size() - 1)]; }
    const Token &next() { return m_tokens[m_pos < m_tokens.size() - 1 ? m_pos++ : m_pos]; }

    [[noreturn]] void fail(Message message) const { throw TemplateFailure {cur().line, std::move(message)}; }

    bool isOp(const char *op) const { return cur().kind == K::Operator && cur().text == op; }
    bool isName(const char *name) const { return cur().kind == K::Name && cur().text == name; }
    // How a token reads in "expected …, found …".
    static Message describe(const Token &token);

    struct Depth {
        explicit Depth(Parser &p)
            : parser(p)
        {
            if (++parser.m_depth > kMaxNesting)
                parser.fail(Message(MessageId::ChatNestedTooDeep, kMaxNesting));
        }
        ~Depth() { --parser.m_depth; }
        Parser &parser;
    };

    // Statements (parser.cpp).
    void expectOp(const char *op);
    std::string expectName();
    void expectBlockEnd();
    // One more link of a left-associative chain (a + b + …, x.y[0](…), x | f | g): each nests the
    // tree one level deeper, so a chain counts against the nesting limit too.
    void link(int &links);
    // Statements up to a block tag whose name is in `ends` (left unread, at the tag's name).
    Body parseBody(const std::set<std::string> &ends);
    StmtPtr parseStatement();
    static ExprPtr literal(Value v, int line);
    static ExprPtr node(Expr::Kind kind, int line, std::string name, std::vector<ExprPtr> args);

    // Expressions, by falling precedence's reverse (expressions.cpp).
    // `a, b` on the right of `set` makes a tuple (a list here).
    ExprPtr parseTuple();
    ExprPtr parseExpression();
    ExprPtr parseOr();
    ExprPtr parseAnd();
    ExprPtr parseNot();
    ExprPtr parseCompare();
    ExprPtr parseMath1();
    ExprPtr parseConcat();
    ExprPtr parseMath2();
    ExprPtr parsePow();
    ExprPtr parseUnary();
    ExprPtr parsePrimary();
    ExprPtr parsePostfix(ExprPtr e);
    ExprPtr parseSubscript(ExprPtr target, int line);
    // `(` args `)` onto a Call, Filter or Test node: positional, then name=value.
    ExprPtr parseCall(std::shared_ptr<Expr> e);
    ExprPtr parseFilters(ExprPtr e);
    // A for loop's iterable and condition: no `x if c else y` there (the `if` is the loop's).
    ExprPtr parseTernaryFree() { return parseOr(); }

    const std::vector<Token> &m_tokens;
    std::size_t m_pos = 0;
    int m_depth = 0;
    int m_loops = 0;
};

} // namespace attnlab::core::chat
