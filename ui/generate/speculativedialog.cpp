#include "ui/generate/speculativedialog.h"

#include "core/generate/generationengine.h"
#include "core/model/decoder.h"
#include "core/model/forward.h"
#include "core/model/hubcache.h"
#include "core/model/modelloader.h"
#include "ui/generate/generator.h"
#include "ui/i18n/coremessages.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/model/modelsession.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTextBrowser>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

#include <chrono>
#include <cmath>
#include <cstdlib>

namespace attnlab::ui {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Both runs on the worker: the open model alone, then with the draft. Fills `r`; `done` counts
// the tokens made so far for the progress bar; `stop` ends either run at its next token or round.
void runBoth(SpeculativeDialog::Result &r, const std::shared_ptr<const core::model::ModelWeights> &weights,
    const std::string &draftDir, int draftTokens, int count, const core::generate::StoppingRule &rule,
    const core::generate::LogitRules &logitRules, std::atomic<bool> &stop, std::atomic<int> &done)
{
    using namespace core::model;
    // A hub id ("Qwen/Qwen2.5-0.5B") opens its snapshot in the local Hugging Face cache.
    std::string dir = draftDir;
    if (!QFile::exists(QFile::decodeName(dir.c_str())) && isHubId(dir)) {
        const HubModel hub
            = findHubModel(hubCacheDir([](const char *name) -> const char * { return std::getenv(name); }), dir);
        if (hub.status == HubModel::Status::Found)
            dir = hub.snapshot;
    }
    LoadModelResult loaded = loadModel(dir);
    if (!loaded.ok()) {
        r.problem = fileProblemText(*loaded.problem);
        return;
    }
    const auto draft = std::make_shared<const ModelWeights>(std::move(*loaded.weights));

    Decoder target(weights);
    core::generate::GenerationEngine engine;
    engine.setRule(rule);
    engine.setLogitRules(logitRules);
    engine.setAlternatives(0);
    engine.start(count);
    auto start = Clock::now();
    target.append(r.prompt);
    while (engine.next(target.logits(), target.probabilities(), target.tokenIds()) && engine.isRunning()) {
        if (stop) {
            r.cancelled = true;
            return;
        }
        target.append({engine.steps().back().id});
        ++done;
    }
    r.plainMs = msSince(start);
    for (const auto &step : engine.steps())
        r.plain.push_back(step.id);

    Decoder verifier(weights), drafter(draft);
    core::generate::GenerationEngine speculative;
    speculative.setRule(rule);
    speculative.setLogitRules(logitRules);
    speculative.setAlternatives(0);
    speculative.start(count);
    core::engine::SpeculativeDecoder decoder(verifier, drafter, draftTokens);
    start = Clock::now();
    decoder.run(r.prompt, speculative, [&] {
        done = int(r.plain.size() + speculative.steps().size());
        return !stop;
    });
    r.speculativeMs = msSince(start);
    r.cancelled = stop;
    for (const auto &step : speculative.steps())
        r.speculative.push_back(step.id);
    r.rounds = decoder.rounds();
    r.counts = decoder.counts();
}

QString escaped(const QString &text)
{
    return text.toHtmlEscaped().replace(QLatin1Char(' '), QChar(0x2423)); // a space shown as ␣
}

} // namespace

SpeculativeDialog::SpeculativeDialog(ModelSession *session, Generator *generator, QWidget *parent)
    : Retranslating<QDialog>(parent)
    , m_session(session)
    , m_generator(generator)
    , m_intro(new QLabel(this))
    , m_draftLabel(new QLabel(this))
    , m_draft(new QLineEdit(this))
    , m_browse(new QPushButton(this))
    , m_draftTokensLabel(new QLabel(this))
    , m_draftTokens(new QSpinBox(this))
    , m_newTokensLabel(new QLabel(this))
    , m_newTokens(new QSpinBox(this))
    , m_run(new QPushButton(this))
    , m_cancel(new QPushButton(this))
    , m_progress(new QProgressBar(this))
    , m_view(new QTextBrowser(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this))
{
    setObjectName(QStringLiteral("SpeculativeDialog"));
    m_intro->setWordWrap(true);
    m_draftTokens->setRange(1, 16);
    m_draftTokens->setValue(4);
    m_newTokens->setRange(1, 512);
    m_newTokens->setValue(20);
    m_draftLabel->setBuddy(m_draft);
    m_draftTokensLabel->setBuddy(m_draftTokens);
    m_newTokensLabel->setBuddy(m_newTokens);
    m_run->setDefault(true);
    m_run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_cancel->setEnabled(false);
    m_progress->setVisible(false);
    m_view->setOpenLinks(false);

    auto *grid = new QGridLayout;
    grid->addWidget(m_draftLabel, 0, 0);
    grid->addWidget(m_draft, 0, 1, 1, 3);
    grid->addWidget(m_browse, 0, 4);
    grid->addWidget(m_draftTokensLabel, 1, 0);
    grid->addWidget(m_draftTokens, 1, 1);
    grid->addWidget(m_newTokensLabel, 1, 2);
    grid->addWidget(m_newTokens, 1, 3);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    auto *runRow = new QHBoxLayout;
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_progress, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(grid);
    layout->addLayout(runRow);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_buttons);
    resize(760, 560);

    connect(m_browse, &QPushButton::clicked, this, &SpeculativeDialog::browse);
    connect(m_run, &QPushButton::clicked, this, &SpeculativeDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, &SpeculativeDialog::cancel);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    retranslate();
}

SpeculativeDialog::~SpeculativeDialog()
{
    if (m_thread) {
        *m_stop = true;
        m_thread->wait();
    }
}

void SpeculativeDialog::browse()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Choose the draft model's folder"), m_draft->text());
    if (!dir.isEmpty())
        m_draft->setText(dir);
}

bool SpeculativeDialog::start()
{
    const core::model::ForwardRunner *runner = m_session->runner();
    if (m_thread || !runner || runner->tokenCount() == 0)
        return false;
    auto pending = std::make_shared<Result>();
    pending->prompt = runner->tokenIds();
    const int room = runner->config().maxPositions - runner->tokenCount();
    const int count = std::min(m_newTokens->value(), room);
    if (m_draft->text().trimmed().isEmpty() || count < 1) {
        m_result = Result {};
        m_result.problem = count < 1 ? tr("The text already fills the model's positions.")
                                     : tr("Choose a draft model: a smaller model with the same vocabulary.");
        m_view->setHtml(resultHtml());
        return false;
    }
    core::generate::StoppingRule rule;
    if (m_generator && m_generator->rule())
        rule = *m_generator->rule();
    m_stop = std::make_shared<std::atomic<bool>>(false);
    auto done = std::make_shared<std::atomic<int>>(0);
    m_pending = pending;
    m_thread = QThread::create([pending, stop = m_stop, done, weights = runner->sharedWeights(),
                                   dir = QFile::encodeName(m_draft->text().trimmed()).toStdString(),
                                   k = m_draftTokens->value(), count, rule, logitRules = m_generator->logitRules()] {
        try {
            runBoth(*pending, weights, dir, k, count, rule, logitRules, *stop, *done);
        } catch (const std::exception &e) {
            pending->problem = fileProblemText(exceptionProblem(e));
        }
    });
    m_progress->setRange(0, 2 * count);
    m_progress->setValue(0);
    m_progress->setVisible(true);
    auto *poll = new QTimer(m_thread);
    connect(poll, &QTimer::timeout, this, [this, done] { m_progress->setValue(*done); });
    poll->start(100);
    connect(m_thread, &QThread::finished, this, &SpeculativeDialog::onFinished);
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_thread->start();
    return true;
}

void SpeculativeDialog::cancel()
{
    if (m_stop)
        *m_stop = true;
}

void SpeculativeDialog::onFinished()
{
    m_thread->deleteLater();
    m_thread = nullptr;
    m_result = std::move(*m_pending);
    m_pending.reset();
    m_progress->setVisible(false);
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    m_view->setHtml(resultHtml());
    Q_EMIT finished();
}

QString SpeculativeDialog::resultHtml() const
{
    const Result &r = m_result;
    if (!r.problem.isEmpty())
        return QStringLiteral("<p style='color:#b00020'>%1</p>").arg(r.problem.toHtmlEscaped());
    if (r.cancelled)
        return QStringLiteral("<p>%1</p>").arg(tr("Cancelled."));
    if (r.rounds.empty()) // nothing run yet: what speculative decoding is
        return ExplanationPanel::pageHtml(QStringLiteral("speculative"), Language::instance()->current());
    const auto token = [this](int id, const char *style) {
        return QStringLiteral("<span style='%1'>%2</span>")
            .arg(QLatin1String(style), escaped(m_session->tokenDisplay(id)));
    };
    static const char *accepted = "background:#d7f5dd;color:#0b5e1e";
    static const char *rejected = "background:#fde0e0;color:#8a1020;text-decoration:line-through";
    static const char *own = "background:#dbe7ff;color:#123c8c;font-weight:bold";
    static const char *unchecked = "color:#888888";
    QString html = QStringLiteral("<table cellspacing='2' cellpadding='3'>");
    html += QStringLiteral("<tr><th align='left'>%1</th><th align='left'>%2</th><th align='left'>%3</th></tr>")
                .arg(tr("Pass"), tr("Draft proposed"), tr("Target added"));
    for (size_t i = 0; i < r.rounds.size(); ++i) {
        const auto &round = r.rounds[i];
        QString proposed;
        for (size_t j = 0; j < round.proposed.size(); ++j) {
            const char *style = int(j) < round.accepted                              ? accepted
                : int(j) == round.accepted && !round.bonus && round.targetToken >= 0 ? rejected
                                                                                     : unchecked;
            proposed += token(round.proposed[j], style) + QLatin1Char(' ');
        }
        QString added = round.targetToken < 0 ? QStringLiteral("—") : token(round.targetToken, own);
        if (round.targetToken >= 0)
            added += QLatin1Char(' ')
                + (round.bonus ? tr("(bonus: all accepted)") : tr("(in place of the rejected one)"));
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr>").arg(i + 2).arg(proposed, added);
    }
    html += QStringLiteral("</table>");
    const QLocale locale;
    const int made = int(r.speculative.size());
    html += QStringLiteral("<p>")
        + tr("The draft proposed %1 tokens and the target accepted %2 (%3). The target ran %4 passes for %5 tokens, "
             "against %6 without the draft (pass 1 is the prompt).")
              .arg(r.counts.proposed)
              .arg(r.counts.accepted)
              .arg(locale.toString(r.counts.proposed > 0 ? 100.0 * r.counts.accepted / r.counts.proposed : 0.0, 'f', 0)
                  + QLatin1Char('%'))
              .arg(r.counts.targetPasses)
              .arg(made)
              .arg(int(r.plain.size()))
        + QStringLiteral("</p><p>")
        + (r.speculativeMs <= r.plainMs
                ? tr("Measured here: %1 ms with the draft, %2 ms without; %3 ms saved.")
                : tr("Measured here: %1 ms with the draft, %2 ms without; %3 ms more: this draft costs more than the "
                     "passes it saves (a draft close to the target's size saves no reading)."))
              .arg(locale.toString(r.speculativeMs, 'f', 1), locale.toString(r.plainMs, 'f', 1),
                  locale.toString(std::abs(r.plainMs - r.speculativeMs), 'f', 1))
        + QStringLiteral("</p><p>")
        + (r.speculative == r.plain ? tr("Both runs wrote the same tokens: the text is the target's own.")
                                    : tr("The runs differ where two tokens were almost equally likely (float "
                                         "rounding of one pass against many)."))
        + QStringLiteral("</p>");
    return html;
}

void SpeculativeDialog::retranslate()
{
    setWindowTitle(tr("Speculative decoding"));
    m_intro->setText(tr("A small draft model guesses the next tokens; the open model checks all the guesses in one "
                        "pass and keeps those it would have chosen itself, plus one token of its own. Greedy runs on "
                        "the checkpoint's own weights (edits, switched-off heads and the cache policy are not "
                        "applied)."));
    m_draftLabel->setText(tr("&Draft model:"));
    m_draft->setPlaceholderText(tr("a model folder or hub id with the same vocabulary"));
    m_draft->setToolTip(tr("The draft must share the open model's vocabulary (e.g. Qwen2.5-0.5B for Qwen2.5-7B)."));
    m_browse->setText(tr("&Browse…"));
    m_browse->setToolTip(tr("Choose the draft model's folder."));
    m_draftTokensLabel->setText(tr("&Guesses per pass:"));
    m_draftTokens->setToolTip(tr("How many tokens the draft proposes before the target checks them (K)."));
    m_newTokensLabel->setText(tr("&New tokens:"));
    m_newTokens->setToolTip(tr("How many tokens each run generates after the current text."));
    m_run->setText(tr("&Run"));
    m_run->setToolTip(tr("Generate with and without the draft and compare (Ctrl+Enter)."));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop both runs."));
    m_view->setToolTip(
        tr("Green: accepted guesses. Red, struck through: the first rejected guess; grey: guesses after it, never "
           "checked. Blue: the target's own token."));
    m_view->setHtml(resultHtml());
}

} // namespace attnlab::ui
