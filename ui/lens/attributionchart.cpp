#include "ui/lens/attributionchart.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attnlab::ui {

namespace model = core::model;

namespace {
QCPBars *makeBars(QCustomPlot *plot, const QColor &color)
{
    // Horizontal bars: the key axis is the vertical one.
    auto *bars = new QCPBars(plot->yAxis, plot->xAxis);
    bars->setPen(QPen(color.darker(130)));
    bars->setBrush(color);
    bars->setWidth(0.7);
    bars->setSelectable(QCP::stNone);
    return bars;
}
} // namespace

AttributionChart::AttributionChart(QWidget *parent)
    : QCustomPlot(parent)
    , m_up(makeBars(this, QColor(0xd6, 0x60, 0x4d)))
    , m_down(makeBars(this, QColor(0x43, 0x93, 0xc3)))
{
    setObjectName(QStringLiteral("AttributionChart"));
    yAxis->setRangeReversed(true); // the largest part on top
    yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    yAxis->grid()->setVisible(false);
    xAxis->grid()->setZeroLinePen(QPen(Qt::black));
    setMinimumHeight(180);
    connect(this, &QCustomPlot::mouseRelease, this, [this](QMouseEvent *event) {
        const int part = partAt(event->pos());
        if (part >= 0)
            Q_EMIT partClicked(part);
    });
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent *event) {
        const int part = partAt(event->pos());
        if (part >= 0)
            Q_EMIT partDoubleClicked(part);
    });
}

void AttributionChart::setAttribution(const model::Attribution &attribution,
    const std::function<QString(const model::AttributionPart &)> &name, const std::function<QString(int)> &othersName,
    const QString &valueLabel)
{
    m_attribution = attribution;
    m_name = name;
    m_othersName = othersName;
    xAxis->setLabel(valueLabel);
    layoutBars();
}

int AttributionChart::barsThatFit() const
{
    const QFontMetrics fm(yAxis->tickLabelFont());
    // The value axis below takes a line of numbers, a line of label and the margins.
    const int plotHeight = height() - 3 * fm.height() - 24;
    return std::clamp(plotHeight / (fm.height() + 2), 2, kShownParts);
}

void AttributionChart::resizeEvent(QResizeEvent *event)
{
    QCustomPlot::resizeEvent(event);
    if (barsThatFit() != m_fitting && !m_attribution.parts.empty())
        layoutBars();
}

void AttributionChart::layoutBars()
{
    m_fitting = barsThatFit();
    const std::vector<model::AttributionPart> &parts = m_attribution.parts;
    std::vector<int> order(parts.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
        [&](int a, int b) { return std::abs(parts[size_t(a)].value) > std::abs(parts[size_t(b)].value); });
    m_shown.clear();
    m_values.clear();
    const bool cut = int(order.size()) > m_fitting;
    const size_t kept = cut ? size_t(m_fitting - 1) : order.size();
    for (size_t i = 0; i < kept; ++i) {
        m_shown.push_back(order[i]);
        m_values.push_back(parts[size_t(order[i])].value);
    }
    if (cut) {
        double rest = 0;
        for (size_t i = kept; i < order.size(); ++i)
            rest += parts[size_t(order[i])].value;
        m_shown.push_back(-1);
        m_values.push_back(rest);
    }

    auto ticker = qSharedPointerCast<QCPAxisTickerText>(yAxis->ticker());
    ticker->clear();
    QVector<double> upKeys, upValues, downKeys, downValues;
    for (size_t i = 0; i < m_shown.size(); ++i) {
        const double key = double(i);
        ticker->addTick(
            key, m_shown[i] < 0 ? m_othersName(int(order.size() - kept)) : m_name(parts[size_t(m_shown[i])]));
        (m_values[i] >= 0 ? upKeys : downKeys) << key;
        (m_values[i] >= 0 ? upValues : downValues) << m_values[i];
    }
    m_up->setData(upKeys, upValues, true);
    m_down->setData(downKeys, downValues, true);
    yAxis->setRange(-0.5, std::max(0.5, double(m_shown.size()) - 0.5));
    double low = 0, high = 0;
    for (double v : m_values) {
        low = std::min(low, v);
        high = std::max(high, v);
    }
    const double margin = std::max(1e-6, 0.05 * (high - low));
    xAxis->setRange(low - margin, high + margin);
    replot(QCustomPlot::rpQueuedReplot);
}

std::vector<double> AttributionChart::barValues() const
{
    return m_values;
}

QPoint AttributionChart::barCenter(int bar) const
{
    const double x = xAxis->coordToPixel(m_values.at(size_t(bar)) / 2);
    const double y = yAxis->coordToPixel(double(bar));
    return QPoint(int(std::lround(x)), int(std::lround(y)));
}

int AttributionChart::partAt(const QPoint &pixel) const
{
    if (m_shown.empty() || !axisRect()->rect().contains(pixel))
        return -1;
    const long bar = std::lround(yAxis->pixelToCoord(pixel.y()));
    if (bar < 0 || bar >= long(m_shown.size()))
        return -1;
    return m_shown[size_t(bar)];
}

} // namespace attnlab::ui
