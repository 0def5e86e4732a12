#include "ui/board/tokenbar.h"

#include "core/scene/limits.h"
#include "core/scene/sceneedits.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/i18n/coremessages.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QScrollArea>
#include <QVBoxLayout>

namespace attnlab::ui {

TokenBar::TokenBar(Document *document, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_document(document)
    , m_edit(new QLineEdit)
    , m_mode(new QComboBox)
    , m_separator(new QLineEdit(kDefaultSeparator))
    , m_separatorLabel(new QLabel)
    , m_sentenceLabel(new QLabel)
    , m_scroll(new QScrollArea)
    , m_chipBox(new QWidget)
    , m_chipLayout(new QHBoxLayout(m_chipBox))
    , m_message(new QLabel)
{
    auto *top = new QHBoxLayout;
    m_sentenceLabel->setBuddy(m_edit);
    top->addWidget(m_sentenceLabel);
    top->addWidget(m_edit, 1);
    top->addWidget(m_mode);
    top->addWidget(m_separatorLabel);
    top->addWidget(m_separator);

    m_edit->setClearButtonEnabled(true);
    for (TokenizerMode m :
        {TokenizerMode::Automatic, TokenizerMode::Whitespace, TokenizerMode::Character, TokenizerMode::Separator})
        m_mode->addItem(QString(), int(m));
    m_separator->setMaximumWidth(40);
    m_separatorLabel->setBuddy(m_separator);

    m_chipLayout->setContentsMargins(0, 0, 0, 0);
    m_chipLayout->setSpacing(4);
    m_chipLayout->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_scroll->setWidget(m_chipBox);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setFixedHeight(m_chipBox->fontMetrics().height() * 2 + 14);

    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b2182b;"));
    m_message->hide();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_scroll);
    layout->addWidget(m_message);

    m_commitTimer.setSingleShot(true);
    m_commitTimer.setInterval(kCommitDelayMs);
    connect(&m_commitTimer, &QTimer::timeout, this, &TokenBar::commit);
    // Typing only restarts the timer: a sentence is cut into tokens (and the board rebuilt)
    // once the typist pauses or presses Enter, never on every keystroke, so typing a long
    // sentence quickly costs nothing.
    connect(m_edit, &QLineEdit::textEdited, this, [this] { m_commitTimer.start(); });
    connect(m_edit, &QLineEdit::editingFinished, this, &TokenBar::finishEditing);
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] {
        updateSeparatorVisibility();
        commit();
    });
    connect(m_separator, &QLineEdit::textEdited, this, [this] { m_commitTimer.start(); });
    connect(m_document, &Document::sceneReset, this, &TokenBar::syncFromScene);
    connect(m_document, &Document::sceneChanged, this, [this](const core::Edit &edit) {
        if (edit.target == core::Edit::Target::Everything)
            syncFromScene();
    });
    retranslate();
    updateSeparatorVisibility();
    syncFromScene();
}

TokenBar::~TokenBar()
{
    // QWidget's destructor hides the field, and a field that had the focus then says its editing
    // finished: by then this object is only a QWidget, so commit() must no longer be called
    // (UBSan: a downcast to a TokenBar that is gone).
    m_edit->disconnect(this);
}

void TokenBar::retranslate()
{
    m_sentenceLabel->setText(tr("&Sentence:"));
    m_separatorLabel->setText(tr("Separator:"));
    m_edit->setPlaceholderText(tr("Type a sentence, e.g. 猫吃鱼 or “the cat saw the dog”"));
    updateEditability();
    m_mode->setItemText(0, tr("Automatic"));
    m_mode->setItemText(1, tr("Whitespace"));
    m_mode->setItemText(2, tr("Characters"));
    m_mode->setItemText(3, tr("Separator"));
    m_mode->setToolTip(tr("How the sentence is cut into tokens:\n"
                          "Automatic: spaces split words and every Chinese, Japanese or Korean character "
                          "is a token.\nWhitespace: only spaces split.\nCharacters: every character is a "
                          "token.\nSeparator: the text between separators is a token."));
    m_separator->setToolTip(tr("The text that separates tokens in Separator mode."));
    m_scroll->setToolTip(tr("The tokens, numbered from 0 as in every matrix row."));
    m_message->setToolTip(tr("Why the sentence was not applied."));
    showChips(m_chips, m_chipsPending);
}

QString TokenBar::text() const
{
    return m_edit->text();
}

void TokenBar::setText(const QString &text)
{
    m_edit->setText(text);
    showChips(tokenize(text, mode(), separator()), true);
}

TokenizerMode TokenBar::mode() const
{
    return TokenizerMode(m_mode->currentData().toInt());
}

void TokenBar::setMode(TokenizerMode mode)
{
    m_mode->setCurrentIndex(m_mode->findData(int(mode)));
}

QString TokenBar::separator() const
{
    return m_separator->text();
}

QStringList TokenBar::chipTexts() const
{
    return m_chips;
}

QString TokenBar::message() const
{
    return m_message->text();
}

bool TokenBar::commit()
{
    m_commitTimer.stop();
    // A head from a model keeps the model's tokens: its X has a row for each of them, and new
    // tokens would leave X and the tokens apart (leaving the read-only field commits too).
    if (m_document->scene().hasInputX())
        return false;
    const QStringList tokens = tokenize(text(), mode(), separator());
    const core::Scene &scene = m_document->scene();
    showChips(tokens, true);
    if (tokens.isEmpty()) {
        showMessage(tr("Type at least one token; until then the board keeps “%1”.")
                        .arg(fromStdTokens(scene.tokens).join(QLatin1Char(' '))));
        return false;
    }
    if (tokens.size() > core::limits::kMaxTokens) {
        showMessage(tr("%1 tokens is more than the limit of %2.").arg(tokens.size()).arg(core::limits::kMaxTokens));
        return false;
    }
    const std::vector<std::string> wanted = toStdTokens(tokens);
    if (wanted == scene.tokens) {
        showMessage(QString());
        showChips(tokens, false);
        return true;
    }
    core::Scene next = core::edits::withTokens(scene, wanted);
    // A title that named the old sentence (the examples' "猫吃鱼") would now name the wrong
    // one; it follows the typed sentence. A title of the user's own is kept.
    const QString oldTitle = QString::fromStdString(scene.title);
    const QStringList oldTokens = fromStdTokens(scene.tokens);
    const bool titleNamedSentence = oldTitle.trimmed().isEmpty() || oldTitle.contains(oldTokens.join(QString()))
        || oldTitle.contains(oldTokens.join(QLatin1Char(' ')))
        || oldTitle.contains(detokenize(oldTokens, mode(), separator()));
    if (titleNamedSentence)
        next.title = text().trimmed().toStdString();
    const std::vector<core::Problem> problems = core::validate(next);
    if (!problems.empty()) {
        showMessage(tr("These tokens cannot be used: %1").arg(coreMessageText(problems.front().message)));
        return false;
    }
    showMessage(QString());
    m_document->changeScene(
        next, [joined = tokens.join(QLatin1Char('|'))] { return tr("Set tokens to “%1”").arg(joined); });
    return true;
}

void TokenBar::finishEditing()
{
    if (commit() || m_document->scene().hasInputX() || !tokenize(text(), mode(), separator()).isEmpty())
        return;
    // Enter or leaving the field with nothing in it: the board still shows the scene's tokens,
    // so the field shows them again too instead of an empty sentence that applies to nothing.
    syncFromScene();
    showMessage(tr("A sentence needs at least one token: the board kept “%1”.")
                    .arg(fromStdTokens(m_document->scene().tokens).join(QLatin1Char(' '))));
}

void TokenBar::updateEditability()
{
    // A head taken from a real model has X from the model's own layers: new tokens would need
    // the model to run again, so its sentence is retyped in the model dock instead.
    const bool fromModel = m_document->scene().hasInputX();
    m_edit->setReadOnly(fromModel);
    m_mode->setEnabled(!fromModel);
    // Read-only should look it: the field takes the window's colour instead of a text field's
    // white, and offers no clear button.
    m_edit->setClearButtonEnabled(!fromModel);
    QPalette look = palette();
    if (fromModel)
        look.setColor(QPalette::Base, look.color(QPalette::Window));
    m_edit->setPalette(look);
    m_edit->setFrame(!fromModel);
    const QString why = tr("These tokens come from a real model: X is what that model's layer computed for them. "
                           "To change the text, type it in the Sentence field of the Model workspace (Ctrl+2), then "
                           "open the head on the board again.");
    m_edit->setToolTip(
        fromModel ? why : tr("The sentence. It is cut into tokens as you type; Enter or a short pause applies it."));
    m_sentenceLabel->setToolTip(fromModel ? why : QString());
}

void TokenBar::syncFromScene()
{
    const QStringList tokens = fromStdTokens(m_document->scene().tokens);
    if (tokenize(text(), mode(), separator()) != tokens) {
        // The scene changed from elsewhere (undo, a loaded file): write a sentence that gives
        // its tokens back, switching to separators when the current mode cannot.
        QString sentence = detokenize(tokens, mode(), separator());
        if (sentence.isEmpty()) {
            for (TokenizerMode m : {TokenizerMode::Automatic, TokenizerMode::Separator}) {
                sentence = detokenize(tokens, m, kDefaultSeparator);
                if (!sentence.isEmpty()) {
                    const QSignalBlocker block(m_mode);
                    m_separator->setText(kDefaultSeparator);
                    setMode(m);
                    updateSeparatorVisibility();
                    break;
                }
            }
        }
        m_edit->setText(sentence);
    }
    showMessage(QString());
    showChips(tokens, false);
    updateEditability();
}

void TokenBar::showChips(const QStringList &tokens, bool pending)
{
    m_chips = tokens;
    m_chipsPending = pending;
    while (QLayoutItem *item = m_chipLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    // Thousands of chips would make typing sluggish; the matrices show every token anyway.
    const int shown = std::min<int>(int(tokens.size()), 200);
    for (int i = 0; i < shown; ++i) {
        auto *chip = new QLabel(QStringLiteral("<small>%1</small> %2").arg(i).arg(tokens[i].toHtmlEscaped()));
        chip->setTextFormat(Qt::RichText);
        chip->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
        chip->setStyleSheet(pending ? QStringLiteral("QLabel { border: 1px dashed #888; border-radius: 8px; "
                                                     "padding: 2px 6px; color: #555; }")
                                    : QStringLiteral("QLabel { border: 1px solid #4a6fa5; border-radius: 8px; "
                                                     "padding: 2px 6px; background: #e8eef7; color: #111; }"));
        chip->setToolTip(pending ? tr("Token %1: “%2” (not applied yet)").arg(i).arg(tokens[i])
                                 : tr("Token %1: “%2”").arg(i).arg(tokens[i]));
        m_chipLayout->addWidget(chip);
    }
    if (shown < tokens.size()) {
        auto *more = new QLabel(tr("… %n more", nullptr, int(tokens.size()) - shown));
        more->setToolTip(tr("Only the first %1 tokens are shown as chips.").arg(shown));
        m_chipLayout->addWidget(more);
    }
    m_chipLayout->addStretch(1);
}

void TokenBar::showMessage(const QString &text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

void TokenBar::updateSeparatorVisibility()
{
    const bool sep = mode() == TokenizerMode::Separator;
    m_separator->setVisible(sep);
    m_separatorLabel->setVisible(sep);
}

} // namespace attnlab::ui
