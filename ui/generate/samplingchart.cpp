#include "ui/generate/samplingchart.h"

#include "ui/model/modelsession.h"
#include "ui/model/predictionpanel.h"
#include "ui/plot/chartname.h"
#include "ui/plot/qcp.h"

#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attnlab::ui {

namespace model = core::model;

namespace {
constexpr int kLabelChars = 8;

// The probabilities of logits ÷ temperature (temperature > 0), in double.
std::vector<double> tempered(const core::RowVector &logits, double temperature)
{
    const double top = double(logits.maxCoeff());
    std::vector<double> p(size_t(logits.size()));
    if (!std::isfinite(top))
        return p; // every token banned: nothing to draw
    double sum = 0;
    for (Eigen::Index i = 0; i < logits.size(); ++i) {
        p[size_t(i)] = std::exp((double(logits(i)) - top) / temperature);
        sum += p[size_t(i)];
    }
    for (double &v : p)
        v /= sum;
    return p;
}
} // namespace

SamplingChart::SamplingChart(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_plot(new QCustomPlot(this))
    , m_keptBars(new QCPBars(m_plot->xAxis, m_plot->yAxis))
    , m_cutBars(new QCPBars(m_plot->xAxis, m_plot->yAxis))
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("SamplingChart"));
    m_keptBars->setBrush(QColor(QLatin1String("#21918c")));
    m_keptBars->setPen(Qt::NoPen);
    m_cutBars->setBrush(QColor(QLatin1String("#c8c8c8")));
    m_cutBars->setPen(Qt::NoPen);
    for (QCPBars *bars : {m_keptBars, m_cutBars})
        bars->setWidth(0.7);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setTickLabelRotation(60);
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->yAxis->setRange(0, 1);
    // Painted with the rest of the window, not at once on each replot: an immediate repaint
    // paints every widget in the window that waits for one, during generation the views before
    // their new sizes are laid out, and then again (issue 36).
    m_plot->setPlottingHint(QCP::phImmediateRefresh, false);
    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(QFont(font().family(), 8));
    // The legend in a row of its own above the axes, its entries side by side: inside the axis
    // rectangle it covered the bars and the axis of a short chart.
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, m_plot->legend);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setMargins(QMargins(4, 2, 4, 2));
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    // Tall enough for the bars, the turned token labels and the legend; in a short window the
    // panel around it scrolls instead of squashing it.
    m_plot->setMinimumSize(260, kMinimumHeight);
    setChartExportName(m_plot, QStringLiteral("sampling-distribution"));
    m_summary->setWordWrap(true);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_summary);

    connect(m_plot, &QCustomPlot::beforeReplot, this, &SamplingChart::fitTicks);
    connect(m_session, &ModelSession::computed, this, &SamplingChart::refresh);
    connect(m_session, &ModelSession::modelLoaded, this, &SamplingChart::refresh);
    retranslate();
}

void SamplingChart::setSettings(const model::SamplingSettings &settings, const core::generate::LogitRules &rules)
{
    m_settings = settings;
    m_rules = rules;
    refresh();
}

void SamplingChart::refresh()
{
    m_ids.clear();
    m_heights.clear();
    m_kept.clear();
    m_labels.clear();
    m_keptInVocabulary = 0;
    m_keptMass = 0;
    const model::ForwardRunner *runner = m_session->runner();
    if (runner && m_session->isComputed() && runner->canPredict() && runner->logits().size() > 0) {
        const bool ruled = m_rules.active();
        const core::RowVector logits
            = ruled ? core::generate::applyLogitRules(runner->logits(), runner->tokenIds(), m_rules) : runner->logits();
        const std::vector<double> p = m_settings.greedy() && !ruled
            ? std::vector<double>(runner->probabilities().data(), runner->probabilities().data() + logits.size())
            : tempered(logits, m_settings.greedy() ? 1.0 : m_settings.temperature);
        const core::RowVector share = model::samplingDistribution(logits, m_settings);
        m_vocabulary = int(logits.size());
        for (Eigen::Index i = 0; i < share.size(); ++i)
            if (share(i) > 0) {
                ++m_keptInVocabulary;
                m_keptMass += p[size_t(i)];
            }
        std::vector<int> order(p.size());
        std::iota(order.begin(), order.end(), 0);
        const int shown = std::min<int>(kBars, int(order.size()));
        std::partial_sort(order.begin(), order.begin() + shown, order.end(),
            [&p](int a, int b) { return p[size_t(a)] > p[size_t(b)] || (p[size_t(a)] == p[size_t(b)] && a < b); });
        for (int i = 0; i < shown; ++i) {
            const int id = order[size_t(i)];
            m_ids.push_back(id);
            m_heights.push_back(p[size_t(id)]);
            m_kept.push_back(share(id) > 0);
            // Long pieces are cut, so the rotated labels leave the bars their height.
            const QString text = m_session->tokenDisplay(id);
            m_labels << (text.size() > kLabelChars ? text.left(kLabelChars - 1) + QChar(0x2026) : text);
        }
    }
    redraw();
}

void SamplingChart::redraw()
{
    QVector<double> keys, kept, cut;
    for (size_t i = 0; i < m_ids.size(); ++i) {
        keys << double(i);
        kept << (m_kept[i] ? m_heights[i] : 0.0);
        cut << (m_kept[i] ? 0.0 : m_heights[i]);
    }
    m_keptBars->setData(keys, kept, true);
    m_cutBars->setData(keys, cut, true);
    m_plot->xAxis->setRange(-0.6, std::max<double>(double(m_ids.size()) - 0.4, 1.0));
    const double top = m_heights.empty() ? 1.0 : *std::max_element(m_heights.begin(), m_heights.end());
    m_plot->yAxis->setRange(0, std::max(top * 1.1, 0.05));
    m_cutBars->setName(cutName());
    m_summary->setText(summary());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void SamplingChart::fitTicks()
{
    // Sized for the axis rect this replot lays out: the plot less the margins of the last layout
    // (they change little, and a resize replots at once).
    const QMargins margins = m_plot->axisRect()->margins();
    const int height = std::max(1, m_plot->viewport().height() - margins.top() - margins.bottom());
    const int width = std::max(1, m_plot->viewport().width() - margins.left() - margins.right());
    const int line = QFontMetrics(m_plot->xAxis->tickLabelFont()).height();
    // Ask for a probability label every three lines of height, so a short chart (1280×720) keeps
    // its labels apart; the ticker may pick up to half as many again for round steps.
    m_plot->yAxis->ticker()->setTickCount(std::clamp(height / (3 * line), 1, 5));
    // A label standing at 60° needs its line height ÷ sin 60° across; narrower bars label every
    // second (third, …) one.
    const double across = double(width) / (double(m_ids.size()) + 0.2);
    const int step = std::max(1, int(std::ceil(line / std::sin(M_PI / 3) / across)));
    auto ticker = qSharedPointerCast<QCPAxisTickerText>(m_plot->xAxis->ticker());
    ticker->clear();
    for (int i = 0; i < int(m_ids.size()); i += step)
        ticker->addTick(double(i), m_labels.value(i));
}

QString SamplingChart::summary() const
{
    if (m_ids.empty())
        return tr("No prediction yet: open a GPT-2-style model and type a sentence.");
    if (m_settings.greedy())
        return tr("Temperature 0 is greedy: always the most likely token, %1.")
            .arg(PredictionPanel::percentText(m_heights.front()));
    return tr("The cut keeps %1 of %2 tokens, %3 of the probability; the draw renormalises them.")
        .arg(m_keptInVocabulary)
        .arg(m_vocabulary)
        .arg(PredictionPanel::percentText(m_keptMass));
}

QString SamplingChart::cutName() const
{
    return m_settings.greedy() ? tr("not chosen (temperature 0)") : tr("cut by top-k / top-p");
}

void SamplingChart::retranslate()
{
    m_keptBars->setName(tr("kept"));
    m_cutBars->setName(cutName());
    m_plot->yAxis->setLabel(tr("probability"));
    m_plot->setToolTip(tr("The most likely next tokens, each bar its probability after the temperature. Teal bars "
                          "can be drawn; grey bars are cut by top-k or top-p, or at temperature 0 not chosen. A higher "
                          "temperature flattens the "
                          "bars, a lower one sharpens them."));
    m_summary->setText(summary());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace attnlab::ui
