#pragma once
// The KV cache's eviction policy, as a learner switches it (issue 32): the whole cache; a window
// of the last W tokens; or that window plus the first S tokens kept as attention sinks
// (StreamingLLM). The choice goes to the session (ModelSession::setCachePolicy), so every pass —
// the heatmaps, the prediction, generation — runs under it: an evicted key gets weight exactly 0
// and shows as masked, and the prediction panel compares with the prediction before the change.
// A line says what the newest token still sees and how many rows an engine keeps per layer.

#include "ui/i18n/retranslating.h"

#include <QWidget>

class QComboBox;
class QDialog;
class QToolButton;
class QLabel;
class QSpinBox;

namespace attnlab::ui {

class ModelSession;

class CachePolicyBar : public Retranslating<QWidget> {
    Q_OBJECT
public:
    enum Policy { WholeCache, Window, WindowAndSinks };

    explicit CachePolicyBar(ModelSession *session, QWidget *parent = nullptr);

    // StreamingLLM keeps 4 sinks; a window of 8 already evicts keys in a sentence of 12 tokens.
    static constexpr int kDefaultWindow = 8;
    static constexpr int kDefaultSinks = 4;

    Policy policy() const;
    void setPolicy(Policy policy, int window = kDefaultWindow, int sinks = kDefaultSinks);
    QComboBox *policyBox() const { return m_policy; }
    QSpinBox *windowBox() const { return m_window; }
    QSpinBox *sinksBox() const { return m_sinks; }
    QString summaryText() const;

private:
    void retranslate() override;
    void apply();
    void fromSession();
    void showExplanation();

    ModelSession *m_session;
    QLabel *m_title;
    QComboBox *m_policy;
    QLabel *m_windowLabel;
    QSpinBox *m_window;
    QLabel *m_sinksLabel;
    QSpinBox *m_sinks;
    QLabel *m_summary;
    QToolButton *m_help;
    QDialog *m_page = nullptr;
    bool m_updating = false;
};

} // namespace attnlab::ui
