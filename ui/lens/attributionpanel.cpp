#include "ui/lens/attributionpanel.h"

#include "core/model/family/modelfamily.h"
#include "core/model/topk.h"
#include "ui/lens/attributionchart.h"
#include "ui/lens/passmessage.h"
#include "ui/lessons/lessondialog.h"
#include "ui/model/modelsession.h"
#include "ui/model/predictionpanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <memory>

namespace attnlab::ui {

namespace model = core::model;

namespace {
// The predicted tokens offered in the token box.
constexpr int kOfferedTokens = 10;
} // namespace

AttributionPanel::AttributionPanel(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_heading(new QLabel)
    , m_tokenLabel(new QLabel)
    , m_tokenBox(new QComboBox)
    , m_idLabel(new QLabel)
    , m_tokenId(new QSpinBox)
    , m_sum(new QLabel)
    , m_note(new QLabel)
    , m_message(new QLabel)
    , m_chart(new AttributionChart)
{
    setObjectName(QStringLiteral("AttributionPanel"));
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    m_sum->setFont(bold);
    m_sum->setTextFormat(Qt::PlainText);
    m_note->setWordWrap(true);
    m_message->setWordWrap(true);
    m_tokenLabel->setBuddy(m_tokenBox);
    m_idLabel->setBuddy(m_tokenId);
    m_tokenBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    auto *controls = new QHBoxLayout;
    controls->setSpacing(4);
    controls->addWidget(m_heading);
    controls->addSpacing(12);
    controls->addWidget(m_tokenLabel);
    controls->addWidget(m_tokenBox);
    controls->addWidget(m_idLabel);
    controls->addWidget(m_tokenId);
    controls->addSpacing(12);
    controls->addWidget(m_sum, 1);
    // The attribution's caveats, and a worksheet question on this model's own split (ui/lessons).
    controls->addWidget(new LessonButton(QStringLiteral("attribution"), session, this));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    layout->addLayout(controls);
    layout->addWidget(m_note);
    layout->addWidget(m_message);
    layout->addWidget(m_chart, 1);

    connect(m_tokenBox, &QComboBox::activated, this, [this](int i) { setToken(m_tokenBox->itemData(i).toInt()); });
    connect(m_tokenId, &QSpinBox::valueChanged, this, [this](int id) {
        if (id != m_attribution.token || !m_has)
            setToken(id);
    });
    connect(m_chart, &AttributionChart::partClicked, this, [this](int part) { selectPart(part, false); });
    connect(m_chart, &AttributionChart::partDoubleClicked, this, [this](int part) { selectPart(part, true); });
    connect(m_session, &ModelSession::computed, this, &AttributionPanel::refresh);
    connect(m_session, &ModelSession::modelLoaded, this, [this] {
        m_pinned = -1;
        refresh();
    });
    retranslate();
}

void AttributionPanel::retranslate()
{
    setToolTip(tr("Direct logit attribution: how much each part of the model writes toward one token's logit."));
    m_heading->setText(tr("Attribution"));
    m_tokenLabel->setText(tr("Token:"));
    m_idLabel->setText(tr("id"));
    m_chart->setToolTip(tr("One bar per part, the largest on top: red pushes the token's logit up, blue pushes it "
                           "down. Click a head's bar to select the head; double-click to open it on the board."));
    m_sum->setToolTip(tr("The parts add up to the logit the model computed."));
    fillTokenBox();
    if (m_has)
        showAttribution();
    else
        refresh();
}

QString AttributionPanel::sumText() const
{
    return m_has ? m_sum->text() : QString();
}

QString AttributionPanel::noteText() const
{
    return m_note->text();
}

QString AttributionPanel::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

void AttributionPanel::setToken(int token)
{
    m_pinned = token;
    {
        const QSignalBlocker block(m_tokenBox);
        const int i = m_tokenBox->findData(token);
        m_tokenBox->setCurrentIndex(i >= 0 ? i : 0);
    }
    compute();
}

int AttributionPanel::wantedToken() const
{
    if (m_pinned >= 0)
        return m_pinned;
    const model::ForwardRunner *runner = m_session->runner();
    if (!runner || runner->probabilities().size() == 0)
        return -1;
    return model::topK(runner->probabilities(), 1).front().id;
}

void AttributionPanel::fillTokenBox()
{
    const QSignalBlocker block(m_tokenBox);
    m_tokenBox->clear();
    const model::ForwardRunner *runner = m_session->runner();
    const bool predicts = runner && m_session->isComputed() && runner->probabilities().size() > 0
        && m_session->predictionPosition() >= 0;
    {
        // The id box always holds an id of the open model's vocabulary (an earlier model's may
        // lie outside it); with no prediction there is no logit to pick, and the tooltip says why.
        const QSignalBlocker blockId(m_tokenId);
        if (runner)
            m_tokenId->setRange(0, runner->config().vocabSize - 1);
        if (!predicts && m_pinned < 0)
            m_tokenId->setValue(0);
        const QString why = runner && m_session->isComputed() && m_session->predictionPosition() < 0
            ? tr("Not available now: BERT predicts only where the sentence has [MASK]; write [MASK] where it "
                 "should fill in a word.")
            : QString();
        m_tokenBox->setToolTip(tr("The token whose logit is taken apart: the predicted one, or another of the most "
                                  "likely ones.")
            + (why.isEmpty() ? QString() : QLatin1Char('\n') + why));
        m_tokenId->setToolTip(
            tr("Any token of the vocabulary by its id.") + (why.isEmpty() ? QString() : QLatin1Char('\n') + why));
    }
    m_tokenBox->setEnabled(predicts);
    m_tokenId->setEnabled(predicts);
    if (!predicts)
        return;
    const std::vector<model::TokenProbability> top = model::topK(runner->probabilities(), kOfferedTokens);
    m_tokenBox->addItem(tr("the predicted token, “%1”").arg(m_session->tokenDisplay(top.front().id)), -1);
    for (const model::TokenProbability &t : top)
        m_tokenBox->addItem(
            QStringLiteral("“%1”  %2").arg(m_session->tokenDisplay(t.id), PredictionPanel::percentText(t.probability)),
            t.id);
    const int i = m_tokenBox->findData(m_pinned);
    m_tokenBox->setCurrentIndex(i >= 0 ? i : 0);
}

void AttributionPanel::refresh()
{
    // A cancelled, failed or refused run leaves the last good chart (the room says why).
    if (m_session->isStale() && !m_session->isComputed() && m_has)
        return;
    ++m_epoch;
    m_has = false;
    m_attribution = {};
    m_chart->setAttribution({}, {}, {}, QString());
    m_sum->clear();
    m_note->clear();
    fillTokenBox();
    QString message = PassMessage::text(*m_session, tr("Open a model to take its prediction apart."),
        tr("This checkpoint has no output head, so there is no logit to take apart."));
    if (message.isEmpty() && m_session->predictionPosition() < 0) // BERT without [MASK]
        message = tr("Write [MASK] where BERT should fill in a word: the chart takes apart the logit of a filler "
                     "there.");
    PassMessage::show(m_message, message);
    compute();
}

void AttributionPanel::showEvent(QShowEvent *event)
{
    Retranslating<QWidget>::showEvent(event);
    compute();
}

bool AttributionPanel::compute()
{
    const int token = wantedToken();
    // BERT without [MASK] predicts nothing (the runner reads its last position, [SEP]).
    if (m_computing || !isVisible() || m_session->isBusy() || !m_session->isComputed() || token < 0
        || m_session->predictionPosition() < 0 || (m_has && m_attribution.token == token))
        return false;
    const model::ForwardRunner *runner = m_session->runner();
    if (!runner->canPredict() || token >= runner->config().vocabSize)
        return false;
    auto result = std::make_shared<model::Attribution>();
    m_computing = m_session->readRunner(
        [token, result](const model::ForwardRunner &r, const model::ForwardProgress &progress) {
            return model::attributeLogit(r, token, progress, *result);
        },
        [self = QPointer<AttributionPanel>(this), result, epoch = m_epoch](bool finished) {
            if (!self)
                return;
            self->m_computing = false;
            if (!finished) // cancelled: the chart stays empty until the next pass or pick
                return;
            if (epoch != self->m_epoch) { // a newer pass came meanwhile
                self->compute();
                return;
            }
            self->m_attribution = *result;
            self->m_has = true;
            self->showAttribution();
            self->compute(); // another token may have been picked meanwhile
        },
        [] { return tr("Computing the attribution…"); });
    return m_computing;
}

QString AttributionPanel::partText(const model::AttributionPart &part) const
{
    const QString layer = QString::number(part.layer + 1);
    switch (part.kind) {
    case model::AttributionPart::Kind::Embeddings:
        return tr("embeddings");
    case model::AttributionPart::Kind::Head:
        return tr("head %1").arg(ModelSession::headName(part.layer, part.head));
    case model::AttributionPart::Kind::Mlp:
        return tr("MLP %1").arg(layer);
    case model::AttributionPart::Kind::Layer:
        return tr("layer %1").arg(layer);
    case model::AttributionPart::Kind::Biases:
        break;
    }
    return tr("biases");
}

void AttributionPanel::showAttribution()
{
    const model::Attribution &a = m_attribution;
    const QString token = m_session->tokenDisplay(a.token);
    m_chart->setAttribution(
        a, [this](const model::AttributionPart &p) { return partText(p); },
        [](int count) { return tr("the other %1 parts").arg(count); },
        tr("contribution to the logit of “%1”").arg(token));
    double sum = 0;
    for (const model::AttributionPart &p : a.parts)
        sum += p.value;
    m_sum->setText(tr("Sum of the %1 parts: %2   ·   logit of “%3”: %4")
                       .arg(a.parts.size())
                       .arg(sum, 0, 'f', 4)
                       .arg(token)
                       .arg(a.logit, 0, 'f', 4));
    m_note->setText(a.perHead
            ? tr("Each bar is what one part writes into the residual stream, read through the final norm and the "
                 "token's unembedding row. The final norm's scale is frozen at the value it has on the full "
                 "residual stream, which makes it linear, so the parts add up to the logit.")
            : !model::isPreNorm(*m_session->runner()->config().family)
            ? tr("BERT normalises the residual stream inside every layer (post-norm), so the logit does not split "
                 "into heads: each bar is a whole layer, how much it changes the logit lens's logit of the token "
                 "(the embeddings' bar is the lens at layer 0). These also add up to the logit.")
            : tr("This model normalises the output of every attention and MLP before adding it to the residual "
                 "stream (Gemma's post_attention_layernorm and post_feedforward_layernorm), and Gemma 2 also caps "
                 "the final logits, so the logit does not split into heads: each bar is a whole layer, how much it "
                 "changes the logit lens's logit of the token (the embeddings' bar is the lens at layer 0). These "
                 "also add up to the logit."));
    {
        const QSignalBlocker block(m_tokenId);
        m_tokenId->setValue(a.token);
    }
    m_message->hide();
}

void AttributionPanel::selectPart(int part, bool open)
{
    if (part < 0 || part >= int(m_attribution.parts.size()))
        return;
    const model::AttributionPart &p = m_attribution.parts[size_t(part)];
    if (p.kind != model::AttributionPart::Kind::Head)
        return;
    m_session->setSelectedHead(p.layer, p.head);
    if (open)
        Q_EMIT openHeadRequested();
}

} // namespace attnlab::ui
