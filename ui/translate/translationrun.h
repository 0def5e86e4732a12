#pragma once
// The translation view's model and its runs, on a worker thread so the window never freezes:
// opening a Marian folder (a hub-cache id opens its snapshot), then one translation at a time by
// core/translate's search (greedy or beam), its tokens reported as they are made, and at the end
// every cross-attention head over the finished translation. One job at a time; Cancel stops a
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
        // [layer][head] → generated tokens × source tokens: row i is the query that made token i.
        std::vector<std::vector<core::Matrix>> cross;
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
    std::vector<core::translate::GeneratedToken> m_partial;
    std::shared_ptr<std::atomic<bool>> m_stop;
    QThread *m_thread = nullptr;
};

} // namespace attnlab::ui
