#pragma once
// The √d_k figure: variance of q·k with and without scaling against d_k (log axes), and beside
// it the mean largest softmax weight with and without scaling. One chart, so it exports (and
// renders from the command line) as one picture.

#include "core/experiment/experiments.h"
#include "ui/i18n/retranslating.h"

#include "ui/plot/qcp.h"

namespace attnlab::ui {

class SqrtDkFigure : public Retranslating<QCustomPlot> {
    Q_OBJECT
public:
    explicit SqrtDkFigure(QWidget *parent = nullptr);

    void setResult(const std::vector<core::SqrtDkPoint> &points, const core::SqrtDkOptions &options);

    // For tests: the plotted series.
    QCPGraph *rawVarianceGraph() const { return m_rawVariance; }
    QCPGraph *scaledVarianceGraph() const { return m_scaledVariance; }
    QCPGraph *rawMaxWeightGraph() const { return m_rawMax; }
    QCPGraph *scaledMaxWeightGraph() const { return m_scaledMax; }
    QString titleText() const { return m_title->text(); }

protected:
private:
    void retranslate() override;

    core::SqrtDkOptions m_options;
    QCPTextElement *m_title;
    QCPAxisRect *m_varianceRect;
    QCPAxisRect *m_weightRect;
    QCPGraph *m_rawVariance, *m_scaledVariance, *m_theoryRaw, *m_theoryScaled;
    QCPGraph *m_rawMax, *m_scaledMax, *m_uniform;
};

} // namespace attnlab::ui
