#include "ui/experiments/temperatureexperiment.h"

#include "core/experiment/experiments.h"
#include "core/text/chain.h"
#include "ui/document/document.h"
#include "ui/plot/chartname.h"
#include "ui/plot/matrixplot.h"

#include "ui/plot/qcp.h"
#include "ui/plot/stageinfo.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>

#include <cmath>

namespace attnlab::ui {

TemperatureExperiment::TemperatureExperiment(Document *document, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_document(document)
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_sliderLabel(new QLabel(this))
    , m_value(new QLabel(this))
    , m_explanation(new QLabel(this))
    , m_coldButton(new QPushButton(this))
    , m_normalButton(new QPushButton(this))
    , m_hotButton(new QPushButton(this))
    , m_weights(new MatrixPlot(this))
    , m_entropyChart(new QCustomPlot(this))
    , m_entropyBars(new QCPBars(m_entropyChart->xAxis, m_entropyChart->yAxis))
    , m_maxEntropy(m_entropyChart->addGraph())
{
    m_slider->setRange(0, kSliderSteps);
    m_slider->setValue(kSliderSteps / 2);
    m_slider->setPageStep(10);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setTickInterval(kSliderSteps / 2);
    m_sliderLabel->setBuddy(m_slider);
    m_value->setMinimumWidth(m_value->fontMetrics().horizontalAdvance(QStringLiteral("÷ 00.000 = 0.00 × √000")));
    m_explanation->setWordWrap(true);
    m_coldButton->setShortcut(QKeySequence(Qt::ALT | Qt::Key_1));
    m_normalButton->setShortcut(QKeySequence(Qt::ALT | Qt::Key_2));
    m_hotButton->setShortcut(QKeySequence(Qt::ALT | Qt::Key_3));

    m_weights->setFixedRange(0, 1);
    m_weights->setExportName(QStringLiteral("temperature-weights"));

    m_entropyBars->setBrush(QColor(QLatin1String("#21918c")));
    m_entropyBars->setPen(Qt::NoPen);
    m_entropyBars->setWidth(0.6);
    m_maxEntropy->setLineStyle(QCPGraph::lsNone);
    m_maxEntropy->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssPlus, QPen(Qt::black, 1.5), Qt::NoBrush, 14));
    m_entropyChart->xAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    m_entropyChart->xAxis->grid()->setVisible(false);
    m_entropyChart->legend->setVisible(true);
    m_entropyChart->legend->setFont(QFont(font().family(), 8));
    m_entropyChart->setMinimumSize(240, 200);
    setChartExportName(m_entropyChart, QStringLiteral("temperature-entropy"));

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_sliderLabel);
    controls->addWidget(m_slider, 1);
    controls->addWidget(m_value);
    controls->addWidget(m_coldButton);
    controls->addWidget(m_normalButton);
    controls->addWidget(m_hotButton);

    auto *charts = new QHBoxLayout;
    charts->addWidget(m_weights, 1);
    charts->addWidget(m_entropyChart, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_explanation);
    layout->addLayout(charts, 1);

    connect(m_slider, &QSlider::valueChanged, this, [this](int value) {
        // Slider 0 … kSliderSteps ↦ 10^−1 … 10^1.
        m_factor = std::pow(10.0, 2.0 * value / kSliderSteps - 1.0);
        refresh();
    });
    connect(m_coldButton, &QPushButton::clicked, this, [this] { setFactor(0.1); });
    connect(m_normalButton, &QPushButton::clicked, this, [this] { setFactor(1.0); });
    connect(m_hotButton, &QPushButton::clicked, this, [this] { setFactor(10.0); });
    connect(m_document, &Document::stagesChanged, this, &TemperatureExperiment::refresh);
    connect(m_document, &Document::sceneReset, this, &TemperatureExperiment::startFromScene);
    connect(m_document, &Document::sceneChanged, this, [this](const core::Edit &edit) {
        if (edit.target == core::Edit::Target::Scale || edit.target == core::Edit::Target::Everything)
            startFromScene();
    });
    connect(m_document, &Document::currentHeadChanged, this, &TemperatureExperiment::refresh);
    connect(m_document, &Document::selectionChanged, this, &TemperatureExperiment::refresh);

    startFromScene();
    retranslate();
}

void TemperatureExperiment::setSliderQuietly(double factor)
{
    const QSignalBlocker block(m_slider);
    m_slider->setValue(int(std::lround((std::log10(std::clamp(factor, 0.1, 10.0)) + 1.0) * kSliderSteps / 2.0)));
}

void TemperatureExperiment::setFactor(double factor)
{
    m_factor = std::clamp(factor, 0.1, 10.0);
    setSliderQuietly(m_factor);
    refresh();
}

void TemperatureExperiment::startFromScene()
{
    const core::Scene &scene = m_document->scene();
    const double root = double(core::sqrtDk(scene));
    m_factor = root > 0 ? double(core::divisor(scene)) / root : 1.0;
    setSliderQuietly(m_factor);
    refresh();
}

void TemperatureExperiment::refresh()
{
    const core::Scene &scene = m_document->scene();
    const core::Stages &stages = m_document->stages();
    if (stages.heads.empty())
        return;
    const int head = std::clamp(m_document->currentHead(), 0, int(stages.heads.size()) - 1);
    const double f = factor();
    const core::Scalar divisor = core::sqrtDk(scene) * core::Scalar(f);
    const core::Matrix weights = core::weightsAtDivisor(scene, stages, head, divisor);
    const QStringList tokens = tokenLabels(scene);
    m_weights->setMatrix(weights, tokens, tokens);
    m_weights->setHighlightedRow(m_document->selection().row);

    const QLocale locale;
    m_value->setText(QStringLiteral("÷ ")
        + QString::fromStdString(
            core::Chain().number(divisor).equals().number(f, 2).times().root(scene.keyDim()).text()));
    m_weights->setTitle(scene.headCount() > 1
            ? tr("Weights of head %1 with the scores divided by %2")
                  .arg(head + 1)
                  .arg(locale.toString(double(divisor), 'f', 3))
            : tr("Weights with the scores divided by %1").arg(locale.toString(double(divisor), 'f', 3)));

    const std::vector<double> entropy = core::rowEntropy(weights);
    const std::vector<double> top = core::maxRowEntropy(scene);
    QVector<double> x, h, hmax;
    QMap<double, QString> ticks;
    double highest = 1;
    for (int r = 0; r < int(entropy.size()); ++r) {
        x << r;
        h << entropy[size_t(r)];
        hmax << top[size_t(r)];
        ticks.insert(r, tokens.value(r));
        highest = std::max(highest, top[size_t(r)]);
    }
    m_entropyBars->setData(x, h, true);
    m_maxEntropy->setData(x, hmax, true);
    m_entropyChart->xAxis->ticker().staticCast<QCPAxisTickerText>()->setTicks(ticks);
    m_entropyChart->xAxis->setRange(-0.6, entropy.size() - 0.4);
    m_entropyChart->yAxis->setRange(0, highest * 1.25);
    m_entropyChart->replot(QCustomPlot::rpQueuedReplot);
}

void TemperatureExperiment::retranslate()
{
    m_sliderLabel->setText(tr("&Divisor:"));
    m_slider->setToolTip(tr("Divide the scores by 0.1× to 10× of √d_k; the weights and entropies follow live. "
                            "Arrow keys step, Page Up/Down jump."));
    m_value->setToolTip(tr("The divisor in use, and as a multiple of √d_k"));
    m_coldButton->setText(tr("0.1×"));
    m_normalButton->setText(tr("1×"));
    m_hotButton->setText(tr("10×"));
    m_coldButton->setToolTip(tr("Divisor 0.1 × √d_k: sharper rows, closer to one-hot (Alt+1)"));
    m_normalButton->setToolTip(tr("Divisor √d_k, the usual scaling (Alt+2)"));
    m_hotButton->setToolTip(tr("Divisor 10 × √d_k: flat, nearly uniform rows (Alt+3)"));
    // The example's numbers are computed: each score ÷ the divisor is a checked chain.
    constexpr double exampleScores[] = {2, 0, 1}, exampleDivisor = 0.1;
    QStringList before, after;
    QString divisorText;
    for (double score : exampleScores) {
        const std::vector<std::string> t = core::Chain()
                                               .compact(score)
                                               .divide()
                                               .compact(exampleDivisor)
                                               .equals()
                                               .compact(score / exampleDivisor)
                                               .terms();
        before << QString::fromStdString(t[0]);
        divisorText = QString::fromStdString(t[1]);
        after << QString::fromStdString(t[2]);
    }
    m_explanation->setText(tr("Dividing the scores by a smaller number stretches their differences: scores [%1] "
                              "divided by %2 become [%3] and softmax gives nearly everything to the largest. A "
                              "larger divisor squeezes the differences and the weights even out. Entropy measures "
                              "how spread a row is: 0 bits for one-hot, log₂ of the number of visible keys for "
                              "uniform.")
                               .arg(before.join(QStringLiteral(", ")), divisorText, after.join(QStringLiteral(", "))));
    m_weights->setToolTip(tr("Weights of the current head at this divisor (row = query, column = key). "
                             "Right-click to export."));
    m_entropyChart->setToolTip(tr("Entropy of each query row's weights in bits; + marks the uniform maximum. "
                                  "Right-click to export."));
    m_entropyBars->setName(tr("entropy of the row"));
    m_maxEntropy->setName(tr("maximum (uniform row)"));
    m_entropyChart->yAxis->setLabel(tr("entropy (bits)"));
    m_entropyChart->xAxis->setLabel(tr("query token"));
    refresh();
}

} // namespace attnlab::ui
