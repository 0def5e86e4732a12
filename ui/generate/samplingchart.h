#pragma once
// A live bar chart of the distribution the next token is drawn from: the model's most likely
// tokens at the current prediction, each bar the token's probability after the temperature
// (softmax of logits ÷ T; the model's own probabilities at T = 0 and 1), coloured by whether
// top-k and top-p keep it (the sampling distribution of core/model/sampling gives it a share
// above 0) or cut it. Greedy keeps only the most likely token. The bars are made once and their
// data replaced on every change (qt-mvvm's plot controllers).

#include "core/generate/logitrules.h"
#include "core/model/sampling.h"
#include "core/types.h"
#include "ui/i18n/retranslating.h"

#include <QStringList>
#include <QWidget>

class QCustomPlot;
class QCPBars;
class QLabel;

namespace attnlab::ui {

class ModelSession;

class SamplingChart : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit SamplingChart(ModelSession *session, QWidget *parent = nullptr);

    static constexpr int kBars = 16;
    // The plot's least height: bars, token labels and the legend row above them.
    static constexpr int kMinimumHeight = 220;
    // The sampling settings and the logits rules (repetition penalty, banned sequences) applied
    // before them, set together so a change redraws once: with any rule active, the bars are the
    // probabilities after the rules.
    void setSettings(const core::model::SamplingSettings &settings, const core::generate::LogitRules &rules);

    // What the chart shows now, most likely first: token ids, their bar heights, kept or cut.
    const std::vector<int> &ids() const { return m_ids; }
    const std::vector<double> &heights() const { return m_heights; }
    const std::vector<bool> &kept() const { return m_kept; }
    // Tokens of the whole vocabulary that the cut keeps (the chart shows at most kBars).
    int keptInVocabulary() const { return m_keptInVocabulary; }
    // The number line under the chart ("keeps 3 of 50257 tokens, 81.2 % of the probability").
    QString summary() const;
    // The legend's name of the grey bars: under greedy decoding they are the tokens not chosen,
    // otherwise the ones top-k or top-p cut.
    QString cutName() const;
    QCustomPlot *plot() const { return m_plot; }

private:
    void retranslate() override;
    void refresh();
    void redraw();
    // Before each replot: as many tick labels on each axis as the chart's size keeps apart.
    void fitTicks();

    ModelSession *m_session;
    core::model::SamplingSettings m_settings;
    core::generate::LogitRules m_rules;
    QCustomPlot *m_plot;
    QCPBars *m_keptBars;
    QCPBars *m_cutBars;
    QLabel *m_summary;
    std::vector<int> m_ids;
    std::vector<double> m_heights;
    std::vector<bool> m_kept;
    QStringList m_labels;
    int m_keptInVocabulary = 0;
    int m_vocabulary = 0;
    double m_keptMass = 0;
};

} // namespace attnlab::ui
