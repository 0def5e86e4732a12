#pragma once
// Speculative decoding on the open model (issue 32): a smaller draft model of the same vocabulary
// proposes K tokens, the open model checks them in one pass (core/engine/speculative.h). The
// dialog runs greedy generation twice on a worker thread — the open model alone, then with the
// draft — and shows each round: the draft's proposals, the ones the target accepted, where it
// rejected and the token it put instead (or its bonus token), the target passes each way, the
// measured times and the time saved. Both runs read the checkpoint's own weights (the room's
// edits and ablations are not in them) and end with the same text, which the dialog checks.
// Progress and Cancel while it runs; the window never freezes.

#include "core/engine/speculative.h"
#include "ui/i18n/retranslating.h"

#include <QDialog>

#include <atomic>
#include <memory>
#include <vector>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTextBrowser;
class QThread;

namespace attnlab::ui {

class Generator;
class ModelSession;

class SpeculativeDialog : public Retranslating<QDialog> {
    Q_OBJECT
public:
    // `generator` gives the stopping rule of the open model (none: the runs make every token).
    SpeculativeDialog(ModelSession *session, Generator *generator, QWidget *parent = nullptr);
    ~SpeculativeDialog() override;

    // What the last finished run found.
    struct Result {
        QString problem; // why it could not run (empty when it ran)
        std::vector<int> prompt, plain, speculative; // token ids
        std::vector<core::engine::SpeculativeRound> rounds;
        core::engine::SpeculativeCounts counts;
        double plainMs = 0, speculativeMs = 0;
        bool cancelled = false;
    };

    QLineEdit *draftEdit() const { return m_draft; }
    QSpinBox *draftTokensBox() const { return m_draftTokens; }
    QSpinBox *newTokensBox() const { return m_newTokens; }
    QPushButton *runButton() const { return m_run; }
    bool isRunning() const { return m_thread != nullptr; }
    const Result &result() const { return m_result; }
    QString resultHtml() const;

    // Starts both runs on a worker (false while one runs or without a model).
    bool start();
    void cancel();

Q_SIGNALS:
    void finished();

private:
    void retranslate() override;
    void browse();
    void onFinished();

    ModelSession *m_session;
    Generator *m_generator;
    QLabel *m_intro;
    QLabel *m_draftLabel;
    QLineEdit *m_draft;
    QPushButton *m_browse;
    QLabel *m_draftTokensLabel;
    QSpinBox *m_draftTokens;
    QLabel *m_newTokensLabel;
    QSpinBox *m_newTokens;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QProgressBar *m_progress;
    QTextBrowser *m_view;
    QDialogButtonBox *m_buttons;
    QThread *m_thread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_stop;
    std::shared_ptr<Result> m_pending;
    Result m_result;
};

} // namespace attnlab::ui
