#include "core/chat/interpreter.h"

#include "core/chat/builtins.h"
#include "core/chat/chatlimits.h"
#include "core/text/messageid.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>

namespace attnlab::core::chat {

namespace {

enum class Flow { Normal, Break, Continue };

using Scope = std::unordered_map<std::string, Value>;

class Interpreter {
public:
    Interpreter(const Dict &variables, const std::tm &now)
    {
        m_scopes.emplace_back();
        for (const auto &[name, value] : variables)
            m_scopes.back()[name] = value;
        m_builtins.now = now;
        m_builtins.countSteps = [this](std::size_t n) { step(n); };
    }

    std::string run(const Body &body)
    {
        exec(body);
        return std::move(m_out);
    }

private:
    void step(std::size_t n = 1)
    {
        m_steps += n;
        if (m_steps > kMaxSteps)
            throw TemplateFailure {m_line, Message(MessageId::ChatTooManySteps, kMaxSteps)};
    }

    void emit(const std::string &text)
    {
        if (m_out.size() + text.size() > kMaxOutputBytes)
            throw TemplateFailure {m_line, Message(MessageId::ChatOutputTooLarge, kMaxOutputBytes)};
        m_out += text;
    }

    Value lookup(const std::string &name) const
    {
        for (auto it = m_scopes.rbegin(); it != m_scopes.rend(); ++it) {
            const auto found = it->find(name);
            if (found != it->end())
                return found->second;
        }
        const Value global = globalFunction(name);
        return global.isUndefined() ? Value::undefined(name) : global;
    }

    Flow exec(const Body &body)
    {
        for (const StmtPtr &s : body) {
            const Flow flow = exec(*s);
            if (flow != Flow::Normal)
                return flow;
        }
        return Flow::Normal;
    }

    Flow exec(const Stmt &s)
    {
        m_line = s.line;
        step();
        switch (s.kind) {
        case Stmt::Kind::Text:
            emit(s.text);
            return Flow::Normal;
        case Stmt::Kind::Output: {
            const Value v = eval(*s.expr);
            emit(toText(v));
            return Flow::Normal;
        }
        case Stmt::Kind::If:
            for (std::size_t i = 0; i < s.bodies.size(); ++i)
                if (i >= s.conditions.size() || eval(*s.conditions[i]).truthy())
                    return exec(s.bodies[i]);
            return Flow::Normal;
        case Stmt::Kind::For:
            return execFor(s);
        case Stmt::Kind::Set: {
            const Value v = eval(*s.expr);
            m_line = s.line;
            if (!s.attribute.empty()) {
                const Value target = lookup(s.targets[0]);
                if (target.kind != Value::Kind::Namespace)
                    throw TemplateFailure {
                        s.line, Message(MessageId::ChatSetAttribute, s.targets[0], typeName(target))};
                for (auto &member : *target.dict)
                    if (member.first == s.attribute) {
                        member.second = v;
                        return Flow::Normal;
                    }
                target.dict->emplace_back(s.attribute, v);
            } else if (s.targets.size() == 1) {
                m_scopes.back()[s.targets[0]] = v;
            } else {
                assignTargets(s.targets, v);
            }
            return Flow::Normal;
        }
        case Stmt::Kind::SetBlock: {
            std::string saved = std::move(m_out);
            m_out.clear();
            exec(s.bodies[0]);
            m_scopes.back()[s.targets[0]] = Value::fromString(std::move(m_out));
            m_out = std::move(saved);
            return Flow::Normal;
        }
        case Stmt::Kind::Macro: {
            Value v;
            v.kind = Value::Kind::Macro;
            v.macro = s.macro;
            m_scopes.back()[s.macro->name] = v;
            return Flow::Normal;
        }
        case Stmt::Kind::Break:
            return Flow::Break;
        case Stmt::Kind::Continue:
            return Flow::Continue;
        }
        return Flow::Normal;
    }

    void assignTargets(const std::vector<std::string> &targets, const Value &v)
    {
        const List items = iterate(v);
        if (items.size() != targets.size())
            throw TemplateFailure {m_line, Message(MessageId::ChatUnpack, targets.size(), items.size())};
        for (std::size_t i = 0; i < targets.size(); ++i)
            m_scopes.back()[targets[i]] = items[i];
    }

    Flow execFor(const Stmt &s)
    {
        const Value iterable = eval(*s.expr);
        List items;
        try {
            items = iterate(iterable);
        } catch (TemplateFailure &f) {
            f.line = s.line;
            throw;
        }
        // The loop's own scope: `set` inside it does not leak out, as in Jinja2.
        m_scopes.emplace_back();
        if (s.condition) {
            List kept;
            for (const Value &item : items) {
                step();
                bindTargets(s, item);
                if (eval(*s.condition).truthy())
                    kept.push_back(item);
            }
            items = std::move(kept);
        }
        const std::int64_t length = std::int64_t(items.size());
        Flow result = Flow::Normal;
        for (std::int64_t i = 0; i < length; ++i) {
            step();
            m_scopes.back().clear();
            bindTargets(s, items[std::size_t(i)]);
            Dict loop {{"index0", Value::fromInt(i)}, {"index", Value::fromInt(i + 1)},
                {"revindex0", Value::fromInt(length - i - 1)}, {"revindex", Value::fromInt(length - i)},
                {"first", Value::fromBool(i == 0)}, {"last", Value::fromBool(i == length - 1)},
                {"length", Value::fromInt(length)},
                {"previtem", i > 0 ? items[std::size_t(i - 1)] : Value::undefined("previtem")},
                {"nextitem", i + 1 < length ? items[std::size_t(i + 1)] : Value::undefined("nextitem")}};
            m_scopes.back()["loop"] = Value::fromDict(std::move(loop));
            if (exec(s.bodies[0]) == Flow::Break)
                break;
        }
        if (length == 0 && s.bodies.size() > 1)
            result = exec(s.bodies[1]);
        m_scopes.pop_back();
        return result;
    }

    void bindTargets(const Stmt &s, const Value &item)
    {
        if (s.targets.size() == 1)
            m_scopes.back()[s.targets[0]] = item;
        else
            assignTargets(s.targets, item);
    }

    CallArgs evalArgs(const Expr &e, std::size_t from)
    {
        CallArgs args;
        for (std::size_t i = from; i < e.args.size(); ++i)
            args.positional.push_back(eval(*e.args[i]));
        for (const auto &[name, value] : e.kwargs)
            args.named.emplace_back(name, eval(*value));
        return args;
    }

    [[noreturn]] void undefinedUse(const Value &v, int line) const
    {
        throw TemplateFailure {line, Message(MessageId::ChatUndefined, v.text ? *v.text : std::string())};
    }

    Value eval(const Expr &e)
    {
        step();
        if (++m_depth > kMaxNesting + kMaxCallDepth * 4)
            throw TemplateFailure {e.line, Message(MessageId::ChatNestedTooDeep, kMaxNesting)};
        struct Leave {
            int &depth;
            ~Leave() { --depth; }
        } leave {m_depth};
        try {
            return evalNode(e);
        } catch (TemplateFailure &f) {
            if (f.line == 0)
                f.line = e.line;
            throw;
        }
    }

    Value evalNode(const Expr &e)
    {
        switch (e.kind) {
        case Expr::Kind::Literal:
            return e.value;
        case Expr::Kind::Name:
            return lookup(e.name);
        case Expr::Kind::List: {
            List items;
            for (const ExprPtr &item : e.args)
                items.push_back(eval(*item));
            return checkNesting(Value::fromList(std::move(items)), e.line);
        }
        case Expr::Kind::Dict: {
            Dict items;
            for (std::size_t i = 0; i + 1 < e.args.size(); i += 2) {
                const Value key = eval(*e.args[i]);
                if (!key.isString())
                    throw TemplateFailure {e.line, Message(MessageId::ChatDictKey, typeName(key))};
                Value value = eval(*e.args[i + 1]);
                bool replaced = false;
                for (auto &member : items)
                    if (member.first == key.str()) {
                        member.second = value;
                        replaced = true;
                    }
                if (!replaced)
                    items.emplace_back(key.str(), std::move(value));
            }
            return checkNesting(Value::fromDict(std::move(items)), e.line);
        }
        case Expr::Kind::Attribute: {
            const Value object = eval(*e.args[0]);
            if (object.isUndefined())
                undefinedUse(object, e.line);
            return attributeOf(object, e.name);
        }
        case Expr::Kind::Item: {
            const Value object = eval(*e.args[0]);
            if (object.isUndefined())
                undefinedUse(object, e.line);
            return itemOf(object, eval(*e.args[1]));
        }
        case Expr::Kind::Slice:
            return slice(e);
        case Expr::Kind::Call:
            return call(e);
        case Expr::Kind::Filter: {
            const Value input = eval(*e.args[0]);
            const CallArgs args = evalArgs(e, 1);
            return applyFilter(e.name, input, args, m_builtins);
        }
        case Expr::Kind::Test: {
            const Value input = eval(*e.args[0]);
            const CallArgs args = evalArgs(e, 1);
            return Value::fromBool(applyTest(e.name, input, args) != e.negated);
        }
        case Expr::Kind::Unary:
            return unary(e);
        case Expr::Kind::Binary:
            return binary(e);
        case Expr::Kind::And: {
            Value left = eval(*e.args[0]);
            return left.truthy() ? eval(*e.args[1]) : left;
        }
        case Expr::Kind::Or: {
            Value left = eval(*e.args[0]);
            return left.truthy() ? left : eval(*e.args[1]);
        }
        case Expr::Kind::Conditional:
            if (eval(*e.args[1]).truthy())
                return eval(*e.args[0]);
            return e.args[2] ? eval(*e.args[2]) : Value::undefined();
        }
        return Value::undefined();
    }

    static Value checkNesting(Value v, int line)
    {
        if (v.nesting > kMaxNesting)
            throw TemplateFailure {line, Message(MessageId::ChatNestedTooDeep, kMaxNesting)};
        return v;
    }

    static std::int64_t sliceIndex(const Value &v, int line)
    {
        if (v.kind != Value::Kind::Int && v.kind != Value::Kind::Bool)
            throw TemplateFailure {line, Message(MessageId::ChatSliceIndex, typeName(v))};
        return v.integer;
    }

    Value slice(const Expr &e)
    {
        const Value object = eval(*e.args[0]);
        if (object.isUndefined())
            undefinedUse(object, e.line);
        Value parts[3];
        for (int i = 0; i < 3; ++i)
            parts[i] = e.args[std::size_t(i) + 1] ? eval(*e.args[std::size_t(i) + 1]) : Value::none();
        const std::int64_t stepBy = parts[2].kind == Value::Kind::None ? 1 : sliceIndex(parts[2], e.line);
        if (stepBy == 0)
            throw TemplateFailure {e.line, Message(MessageId::ChatSliceStepZero)};
        List items;
        if (object.isString()) {
            items = iterate(object);
        } else if (object.kind == Value::Kind::List) {
            items = *object.list;
        } else {
            throw TemplateFailure {e.line, Message(MessageId::ChatCannotSlice, typeName(object))};
        }
        const auto n = std::int64_t(items.size());
        // Python's slice.indices.
        const auto clamp = [&](const Value &v, std::int64_t fallback) {
            if (v.kind == Value::Kind::None)
                return fallback;
            std::int64_t i = sliceIndex(v, e.line);
            if (i < 0)
                i += n;
            if (stepBy > 0)
                return std::clamp<std::int64_t>(i, 0, n);
            return std::clamp<std::int64_t>(i, -1, n - 1);
        };
        const std::int64_t start = clamp(parts[0], stepBy > 0 ? 0 : n - 1);
        const std::int64_t stop = clamp(parts[1], stepBy > 0 ? n : -1);
        List out;
        for (std::int64_t i = start; stepBy > 0 ? i < stop : i > stop; i += stepBy)
            out.push_back(items[std::size_t(i)]);
        step(out.size());
        if (object.isString()) {
            std::string text;
            for (const Value &c : out)
                text += c.str();
            return Value::fromString(std::move(text));
        }
        return Value::fromList(std::move(out));
    }

    Value call(const Expr &e)
    {
        const Value function = eval(*e.args[0]);
        CallArgs args = evalArgs(e, 1);
        if (function.kind == Value::Kind::Builtin)
            return callBuiltin(function, args, m_builtins);
        if (function.kind == Value::Kind::Macro)
            return callMacro(*function.macro, args, e.line);
        if (function.isUndefined()) {
            const std::string name = function.text ? *function.text : std::string();
            if (function.self)
                throw TemplateFailure {
                    e.line, Message(MessageId::ChatUnsupportedMethod, name, typeName(*function.self))};
            throw TemplateFailure {e.line, Message(MessageId::ChatUnsupportedFunction, name)};
        }
        throw TemplateFailure {e.line, Message(MessageId::ChatNotCallable, typeName(function))};
    }

    Value callMacro(const MacroDef &macro, const CallArgs &args, int line)
    {
        if (++m_calls > kMaxCallDepth)
            throw TemplateFailure {line, Message(MessageId::ChatCallsTooDeep, kMaxCallDepth)};
        if (args.positional.size() > macro.parameters.size())
            throw TemplateFailure {line, Message(MessageId::ChatMacroArguments, macro.name, macro.parameters.size())};
        // A macro sees the template's top level and its own arguments, not the caller's loop.
        std::vector<Scope> saved(m_scopes.begin() + 1, m_scopes.end());
        m_scopes.resize(1);
        m_scopes.emplace_back();
        for (std::size_t i = 0; i < macro.parameters.size(); ++i) {
            Value v = Value::undefined(macro.parameters[i]);
            if (i < args.positional.size())
                v = args.positional[i];
            else if (macro.defaults[i])
                v = eval(*macro.defaults[i]);
            m_scopes.back()[macro.parameters[i]] = v;
        }
        for (const auto &[name, value] : args.named) {
            bool known = false;
            for (const std::string &p : macro.parameters)
                known = known || p == name;
            if (!known)
                throw TemplateFailure {line, Message(MessageId::ChatMacroKeyword, macro.name, name)};
            m_scopes.back()[name] = value;
        }
        std::string out = std::move(m_out);
        m_out.clear();
        exec(macro.body);
        std::swap(out, m_out);
        m_scopes.resize(1);
        m_scopes.insert(m_scopes.end(), saved.begin(), saved.end());
        --m_calls;
        return Value::fromString(std::move(out));
    }

    Value unary(const Expr &e)
    {
        const Value v = eval(*e.args[0]);
        if (e.name == "not")
            return Value::fromBool(!v.truthy());
        if (v.kind == Value::Kind::Float)
            return Value::fromFloat(e.name == "-" ? -v.real : v.real);
        if (v.isNumber()) {
            if (e.name == "-" && v.integer == INT64_MIN)
                throw TemplateFailure {e.line, Message(MessageId::ChatNumberTooLarge, "-" + toText(v))};
            return Value::fromInt(e.name == "-" ? -v.integer : v.integer);
        }
        if (v.isUndefined())
            undefinedUse(v, e.line);
        throw TemplateFailure {e.line, Message(MessageId::ChatBadOperand, e.name, typeName(v))};
    }

    Value binary(const Expr &e);

    std::vector<Scope> m_scopes;
    std::string m_out;
    BuiltinContext m_builtins;
    std::size_t m_steps = 0;
    int m_line = 0;
    int m_depth = 0;
    int m_calls = 0;
};

Value Interpreter::binary(const Expr &e)
{
    const Value a = eval(*e.args[0]);
    const Value b = eval(*e.args[1]);
    const std::string &op = e.name;
    const auto fail = [&]() -> Value {
        if (a.isUndefined())
            undefinedUse(a, e.line);
        if (b.isUndefined())
            undefinedUse(b, e.line);
        throw TemplateFailure {e.line, Message(MessageId::ChatBadOperands, op, typeName(a), typeName(b))};
    };
    const auto checkSize = [&](std::size_t size) {
        if (size > kMaxOutputBytes)
            throw TemplateFailure {e.line, Message(MessageId::ChatOutputTooLarge, kMaxOutputBytes)};
        step(size / 64);
    };
    if (op == "==")
        return Value::fromBool(valuesEqual(a, b));
    if (op == "!=")
        return Value::fromBool(!valuesEqual(a, b));
    if (op == "in" || op == "not in") {
        bool found = false;
        if (b.isString()) {
            if (!a.isString())
                return fail();
            found = b.str().find(a.str()) != std::string::npos;
        } else if (b.kind == Value::Kind::List) {
            for (const Value &item : *b.list)
                found = found || valuesEqual(item, a);
        } else if (b.kind == Value::Kind::Dict) {
            found = a.isString() && b.find(a.str());
        } else {
            return fail();
        }
        return Value::fromBool(found == (op == "in"));
    }
    if (op == "~") {
        std::string text = toText(a) + toText(b);
        checkSize(text.size());
        return Value::fromString(std::move(text));
    }
    if (op == "<" || op == "<=" || op == ">" || op == ">=") {
        int order = 0;
        if (a.isNumber() && b.isNumber())
            order = a.asDouble() < b.asDouble() ? -1 : a.asDouble() > b.asDouble() ? 1 : 0;
        else if (a.isString() && b.isString())
            order = a.str().compare(b.str()) < 0 ? -1 : a.str() == b.str() ? 0 : 1;
        else
            return fail();
        const bool r = op == "<" ? order < 0 : op == "<=" ? order <= 0 : op == ">" ? order > 0 : order >= 0;
        return Value::fromBool(r);
    }
    if (op == "+") {
        if (a.isString() && b.isString()) {
            checkSize(a.str().size() + b.str().size());
            return Value::fromString(a.str() + b.str());
        }
        if (a.kind == Value::Kind::List && b.kind == Value::Kind::List) {
            if (a.list->size() + b.list->size() > kMaxListItems)
                throw TemplateFailure {e.line, Message(MessageId::ChatListTooLong, kMaxListItems)};
            step(a.list->size() + b.list->size());
            List items = *a.list;
            items.insert(items.end(), b.list->begin(), b.list->end());
            return Value::fromList(std::move(items));
        }
    }
    if (op == "*" && (a.isString() || b.isString()) && (a.kind == Value::Kind::Int || b.kind == Value::Kind::Int)) {
        const std::string &s = a.isString() ? a.str() : b.str();
        const std::int64_t times = a.isString() ? b.integer : a.integer;
        if (times > 0 && !s.empty()) {
            if (std::uint64_t(times) > kMaxOutputBytes / s.size())
                throw TemplateFailure {e.line, Message(MessageId::ChatOutputTooLarge, kMaxOutputBytes)};
            checkSize(s.size() * std::size_t(times));
        }
        std::string out;
        for (std::int64_t i = 0; i < times; ++i)
            out += s;
        return Value::fromString(std::move(out));
    }
    if (!a.isNumber() || !b.isNumber())
        return fail();
    const bool real = a.kind == Value::Kind::Float || b.kind == Value::Kind::Float;
    const double x = a.asDouble(), y = b.asDouble();
    const std::int64_t i = a.integer, j = b.integer;
    std::int64_t r = 0;
    const auto exact = [&](bool overflow) {
        if (overflow)
            throw TemplateFailure {
                e.line, Message(MessageId::ChatNumberTooLarge, toText(a) + " " + op + " " + toText(b))};
        return Value::fromInt(r);
    };
    if (op == "+")
        return real ? Value::fromFloat(x + y) : exact(__builtin_add_overflow(i, j, &r));
    if (op == "-")
        return real ? Value::fromFloat(x - y) : exact(__builtin_sub_overflow(i, j, &r));
    if (op == "*")
        return real ? Value::fromFloat(x * y) : exact(__builtin_mul_overflow(i, j, &r));
    if ((op == "/" || op == "//" || op == "%") && (real ? y == 0.0 : j == 0))
        throw TemplateFailure {e.line, Message(MessageId::ChatDivisionByZero)};
    if (op == "/")
        return Value::fromFloat(x / y);
    if (op == "//") {
        if (real)
            return Value::fromFloat(std::floor(x / y));
        std::int64_t q = i / j;
        if ((i % j != 0) && ((i < 0) != (j < 0)))
            --q;
        return Value::fromInt(q);
    }
    if (op == "%") {
        if (real) {
            const double r = std::fmod(x, y);
            return Value::fromFloat(r != 0 && ((r < 0) != (y < 0)) ? r + y : r);
        }
        std::int64_t r = i % j;
        if (r != 0 && ((r < 0) != (j < 0)))
            r += j;
        return Value::fromInt(r);
    }
    if (op == "**") {
        if (!real && j >= 0) {
            // |i| >= 2 overflows within 63 steps, so the loop stays short.
            if (i == 0 || i == 1)
                r = j == 0 ? 1 : i;
            else if (i == -1)
                r = j % 2 ? -1 : 1;
            else {
                r = 1;
                for (std::int64_t k = 0; k < j; ++k)
                    if (__builtin_mul_overflow(r, i, &r))
                        return exact(true);
            }
            return Value::fromInt(r);
        }
        return Value::fromFloat(std::pow(x, y));
    }
    return fail();
}

} // namespace

std::string renderTemplate(const Body &body, const Dict &variables, const std::tm &now)
{
    return Interpreter(variables, now).run(body);
}

} // namespace attnlab::core::chat
