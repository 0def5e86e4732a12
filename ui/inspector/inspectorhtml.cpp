#include "ui/inspector/inspectorhtml.h"

#include <QColor>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attnlab::ui::inspectorhtml {

namespace {

// A row of thousands of keys would make a table the dock takes seconds to lay out: past this
// many keys a softmax or mix table lists the strongest weights and the selected key, and one
// line adds up the rest.
constexpr size_t kListedKeys = 24;

} // namespace

QString escaped(const std::string &text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}

QString tint(double value, double scale)
{
    const double t = scale > 0 ? std::clamp(value / scale, -1.0, 1.0) : 0.0;
    const QColor warm(244, 165, 130), cool(146, 197, 222);
    const QColor &c = t >= 0 ? warm : cool;
    const double a = std::abs(t);
    const QColor mixed(
        int(255 + (c.red() - 255) * a), int(255 + (c.green() - 255) * a), int(255 + (c.blue() - 255) * a));
    return mixed.name();
}

double largestMagnitude(const std::vector<std::vector<double>> &rows)
{
    double m = 0;
    for (const auto &r : rows)
        for (double v : r)
            m = std::max(m, std::abs(v));
    return m;
}

QString chain(const core::Chain &c)
{
    return QString::fromStdString(c.text(true))
        .replace(QStringLiteral(" \u00d7 "), QStringLiteral("&nbsp;\u00d7&nbsp;"));
}

QStringList rowTerms(const core::Chain &c)
{
    QStringList out;
    for (const std::string &t : c.terms())
        out << QString::fromStdString(t);
    return out;
}

QString cell(const QString &text, const QString &background, bool bold)
{
    const QString body = bold ? QStringLiteral("<b>%1</b>").arg(text) : text;
    // nowrap: a number broken over two lines in a narrow dock is unreadable.
    if (background.isEmpty())
        return QStringLiteral("<td align=\"right\" style=\"white-space:nowrap;\">%1</td>").arg(body);
    // The tints are pale: their text stays black also on a dark page (presentation mode).
    return QStringLiteral("<td align=\"right\" style=\"white-space:nowrap; color:#000000;\" bgcolor=\"%1\">%2</td>")
        .arg(background, body);
}

QString angleChain(int position, double theta, double angle)
{
    core::Chain c;
    c.count(position).times().symbol("\u03b8").equals().count(position).times().significant(theta).equals();
    c.significant(angle);
    return chain(c);
}

std::vector<size_t> listedKeys(const std::vector<double> &weights, int selected)
{
    std::vector<size_t> keys(weights.size());
    std::iota(keys.begin(), keys.end(), size_t(0));
    if (keys.size() <= kListedKeys)
        return keys;
    std::partial_sort(keys.begin(), keys.begin() + std::ptrdiff_t(kListedKeys), keys.end(),
        [&](size_t a, size_t b) { return weights[a] > weights[b] || (weights[a] == weights[b] && a < b); });
    keys.resize(kListedKeys);
    if (selected >= 0 && size_t(selected) < weights.size()
        && std::find(keys.begin(), keys.end(), size_t(selected)) == keys.end())
        keys.back() = size_t(selected);
    std::sort(keys.begin(), keys.end());
    return keys;
}

double sumOfOthers(const std::vector<double> &values, const std::vector<size_t> &listed)
{
    double sum = 0;
    size_t next = 0;
    for (size_t j = 0; j < values.size(); ++j) {
        if (next < listed.size() && listed[next] == j)
            ++next;
        else
            sum += values[j];
    }
    return sum;
}

} // namespace attnlab::ui::inspectorhtml
