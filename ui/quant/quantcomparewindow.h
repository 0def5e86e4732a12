#pragma once
// Tools → Same Head, Several Files… (issue 34): one head of one model on one text, computed from
// two or three GGUF files of that model (the open model, then files the user adds: an F32 or
// BF16 original, Q8_0, Q4_K …). One row per file: its type, bits per weight, file size, memory
// and measured decode speed; the head's scores, weights and context; its weights minus the first
// file's; and its next-token prediction, with how it changed from the first file's.
//
// Loading, computing and the speed measure (a short greedy generation per file, on demand) run
// on a worker thread; a progress dialog with Cancel appears past half a second. The first file's
// tokenizer (from its GGUF metadata) splits the text for all of them.

#include "ui/quant/comparefile.h"

#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QLineEdit;
class QProgressDialog;
class QPushButton;
class QSpinBox;
class QGridLayout;
class QThread;

namespace attnlab::ui {

class MatrixPlot;

class QuantCompareWindow : public QWidget {
    Q_OBJECT
public:
    enum class Plot { Scores, Weights, Context, Difference };
    static constexpr int kMaxFiles = 3;
    // Tokens generated (after the text) to measure a file's decode speed.
    static constexpr int kMeasureTokens = 16;

    explicit QuantCompareWindow(QWidget *parent = nullptr);
    ~QuantCompareWindow() override;

    // Adds the GGUF file at `path` (loaded and computed on the worker). False, changing nothing,
    // while busy or when kMaxFiles are shown; a file that cannot be loaded or is another model
    // is refused when its load ends (problem() says why).
    bool addFile(const QString &path);
    // Removes the last file added (not while busy).
    void removeLastFile();
    // The text and the head (0-based) to show; recomputed on the worker.
    void setText(const QString &text);
    void setHead(int layer, int head);
    // Measures every file's decode speed (kMeasureTokens greedy tokens after the text).
    void measure();
    // Stops the job running (the worker checks between layers).
    void cancel();

    bool isBusy() const { return m_thread != nullptr; }
    int fileCount() const { return int(m_files.size()); }
    // File `i` (not while busy): its weights, runner, cost and head.
    const CompareFile &file(int i) const { return *m_files.at(size_t(i)); }
    const std::vector<int> &tokenIds() const { return m_ids; }
    QString text() const;
    int layer() const;
    int head() const;
    MatrixPlot *plot(int file, Plot which) const;
    QString factsText(int file) const;
    QString predictionText(int file) const;
    QString problem() const { return m_problem ? m_problem() : QString(); }

Q_SIGNALS:
    // A job finished (or was cancelled or failed) and the rows show its results.
    void jobFinished();

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    struct Row;
    using Work = std::function<void(const std::atomic<bool> &cancel, const std::function<void(double)> &progress)>;
    // Runs `work` on the worker, then `done` on the GUI thread.
    void run(const QString &label, Work work, std::function<void()> done);
    // Splits the text with the first file's tokenizer (at most the model's positions).
    void tokenize();
    void recompute();
    void chooseFile();
    void retranslate();
    void refresh();
    void refreshRow(int i);
    void setProblem(std::function<QString()> text);
    QString tokenText(int id) const;

    QLineEdit *m_text;
    QSpinBox *m_layer;
    QSpinBox *m_head;
    QLabel *m_textLabel;
    QLabel *m_layerLabel;
    QLabel *m_headLabel;
    QPushButton *m_add;
    QPushButton *m_remove;
    QPushButton *m_measure;
    QLabel *m_status;
    QGridLayout *m_grid;
    std::vector<QLabel *> m_headers;
    std::vector<std::unique_ptr<Row>> m_rows;
    QProgressDialog *m_progress = nullptr;

    std::vector<std::unique_ptr<CompareFile>> m_files;
    std::optional<core::model::Tokenizer> m_tokenizer; // the first file's
    QString m_factsTip;
    QString m_shownText; // the text m_ids were split from
    std::vector<int> m_ids;
    std::vector<std::string> m_tokens;
    std::function<QString()> m_problem;
    QThread *m_thread = nullptr;
    std::atomic<bool> m_cancel {false};
    bool m_recomputeAfter = false; // the head or text changed while a job ran
};

} // namespace attnlab::ui
