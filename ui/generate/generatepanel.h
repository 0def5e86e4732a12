#pragma once
// The model room's Generate control: Next Token (one step) and Generate N with Stop, the
// sampling settings (temperature, top-k, top-p, repetition penalty, seed; a loaded model's
// generation_config.json sets their starting values, and a line says so), the generated tokens as chips (each with
// its probability; its tooltip lists the alternatives the model weighed), a progress bar while a
// pass runs, and beside them the sampling chart and the KV cache, per layer and in paged blocks,
// and the roofline meter.

#include "ui/i18n/retranslating.h"

#include <QWidget>

#include <vector>

class QAction;
class QDoubleSpinBox;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QScrollArea;
class QSpinBox;
class QTabWidget;
class QToolButton;

namespace attnlab::ui {

class Generator;
class KvCachePanel;
class PagedCacheView;
class RooflineView;
class ModelSession;
class SamplingChart;
class SpeculativeDialog;

class GeneratePanel : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit GeneratePanel(ModelSession *session, QWidget *parent = nullptr);

    Generator *generator() const { return m_generator; }
    SamplingChart *chart() const { return m_chart; }
    KvCachePanel *cachePanel() const { return m_cache; }
    PagedCacheView *pagedView() const { return m_paged; }
    RooflineView *rooflineView() const { return m_roofline; }
    QTabWidget *cacheTabs() const { return m_cacheTabs; }
    QAction *stepAction() const { return m_step; }
    QAction *runAction() const { return m_run; }
    QAction *stopAction() const { return m_stop; }
    QAction *speculativeAction() const { return m_speculative; }
    // The speculative decoding dialog (made on first use; shown by speculativeAction()).
    SpeculativeDialog *speculativeDialog();
    QDoubleSpinBox *temperatureBox() const { return m_temperature; }
    QSpinBox *topKBox() const { return m_topK; }
    QDoubleSpinBox *topPBox() const { return m_topP; }
    QDoubleSpinBox *repetitionPenaltyBox() const { return m_penalty; }
    // Where the settings' starting values came from (the model's generation_config.json, or the
    // app's greedy defaults).
    QString defaultsText() const;
    QSpinBox *countBox() const { return m_count; }
    QSpinBox *seedBox() const { return m_seed; }
    // The row of chips; it follows the newest token as it comes (classroom trial, issue 36 item 5).
    QScrollArea *chipScroll() const { return m_chipScroll; }
    // The chips' texts and tooltips, in order.
    QStringList chipTexts() const;
    QStringList chipToolTips() const;
    // Why the last run ended early ("" when it did not): the model's end token; or why the model
    // cannot generate (its generation_config.json cannot be read).
    QString statusText() const;

private:
    // The tooltip of the chip of step `index`: its probability and the alternatives it beat.
    QString chipToolTip(size_t index) const;
    void retranslate() override;
    void retranslateProgress();
    void setProgress(int percent);
    void refreshActions();
    void refreshChips();
    void refreshStatus();
    void applySettings();
    // The loaded model's defaults into the boxes.
    void loadDefaults();
    void showSpeculative();

    ModelSession *m_session;
    Generator *m_generator;
    SamplingChart *m_chart;
    KvCachePanel *m_cache;
    PagedCacheView *m_paged;
    RooflineView *m_roofline;
    QTabWidget *m_cacheTabs;
    QAction *m_step;
    QAction *m_run;
    QAction *m_stop;
    QToolButton *m_stepButton;
    QToolButton *m_runButton;
    QToolButton *m_stopButton;
    QAction *m_speculative;
    QToolButton *m_speculativeButton;
    SpeculativeDialog *m_speculativeDialog = nullptr;
    bool m_followChips = true;
    QLabel *m_countLabel;
    QLabel *m_temperatureLabel;
    QLabel *m_topKLabel;
    QLabel *m_topPLabel;
    QLabel *m_seedLabel;
    QLabel *m_penaltyLabel;
    QLabel *m_defaults;
    QSpinBox *m_count;
    QDoubleSpinBox *m_temperature;
    QDoubleSpinBox *m_penalty;
    QSpinBox *m_topK;
    QDoubleSpinBox *m_topP;
    QSpinBox *m_seed;
    QProgressBar *m_progress;
    int m_runFirstStep = -1; // steps() before the run under way (or whose last pass runs), else −1
    QLabel *m_status;
    QLabel *m_chipsTitle;
    QScrollArea *m_chipScroll;
    QWidget *m_chipBox;
    QHBoxLayout *m_chipLayout;
    std::vector<int> m_chipIds; // the token of each chip shown, in order
    QLabel *m_chartTitle;
    QLabel *m_cacheTitle;
};

} // namespace attnlab::ui
