#include "core/text/chain.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace attnlab::core {

namespace {

const char *kMinus = "\u2212";

std::function<void(const std::string &, const std::vector<std::string> &)> &checker()
{
    static std::function<void(const std::string &, const std::vector<std::string> &)> f;
    return f;
}

// What a side evaluates to: an interval of numbers, a shape, or nothing known.
struct Value {
    enum class Kind { Unknown, Number, Shape } kind = Kind::Unknown;
    double lo = 0, hi = 0;
    int rows = 0, columns = 0;
};

Value interval(double lo, double hi)
{
    return {Value::Kind::Number, std::min(lo, hi), std::max(lo, hi), 0, 0};
}

Value multiply(const Value &a, const Value &b, bool divide, std::string &error)
{
    using K = Value::Kind;
    if (a.kind == K::Number && b.kind == K::Number) {
        double blo = b.lo, bhi = b.hi;
        if (divide) {
            if (blo <= 0 && bhi >= 0)
                return {};
            std::tie(blo, bhi) = std::make_pair(1 / bhi, 1 / blo);
        }
        const double p[] = {a.lo * blo, a.lo * bhi, a.hi * blo, a.hi * bhi};
        return interval(*std::min_element(p, p + 4), *std::max_element(p, p + 4));
    }
    if (a.kind == K::Shape && b.kind == K::Number && divide)
        return a;
    if (a.kind == K::Shape && b.kind == K::Shape && !divide) {
        if (a.columns != b.rows) {
            error = "a " + std::to_string(a.rows) + " × " + std::to_string(a.columns) + " matrix cannot multiply a "
                + std::to_string(b.rows) + " × " + std::to_string(b.columns) + " one";
            return {};
        }
        return {K::Shape, 0, 0, a.rows, b.columns};
    }
    return {};
}

Value add(const Value &a, const Value &b, bool subtract, std::string &error)
{
    using K = Value::Kind;
    if (a.kind == K::Number && b.kind == K::Number)
        return subtract ? interval(a.lo - b.hi, a.hi - b.lo) : interval(a.lo + b.lo, a.hi + b.hi);
    if (a.kind == K::Shape && b.kind == K::Shape) {
        // A bias row is added to every row (broadcast, as in X·W + b).
        if (a.columns != b.columns || (a.rows != b.rows && b.rows != 1))
            error = "matrices of different shapes are added";
        return a;
    }
    return {};
}

std::string describe(const Value &v)
{
    if (v.kind == Value::Kind::Shape)
        return std::to_string(v.rows) + " × " + std::to_string(v.columns);
    char buf[96];
    std::snprintf(buf, sizeof buf, "[%.9g, %.9g]", v.lo, v.hi);
    return buf;
}

} // namespace

std::string formatFixed(double value, int decimals)
{
    decimals = std::clamp(decimals, 0, 15);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, std::abs(value));
    const bool negative = value < 0 && std::abs(value) >= 0.5 * std::pow(10.0, -decimals);
    return negative ? kMinus + std::string(buf) : std::string(buf);
}

int decimalsFor(double value, int digits)
{
    if (value == 0 || !std::isfinite(value))
        return std::max(0, digits - 1);
    const int magnitude = int(std::floor(std::log10(std::abs(value))));
    return std::max(0, digits - 1 - magnitude);
}

Chain &Chain::push(Term term)
{
    m_sides.back().push_back(std::move(term));
    return *this;
}

Chain &Chain::number(double value, int decimals)
{
    decimals = std::clamp(decimals, 0, 15);
    const double unit = std::pow(10.0, -decimals);
    const double printed = std::round(value / unit) * unit;
    // A hair of slack for the binary representation of the printed decimal.
    const double half = 0.5 * unit * (1 + 1e-9) + 1e-15 * std::abs(printed);
    Term t {Term::Kind::Number, formatFixed(value, decimals)};
    t.lo = printed - half;
    t.hi = printed + half;
    return push(std::move(t));
}

Chain &Chain::exponential(double x, double shift, int decimals)
{
    // The printed numbers' intervals, taken from number() so the rounding rule is the same.
    Chain parts;
    parts.number(x, decimals).number(shift, decimals);
    const Term &a = parts.m_sides[0][0], &b = parts.m_sides[0][1];
    Term t {Term::Kind::Number,
        "e^(" + a.printed + (shift == 0 ? std::string() : " " + std::string(kMinus) + " " + b.printed) + ")"};
    t.lo = std::exp(a.lo - (shift == 0 ? 0 : b.hi));
    t.hi = std::exp(a.hi - (shift == 0 ? 0 : b.lo));
    return push(std::move(t));
}

Chain &Chain::significant(double value, int digits)
{
    return number(value, decimalsFor(value, digits));
}

Chain &Chain::compact(double value, int digits)
{
    const int decimals = decimalsFor(value, digits);
    number(value, decimals);
    // Trailing zeros dropped, as printf's %g does: 2.000 prints "2", 2.828427 prints "2.828".
    std::string &printed = m_sides.back().back().printed;
    if (printed.find('.') != std::string::npos) {
        printed.erase(printed.find_last_not_of('0') + 1);
        if (printed.back() == '.')
            printed.pop_back();
    }
    return *this;
}

Chain &Chain::count(long value)
{
    Term t {Term::Kind::Number, formatFixed(double(value), 0)};
    t.lo = t.hi = double(value);
    return push(std::move(t));
}

Chain &Chain::root(long radicand)
{
    Term t {Term::Kind::Number, "\u221a" + std::to_string(radicand)};
    const double r = std::sqrt(double(radicand));
    t.lo = r * (1 - 1e-12);
    t.hi = r * (1 + 1e-12);
    return push(std::move(t));
}

Chain &Chain::symbol(const std::string &text)
{
    return push(Term(Term::Kind::Symbol, text));
}

Chain &Chain::shape(const std::string &pattern, int rows, int columns)
{
    const std::string size = std::to_string(rows) + " \u00d7 " + std::to_string(columns);
    std::string printed = pattern;
    const size_t at = printed.find("%1");
    printed = at == std::string::npos ? size : printed.replace(at, 2, size);
    Term t {Term::Kind::Shape, printed};
    t.rows = rows;
    t.columns = columns;
    return push(std::move(t));
}

Chain &Chain::alias(const std::string &text, double value)
{
    if (!m_sides.back().empty()) {
        m_sides.back().back().alias = text;
        m_sides.back().back().aliasValue = value;
    }
    return *this;
}

Chain &Chain::label(const std::string &text)
{
    if (!m_sides.back().empty())
        m_sides.back().back().label = text;
    return *this;
}

Chain &Chain::elided(
    const std::string &text, const std::vector<double> &left, const std::vector<double> &right, int decimals)
{
    // The printed factors, evaluated as a chain of their own: the bounds of the left-out sum.
    Chain rest;
    for (size_t i = 0; i < std::min(left.size(), right.size()); ++i) {
        if (i > 0)
            rest.plus();
        rest.number(left[i], decimals).times().number(right[i], decimals);
    }
    Term t {Term::Kind::Elided, text};
    double lo = 0, hi = 0;
    for (size_t i = 0; i < rest.m_sides[0].size(); i += 4) {
        const Term &a = rest.m_sides[0][i];
        const Term &b = rest.m_sides[0][i + 2];
        const double p[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
        lo += *std::min_element(p, p + 4);
        hi += *std::max_element(p, p + 4);
    }
    t.lo = lo;
    t.hi = hi;
    return push(std::move(t));
}

Chain &Chain::op(Op op)
{
    Term t {Term::Kind::Operator, {}};
    t.op = op;
    return push(std::move(t));
}

Chain &Chain::equals()
{
    m_sides.emplace_back();
    return *this;
}

Chain &Chain::emphasised()
{
    if (!m_sides.back().empty())
        m_sides.back().back().emphasis = true;
    return *this;
}

std::string Chain::text(bool html) const
{
    std::string out;
    for (size_t s = 0; s < m_sides.size(); ++s) {
        if (s > 0)
            out += " = ";
        for (const Term &t : m_sides[s]) {
            if (t.kind == Term::Kind::Operator) {
                static const char *names[] = {" + ", " \u2212 ", " \u00d7 ", " \u00b7 ", " \u00f7 "};
                out += names[int(t.op)];
                continue;
            }
            out += html && t.emphasis ? "<b>" + t.printed + "</b>" : t.printed;
            if (!t.alias.empty())
                out += " (= " + t.alias + ")";
            if (!t.label.empty())
                out += " (" + t.label + ")";
        }
    }
    if (checker())
        checker()(out, problems());
    return out;
}

std::vector<std::string> Chain::terms() const
{
    text();
    std::vector<std::string> out;
    for (const std::vector<Term> &side : m_sides)
        for (const Term &t : side)
            if (t.kind != Term::Kind::Operator)
                out.push_back(t.printed);
    return out;
}

std::vector<std::string> Chain::problems() const
{
    std::vector<std::string> found;
    Value previous;
    for (const std::vector<Term> &side : m_sides) {
        // Sum of products, left to right: × · ÷ bind tighter than + −.
        Value total, product;
        bool haveTotal = false, known = true;
        Op pending = Op::Plus, joiner = Op::Plus;
        std::string error;
        for (const Term &t : side) {
            if (t.kind == Term::Kind::Operator) {
                if (t.op == Op::Plus || t.op == Op::Minus) {
                    total = haveTotal ? add(total, product, joiner == Op::Minus, error) : product;
                    haveTotal = true;
                    joiner = t.op;
                    pending = Op::Plus;
                } else {
                    pending = t.op;
                }
                continue;
            }
            Value v;
            if (t.kind == Term::Kind::Number || t.kind == Term::Kind::Elided)
                v = interval(t.lo, t.hi);
            else if (t.kind == Term::Kind::Shape)
                v = {Value::Kind::Shape, 0, 0, t.rows, t.columns};
            else
                known = false;
            if (!t.alias.empty() && (t.aliasValue < t.lo || t.aliasValue > t.hi))
                found.push_back(t.printed + " is not " + t.alias);
            product = pending == Op::Plus ? v : multiply(product, v, pending == Op::Divide, error);
            pending = Op::Plus;
        }
        const Value value = haveTotal ? add(total, product, joiner == Op::Minus, error) : product;
        if (!error.empty())
            found.push_back(error);
        if (!known || value.kind == Value::Kind::Unknown || side.empty())
            continue;
        if (previous.kind != Value::Kind::Unknown) {
            const bool equal = previous.kind == value.kind
                && (value.kind == Value::Kind::Shape ? previous.rows == value.rows && previous.columns == value.columns
                                                     : previous.lo <= value.hi && value.lo <= previous.hi);
            if (!equal)
                found.push_back("\"=\" joins " + describe(previous) + " and " + describe(value));
        }
        previous = value;
    }
    return found;
}

void setChainChecker(std::function<void(const std::string &, const std::vector<std::string> &)> f)
{
    checker() = std::move(f);
}

} // namespace attnlab::core
