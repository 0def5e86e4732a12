#pragma once
// The "Why √d_k" tab: the random-sample experiment with its controls, and the current
// scene's scores before and after scaling.

#include "core/experiment/experiments.h"
#include "ui/i18n/retranslating.h"

#include <QTimer>
#include <QWidget>

class QCustomPlot;
class QCPBars;
class QLabel;
class QPushButton;
class QSpinBox;

namespace attnlab::ui {

class Document;
class SqrtDkFigure;

class SqrtDkExperiment : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit SqrtDkExperiment(Document *document, QWidget *parent = nullptr);

    core::SqrtDkOptions options() const;
    void setOptions(const core::SqrtDkOptions &options);
    // Runs the experiment now with the options in the controls.
    void run();

    SqrtDkFigure *figure() const { return m_figure; }
    QCustomPlot *sceneChart() const { return m_sceneChart; }
    QCPBars *rawBars() const { return m_rawBars; }
    QCPBars *scaledBars() const { return m_scaledBars; }

protected:
private:
    void refreshScene();
    void retranslate() override;

    Document *m_document;
    QSpinBox *m_samples;
    QSpinBox *m_seed;
    QSpinBox *m_keys;
    QPushButton *m_runButton;
    QLabel *m_explanation;
    QLabel *m_samplesLabel, *m_seedLabel, *m_keysLabel;
    SqrtDkFigure *m_figure;
    QCustomPlot *m_sceneChart;
    QCPBars *m_rawBars;
    QCPBars *m_scaledBars;
    QTimer m_rerun;
};

} // namespace attnlab::ui
