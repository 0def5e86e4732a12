#include "ui/chat/chatpanel.h"

#include "core/chat/chatprompt.h"
#include "core/generate/stoppingrule.h"
#include "ui/generate/actionbutton.h"
#include "ui/generate/generator.h"
#include "ui/i18n/coremessages.h"
#include "ui/model/modelsession.h"

#include <QAction>
#include <QFile>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSpinBox>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace attnlab::ui {

namespace {

// One turn as a bubble: the user's on the right, the model's on the left, the system prompt
// across the middle. Plain text, escaped; line breaks kept.
QString bubble(const QString &role, const QString &who, const QString &text, bool writing)
{
    QString body = text.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    if (writing)
        body += QStringLiteral("<span style=\"color:#21918c\">▍</span>");
    const bool user = role == QLatin1String("user");
    const bool system = role == QLatin1String("system");
    const QString colour = user ? QStringLiteral("#e3f2fd")
        : system                ? QStringLiteral("#f2f2f2")
                                : QStringLiteral("#eef7e8");
    const QString align = user ? QStringLiteral("right") : system ? QStringLiteral("center") : QStringLiteral("left");
    return QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"0\"><tr><td align=\"%1\">"
                          "<table cellspacing=\"0\" cellpadding=\"6\" style=\"background:%2\"><tr><td>"
                          "<small><b>%3</b></small><br>%4</td></tr></table></td></tr></table>")
        .arg(align, colour, who.toHtmlEscaped(), body);
}

QString seconds(qint64 ms)
{
    return QLocale().toString(double(ms) / 1000.0, 'f', 2);
}

} // namespace

ChatPanel::ChatPanel(ModelSession *session, Generator *generator, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_generator(generator)
    , m_system(new QLineEdit)
    , m_systemLabel(new QLabel)
    , m_transcript(new QTextBrowser)
    , m_message(new QPlainTextEdit)
    , m_limitLabel(new QLabel)
    , m_limit(new QSpinBox)
    , m_send(new QAction(this))
    , m_stop(new QAction(this))
    , m_newChat(new QAction(this))
    , m_sendButton(buttonFor(m_send))
    , m_stopButton(buttonFor(m_stop))
    , m_newChatButton(buttonFor(m_newChat))
    , m_status(new QLabel)
{
    setObjectName(QStringLiteral("ChatPanel"));
    m_send->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_newChat->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_N));
    for (QAction *action : {m_send, m_newChat}) {
        action->setShortcutContext(Qt::WindowShortcut);
        addAction(action);
    }
    // Stop has the Generate tab's key (Ctrl+Shift+.), which stops the same generator.
    connect(m_send, &QAction::triggered, this, &ChatPanel::send);
    connect(m_stop, &QAction::triggered, m_generator, &Generator::stop);
    connect(m_newChat, &QAction::triggered, this, &ChatPanel::newChat);

    m_systemLabel->setBuddy(m_system);
    m_system->setClearButtonEnabled(true);
    m_limitLabel->setBuddy(m_limit);
    m_limit->setRange(1, 4096);
    m_limit->setValue(256);
    m_transcript->setOpenLinks(false);
    m_transcript->setMinimumHeight(m_transcript->fontMetrics().lineSpacing() * 3 + 12);
    m_message->setTabChangesFocus(true);
    // Two lines in sight; a longer message scrolls inside its box.
    m_message->setFixedHeight(m_message->fontMetrics().lineSpacing() * 2 + 12);
    m_message->installEventFilter(this);
    m_status->setTextFormat(Qt::PlainText); // one line: a wrapped status pushed the message box out of sight
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // Compact enough for the room's tab at 1280 × 720 (about 130 px of page): one row of settings,
    // the conversation taking what is left, one row for the message and its buttons.
    auto *top = new QHBoxLayout;
    top->addWidget(m_systemLabel);
    top->addWidget(m_system, 1);
    top->addWidget(m_limitLabel);
    top->addWidget(m_limit);
    top->addWidget(m_newChatButton);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_message, 1);
    bottom->addWidget(m_sendButton, 0, Qt::AlignTop);
    bottom->addWidget(m_stopButton, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(3);
    layout->addLayout(top);
    layout->addWidget(m_transcript, 1);
    layout->addLayout(bottom);
    layout->addWidget(m_status);

    // The run starts from the pass of the prompt once every view has read it (passRead), as the
    // Generator goes on from each of its own passes.
    connect(m_session, &ModelSession::passRead, this, &ChatPanel::onComputed);
    connect(m_session, &ModelSession::busyChanged, this, &ChatPanel::refreshActions);
    connect(m_session, &ModelSession::modelLoaded, this, [this] {
        m_phase = Phase::Idle;
        newChat();
        setStatus({});
    });
    connect(m_session, &ModelSession::tokensChanged, this, [this] {
        // The room's sentence field (or another tab) set another text before the answer began.
        if (m_phase == Phase::Reading && m_session->text() != m_prompt) {
            m_phase = Phase::Idle;
            m_message->setPlainText(QString::fromStdString(m_turns.back().content));
            m_turns.pop_back();
            setStatus([] {
                return tr("The model's text was changed elsewhere before the answer began; the message is "
                          "back in its box.");
            });
            refreshTranscript();
            refreshActions();
        }
    });
    connect(m_session, &ModelSession::textRefused, this, [this](const QString &text) {
        if (m_phase != Phase::Reading || text != m_prompt)
            return;
        m_phase = Phase::Idle;
        m_message->setPlainText(QString::fromStdString(m_turns.back().content));
        m_turns.pop_back();
        const QString why = m_session->errorText();
        setStatus([why] { return tr("The conversation was not sent: %1 Start a new chat or shorten it.").arg(why); });
        refreshTranscript();
        refreshActions();
    });
    connect(m_generator, &Generator::stepsChanged, this, &ChatPanel::onSteps);
    connect(m_generator, &Generator::runningChanged, this, &ChatPanel::onRunning);
    connect(m_generator, &Generator::readyChanged, this, &ChatPanel::refreshActions);
    connect(m_message, &QPlainTextEdit::textChanged, this, &ChatPanel::refreshActions);
    retranslate();
}

std::vector<core::chat::ChatMessage> ChatPanel::messages() const
{
    std::vector<core::chat::ChatMessage> out;
    const QString system = m_system->text().trimmed();
    if (!system.isEmpty())
        out.push_back({"system", system.toStdString()});
    out.insert(out.end(), m_turns.begin(), m_turns.end());
    return out;
}

bool ChatPanel::send()
{
    const QString text = m_message->toPlainText().trimmed();
    if (text.isEmpty() || m_phase != Phase::Idle || !m_session->hasModel() || m_generator->isRunning())
        return false;
    m_turns.push_back({"user", text.toStdString()});
    std::string prompt;
    try {
        prompt = core::chat::chatPrompt(QFile::encodeName(m_session->filePath()).toStdString(), messages());
    } catch (const core::chat::ChatTemplateError &e) {
        m_turns.pop_back();
        const core::Problem problem = e.problem();
        setStatus([problem] { return tr("This model cannot chat: %1").arg(fileProblemText(problem)); });
        refreshActions();
        return false;
    }
    m_prompt = QString::fromStdString(prompt);
    m_phase = Phase::Reading;
    m_clock.start();
    m_readMs = m_firstTokenMs = 0;
    m_message->clear();
    setStatus([] { return tr("Reading the conversation…"); });
    refreshTranscript();
    refreshActions();
    m_session->setText(m_prompt, ModelSession::TextKind::ChatPrompt);
    return true;
}

void ChatPanel::onComputed()
{
    if (m_phase != Phase::Reading || !m_session->isComputed() || m_session->text() != m_prompt
        || !m_session->generatedIds().empty())
        return;
    m_readMs = m_clock.elapsed();
    m_promptTokens = int(m_session->tokens().size());
    if (!m_generator->canStep()) {
        m_phase = Phase::Idle;
        const QString why = m_generator->whyNotStep();
        setStatus([why] { return tr("The model cannot answer: %1").arg(why); });
        refreshTranscript();
        refreshActions();
        return;
    }
    m_phase = Phase::Writing;
    m_generator->run(m_limit->value());
    // A run that ended at once (an end token first) has already called onRunning(false).
}

void ChatPanel::onSteps()
{
    if (m_phase != Phase::Writing)
        return;
    if (m_firstTokenMs == 0 && !m_generator->steps().empty())
        m_firstTokenMs = std::max<qint64>(1, m_clock.elapsed());
    refreshTranscript();
}

void ChatPanel::onRunning(bool running)
{
    if (!running && m_phase == Phase::Writing)
        finishAnswer();
    refreshActions();
}

QString ChatPanel::pendingAnswer() const
{
    if (m_phase != Phase::Writing)
        return QString();
    const std::vector<int> &ids = m_session->generatedIds();
    int count = int(ids.size());
    const core::generate::StoppingRule *rule = m_generator->rule();
    if (count > 0 && rule && rule->isEndToken(ids.back()))
        --count;
    return m_session->continuationText(count);
}

void ChatPanel::finishAnswer()
{
    const QString answer = pendingAnswer();
    const int written = int(m_session->generatedIds().size());
    const qint64 total = m_clock.elapsed();
    m_phase = Phase::Idle;
    m_turns.push_back({"assistant", answer.toStdString()});
    const int prompt = m_promptTokens;
    const qint64 readMs = m_readMs;
    // Tokens after the first, over the time after the first: the rate the model writes at once
    // the conversation has been read (Ollama's "eval rate").
    const qint64 writeMs = total - m_firstTokenMs;
    const bool atEnd = m_generator->endedAtEndToken();
    const int limit = m_limit->value();
    const bool full = m_session->config() && int(m_session->tokens().size()) >= m_session->config()->maxPositions;
    setStatus([=] {
        QString how = atEnd    ? tr("it ended at the model's end token")
            : full             ? tr("the model has no position left")
            : written >= limit ? tr("it reached the limit of %n token(s)", nullptr, limit)
                               : tr("it was stopped");
        QString speed = written > 1 && writeMs > 0
            ? tr("%1 tokens/s").arg(QLocale().toString(double(written - 1) * 1000.0 / double(writeMs), 'f', 1))
            : tr("no rate from one token");
        const QString read = tr("Read %n token(s) in %1 s", nullptr, prompt).arg(seconds(readMs));
        const QString wrote = tr("wrote %n token(s) in %1 s", nullptr, written).arg(seconds(total - readMs));
        return tr("%1; %2 (%3); %4.").arg(read, wrote, speed, how);
    });
    refreshTranscript();
}

void ChatPanel::newChat()
{
    if (m_phase == Phase::Writing)
        m_generator->stop();
    m_turns.clear();
    m_phase = Phase::Idle;
    setStatus({});
    refreshTranscript();
    refreshActions();
}

void ChatPanel::refreshTranscript()
{
    QString html;
    const QString system = m_system->text().trimmed();
    if (!system.isEmpty() && (!m_turns.empty() || m_phase != Phase::Idle))
        html += bubble(QStringLiteral("system"), tr("System"), system, false);
    for (const core::chat::ChatMessage &m : m_turns) {
        const QString role = QString::fromStdString(m.role);
        html += bubble(
            role, role == QLatin1String("user") ? tr("You") : tr("Model"), QString::fromStdString(m.content), false);
    }
    if (m_phase != Phase::Idle)
        html += bubble(QStringLiteral("assistant"), tr("Model"),
            m_phase == Phase::Reading ? tr("(reading the conversation…)") : pendingAnswer(), true);
    if (html.isEmpty())
        html = QStringLiteral("<p style=\"color:#666\">%1</p>")
                   .arg(tr("%1 %2", "two sentences in a row (Chinese needs no space between them)")
                            .arg(tr("Write a message below and press Enter. Shift+Enter starts a new line."),
                                tr("The conversation is the model's text: the heads above, the grid and Open on Board "
                                   "show every turn as the model reads it, template tokens included."))
                            .toHtmlEscaped());
    m_transcript->setHtml(html);
    // The newest words in sight, as a chat window keeps them.
    m_transcript->verticalScrollBar()->setValue(m_transcript->verticalScrollBar()->maximum());
}

void ChatPanel::refreshActions()
{
    const bool idle = m_phase == Phase::Idle && !m_generator->isRunning();
    m_send->setEnabled(idle && m_session->hasModel() && !m_message->toPlainText().trimmed().isEmpty());
    m_stop->setEnabled(m_phase == Phase::Writing && m_generator->isRunning());
    m_newChat->setEnabled(!m_turns.empty() || m_phase != Phase::Idle);
    m_system->setEnabled(m_phase == Phase::Idle);
}

void ChatPanel::setStatus(std::function<QString()> text)
{
    m_statusText = std::move(text);
    m_status->setText(m_statusText ? m_statusText() : QString());
    m_status->setVisible(!m_status->text().isEmpty());
}

QString ChatPanel::statusText() const
{
    return m_status->text();
}

bool ChatPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_message && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter)
            && !(key->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier))) {
            send();
            return true;
        }
    }
    return Retranslating<QWidget>::eventFilter(watched, event);
}

void ChatPanel::retranslate()
{
    setWindowTitle(tr("Model room: chat"));
    setToolTip(tr("A conversation with the open chat model: each message goes through the model's chat template with "
                  "every earlier turn, and the answer is written token by token under the Generate tab's sampling "
                  "settings."));
    m_systemLabel->setText(tr("System prompt:"));
    m_system->setPlaceholderText(tr("optional; empty keeps the template's own"));
    m_system->setToolTip(tr("The system turn sent before the conversation: how the model should behave. Empty "
                            "sends none, and a template with a default (Qwen2.5's) writes its own."));
    m_limitLabel->setText(tr("Longest answer:"));
    m_limit->setSuffix(tr(" tokens"));
    m_limit->setToolTip(tr("An answer stops after this many tokens if the model has not ended it"));
    m_message->setPlaceholderText(tr("Your message (Enter sends, Shift+Enter starts a new line)"));
    m_message->setToolTip(tr("The next user turn. Enter or Ctrl+Return sends it."));
    m_send->setText(tr("Send"));
    m_send->setToolTip(tr("Send the message as the next user turn and let the model answer (Enter, Ctrl+Return)"));
    m_stop->setText(tr("Stop"));
    m_stop->setToolTip(tr("Stop the answer after the token being computed; what was written is kept (Ctrl+Shift+.)"));
    m_newChat->setText(tr("New Chat"));
    m_newChat->setToolTip(tr("Forget the turns and start again; the system prompt stays (Ctrl+Alt+N)"));
    m_transcript->setToolTip(tr("The conversation. While an answer is written, the model's text in the room is the "
                                "whole conversation, so the heads and the board show what each token reads."));
    if (m_statusText)
        m_status->setText(m_statusText());
    m_status->setVisible(!m_status->text().isEmpty());
    refreshTranscript();
    refreshActions();
}

} // namespace attnlab::ui
