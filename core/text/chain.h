#pragma once
// Equation chains such as "0.3 × 0.9 + 0.8 × 0.1 = 0.350" or "scores 3 × 3 ÷ 2 (= √4) = scaled
// 3 × 3", built, printed and checked in one place. Every chain the app prints (the inspector, the
// explanation's "In this scene" box, the worksheet's answer key) goes through Chain, and
// problems() proves that each "=" joins equal values at the precision actually printed: a
// printed number stands for the interval it rounds from, a side is evaluated in interval
// arithmetic, and two sides are equal when their intervals meet. Shapes (rows × columns) are
// values too: A (r × k) · B (k × c) gives r × c, and dividing by a number keeps the shape.
//
// A side that holds a symbol (q, cos, a token) is printed but not evaluated; the sides around
// it are still compared with each other.

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace attnlab::core {

// `value` with `decimals` decimals and the true minus sign (U+2212); a value that rounds to
// zero has no sign.
std::string formatFixed(double value, int decimals);
// The number of decimals that shows `value` with `digits` significant digits (at least 0).
int decimalsFor(double value, int digits);

class Chain {
public:
    enum class Op { Plus, Minus, Times, Dot, Divide };

    // A number printed with `decimals` decimals.
    Chain &number(double value, int decimals = 3);
    // A number printed with `digits` significant digits (θ at d_k = 16 is 0.000562, not 0.000).
    Chain &significant(double value, int digits = 3);
    // Like significant(), with trailing zeros dropped (2, 2.828), standing for the same interval.
    Chain &compact(double value, int digits = 4);
    // e to the power x − shift, printed "e^(x)" or "e^(x − shift)" with `decimals` decimals, and
    // evaluated from the interval each printed number stands for (a softmax's e^x column).
    Chain &exponential(double x, double shift = 0, int decimals = 3);
    // A whole number, exact.
    Chain &count(long value);
    // The square root of a whole number, printed "√4" and evaluated exactly.
    Chain &root(long radicand);
    // A symbol: printed as given (HTML or plain, as the caller writes it); its side is not evaluated.
    Chain &symbol(const std::string &text);
    // A matrix shape: `pattern` with "%1" replaced by "rows × columns" ("Q (%1)", "分数 %1").
    Chain &shape(const std::string &pattern, int rows, int columns);
    // After a number: " (= text)", where `text` must equal `value` (the "(= √4)" after a 2).
    Chain &alias(const std::string &text, double value);
    // After a term: " (text)", a name for it that is not checked ("0.1 (b_Q[3])").
    Chain &label(const std::string &text);
    // Terms left out of a long sum, printed as `text`; `left` and `right` are the factors of the
    // products it stands for, printed elsewhere with `decimals` decimals.
    Chain &elided(
        const std::string &text, const std::vector<double> &left, const std::vector<double> &right, int decimals = 3);
    Chain &op(Op op);
    Chain &plus() { return op(Op::Plus); }
    Chain &minus() { return op(Op::Minus); }
    Chain &times() { return op(Op::Times); }
    Chain &dot() { return op(Op::Dot); }
    Chain &divide() { return op(Op::Divide); }
    // Starts the next side.
    Chain &equals();
    // Marks the last term as the result, printed in bold by text(true).
    Chain &emphasised();

    // The chain as printed; `html` puts the emphasised term in <b>. Hands the chain to the
    // checker (setChainChecker) first.
    std::string text(bool html = false) const;
    // The printed terms (numbers, symbols, shapes, elided sums) in order, without operators,
    // aliases or labels, for a caller that lays a chain out in table cells. Hands the chain to
    // the checker like text().
    std::vector<std::string> terms() const;
    // Every "=" that joins unequal values, described; empty when the chain holds.
    std::vector<std::string> problems() const;

private:
    struct Term {
        enum class Kind { Number, Symbol, Shape, Elided, Operator };
        Term(Kind k, std::string text)
            : kind(k)
            , printed(std::move(text))
        {
        }
        Kind kind;
        std::string printed;
        double lo = 0, hi = 0; // the interval a number stands for; an elided sum's bounds
        int rows = 0, columns = 0;
        Op op = Op::Plus;
        bool emphasis = false;
        std::string alias, label;
        double aliasValue = 0;
    };
    Chain &push(Term term);
    std::vector<std::vector<Term>> m_sides {1};
};

// Called by Chain::text() with every chain printed and its problems (tests install one that
// fails on any problem; the app installs none). An empty function removes it.
void setChainChecker(std::function<void(const std::string &chain, const std::vector<std::string> &problems)> checker);

} // namespace attnlab::core
