#pragma once
// The "Temperature" tab: a slider on the divisor of the current scene, from 0.1× to 10× of
// √d_k, with the weights of the current head and each query row's entropy updating live. It
// starts at the scene's own divisor (√d_k, 1 or a custom one), so it first shows the board's weights.

#include "ui/i18n/retranslating.h"

#include <QWidget>

class QCustomPlot;
class QCPBars;
class QCPGraph;
class QLabel;
class QPushButton;
class QSlider;

namespace attnlab::ui {

class Document;
class MatrixPlot;

class TemperatureExperiment : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit TemperatureExperiment(Document *document, QWidget *parent = nullptr);

    // The divisor as a multiple of √d_k (0.1 … 10 on the slider, which is logarithmic; the
    // scene's own divisor exactly, whatever it is, until the slider moves).
    double factor() const { return m_factor; }
    void setFactor(double factor);

    QSlider *slider() const { return m_slider; }
    MatrixPlot *weightsPlot() const { return m_weights; }
    QCustomPlot *entropyChart() const { return m_entropyChart; }
    QCPBars *entropyBars() const { return m_entropyBars; }

    static constexpr int kSliderSteps = 200; // 100 steps per factor of ten

protected:
private:
    void refresh();
    void retranslate() override;
    // Starts again from the scene's own divisor.
    void startFromScene();
    void setSliderQuietly(double factor);

    Document *m_document;
    QSlider *m_slider;
    QLabel *m_sliderLabel;
    QLabel *m_value;
    QLabel *m_explanation;
    QPushButton *m_coldButton, *m_normalButton, *m_hotButton;
    MatrixPlot *m_weights;
    QCustomPlot *m_entropyChart;
    QCPBars *m_entropyBars;
    QCPGraph *m_maxEntropy;
    double m_factor = 1;
};

} // namespace attnlab::ui
