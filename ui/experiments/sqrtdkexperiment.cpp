#include "ui/experiments/sqrtdkexperiment.h"

#include "ui/document/examples.h"
#include "ui/i18n/language.h"

#include "ui/document/document.h"
#include "ui/experiments/sqrtdkfigure.h"
#include "ui/plot/chartname.h"

#include "ui/plot/qcp.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace attnlab::ui {

namespace {

constexpr int kHistogramBins = 24;
// The run is synchronous (about half a second at the default 2,000): keep the window responsive.
constexpr int kMaxInteractiveSamples = 20000;

QCPBars *makeBars(QCustomPlot *plot, const QColor &color)
{
    auto *bars = new QCPBars(plot->xAxis, plot->yAxis);
    QColor fill = color;
    fill.setAlpha(110);
    bars->setBrush(fill);
    bars->setPen(QPen(color, 1));
    bars->setWidthType(QCPBars::wtPlotCoords);
    return bars;
}

} // namespace

SqrtDkExperiment::SqrtDkExperiment(Document *document, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_document(document)
    , m_samples(new QSpinBox(this))
    , m_seed(new QSpinBox(this))
    , m_keys(new QSpinBox(this))
    , m_runButton(new QPushButton(this))
    , m_explanation(new QLabel(this))
    , m_samplesLabel(new QLabel(this))
    , m_seedLabel(new QLabel(this))
    , m_keysLabel(new QLabel(this))
    , m_figure(new SqrtDkFigure(this))
    , m_sceneChart(new QCustomPlot(this))
    , m_rawBars(makeBars(m_sceneChart, QColor(QLatin1String("#d6604d"))))
    , m_scaledBars(makeBars(m_sceneChart, QColor(QLatin1String("#2166ac"))))
{
    const core::SqrtDkOptions defaults;
    m_samples->setRange(100, kMaxInteractiveSamples);
    m_samples->setSingleStep(500);
    m_samples->setValue(defaults.samples);
    m_samples->setGroupSeparatorShown(true);
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(int(defaults.seed));
    m_keys->setRange(2, core::kMaxSqrtDkKeys);
    m_keys->setValue(defaults.keys);
    m_samplesLabel->setBuddy(m_samples);
    m_seedLabel->setBuddy(m_seed);
    m_keysLabel->setBuddy(m_keys);
    m_explanation->setWordWrap(true);
    m_explanation->setTextFormat(Qt::PlainText);

    auto *controls = new QHBoxLayout;
    for (QWidget *w : std::initializer_list<QWidget *> {
             m_samplesLabel, m_samples, m_seedLabel, m_seed, m_keysLabel, m_keys, m_runButton})
        controls->addWidget(w);
    controls->addStretch(1);

    m_sceneChart->legend->setVisible(true);
    m_sceneChart->legend->setFont(QFont(font().family(), 8));
    m_sceneChart->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | Qt::AlignTop);
    m_sceneChart->setMinimumHeight(160);
    setChartExportName(m_sceneChart, QStringLiteral("scene-scores"));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_explanation);
    layout->addWidget(m_figure, 3);
    layout->addWidget(m_sceneChart, 2);

    m_rerun.setSingleShot(true);
    m_rerun.setInterval(400);
    connect(&m_rerun, &QTimer::timeout, this, &SqrtDkExperiment::run);
    for (QSpinBox *box : {m_samples, m_seed, m_keys})
        connect(box, &QSpinBox::valueChanged, this, [this] { m_rerun.start(); });
    connect(m_runButton, &QPushButton::clicked, this, &SqrtDkExperiment::run);
    connect(m_document, &Document::stagesChanged, this, &SqrtDkExperiment::refreshScene);
    connect(m_document, &Document::sceneReset, this, &SqrtDkExperiment::refreshScene);

    retranslate();
    run();
    refreshScene();
}

core::SqrtDkOptions SqrtDkExperiment::options() const
{
    core::SqrtDkOptions o;
    o.samples = m_samples->value();
    o.seed = std::uint32_t(m_seed->value());
    o.keys = m_keys->value();
    return o;
}

void SqrtDkExperiment::setOptions(const core::SqrtDkOptions &o)
{
    m_samples->setValue(o.samples);
    m_seed->setValue(int(o.seed));
    m_keys->setValue(o.keys);
    run();
}

void SqrtDkExperiment::run()
{
    m_rerun.stop();
    const core::SqrtDkOptions o = options();
    // A second or so at the largest sample counts: say so rather than look frozen.
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const std::vector<core::SqrtDkPoint> points = core::sqrtDkExperiment(o);
    QApplication::restoreOverrideCursor();
    m_figure->setResult(points, o);
}

void SqrtDkExperiment::refreshScene()
{
    std::vector<double> raw, scaled;
    core::collectScores(m_document->stages(), &raw, &scaled);
    core::Histogram hr, hs;
    core::sharedHistograms(raw, scaled, kHistogramBins, &hr, &hs);
    QVector<double> keys, rawCounts, scaledCounts;
    int top = 1;
    for (int b = 0; b < int(hr.counts.size()); ++b) {
        keys << hr.binCenter(b);
        rawCounts << hr.counts[size_t(b)];
        scaledCounts << hs.counts[size_t(b)];
        top = std::max({top, hr.counts[size_t(b)], hs.counts[size_t(b)]});
    }
    m_rawBars->setWidth(hr.binWidth());
    m_scaledBars->setWidth(hr.binWidth());
    m_rawBars->setData(keys, rawCounts, true);
    m_scaledBars->setData(keys, scaledCounts, true);
    m_sceneChart->xAxis->setRange(hr.lo - hr.binWidth(), hr.hi + hr.binWidth());
    m_sceneChart->yAxis->setRange(0, top * 1.15);

    const QLocale locale;
    const core::Scene &scene = m_document->scene();
    m_rawBars->setName(tr("scores Q·Kᵀ (variance %1)").arg(locale.toString(core::variance(raw), 'f', 3)));
    m_scaledBars->setName(tr("scaled ÷ %1 (variance %2)")
                              .arg(locale.toString(double(core::divisor(scene)), 'f', 3),
                                  locale.toString(core::variance(scaled), 'f', 3)));
    m_sceneChart->xAxis->setLabel(tr("score of a query–key pair in “%1” (all heads, d_k = %2)")
                                      .arg(sceneTitle(scene, currentLanguage()))
                                      .arg(scene.keyDim()));
    m_sceneChart->replot(QCustomPlot::rpQueuedReplot);
}

void SqrtDkExperiment::retranslate()
{
    m_samplesLabel->setText(tr("&Samples:"));
    m_seedLabel->setText(tr("S&eed:"));
    m_keysLabel->setText(tr("&Keys:"));
    m_runButton->setText(tr("&Run again"));
    m_samples->setToolTip(tr("How many random (q, k) pairs are drawn for each d_k; more samples, smoother lines"));
    m_seed->setToolTip(tr("Seed of the random generator: the same seed always gives the same figure"));
    m_keys->setToolTip(tr("How many random keys each query is compared with in the softmax panel"));
    m_runButton->setToolTip(tr("Draw the samples again and redraw the figure"));
    m_explanation->setText(
        tr("q and k each have d_k independent components of mean 0 and variance 1, so q·k adds up d_k "
           "products of mean 0 and variance 1 and its variance is d_k. Dividing by √d_k brings the variance back to 1 "
           "whatever d_k "
           "is. Without the division, large d_k makes the logits huge and softmax hands almost all of the "
           "weight to a single key (right panel), which also leaves almost no gradient to learn from."));
    m_figure->setToolTip(tr("Left: variance of the score against d_k (both axes logarithmic). Right: the mean "
                            "largest softmax weight; 1 means one key takes everything. Right-click to export."));
    m_sceneChart->setToolTip(tr("Histogram of the current scene's scores before and after scaling. "
                                "Right-click to export."));
    m_sceneChart->yAxis->setLabel(tr("number of pairs"));
    refreshScene();
}

} // namespace attnlab::ui
