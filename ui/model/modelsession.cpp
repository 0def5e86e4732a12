#include "ui/model/modelsession.h"

#include "core/gguf/ggufmodel.h"
#include "core/gguf/gguftokenizer.h"
#include "core/model/modelloader.h"
#include "ui/document/workerthread.h"
#include "ui/i18n/coremessages.h"
#include "ui/model/modelcommands.h"

#include <QCoreApplication>
#include <QEvent>
#include <QScopedValueRollback>
#include <QUndoStack>

#include <algorithm>
#include <stdexcept>

namespace attnlab::ui {

namespace model = core::model;

namespace {
// A tokenizer that lacks tokens for more than this share of the model's ids is reported when
// the model opens (a vocabulary padded to a round size, as nanoGPT's 50304, lacks under 0.1 %).
constexpr double kReportedShareWithoutToken = 0.01;
// Texts quoted in a one-line message are cut to this many characters.
constexpr int kQuotedChars = 40;

QString quoted(const QString &text)
{
    return text.size() > kQuotedChars ? text.left(kQuotedChars - 1) + QChar(0x2026) : text;
}
} // namespace

// What the load job hands back to the GUI thread.
struct ModelSession::Loaded {
    std::shared_ptr<model::ForwardRunner> runner;
    std::optional<model::Tokenizer> tokenizer;
    std::optional<core::Problem> problem; // put into words on the GUI thread
    bool cancelled = false;
};

ModelSession::ModelSession(QObject *parent)
    : DocumentBase(parent)
    , m_worker(new WorkerThread(QStringLiteral("attnlab model worker"), this))
{
}

ModelSession::~ModelSession()
{
    m_queue.clear();
    m_cancel = true;
    m_worker->stop(); // the job reads this session's members
}

bool ModelSession::isBusy() const
{
    return m_worker->isBusy();
}

const core::model::ModelConfig *ModelSession::config() const
{
    return m_runner ? &m_runner->config() : nullptr;
}

QString ModelSession::modelName() const
{
    if (!m_runner)
        return QString();
    return QString::fromStdString(m_runner->config().family->name);
}

QString ModelSession::headName(int layer, int head)
{
    return QStringLiteral("%1.%2").arg(layer + 1).arg(head + 1);
}

bool ModelSession::open(const QString &dir, const QString &text, TextKind kind)
{
    if (isBusy())
        return false;
    m_openText = text;
    m_openKind = kind;
    auto loaded = std::make_shared<Loaded>();
    m_loading = loaded;
    m_cancel = false;
    const std::string path = dir.toStdString();
    const auto load = [this, loaded, path] {
        const model::LoadProgress progress = [this](double fraction) {
            QMetaObject::invokeMethod(
                this, [this, fraction] { Q_EMIT this->progress(fraction); }, Qt::QueuedConnection);
            if (m_progressHook)
                m_progressHook();
            return !m_cancel.load();
        };
        // A GGUF file (by name, or an Ollama blob by its magic) holds weights and tokenizer in one.
        const bool gguf = core::gguf::isGgufFile(path);
        model::LoadModelResult result
            = gguf ? core::gguf::loadGgufModel(path, progress) : model::loadModel(path, progress);
        if (result.cancelled || m_cancel) {
            loaded->cancelled = true;
            return;
        }
        if (!result.ok()) {
            loaded->problem = result.problem;
            return;
        }
        model::TokenizerLoadResult tokenizer = gguf ? core::gguf::loadGgufTokenizer(path) : model::loadTokenizer(path);
        if (!tokenizer.ok()) {
            loaded->problem = tokenizer.problem;
            return;
        }
        try {
            loaded->runner = std::make_shared<model::ForwardRunner>(
                std::make_shared<const model::ModelWeights>(std::move(*result.weights)));
        } catch (const std::exception &e) {
            loaded->problem = exceptionProblem(e);
            return;
        }
        loaded->tokenizer = std::move(tokenizer.tokenizer);
    };
    m_worker->start(load, [this, dir] {
        if (m_loading && m_loading->runner)
            setFilePath(dir);
        finishLoad();
    });
    Q_EMIT busyChanged(true);
    return true;
}

void ModelSession::finishLoad()
{
    const std::shared_ptr<Loaded> loaded = std::move(m_loading);
    Q_EMIT busyChanged(false);
    if (loaded->cancelled) {
        Q_EMIT loadCancelled();
        startNext();
        return;
    }
    if (!loaded->runner) {
        m_loadProblem = loaded->problem;
        Q_EMIT loadFailed(fileProblemText(*m_loadProblem));
        startNext();
        return;
    }
    m_loadProblem.reset();
    m_queue.clear(); // jobs for the old model
    m_passAnnounced = false;
    m_runner = loaded->runner;
    m_tokenizer = std::move(loaded->tokenizer);
    m_mask = core::Matrix::Ones(m_runner->layers(), m_runner->heads());
    m_cacheWindow = m_cacheSinks = 0; // the new runner keeps the whole cache
    undoStack()->clear();
    m_tokens.clear();
    m_generated.clear();
    m_computed = false;
    m_shownText = QString();
    m_shownProbabilities.resize(0);
    m_beforeEdit.resize(0);
    setStaleReason({});
    m_selectedLayer = 0;
    m_selectedHead = 0;
    if (!m_openText.isNull()) {
        m_text = m_openText;
        m_textKind = m_openKind;
    }
    Q_EMIT modelLoaded();
    const int missing = idsWithoutToken();
    const int vocab = m_runner->config().vocabSize;
    if (missing > kReportedShareWithoutToken * vocab)
        Q_EMIT notice(tr("The tokenizer has tokens for only %1 of the model's %2 token ids. The other %3 ids can "
                         "still be predicted; they are shown as “<id N>”. Check that the tokenizer files belong to "
                         "this model.")
                          .arg(vocab - missing)
                          .arg(vocab)
                          .arg(missing));
    Q_EMIT selectionChanged(0, 0);
    setText(m_text, m_textKind);
}

void ModelSession::cancel()
{
    m_cancel = true;
}

QStringList ModelSession::displayTokens() const
{
    QStringList list;
    for (const model::Token &t : m_tokens)
        list << QString::fromStdString(t.display);
    return list;
}

bool ModelSession::hasToken(int id) const
{
    return m_tokenizer && !m_tokenizer->tokenText(id).empty();
}

int ModelSession::tokenId(const std::string &piece) const
{
    return m_tokenizer ? m_tokenizer->idOf(piece) : -1;
}

QString ModelSession::tokenDisplay(int id) const
{
    if (!hasToken(id))
        return QStringLiteral("<id %1>").arg(id);
    return QString::fromStdString(m_tokenizer->displayText(id));
}

int ModelSession::idsWithoutToken() const
{
    if (!m_runner || !m_tokenizer)
        return 0;
    const int vocab = m_runner->config().vocabSize;
    return vocab - std::min(vocab, m_tokenizer->vocabSize());
}

void ModelSession::setStaleReason(Wording reason)
{
    const QString before = staleReason();
    const bool wasStale = isStale();
    m_staleReason = std::move(reason);
    if (isStale() != wasStale || staleReason() != before)
        Q_EMIT staleChanged();
}

// `why` is a sentence; the reason adds what the panels show instead, when they show anything.
ModelSession::Wording ModelSession::staleBecause(Wording why) const
{
    if (m_shownText.isNull())
        return why;
    return [why, shown = quoted(m_shownText)] {
        return tr("%1 The panels still show the last result, for “%2”.").arg(why(), shown);
    };
}

void ModelSession::setError(Wording text)
{
    m_error = std::move(text);
    Q_EMIT error(m_error());
}

void ModelSession::dropTextJobs()
{
    m_queue.erase(
        std::remove_if(m_queue.begin(), m_queue.end(), [](const Job &job) { return job.text; }), m_queue.end());
    if (isBusy() && m_runningText) {
        m_superseded = true;
        m_cancel = true;
    }
}

void ModelSession::setText(const QString &text, TextKind kind)
{
    if (!m_runner) {
        m_text = text;
        m_textKind = kind;
        return;
    }
    std::vector<model::Token> tokens = m_tokenizer->encode(text.toStdString(), kind == TextKind::Sentence);
    if (int(tokens.size()) > m_runner->config().maxPositions) {
        const Wording why = [count = tokens.size(), most = m_runner->config().maxPositions] {
            return tr("The text has %1 tokens, but the model reads at most %2.").arg(count).arg(most);
        };
        Q_EMIT textRefused(text);
        setError(why);
        if (!m_shownText.isNull()) // the panels show an older text: say so beside them too
            setStaleReason(staleBecause(why));
        return;
    }
    dropTextJobs();
    m_text = text;
    m_textKind = kind;
    m_tokens = std::move(tokens);
    m_shownProbabilities.resize(0); // an edit from now on compares with the new text's result
    m_beforeEdit.resize(0);
    m_generated.clear();
    std::vector<int> ids;
    for (const model::Token &t : m_tokens)
        ids.push_back(t.id);
    m_position = model::predictionPosition(*m_runner->config().family, ids, m_tokenizer->maskTokenId());
    m_computed = false;
    Q_EMIT tokensChanged();
    if (m_tokens.empty()) {
        setStaleReason({}); // nothing to show, and nothing was refused
        Q_EMIT computed();
        return;
    }
    const int position = m_position;
    runJob([ids, position](model::ForwardRunner &runner,
               const model::ForwardProgress &progress) { return runner.run(ids, position, progress); },
        true);
}

QString ModelSession::continuationText(int count) const
{
    count = std::clamp(count, 0, int(m_generated.size()));
    if (!m_tokenizer || count == 0)
        return QString();
    std::vector<int> ids;
    for (const model::Token &t : m_tokens)
        ids.push_back(t.id);
    const std::vector<int> prompt(ids.begin(), ids.end() - std::ptrdiff_t(m_generated.size()));
    const std::vector<int> generated(m_generated.begin(), m_generated.begin() + count);
    return QString::fromStdString(m_tokenizer->decodeContinuation(prompt, generated));
}

bool ModelSession::appendToken(int id)
{
    if (!m_runner || m_tokens.empty() || id < 0 || id >= m_runner->config().vocabSize
        || int(m_tokens.size()) >= m_runner->config().maxPositions)
        return false;
    dropTextJobs();
    std::vector<int> ids;
    for (const model::Token &t : m_tokens)
        ids.push_back(t.id);
    if (m_generated.empty())
        m_promptText = m_text;
    const std::vector<int> prompt(ids.begin(), ids.end() - std::ptrdiff_t(m_generated.size()));
    m_generated.push_back(id);
    ids.push_back(id);
    // The generated ids decoded together after the prompt's: a token holding part of a character
    // adds nothing until the token that completes it.
    const std::string added = m_tokenizer->decodeContinuation(prompt, m_generated);
    model::Token token;
    token.id = id;
    token.piece = m_tokenizer->tokenText(id);
    token.display = tokenDisplay(id).toStdString();
    token.begin = int(m_text.toStdString().size());
    m_text = m_promptText + QString::fromStdString(added);
    token.end = std::max(token.begin, int(m_text.toStdString().size()));
    m_tokens.push_back(std::move(token));
    m_shownProbabilities.resize(0);
    m_beforeEdit.resize(0);
    m_position = model::predictionPosition(*m_runner->config().family, ids, m_tokenizer->maskTokenId());
    m_computed = false;
    Q_EMIT tokensChanged();
    const int position = m_position;
    // Its own kind of text job: the room shows no progress dialog for it.
    Job job {[ids, position](model::ForwardRunner &runner, const model::ForwardProgress &progress) {
                 return runner.run(ids, position, progress);
             },
        true, {}, {}, {}, true};
    runJob(std::move(job));
    return true;
}

void ModelSession::setSelectedHead(int layer, int head)
{
    if (layer == m_selectedLayer && head == m_selectedHead)
        return;
    m_selectedLayer = layer;
    m_selectedHead = head;
    Q_EMIT selectionChanged(layer, head);
}

bool ModelSession::readOnWorker(
    std::function<void(const core::model::ForwardRunner &)> read, std::function<void()> done)
{
    if (isBusy() || !m_runner)
        return false;
    return readRunner(
        [read = std::move(read)](const model::ForwardRunner &runner, const model::ForwardProgress &) {
            read(runner);
            return true;
        },
        [done = std::move(done)](bool) { done(); }, {});
}

void ModelSession::runJob(Work work, bool text)
{
    runJob(Job {std::move(work), text, {}, {}, {}, false});
}

void ModelSession::runJob(Job job)
{
    m_queue.push_back(std::move(job));
    if (!isBusy())
        startNext();
}

bool ModelSession::readRunner(Read read, std::function<void(bool finished)> done, std::function<QString()> what)
{
    if (!m_runner)
        return false;
    Work work = [read = std::move(read)](model::ForwardRunner &runner, const model::ForwardProgress &progress) {
        return read(runner, progress);
    };
    runJob(Job {std::move(work), false, std::move(done), std::move(what), {}, false});
    return true;
}

void ModelSession::startNext()
{
    if (isBusy() || m_queue.empty() || !m_runner || m_announcing || m_handingOut)
        return;
    if (m_queue.front().cells)
        startCells(*m_queue.front().cells);
    else if (!m_queue.front().done)
        m_passAnnounced = false; // a pass the views will hear of in computed()
    Job job = std::move(m_queue.front());
    m_queue.erase(m_queue.begin());
    m_cancel = false;
    m_jobOk = true;
    m_jobProblem.reset();
    m_runningText = job.text;
    m_runningAppended = job.appended;
    m_runningDone = std::move(job.done);
    m_runningWhat = std::move(job.what);
    std::shared_ptr<model::ForwardRunner> runner = m_runner;
    const auto pass = [this, runner, work = std::move(job.work)] {
        // Progress goes to the GUI thread ten times a second at most: sent after every layer, it woke
        // that thread 24 times per generated token of the 0.5B shape, and on two cores each wake took
        // a core from the pass (issue 36).
        QElapsedTimer sent;
        sent.start();
        const model::ForwardProgress progress = [this, &sent](int layer, int layers) {
            const double fraction = layers > 0 ? double(layer) / layers : 1.0;
            if (sent.elapsed() >= kProgressInterval) {
                sent.start();
                QMetaObject::invokeMethod(
                    this, [this, fraction] { Q_EMIT this->progress(fraction); }, Qt::QueuedConnection);
            }
            if (m_progressHook)
                m_progressHook();
            return !m_cancel.load();
        };
        try {
            m_jobOk = work(*runner, progress);
        } catch (const std::exception &e) {
            m_jobOk = false;
            m_jobProblem = exceptionProblem(e);
        }
    };
    m_worker->start(pass, [this] { finishJob(); });
    Q_EMIT busyChanged(true);
}

void ModelSession::finishJob()
{
    const bool superseded = m_superseded;
    m_superseded = false;
    const bool appended = m_runningAppended;
    m_runningText = false;
    m_runningAppended = false;
    Q_EMIT busyChanged(false);
    const std::optional<core::Problem> failure = std::move(m_jobProblem);
    m_jobProblem.reset();
    const std::function<void(bool)> readDone = std::move(m_runningDone);
    m_runningDone = nullptr;
    m_runningWhat = nullptr;
    if (failure)
        setError([problem = *failure] { return fileProblemText(problem); });
    if (readDone) {
        // A read changed nothing: the views keep what they show, and the next job may start.
        readDone(m_jobOk && !failure);
        startNext();
        return;
    }
    if (!m_jobOk || failure)
        m_passAnnounced = false;
    // A pass waiting makes this one's result old; reads waiting (a view's, asked for while it ran)
    // come after the views have heard of it.
    if (std::any_of(m_queue.begin(), m_queue.end(), [](const Job &job) { return !job.done; })) {
        startNext();
        return;
    }
    m_computed = m_jobOk && m_runner->isComplete();
    m_passAnnounced = m_computed;
    if (m_computed) {
        m_shownText = m_text;
        m_shownProbabilities = m_runner->probabilities();
        setStaleReason({});
    } else if (!superseded) {
        if (failure)
            setStaleReason(
                staleBecause([problem = *failure] { return tr("The run failed: %1").arg(fileProblemText(problem)); }));
        else
            setStaleReason(staleBecause([] { return tr("The run was cancelled."); }));
    }
    // A generated token's pass reaches the views only once they have drawn the last one they read
    // and then waited m_viewInterval, or three times what reading and drawing it took, whichever is
    // longer; and always when no pass follows it (the run's last, or Stop). On the 0.5B shape at
    // a hundred tokens the views' refresh and redraw took longer than the pass, on the GUI thread
    // and beside the worker, and the worker's next pass waited for them (issue 36).
    const bool holdBack = appended && m_computed && m_viewInterval > 0 && m_viewClock.isValid()
        && (m_viewsDrawing > 0 || m_viewClock.elapsed() < std::max<qint64>(m_viewInterval, 3 * m_viewCost));
    {
        const QScopedValueRollback<bool> handingOut(m_handingOut, true);
        if (!holdBack)
            handToViews(appended);
        Q_EMIT passRead();
        if (holdBack && std::none_of(m_queue.begin(), m_queue.end(), [](const Job &job) { return !job.done; }))
            handToViews(true);
    }
    startNext();
}

void ModelSession::handToViews(bool generated)
{
    // Only a run's passes are held back: the first one after any other pass reaches the views.
    if (!generated) {
        m_viewClock.invalidate();
        Q_EMIT computed();
        return;
    }
    m_viewClock.start();
    Q_EMIT computed();
    // The views' redraws are posted at low priority; this comes after them.
    ++m_viewsDrawing;
    QCoreApplication::postEvent(this, new QEvent(viewsDrawnEvent()), Qt::LowEventPriority);
}

QEvent::Type ModelSession::viewsDrawnEvent()
{
    static const QEvent::Type type = QEvent::Type(QEvent::registerEventType());
    return type;
}

void ModelSession::customEvent(QEvent *event)
{
    if (event->type() != viewsDrawnEvent())
        return DocumentBase::customEvent(event);
    if (--m_viewsDrawing > 0 || !m_viewClock.isValid())
        return;
    m_viewCost = m_viewClock.elapsed();
    m_viewClock.start();
}

} // namespace attnlab::ui
