#pragma once
// What the lesson-page tests share: a page as plain text, and the check that every number a page
// prints is one the test computed (or one of the page's own constants) and every computed number
// is printed in its part about the model.

#include "printednumbers.h"
#include "ui/i18n/language.h"

#include <QRegularExpression>
#include <QString>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace attnlab::test {

inline QString plain(QString html)
{
    // A tag becomes a space, so that the lens's table cells stay apart.
    html.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral(" "));
    return html.replace(QLatin1String("&lt;"), QLatin1String("<")).replace(QLatin1String("&gt;"), QLatin1String(">"));
}

// Half a unit of the last digit, and 3e-6 for the app's float pass against this test's double reference.
inline std::vector<Printed> lessonNumbersIn(const QString &text)
{
    return numbersIn(text, 3e-6);
}

// ε written as a power of ten ("10⁻⁶"): each one must be `eps`; they are taken out of the text.
inline QString checkPowersOfTen(QString text, double eps, const char *page)
{
    static const QRegularExpression power(QStringLiteral("(?:(\\d+(?:\\.\\d+)?) × )?10(⁻?)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)"));
    static const QString superscripts = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    for (const QRegularExpressionMatch &m : power.globalMatch(text)) {
        int exponent = 0;
        for (const QChar c : m.captured(3))
            exponent = exponent * 10 + int(superscripts.indexOf(c));
        if (!m.captured(2).isEmpty())
            exponent = -exponent;
        const double mantissa = m.captured(1).isEmpty() ? 1.0 : m.captured(1).toDouble();
        EXPECT_NEAR(mantissa * std::pow(10.0, exponent), eps, eps * 1e-3) << page << ": " << m.captured().toStdString();
    }
    return text.remove(power);
}

// Every number on `page` (in the current language) is one of `expected` or of the page's own
// constants (formula factors, years of papers, model names' versions); every expected value is
// printed in its part about the model.
inline void expectNumbers(const QString &html, const char *page, const std::vector<double> &expected,
    const std::vector<double> &constants, double eps = 0)
{
    const QString language = ui::currentLanguage();
    ASSERT_FALSE(html.isEmpty()) << page;
    EXPECT_FALSE(html.contains(QLatin1Char('%')))
        << page << " " << language.toStdString() << ": " << html.toStdString();
    const qsizetype at = html.indexOf(QLatin1String("<a name=\"model\">"));
    ASSERT_GE(at, 0) << page << ": no part about the model";
    EXPECT_GE(html.indexOf(QLatin1String("<a name=\"worksheet\">")), at) << page;
    const QString all = checkPowersOfTen(plain(html), eps, page);
    const QString model = checkPowersOfTen(plain(html.mid(at)), eps, page);
    std::vector<double> known = expected;
    known.insert(known.end(), constants.begin(), constants.end());
    for (const Printed &p : lessonNumbersIn(all)) {
        const bool ok
            = std::any_of(known.begin(), known.end(), [&](double e) { return std::abs(p.value - e) <= p.tolerance; });
        EXPECT_TRUE(ok) << page << " " << language.toStdString() << " prints " << p.text.toStdString()
                        << ", which no computation of the model gives, in:\n"
                        << all.toStdString();
    }
    const std::vector<Printed> printed = lessonNumbersIn(model);
    for (double e : expected) {
        const bool shown = std::any_of(
            printed.begin(), printed.end(), [&](const Printed &p) { return std::abs(p.value - e) <= p.tolerance; });
        EXPECT_TRUE(shown) << page << " " << language.toStdString() << " does not show " << e;
    }
}

} // namespace attnlab::test
