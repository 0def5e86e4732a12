#pragma once
// The translation view's model and its runs, on a worker thread so the window never freezes:
// opening a Marian folder (a hub-cache id opens its snapshot), then one translation at a time by
// core/translate's search (greedy or beam). After each step the tokens so far (beam search: the
// best running beam's) and every head of the encoder's, the decoder's and the cross-attention over
// them are reported, so the views grow with the translation. One job at a time; Cancel stops a
// translation at its next token.

#include "core/translate/beamsearch.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

class QThread;

namespace attnlab::ui {

class TranslationRun : public QObject {
    Q_OBJECT
public:
    struct Result {
        QString problem; // why it could not run (empty when it ran)
        core::translate::Translation translation;
        double score = 0; // the search's score (beamsearch.h)
        std::vector<std::string> sourcePieces; // the vocabulary strings of translation.sourceIds
        // Every head over the source and [decoder start] + the generated tokens but the last, so
        // that decoder row i is the query that made token i: encoder source × source, decoder
        // generated × generated (causal), cross generated × source; [layer][head].
        core::translate::TranslationModel::AttentionMaps maps;
    };

    explicit TranslationRun(QObject *parent = nullptr);
    ~TranslationRun() override;

    // Opens folder (or hub id) `dir` on the worker; opened() when done. False while busy.
    bool open(const QString &dir);
    // Translates `text` on the worker; progressed() per token, finished() at the end. False while
    // busy or without a model.
    bool start(const QString &text, const core::translate::SearchOptions &options);
    void cancel();
    bool isBusy() const { return m_thread != nullptr; }

    // The open model (null before one opened) and the folder it came from.
    const core::translate::TranslationModel *model() const { return m_model.get(); }
    QString folder() const { return m_folder; }
    // Why the last open failed (empty when it did not).
    QString openProblem() const { return m_openProblem; }
    const Result &result() const { return m_result; }
    // What the views show: while a translation runs, its tokens and maps so far (no score yet);
    // otherwise result().
    const Result &current() const { return isBusy() && m_live ? *m_live : m_result; }
    // The tokens of the running translation so far.
    const std::vector<core::translate::GeneratedToken> &partial() const { return m_partial; }
    // Blocks until the running job ends (for tests and shutdown).
    void wait();

Q_SIGNALS:
    void opened();
    void progressed();
    void finished();

private:
    void launch(QThread *thread, const std::function<void()> &done);

    std::shared_ptr<const core::translate::TranslationModel> m_model;
    QString m_folder, m_openProblem;
    Result m_result;
    std::shared_ptr<const Result> m_live; // the running translation's last report
    std::vector<core::translate::GeneratedToken> m_partial;
    std::shared_ptr<std::atomic<bool>> m_stop;
    QThread *m_thread = nullptr;
};

} // namespace attnlab::ui
