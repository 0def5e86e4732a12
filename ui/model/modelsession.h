#pragma once
// The model object of the model room: it owns a loaded checkpoint, its tokenizer and the
// ForwardRunner, runs loading and forward passes on a worker thread (one job at a time, so
// the runner is never touched from two threads), owns the undo stack of interventions (through
// DocumentBase; filePath() is the model's folder), and is the only thing in the room that emits
// change signals. Views read it only while it is idle
// (isBusy() false) and otherwise draw what they cached.

#include "core/model/forward.h"
#include "core/text/problem.h"
#include "core/tokenize/tokenizer.h"
#include "ui/document/documentbase.h"
#include "ui/document/historytext.h"

#include <QElapsedTimer>
#include <QEvent>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace attnlab::ui {

struct BlockCellsPlace;
struct CellsEdit;
struct CellValues;
struct CellsJob;
class WorkerThread;

class ModelSession : public DocumentBase {
    Q_OBJECT
public:
    // How a text becomes token ids. A sentence is encoded as the tokenizer encodes any text, with
    // the special tokens its post-processor adds (GPT-2 none, BERT [CLS] … [SEP], Llama 3
    // <|begin_of_text|>). A chat prompt, rendered from the model's chat template, already holds
    // every special token the template writes, so it is encoded without them, as transformers'
    // apply_chat_template does (else Llama 3 would read two <|begin_of_text|>).
    enum class TextKind { Sentence, ChatPrompt };

    explicit ModelSession(QObject *parent = nullptr);
    ~ModelSession() override;

    // Starts loading DIR (config.json, model.safetensors, tokenizer files) on the worker.
    // Ends with modelLoaded(), loadFailed() or loadCancelled(); until modelLoaded() the
    // current model stays as it is. Refused (false) while another job runs.
    // `text`, when not null, becomes the sentence once the model is loaded.
    bool open(const QString &dir, const QString &text = QString(), TextKind kind = TextKind::Sentence);
    bool isLoading() const { return m_loading != nullptr; }
    // Asks the running job to stop at its next progress call.
    void cancel();
    bool isBusy() const;
    // The running job is the pass of a token appendToken() added: generation, whose panel shows
    // the pass's progress and its own Stop, so the room puts up no progress dialog (a dialog per
    // token, window-modal, held the Stop button out of reach and its Cancel blanked the panels).
    bool isRunningAppendedToken() const { return m_runningAppended; }

    bool hasModel() const { return m_runner != nullptr; }
    const core::model::ForwardRunner *runner() const { return isBusy() ? nullptr : m_runner.get(); }
    const core::model::ModelConfig *config() const;
    QString modelName() const; // "GPT-2" or "BERT"

    // Tokenizes `text` now and runs the model on it in the background (computed() follows).
    // A text longer than the model's positions is refused with an error() and changes nothing.
    void setText(const QString &text, TextKind kind = TextKind::Sentence);
    QString text() const { return m_text; }
    TextKind textKind() const { return m_textKind; }
    // Generation: appends the token `id` to the tokens (not re-tokenized from the text) and runs
    // the model in the background, reusing the rows before it (computed() follows). The text
    // becomes the typed text followed by every id generated since, decoded together
    // (Tokenizer::decodeContinuation): a character whose bytes are split across tokens appears
    // once its last token comes, never as the bytes' hex. False, changing nothing, when no model
    // is open, there are no tokens yet, the id is outside the vocabulary or the model has no
    // position left.
    bool appendToken(int id);
    // The ids appendToken() added since the text was last set.
    const std::vector<int> &generatedIds() const { return m_generated; }
    // The text the first `count` of those ids add after the text that was set, decoded as the
    // text itself is (Tokenizer::decodeContinuation): the chat view's answer without its end token.
    QString continuationText(int count) const;
    const std::vector<core::model::Token> &tokens() const { return m_tokens; }
    QStringList displayTokens() const;
    // The model's token text of an id, shown as a chip shows it; "<id N>" for an id the
    // tokenizer has no token for (see hasToken()).
    QString tokenDisplay(int id) const;
    bool hasToken(int id) const;
    // The id of a vocabulary string (added tokens first), or −1: Tokenizer::idOf.
    int tokenId(const std::string &piece) const;
    // BERT: the first [MASK], or −1. GPT-2: the last position.
    int predictionPosition() const { return m_position; }
    // The last forward pass finished for the current text and head mask.
    bool isComputed() const { return m_computed; }
    // The views show an older result than the text or the head mask asks for: the last run was
    // cancelled or failed, or the new text was refused. They keep that last good result, and
    // staleReason() says why (one line, "" when they are up to date), in the current language.
    bool isStale() const { return bool(m_staleReason); }
    QString staleReason() const { return m_staleReason ? m_staleReason() : QString(); }
    // The last error() in the current language ("" before the first).
    QString errorText() const { return m_error ? m_error() : QString(); }
    // Why the last open() failed (the file, the field and the message as data), if it did.
    const std::optional<core::Problem> &loadProblem() const { return m_loadProblem; }
    // The text of the result the views show (the last run that finished).
    QString shownText() const { return m_shownText; }
    // The model's token ids that the tokenizer has no token for: the model's vocabulary is
    // larger than the tokenizer's (0 when they match). Such ids are shown as "<id N>".
    int idsWithoutToken() const;

    // 0-based layer and head.
    bool isAblated(int layer, int head) const;
    // Pushes an undo step that switches the head off (or back on).
    void toggleAblation(int layer, int head);
    core::Matrix headMask() const { return m_mask; }

    // The inference engine's cache policy for every pass (ForwardRunner::setCachePolicy): each
    // token attends only to the first `sinks` and the last `window` tokens (0: the whole cache).
    // A setting of the engine, not an edit of the model, so no undo step; the prediction panel
    // compares the prediction with the one before the change. A new model starts with the whole
    // cache. Ignored without a model or for values the core refuses.
    void setCachePolicy(int window, int sinks);
    int cacheWindow() const { return m_cacheWindow; }
    int cacheSinks() const { return m_cacheSinks; }

    // Runs `read` on the worker with the runner as the last pass left it, then `done` here; nothing
    // is recomputed and computed() does not follow. For a view whose numbers take long to derive
    // from a finished pass (the block board's whole layer at a thousand tokens). Refused (false)
    // unless the session is idle with a model; a job asked for meanwhile waits until it ends.
    bool readOnWorker(std::function<void(const core::model::ForwardRunner &)> read, std::function<void()> done);
    // The block tensors of layer `layer` (core/model/family/blocktensor.h), in the block's order;
    // none without a model or for a layer out of range. Readable while a job runs.
    std::vector<core::model::BlockTensor> blockTensors(int layer) const;
    // Its rows × columns as the block board shows it ({0, 0} for a tensor the layer lacks).
    core::model::BlockShape blockTensorShape(int layer, core::model::BlockTensor tensor) const;
    // Pushes an undo step that writes `values` into `tensor` of `layer` from (row, col) on, in
    // the board's orientation, and re-runs the model from that layer. Allowed while a job runs
    // (the edit waits its turn; a later edit of the same cells that comes before it starts takes
    // its place, so a scrub never piles up one re-run per step). False, pushing nothing, without a
    // model, for a tensor the layer lacks, cells that do not fit or a value that is not a finite
    // number. `gesture` (startScrubGesture()) merges the steps of one scrub of one cell into one
    // history entry; 0 for an edit of its own.
    bool editBlockCells(
        int layer, core::model::BlockTensor tensor, int row, int col, const core::Matrix &values, int gesture = 0);
    // Pushes one undo step, named `text`, that writes each of `edits` as editBlockCells() does,
    // into any tensor the layer has: a head's query, key and value rows too, which the block board
    // does not list (the scene board edits them for the head it shows, ui/model/boardlink.h). One
    // edit of one cell merges with the step before it as there, for the same `gesture`. False,
    // pushing nothing, when any edit does not fit or holds a value that is not a finite number.
    // Allowed while a job runs.
    bool editCells(const std::vector<CellsEdit> &edits, const HistoryText &text, int gesture = 0);
    // The edit's cells lie in a tensor of the model and its values are finite numbers.
    bool cellsFit(const CellsEdit &edit) const;
    // A new scrub gesture's number for editBlockCells() and editCells(), never 0.
    int startScrubGesture() { return ++m_gestures; }
    // The prediction before the last change to the model itself (a head switched off or on, a
    // weight cell, or undoing one): the probabilities the panels showed
    // then. Empty when nothing changed since the text was last run.
    const core::RowVector &probabilitiesBeforeEdit() const { return m_beforeEdit; }
    // Reads the runner on the worker without changing it (the logit lens, the attribution):
    // `read` runs there after the jobs queued before it, with a progress callback that returns
    // false once Cancel is pressed, and returns whether it finished; then `done` runs on the GUI
    // thread with that (false also when `read` threw), the session idle and the runner as `read`
    // saw it. computed() does not follow and the stale line stays: the model did not change.
    // `what` names the work in the progress dialog. False, queuing nothing, without a model.
    using Read = std::function<bool(const core::model::ForwardRunner &, const core::model::ForwardProgress &)>;
    bool readRunner(Read read, std::function<void(bool finished)> done, std::function<QString()> what);
    // What the running job does in the current language: a readRunner() job's `what`, "" for the
    // session's own jobs.
    QString jobText() const { return m_runningWhat ? m_runningWhat() : QString(); }

    int selectedLayer() const { return m_selectedLayer; }
    int selectedHead() const { return m_selectedHead; }
    void setSelectedHead(int layer, int head);

    // Used by the undo commands only.
    void applyHeadMask(const core::Matrix &mask);
    // Writes `values` (once known: an undo's are recorded when the edit's job starts) at `place`;
    // when `record` is set, what the cells held is recorded there first. `continues`: a scrub's
    // step after its first, which keeps the prediction's "before" from when the gesture began.
    void applyBlockCells(const BlockCellsPlace &place, std::shared_ptr<const CellValues> values,
        std::shared_ptr<CellValues> record, bool continues = false);

    // Tests only: called on the worker at every progress step of every job, just before the job
    // checks for Cancel. A test blocks in it to make a job as slow as it needs. Set it while idle.
    void setProgressHookForTesting(std::function<void()> hook) { m_progressHook = std::move(hook); }
    // While generation runs, the views read a generated token's pass (computed()) once they have
    // drawn the last one and then waited at least kViewInterval ms and three times what reading and
    // drawing it took; passRead() follows every pass, and a run's first and last passes always
    // reach them. Tests may set another interval; 0 hands every pass to the views.
    static constexpr int kViewInterval = 200; // ms
    void setViewIntervalForTesting(int ms) { m_viewInterval = ms; }
    // The worker sends progress() at most this often.
    static constexpr int kProgressInterval = 100; // ms
    // "5.1": 1-based layer and head.
    static QString headName(int layer, int head);

Q_SIGNALS:
    void busyChanged(bool busy);
    // 0 … 1 of the running job, every kProgressInterval ms at most.
    void progress(double fraction);
    void modelLoaded();
    void loadFailed(const QString &message);
    void loadCancelled();
    // Something about the opened model the user should know once (one paragraph), sent right
    // after modelLoaded(): e.g. a tokenizer much smaller than the model's vocabulary.
    void notice(const QString &message);
    // isStale() or staleReason() changed.
    void staleChanged();
    // A refused text or a failed forward pass (one line; errorText() has it in the language of
    // the moment).
    void error(const QString &message);
    // setText() refused `text` (error() says why); it was not tokenized into the model.
    void textRefused(const QString &text);
    void tokensChanged();
    // A forward pass finished: every view re-reads the runner. While generation runs, a generated
    // token's pass is sent here only as often as the views can draw it (kViewInterval), and always
    // a run's first and last.
    void computed();
    // Sent after every pass, right after computed() when the views read it, the runner still idle: for
    // what drives the next pass from this one (the Generator picks its next token here, so a run
    // goes on without a round trip through the event loop, and the views' redraws overlap the
    // next pass). Jobs asked for during computed() and here wait until both are sent, then start
    // in order, a view's reads of this pass before the pass such a driver queues.
    void passRead();
    void headMaskChanged();
    void cachePolicyChanged();
    void selectionChanged(int layer, int head);
    // One cell of a block tensor is about to change from `before` to `after` (an edit, its undo or
    // redo): sent on the GUI thread just before the edit's job starts, the worker idle, only while
    // the runner holds the pass of the last computed() changed by such announced edits alone, so
    // it holds the weights before the edit and a view that has applied every announcement so far
    // may update itself from them at once (the block board, core/model/lens/blockupdate.h). An
    // edit pushed while the session is idle is announced at once; one pushed meanwhile, when its
    // turn comes, with the last value that took its place. computed() follows when the worker has
    // re-run the model and no edit waits.
    void blockCellChanging(int layer, core::model::BlockTensor tensor, int row, int col, float before, float after);

protected:
    void customEvent(QEvent *event) override;

private:
    // How to write a message: kept instead of the text, so it follows a language switch.
    using Wording = std::function<QString()>;
    using Work = std::function<bool(core::model::ForwardRunner &, const core::model::ForwardProgress &)>;
    struct Job {
        Work work;
        bool text = false; // runs a new text (superseded by the next one)
        std::function<void(bool)> done; // set for a read (readRunner, readOnWorker)
        Wording what;
        std::shared_ptr<CellsJob> cells; // set for an edit of block cells
        bool appended = false; // the pass of a token appendToken() added
    };
    // Runs `job` on the worker; when it is not idle, the job waits until the running one ends.
    void runJob(Work work, bool text = false);
    void runJob(Job job);
    void startNext();
    void finishLoad();
    void finishJob();
    // Sends computed() for the pass the runner holds and, for a generated token's pass, measures
    // how long the views take to read and draw it.
    void handToViews(bool generated);
    static QEvent::Type viewsDrawnEvent();
    void setStaleReason(Wording reason);
    Wording staleBecause(Wording why) const;
    void setError(Wording text);
    // A new text makes the text jobs queued or running before it pointless.
    void dropTextJobs();
    // An edit of the model is about to run: what the panels show now becomes "before".
    void noteEdit();
    // An edit of block cells is about to start: records what the cells hold for its undo and
    // announces it (blockCellChanging) when it can.
    void startCells(const CellsJob &cells);

    struct Loaded;
    std::shared_ptr<core::model::ForwardRunner> m_runner;
    std::optional<core::model::Tokenizer> m_tokenizer;
    QString m_text;
    TextKind m_textKind = TextKind::Sentence;
    QString m_openText;
    TextKind m_openKind = TextKind::Sentence;
    QString m_promptText; // the text before the first generated token
    std::vector<int> m_generated;
    std::vector<core::model::Token> m_tokens;
    int m_position = -1;
    bool m_computed = false;
    core::Matrix m_mask;
    int m_cacheWindow = 0, m_cacheSinks = 0;
    int m_selectedLayer = 0;
    int m_selectedHead = 0;

    WorkerThread *m_worker; // loads the model and runs every job, one at a time
    std::atomic<bool> m_cancel {false};
    std::function<void()> m_progressHook;
    std::shared_ptr<Loaded> m_loading; // the result of the load job in flight
    std::vector<Job> m_queue;
    bool m_jobOk = true;
    std::optional<core::Problem> m_jobProblem; // why the running job failed, set on the worker
    bool m_runningText = false; // the running job is a text job
    bool m_runningAppended = false; // … the pass of an appended token
    std::function<void(bool)> m_runningDone; // the running readRunner() job's `done`
    Wording m_runningWhat;
    bool m_superseded = false; // it was cancelled because a newer text came
    Wording m_staleReason;
    Wording m_error;
    std::optional<core::Problem> m_loadProblem;
    QString m_shownText;
    core::RowVector m_shownProbabilities; // of the result the views show (the last one computed)
    core::RowVector m_beforeEdit;
    int m_gestures = 0;
    // The runner holds the pass of the last computed(), changed since by announced edits only.
    bool m_passAnnounced = false;
    bool m_announcing = false; // blockCellChanging is being sent: no job starts meanwhile
    bool m_handingOut = false; // computed() and passRead() are being sent: no job starts meanwhile
    QElapsedTimer m_viewClock; // since the views were handed a pass, then since they drew it
    int m_viewsDrawing = 0; // generated tokens' passes handed to them and not drawn yet
    qint64 m_viewCost = 0; // ms the views took to read and draw the last pass handed to them
    int m_viewInterval = kViewInterval;
};

} // namespace attnlab::ui
