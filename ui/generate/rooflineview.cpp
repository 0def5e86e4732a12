#include "ui/generate/rooflineview.h"

#include "core/model/forward.h"
#include "ui/generate/machinespeed.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/model/modelsession.h"
#include "ui/plot/qcp.h"

#include <QDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

namespace {
QString megabytes(double bytes)
{
    return QLocale().toString(bytes / 1e6, 'f', bytes < 1e7 ? 3 : 1);
}

// The x range of the plot, FLOP per byte: below decode's 0.5 (F32) to past any prefill.
constexpr double kMinIntensity = 0.1, kMaxIntensity = 1e4;
} // namespace

RooflineView::RooflineView(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_meter(new QLabel(this))
    , m_help(new QToolButton(this))
    , m_plot(new QCustomPlot(this))
    , m_roof(m_plot->addGraph())
    , m_points(m_plot->addGraph())
    , m_measured(m_plot->addGraph())
    , m_decodeLabel(new QCPItemText(m_plot))
    , m_measuredLabel(new QCPItemText(m_plot))
    , m_prefillLabel(new QCPItemText(m_plot))
{
    setObjectName(QStringLiteral("RooflineView"));
    // Painted with the rest of the window, not at once on each replot: an immediate repaint
    // paints every widget in the window that waits for one, during generation the views before
    // their new sizes are laid out, and then again (issue 36).
    m_plot->setPlottingHint(QCP::phImmediateRefresh, false);
    m_meter->setTextFormat(Qt::PlainText);
    m_meter->setWordWrap(true);
    m_meter->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    m_help->setText(QStringLiteral("?"));
    m_help->setObjectName(QStringLiteral("RooflineHelp"));
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
        ticker->setLogBase(10);
        axis->setTicker(ticker);
        axis->setNumberFormat(QStringLiteral("gb"));
    }
    m_plot->xAxis->setRange(kMinIntensity, kMaxIntensity);
    m_roof->setPen(QPen(QColor(0x21, 0x91, 0x8c), 2));
    m_points->setLineStyle(QCPGraph::lsNone);
    m_points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(0xD5, 0x5E, 0x00), 9));
    m_measured->setLineStyle(QCPGraph::lsNone);
    m_measured->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(0x00, 0x72, 0xB2), 2), Qt::white, 9));
    for (QCPItemText *label : {m_decodeLabel, m_prefillLabel, m_measuredLabel}) {
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->position->setType(QCPItemPosition::ptPlotCoords);
        label->setFont(QFont(font().family(), 8));
        label->setPadding(QMargins(4, 0, 0, 2));
    }
    // Below its point: the decode point's label sits above the same x.
    m_measuredLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_measuredLabel->setPadding(QMargins(4, 2, 0, 0));
    m_measuredLabel->setColor(QColor(0x00, 0x72, 0xB2));
    m_plot->setMinimumHeight(150);

    auto *row = new QHBoxLayout;
    row->addWidget(m_meter, 1);
    row->addWidget(m_help, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addWidget(m_plot, 1);

    connect(m_help, &QToolButton::clicked, this, &RooflineView::showExplanation);
    connect(m_session, &ModelSession::busyChanged, this, &RooflineView::onBusy);
    connect(m_session, &ModelSession::computed, this, &RooflineView::onComputed);
    connect(m_session, &ModelSession::modelLoaded, this, &RooflineView::refresh);
    MachineSpeed *speed = MachineSpeed::instance();
    connect(speed, &MachineSpeed::measured, this, &RooflineView::refresh);
    retranslate();
}

core::engine::PassCost RooflineView::decode() const
{
    return m_tokens > 0 ? core::engine::decodeCost(m_traffic, m_tokens) : core::engine::PassCost();
}

double RooflineView::measuredFlops() const
{
    return m_tokens > 0 ? core::engine::achievedFlops(decode(), measuredMsPerToken()) : 0;
}

core::engine::PassCost RooflineView::prefill() const
{
    return m_prompt > 0 ? core::engine::prefillCost(m_traffic, m_prompt) : core::engine::PassCost();
}

// The measurement reads half a gigabyte: only once somebody looks at the meter.
void RooflineView::showEvent(QShowEvent *event)
{
    MachineSpeed::instance()->measure();
    Retranslating<QWidget>::showEvent(event);
}

void RooflineView::onBusy(bool busy)
{
    const int generated = int(m_session->generatedIds().size());
    if (busy) {
        m_pass.start();
        m_passGenerated = generated;
        return;
    }
    // The job ended. computed() follows, but the Generator may start the next token's pass from
    // it before this view hears it: the pass's time and count are kept now.
    m_endedMs = m_pass.isValid() && generated == m_passGenerated ? double(m_pass.nsecsElapsed()) / 1e6 : -1;
    m_endedGenerated = generated;
    m_pass.invalidate();
}

void RooflineView::onComputed()
{
    if (m_endedGenerated == 0) { // a new text: its generation starts again
        m_decodeMs = 0;
        m_decodePasses = 0;
        m_countedThrough = 0;
    } else if (m_endedMs >= 0 && m_endedGenerated > m_countedThrough) {
        // The pass of one generated token (not an edit recomputing the same tokens).
        m_decodeMs += m_endedMs;
        ++m_decodePasses;
        m_countedThrough = m_endedGenerated;
    }
    m_endedMs = -1;
    m_endedGenerated = -1;
    refresh();
}

void RooflineView::refresh()
{
    const core::model::ModelConfig *config = m_session->config();
    const core::model::ForwardRunner *runner = m_session->runner();
    m_causal = config && config->family->causal;
    if (runner && m_session->isComputed()) {
        m_traffic = core::engine::modelTraffic(runner->weights());
        m_tokens = runner->tokenCount();
        m_prompt = m_tokens - std::min(m_tokens, int(m_session->generatedIds().size()));
    } else if (!m_session->hasModel())
        m_tokens = m_prompt = 0;
    if (!m_causal)
        m_tokens = m_prompt = 0;
    m_plot->setEnabled(m_causal);
    m_meter->setText(meterText());

    const MachineSpeed *speed = MachineSpeed::instance();
    const double bandwidth = speed->readBandwidth(), peak = speed->peakFlops();
    QVector<double> xs, ys;
    if (bandwidth > 0 && peak > 0) {
        // The roof: the bandwidth's slope up to the ridge, then the flat compute ceiling.
        const double ridge = peak / bandwidth;
        for (double x : {kMinIntensity, std::clamp(ridge, kMinIntensity, kMaxIntensity), kMaxIntensity}) {
            xs << x;
            ys << core::engine::attainableFlops(x, bandwidth, peak) / 1e9;
        }
    }
    m_roof->setData(xs, ys, true);
    QVector<double> px, py;
    const std::pair<core::engine::PassCost, QCPItemText *> points[]
        = {{decode(), m_decodeLabel}, {prefill(), m_prefillLabel}};
    for (const auto &[cost, label] : points) {
        const bool shown = cost.bytes > 0 && !xs.isEmpty();
        label->setVisible(shown);
        if (!shown)
            continue;
        const double x = cost.intensity(), y = core::engine::attainableFlops(x, bandwidth, peak) / 1e9;
        px << x;
        py << y;
        label->position->setCoords(x, y);
    }
    m_points->setData(px, py, true);
    // The measured point: the last generation's FLOP/s at the decode step's intensity.
    QVector<double> mx, my;
    const double achieved = measuredFlops() / 1e9;
    const bool measured = achieved > 0 && !xs.isEmpty();
    m_measuredLabel->setVisible(measured);
    if (measured) {
        mx << decode().intensity();
        my << achieved;
        m_measuredLabel->position->setCoords(mx.front(), achieved);
    }
    m_measured->setData(mx, my, true);
    if (!ys.isEmpty())
        m_plot->yAxis->setRange(std::min(ys.front(), measured ? achieved : ys.front()) / 2, ys.back() * 3);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString RooflineView::meterText() const
{
    if (!m_session->config())
        return tr("Open a model to see what a decoded token reads.");
    if (!m_causal)
        return tr("This model reads the whole text at once (it is not causal): it does not decode token by token.");
    if (m_tokens == 0)
        return QString();
    const QLocale locale;
    const core::engine::PassCost step = decode();
    QStringList lines;
    lines << tr("A decoded token reads %1 MB: %2 MB of weights and %3 MB of KV cache (%4 tokens).")
                 .arg(megabytes(step.bytes), megabytes(double(m_traffic.weightBytes())),
                     megabytes(double(m_traffic.cacheBytes(m_tokens + 1))))
                 .arg(m_tokens + 1);
    const MachineSpeed *speed = MachineSpeed::instance();
    if (!speed->isMeasured())
        lines << tr("Measuring this machine's read bandwidth…");
    else {
        const double floor = core::engine::floorMs(step.bytes, speed->readBandwidth());
        lines << tr("Read bandwidth %1 GB/s, compute ceiling %2 GFLOP/s (measured here): at least %3 ms/token.")
                     .arg(locale.toString(speed->readBandwidth() / 1e9, 'f', 1),
                         locale.toString(speed->peakFlops() / 1e9, 'f', 0), locale.toString(floor, 'f', 3));
        if (measuredMsPerToken() > 0)
            lines << tr("The last generation took %1 ms/token, %2× that floor.")
                         .arg(locale.toString(measuredMsPerToken(), 'f', 3),
                             locale.toString(measuredMsPerToken() / floor, 'f', 1));
    }
    lines << tr("Intensity: decode %1 FLOP/byte, prefill of the %2 prompt tokens %3 FLOP/byte.")
                 .arg(locale.toString(step.intensity(), 'f', 2))
                 .arg(m_prompt)
                 .arg(locale.toString(prefill().intensity(), 'f', 2));
    return lines.join(QLatin1Char('\n'));
}

QString RooflineView::pageHtml(const QString &language)
{
    // The page's example: a Qwen2.5-0.5B-shaped model in BF16 (24 layers, d 896, 14 heads of 64,
    // 2 key/value heads, MLP 4864, a tied head over 151936 tokens) on a machine reading 20 GB/s.
    constexpr std::int64_t d = 896, kv = 128, inner = 4864, vocab = 151936;
    core::engine::ModelTraffic qwen;
    qwen.layers = 24;
    qwen.heads = 14;
    qwen.kvHeads = 2;
    qwen.headDim = 64;
    qwen.bytesPerWeight = 2;
    qwen.weights = qwen.layers * (2 * d * d + 2 * kv * d + 3 * inner * d) + vocab * d;
    constexpr double bandwidth = 20e9;
    constexpr int prompt = 512;
    const core::engine::PassCost step = core::engine::decodeCost(qwen, prompt);
    const QLocale locale;
    const std::vector<std::pair<const char *, QString>> numbers {
        {"%WEIGHTS%", locale.toString(qlonglong(qwen.weights))},
        {"%WEIGHT_MB%", locale.toString(double(qwen.weightBytes()) / 1e6, 'f', 0)},
        {"%FLOOR_MS%", locale.toString(core::engine::floorMs(double(qwen.weightBytes()), bandwidth), 'f', 1)},
        {"%DECODE_I%", locale.toString(step.intensity(), 'f', 2)},
        {"%PREFILL_I%", locale.toString(core::engine::prefillCost(qwen, prompt).intensity(), 'f', 0)},
        {"%PROMPT%", QString::number(prompt)},
    };
    QString html = ExplanationPanel::pageHtml(QStringLiteral("roofline"), language);
    for (const auto &[key, value] : numbers)
        html.replace(QLatin1String(key), value);
    return html;
}

void RooflineView::showExplanation()
{
    if (!m_page) {
        m_page = new QDialog(this);
        m_page->resize(560, 460);
        auto *browser = new QTextBrowser(m_page);
        browser->setObjectName(QStringLiteral("RooflinePage"));
        auto *layout = new QVBoxLayout(m_page);
        layout->addWidget(browser);
    }
    m_page->setWindowTitle(tr("Prefill, decode and the roofline"));
    m_page->findChild<QTextBrowser *>()->setHtml(pageHtml(Language::instance()->current()));
    m_page->show();
    m_page->raise();
}

void RooflineView::retranslate()
{
    m_plot->xAxis->setLabel(tr("Arithmetic intensity (FLOP/byte)"));
    m_plot->yAxis->setLabel(tr("GFLOP/s"));
    m_decodeLabel->setText(tr("decode"));
    m_prefillLabel->setText(tr("prefill"));
    m_measuredLabel->setText(tr("measured"));
    m_plot->setToolTip(tr("The roofline: a pass doing I FLOP per byte it reads runs at most at min(peak, I × "
                          "bandwidth). Decode sits on the slope (memory-bound), a long prefill under the flat "
                          "ceiling (compute-bound). Both speeds are measured on this machine."));
    m_meter->setToolTip(tr("A decoded token reads every weight it uses once (for a mixture of experts, only the "
                           "experts it is routed to) and the whole KV cache, so it cannot be faster than those bytes "
                           "divided by the read bandwidth."));
    m_help->setToolTip(tr("Why decode is memory-bound and prefill compute-bound"));
    if (m_page && m_page->isVisible())
        showExplanation();
    refresh();
}

} // namespace attnlab::ui
