#pragma once
// Prefill, decode and the roofline, beside generation (issue 32 §4): the bytes of weights and KV
// cache a decoded token reads (core::engine::decodeCost for the open model at its current
// length), the machine's read bandwidth (MachineSpeed, measured once on a thread of its own when
// the view is first shown), the floor in ms/token that gives, and the ms/token the last
// generation measured beside it. Below, a log-log roofline: arithmetic intensity (FLOP per byte)
// across, GFLOP/s up, the bandwidth's slope meeting the measured compute ceiling, and the points
// of a decode step and of the prompt's prefill for the open model, each at the height the roof
// allows it, and beside the decode point the measured one: the FLOP/s the last generation achieved
// (a decode step's work over its measured ms/token), under the roof by the time lost.

#include "core/engine/roofline.h"
#include "ui/i18n/retranslating.h"

#include <QElapsedTimer>
#include <QWidget>

class QCPGraph;
class QCPItemText;
class QCustomPlot;
class QDialog;
class QLabel;
class QToolButton;

namespace attnlab::ui {

class ModelSession;

class RooflineView : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit RooflineView(ModelSession *session, QWidget *parent = nullptr);

    // The numbers shown: the model's traffic, the decode step at the current length and the
    // prompt's prefill (zero without a computed causal model), and the measured ms/token of the
    // last generation (0 before one).
    const core::engine::ModelTraffic &traffic() const { return m_traffic; }
    core::engine::PassCost decode() const;
    core::engine::PassCost prefill() const;
    double measuredMsPerToken() const { return m_decodePasses > 0 ? m_decodeMs / m_decodePasses : 0; }
    // The FLOP/s the last generation achieved at the decode step's intensity; 0 before one.
    double measuredFlops() const;
    QString meterText() const;
    QCustomPlot *plot() const { return m_plot; }
    QCPGraph *roofGraph() const { return m_roof; }
    QCPGraph *pointsGraph() const { return m_points; }
    QCPGraph *measuredGraph() const { return m_measured; }
    // The explanation page in `language`, its example's numbers computed by the core.
    static QString pageHtml(const QString &language);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void retranslate() override;
    void refresh();
    void onBusy(bool busy);
    void onComputed();
    void showExplanation();

    ModelSession *m_session;
    QLabel *m_meter;
    QToolButton *m_help;
    QCustomPlot *m_plot;
    QCPGraph *m_roof;
    QCPGraph *m_points;
    QCPGraph *m_measured;
    QCPItemText *m_decodeLabel;
    QCPItemText *m_measuredLabel;
    QCPItemText *m_prefillLabel;
    QDialog *m_page = nullptr;
    core::engine::ModelTraffic m_traffic;
    int m_tokens = 0, m_prompt = 0;
    bool m_causal = false;
    // Timing of the passes: the session's job from busy to not busy, with the generated tokens
    // when it started and ended (a pass of a generated token reads the same count at both ends).
    QElapsedTimer m_pass;
    int m_passGenerated = 0;
    double m_endedMs = -1;
    int m_endedGenerated = -1;
    int m_countedThrough = 0; // the last generated token whose pass was timed
    double m_decodeMs = 0;
    int m_decodePasses = 0;
};

} // namespace attnlab::ui
