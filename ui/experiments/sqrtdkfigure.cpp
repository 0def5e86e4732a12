#include "ui/experiments/sqrtdkfigure.h"

#include "ui/plot/chartname.h"

#include <QEvent>
#include <QLocale>

namespace attnlab::ui {

namespace {

const QColor kRaw(QLatin1String("#d6604d"));
const QColor kScaled(QLatin1String("#2166ac"));

QCPGraph *makeGraph(QCustomPlot *plot, QCPAxisRect *rect, const QColor &color, bool dashed, bool markers)
{
    QCPGraph *g = plot->addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    QPen pen(color, dashed ? 1.2 : 2.0);
    if (dashed)
        pen.setStyle(Qt::DashLine);
    g->setPen(pen);
    if (markers)
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, color, Qt::white, 6));
    return g;
}

QCPLegend *addLegend(QCPAxisRect *rect, Qt::Alignment where)
{
    auto *legend = new QCPLegend;
    rect->insetLayout()->addElement(legend, where);
    legend->setLayer(QStringLiteral("legend"));
    legend->setBrush(QColor(255, 255, 255, 220));
    legend->setFont(QFont(legend->font().family(), 8));
    return legend;
}

void powersOfTwoAxis(QCPAxis *axis)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int d = 1; d <= 4096; d *= 2)
        ticker->addTick(d, QString::number(d));
    axis->setTicker(ticker);
    axis->setSubTicks(false);
}

} // namespace

SqrtDkFigure::SqrtDkFigure(QWidget *parent)
    : Retranslating<QCustomPlot>(parent)
    , m_title(new QCPTextElement(this, QString(), QFont(font().family(), 11, QFont::Bold)))
    , m_varianceRect(new QCPAxisRect(this))
    , m_weightRect(new QCPAxisRect(this))
{
    setAutoAddPlottableToLegend(false);
    plotLayout()->clear();
    plotLayout()->addElement(0, 0, m_title);
    auto *row = new QCPLayoutGrid;
    plotLayout()->addElement(1, 0, row);
    row->addElement(0, 0, m_varianceRect);
    row->addElement(0, 1, m_weightRect);

    for (QCPAxisRect *rect : {m_varianceRect, m_weightRect})
        powersOfTwoAxis(rect->axis(QCPAxis::atBottom));
    QCPAxis *vy = m_varianceRect->axis(QCPAxis::atLeft);
    vy->setScaleType(QCPAxis::stLogarithmic);
    auto logTicker = QSharedPointer<QCPAxisTickerLog>::create();
    logTicker->setLogBase(10);
    vy->setTicker(logTicker);
    vy->setNumberFormat(QStringLiteral("f"));
    vy->setNumberPrecision(0);
    m_varianceRect->axis(QCPAxis::atTop)->setVisible(true);
    m_varianceRect->axis(QCPAxis::atTop)->setTicks(false);
    m_varianceRect->axis(QCPAxis::atTop)->setTickLabels(false);

    QCPAxis *wy = m_weightRect->axis(QCPAxis::atLeft);
    wy->setRange(0, 1.05);
    m_weightRect->axis(QCPAxis::atTop)->setVisible(true);
    m_weightRect->axis(QCPAxis::atTop)->setTicks(false);
    m_weightRect->axis(QCPAxis::atTop)->setTickLabels(false);

    m_theoryRaw = makeGraph(this, m_varianceRect, kRaw, true, false);
    m_theoryScaled = makeGraph(this, m_varianceRect, kScaled, true, false);
    m_rawVariance = makeGraph(this, m_varianceRect, kRaw, false, true);
    m_scaledVariance = makeGraph(this, m_varianceRect, kScaled, false, true);
    m_uniform = makeGraph(this, m_weightRect, Qt::darkGray, true, false);
    m_rawMax = makeGraph(this, m_weightRect, kRaw, false, true);
    m_scaledMax = makeGraph(this, m_weightRect, kScaled, false, true);

    QCPLegend *left = addLegend(m_varianceRect, Qt::AlignLeft | Qt::AlignTop);
    for (QCPGraph *g : {m_rawVariance, m_theoryRaw, m_scaledVariance, m_theoryScaled})
        g->addToLegend(left);
    QCPLegend *right = addLegend(m_weightRect, Qt::AlignLeft | Qt::AlignTop);
    for (QCPGraph *g : {m_rawMax, m_scaledMax, m_uniform})
        g->addToLegend(right);

    setChartExportName(this, QStringLiteral("why-sqrt-dk"));
    setMinimumSize(480, 260);
    retranslate();
}

void SqrtDkFigure::retranslate()
{
    m_varianceRect->axis(QCPAxis::atLeft)->setLabel(tr("variance of the score"));
    m_varianceRect->axis(QCPAxis::atBottom)->setLabel(tr("d_k (log scale)"));
    m_varianceRect->axis(QCPAxis::atTop)->setLabel(tr("Variance of q·k"));
    m_weightRect->axis(QCPAxis::atLeft)->setLabel(tr("mean largest softmax weight"));
    m_weightRect->axis(QCPAxis::atBottom)->setLabel(tr("d_k (log scale)"));
    m_weightRect->axis(QCPAxis::atTop)->setLabel(tr("How peaked is softmax?"));
    m_rawVariance->setName(tr("q·k (unscaled)"));
    m_scaledVariance->setName(tr("q·k / √d_k (scaled)"));
    m_theoryRaw->setName(tr("theory: d_k"));
    m_theoryScaled->setName(tr("theory: 1"));
    m_rawMax->setName(tr("softmax(q·k)"));
    m_scaledMax->setName(tr("softmax(q·k / √d_k)"));
    m_uniform->setName(tr("uniform: 1/%1").arg(m_options.keys));
    const QLocale locale;
    m_title->setText(tr("Why divide by √d_k? q, k with N(0, 1) components; %1 pairs per d_k, "
                        "%2 queries × %3 keys for softmax, seed %4")
                         .arg(locale.toString(m_options.samples), locale.toString(m_options.softmaxTrials),
                             locale.toString(m_options.keys), QString::number(m_options.seed)));
    replot(QCustomPlot::rpQueuedReplot);
}

void SqrtDkFigure::setResult(const std::vector<core::SqrtDkPoint> &points, const core::SqrtDkOptions &options)
{
    QVector<double> dk, raw, scaled, one, rawMax, scaledMax, uniform;
    for (const core::SqrtDkPoint &p : points) {
        dk << p.dK;
        raw << p.rawVariance;
        scaled << p.scaledVariance;
        one << 1.0;
        rawMax << p.rawMaxWeight;
        scaledMax << p.scaledMaxWeight;
        uniform << 1.0 / options.keys;
    }
    m_rawVariance->setData(dk, raw, true);
    m_scaledVariance->setData(dk, scaled, true);
    m_theoryRaw->setData(dk, dk, true);
    m_theoryScaled->setData(dk, one, true);
    m_rawMax->setData(dk, rawMax, true);
    m_scaledMax->setData(dk, scaledMax, true);
    m_uniform->setData(dk, uniform, true);

    const double top = dk.isEmpty() ? 2 : dk.last();
    for (QCPAxisRect *rect : {m_varianceRect, m_weightRect})
        rect->axis(QCPAxis::atBottom)->setRange(0.7, top * 1.4);
    double hi = 2;
    for (double v : raw)
        hi = std::max(hi, v);
    m_varianceRect->axis(QCPAxis::atLeft)->setRange(0.3, hi * 3);
    m_options = options;
    retranslate();
}

} // namespace attnlab::ui
