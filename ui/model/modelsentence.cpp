#include "ui/model/modelsentence.h"

#include "ui/model/modelsession.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>

namespace attnlab::ui {

ModelSentence::ModelSentence(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_label(new QLabel(this))
    , m_edit(new QLineEdit(this))
    , m_chipBox(new QWidget)
    , m_chipLayout(new QHBoxLayout(m_chipBox))
    , m_message(new QLabel(this))
{
    setObjectName(QStringLiteral("ModelSentence"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->setSpacing(2);
    auto *row = new QHBoxLayout;
    row->addWidget(m_label);
    row->addWidget(m_edit, 1);
    layout->addLayout(row);
    auto *scroll = new QScrollArea(this);
    m_chipLayout->setContentsMargins(0, 0, 0, 0);
    m_chipLayout->setSpacing(4);
    m_chipLayout->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_chipBox->setStyleSheet(
        QStringLiteral("QLabel#tokenChip { border: 1px solid #4a6fa5; border-radius: 8px; padding: 2px 6px; "
                       "background: #e8eef7; color: #111; }"
                       "QLabel#specialTokenChip { border: 1px solid #8a6d3b; border-radius: 8px; padding: 2px 6px; "
                       "background: #fcf3e0; color: #111; }"));
    // The box is never narrower than its chips (else a new chip squeezed the others until the
    // scroll area widened the box), and keeps its contents as it grows: a token paints its own
    // chip, not every chip of the row twice (issue 36).
    m_chipLayout->setSizeConstraint(QLayout::SetMinimumSize);
    m_chipBox->setAttribute(Qt::WA_StaticContents);
    scroll->setWidget(m_chipBox);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFixedHeight(m_chipBox->fontMetrics().height() * 2 + 14);
    layout->addWidget(scroll);
    m_message->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_message->setWordWrap(true);
    m_message->hide();
    layout->addWidget(m_message);

    m_timer.setSingleShot(true);
    m_timer.setInterval(kCommitDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &ModelSentence::commit);
    connect(m_edit, &QLineEdit::textEdited, this, [this] { m_timer.start(); });
    connect(m_edit, &QLineEdit::returnPressed, this, &ModelSentence::commit);
    connect(m_session, &ModelSession::tokensChanged, this, [this] {
        m_message->hide();
        if (m_edit->text() != m_session->text())
            m_edit->setText(m_session->text());
        showChips();
    });
    connect(m_session, &ModelSession::modelLoaded, this, [this] { m_edit->setEnabled(true); });
    // A refused text stays in the field to be shortened, also one given on the command line;
    // what the user is typing meanwhile is left alone.
    connect(m_session, &ModelSession::textRefused, this, [this](const QString &text) {
        if (m_edit->text() != text && !m_timer.isActive())
            m_edit->setText(text);
    });
    connect(m_session, &ModelSession::error, this, [this](const QString &text) {
        m_message->setText(text);
        m_message->show();
    });
    m_edit->setEnabled(m_session->hasModel());
    retranslate();
}

void ModelSentence::retranslate()
{
    m_label->setText(tr("Sentence:"));
    m_edit->setPlaceholderText(tr("Type a sentence for the model, e.g. The animal didn't cross the street because it "
                                  "was too tired"));
    m_edit->setToolTip(tr("Tokenized exactly as the model's tokenizer does; Enter or a short pause runs the model. "
                          "BERT predicts the first [MASK]."));
    if (!m_message->isHidden())
        m_message->setText(m_session->errorText());
    m_chipIds.clear(); // every chip's words anew
    showChips();
}

void ModelSentence::commit()
{
    m_timer.stop();
    if (m_edit->text() != m_session->text() || !m_session->isComputed())
        m_session->setText(m_edit->text());
}

void ModelSentence::showChips()
{
    const auto &tokens = m_session->tokens();
    const int shown = std::min<int>(int(tokens.size()), kMostChips);
    // A generated token appends one chip to the row: the chips before it stay (rebuilding every
    // chip of a long text for each token cost generation more time than the model's pass).
    bool extends = m_chipIds.size() <= size_t(shown) && !m_chipIds.empty();
    for (size_t i = 0; extends && i < m_chipIds.size(); ++i)
        extends = m_chipIds[i] == tokens[i].id;
    if (!extends) {
        while (QLayoutItem *item = m_chipLayout->takeAt(0)) {
            delete item->widget();
            delete item;
        }
        m_chipTexts.clear();
        m_chipIds.clear();
        m_more = nullptr;
    } else if (QLayoutItem *stretch = m_chipLayout->takeAt(m_chipLayout->count() - 1)) {
        delete stretch->widget();
        delete stretch;
        if (m_more) {
            m_chipLayout->removeWidget(m_more);
            delete m_more;
            m_more = nullptr;
        }
    }
    for (int i = int(m_chipIds.size()); i < shown; ++i) {
        const QString display = QString::fromStdString(tokens[size_t(i)].display);
        m_chipTexts << QStringLiteral("%1: %2").arg(tokens[size_t(i)].id).arg(display);
        m_chipIds.push_back(tokens[size_t(i)].id);
        // The position first, as the board's chips and every matrix row number tokens; the
        // vocabulary id after the word, said to be one.
        auto *chip = new QLabel(tr("<small>%1</small> %2 <small>id %3</small>")
                                    .arg(i)
                                    .arg(display.toHtmlEscaped())
                                    .arg(tokens[size_t(i)].id));
        chip->setTextFormat(Qt::RichText);
        chip->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
        // Styled by the row's style sheet (one sheet for all chips: a sheet per chip is parsed
        // per chip).
        chip->setObjectName(
            tokens[size_t(i)].special ? QStringLiteral("specialTokenChip") : QStringLiteral("tokenChip"));
        chip->setToolTip(tr("Token %1: “%2”, id %3, vocabulary piece “%4”")
                             .arg(i)
                             .arg(display)
                             .arg(tokens[size_t(i)].id)
                             .arg(QString::fromStdString(tokens[size_t(i)].piece)));
        m_chipLayout->addWidget(chip);
    }
    if (shown < int(tokens.size())) {
        m_more = new QLabel(tr("… and %1 more").arg(int(tokens.size()) - shown));
        m_chipLayout->addWidget(m_more);
    }
    m_chipLayout->addStretch(1);
}

QString ModelSentence::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

} // namespace attnlab::ui
