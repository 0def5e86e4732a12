#include "ui/model/predictionpanel.h"

#include "ui/model/modelsession.h"

#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

namespace model = core::model;

QString PredictionPanel::percentText(double probability)
{
    const double percent = probability * 100;
    // A space that does not break: a wrapped line never starts with the % of the line before.
    // One decimal, unless that would show a probability that is not zero as 0.0 %.
    if (percent > 0 && percent < 0.05)
        return QStringLiteral("%1\u00a0%").arg(percent, 0, 'g', 2);
    return QStringLiteral("%1\u00a0%").arg(percent, 0, 'f', 1);
}

PredictionPanel::PredictionPanel(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_heading(new QLabel(this))
    , m_message(new QLabel(this))
    , m_comparison(new QLabel(this))
    , m_rows(new QWidget(this))
{
    setObjectName(QStringLiteral("PredictionPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_heading->setWordWrap(true);
    m_message->setWordWrap(true);
    m_comparison->setWordWrap(true);
    m_comparison->setTextFormat(Qt::PlainText);
    m_comparison->setObjectName(QStringLiteral("PredictionComparison"));
    layout->addWidget(m_heading);
    layout->addWidget(m_message);
    layout->addWidget(m_comparison);
    layout->addWidget(m_rows);
    layout->addStretch(1);
    connect(m_session, &ModelSession::computed, this, &PredictionPanel::refresh);
    connect(m_session, &ModelSession::modelLoaded, this, &PredictionPanel::refresh);
    retranslate();
}

void PredictionPanel::addLessonWidget(QWidget *widget)
{
    static_cast<QVBoxLayout *>(layout())->insertWidget(0, widget, 0, Qt::AlignLeft);
}

void PredictionPanel::retranslate()
{
    refresh();
}

QStringList PredictionPanel::entryTexts() const
{
    return m_texts;
}

QString PredictionPanel::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

QString PredictionPanel::comparison() const
{
    return m_comparison->isHidden() ? QString() : m_comparison->text();
}

void PredictionPanel::refresh()
{
    // From the config, which stays readable while a run is busy.
    const model::ModelConfig *config = m_session->config();
    m_heading->setText(!config                          ? tr("Prediction")
            : model::predictsNextToken(*config->family) ? tr("<b>Next token</b> after the sentence")
                                                        : tr("<b>Fillers for the first [MASK]</b>"));
    // A cancelled, failed or refused run leaves the last good prediction (the room says why).
    if (m_session->isStale() && !m_session->isComputed() && !m_entries.empty())
        return;
    m_entries.clear();
    m_texts.clear();
    m_before.clear();
    m_comparison->hide();
    // The rows are rebuilt as a whole: a fresh widget takes its labels and bars with it.
    auto *rows = new QWidget(this);
    // replaceWidget hands back the old widget's layout item, which is ours to delete.
    delete static_cast<QVBoxLayout *>(layout())->replaceWidget(m_rows, rows);
    delete m_rows;
    m_rows = rows;
    const model::ForwardRunner *runner = m_session->runner();
    const bool nextToken = runner && model::predictsNextToken(*runner->config().family);
    QString message;
    if (!runner)
        message = tr("Open a model to see what it predicts.");
    else if (!runner->canPredict())
        message = tr("This checkpoint has no masked-language-model head (cls.predictions), so it cannot fill in "
                     "[MASK].");
    else if (m_session->tokens().empty())
        message = tr("Type a sentence.");
    else if (!nextToken && m_session->predictionPosition() < 0)
        message = tr("Write [MASK] where BERT should fill in a word, e.g. “The cat [MASK] on the mat.”");
    else if (!m_session->isComputed())
        message = tr("Computing…");
    m_message->setText(message);
    m_message->setHidden(message.isEmpty());
    if (!message.isEmpty())
        return;
    m_entries = model::topK(runner->probabilities(), kTop);
    // After a change to the model: what it predicted before, beside what it predicts now.
    const core::RowVector &before = m_session->probabilitiesBeforeEdit();
    const bool compare = before.size() == runner->probabilities().size() && !m_entries.empty();
    if (compare) {
        const model::TokenProbability old = model::topK(before, 1).front();
        m_comparison->setToolTip(tr("What the model predicted before the last change to its weights or heads, and "
                                    "what it predicts now. Undo the change to go back."));
        m_comparison->setText(
            tr("Before the last change: “%1” %2 → now: “%3” %4")
                .arg(m_session->tokenDisplay(old.id), percentText(old.probability),
                    m_session->tokenDisplay(m_entries.front().id), percentText(m_entries.front().probability)));
        m_comparison->show();
    }
    auto *grid = new QGridLayout(m_rows);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(2);
    // A token's text takes at most this width, elided (the whole of it in the tooltip), and its
    // column always this much: the panel keeps its width from one prediction to the next. A wider
    // token widened it, the splitter took the width from the head view, and during generation
    // the head view redrew whole a second time per pass the views read (issue 36).
    const int textWidth = fontMetrics().averageCharWidth() * 18;
    grid->setColumnMinimumWidth(0, textWidth);
    // Likewise the values (and the values before a change): as wide as the widest percentText.
    int valueWidth = 0, wasWidth = 0;
    for (const double widest : {1.0, 0.00044, 4.4e-10}) {
        valueWidth = std::max(valueWidth, fontMetrics().horizontalAdvance(percentText(widest)));
        wasWidth = std::max(wasWidth, fontMetrics().horizontalAdvance(tr("was %1").arg(percentText(widest))));
    }
    grid->setColumnMinimumWidth(2, valueWidth);
    int row = 0;
    for (const model::TokenProbability &e : m_entries) {
        const QString text = m_session->tokenDisplay(e.id);
        m_texts << text;
        const QString shown = fontMetrics().elidedText(text, Qt::ElideRight, textWidth);
        auto *label = new QLabel(shown);
        label->setTextFormat(Qt::PlainText);
        if (m_session->hasToken(e.id)) {
            label->setToolTip(
                shown == text ? tr("Token id %1").arg(e.id) : text + QLatin1Char('\n') + tr("Token id %1").arg(e.id));
        } else {
            // The model's vocabulary is larger than its tokenizer's: the id has no text.
            label->setEnabled(false);
            label->setToolTip(tr("Token id %1 has no token in the tokenizer: the model's vocabulary is larger than "
                                 "the tokenizer's.")
                                  .arg(e.id));
        }
        auto *bar = new QProgressBar;
        bar->setRange(0, 1000);
        bar->setValue(int(std::lround(e.probability * 1000)));
        bar->setTextVisible(false);
        bar->setMaximumHeight(12);
        bar->setMinimumWidth(60);
        auto *value = new QLabel(percentText(e.probability));
        value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        grid->addWidget(label, row, 0);
        grid->addWidget(bar, row, 1);
        grid->addWidget(value, row, 2);
        if (compare) {
            m_before.push_back(double(before[e.id]));
            auto *was = new QLabel(tr("was %1").arg(percentText(before[e.id])));
            was->setEnabled(false); // drawn greyed: the old value beside the new one
            was->setToolTip(tr("This token's probability before the last change to the model"));
            grid->addWidget(was, row, 3);
            grid->setColumnMinimumWidth(3, wasWidth);
        }
        ++row;
    }
    grid->setColumnStretch(1, 1);
}

} // namespace attnlab::ui
