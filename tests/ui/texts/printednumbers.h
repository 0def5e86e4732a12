#pragma once
// The numbers printed in a text, each with the tolerance its digits allow: what the worksheet and
// lesson-page tests compare with their own computations.

#include <QRegularExpression>
#include <QString>

#include <cmath>
#include <vector>

namespace attnlab::test {

struct Printed {
    QString text;
    double value = 0;
    double tolerance = 0; // half a unit of the last digit printed, and the slack asked for
};

// Every number in `text` ("12,288", "−0.5", "0.0939"), not the digits inside words ("GPT-2"'s
// "2" is one, "BF16"'s "16" is not). `slack` is added to each tolerance.
inline std::vector<Printed> numbersIn(const QString &text, double slack = 1e-9)
{
    static const QRegularExpression number(
        QStringLiteral("(?<![\\w.])[-−]?(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?(?!\\w|\\.\\d)"));
    std::vector<Printed> out;
    for (const QRegularExpressionMatch &m : number.globalMatch(text)) {
        QString digits = m.captured();
        digits.remove(QLatin1Char(',')).replace(QChar(0x2212), QLatin1Char('-'));
        const qsizetype point = digits.indexOf(QLatin1Char('.'));
        const int decimals = point < 0 ? 0 : int(digits.size() - point - 1);
        out.push_back({m.captured(), digits.toDouble(), 0.5 * std::pow(10.0, -decimals) + slack});
    }
    return out;
}

} // namespace attnlab::test
