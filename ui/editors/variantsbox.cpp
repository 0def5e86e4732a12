#include "ui/editors/variantsbox.h"

#include "core/scene/limits.h"
#include "ui/document/document.h"
#include "ui/i18n/coremessages.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

namespace attnlab::ui {

VariantsBox::VariantsBox(Document *document, QWidget *parent)
    : Retranslating<QGroupBox>(parent)
    , m_document(document)
    , m_window(new QCheckBox)
    , m_width(new QSpinBox)
    , m_firstSink(new QCheckBox)
    , m_sink(new QCheckBox)
    , m_sinkValue(new QDoubleSpinBox)
    , m_qkNorm(new QCheckBox)
    , m_cap(new QCheckBox)
    , m_capValue(new QDoubleSpinBox)
    , m_message(new QLabel)
{
    setObjectName(QStringLiteral("variants"));
    m_width->setRange(1, core::limits::kMaxTokens);
    m_width->setValue(core::kDefaultSlidingWindow);
    m_width->setKeyboardTracking(false);
    m_sinkValue->setRange(-50, 50);
    m_sinkValue->setDecimals(2);
    m_sinkValue->setSingleStep(0.5);
    m_sinkValue->setKeyboardTracking(false);
    m_capValue->setRange(0.01, 1000);
    m_capValue->setDecimals(2);
    m_capValue->setValue(core::kDefaultSoftCap);
    m_capValue->setKeyboardTracking(false);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b2182b;"));
    m_message->hide();

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(4, 4, 4, 4);
    grid->addWidget(m_window, 0, 0);
    grid->addWidget(m_width, 0, 1);
    grid->addWidget(m_firstSink, 1, 0, 1, 2);
    grid->addWidget(m_sink, 2, 0);
    grid->addWidget(m_sinkValue, 2, 1);
    grid->addWidget(m_qkNorm, 3, 0, 1, 2);
    grid->addWidget(m_cap, 4, 0);
    grid->addWidget(m_capValue, 4, 1);
    grid->addWidget(m_message, 5, 0, 1, 2);
    grid->setColumnStretch(0, 1);
    retranslate();

    for (QCheckBox *box : {m_window, m_firstSink, m_sink, m_qkNorm, m_cap})
        connect(box, &QCheckBox::toggled, this, &VariantsBox::onControlsEdited);
    connect(m_width, &QSpinBox::valueChanged, this, &VariantsBox::onControlsEdited);
    connect(m_sinkValue, &QDoubleSpinBox::valueChanged, this, &VariantsBox::onControlsEdited);
    connect(m_capValue, &QDoubleSpinBox::valueChanged, this, &VariantsBox::onControlsEdited);
    connect(m_document, &Document::sceneReset, this, &VariantsBox::syncFromScene);
    connect(m_document, &Document::sceneChanged, this, &VariantsBox::syncFromScene);
    syncFromScene();
}

void VariantsBox::retranslate()
{
    setTitle(tr("Attention variants (2024–2025 models)"));
    m_window->setText(tr("Sliding &window, width:"));
    m_window->setToolTip(tr("Each query sees only itself and the width − 1 tokens before it (Mistral, Gemma 2 and 3). "
                            "The Masked card draws the band."));
    m_width->setToolTip(tr("The window's width w: query i sees key j when i − w < j ≤ i."));
    m_firstSink->setText(tr("First token as sink"));
    m_firstSink->setToolTip(tr("Under the window, keep the first token visible to every query, as StreamingLLM "
                               "keeps it in its cache so that spare attention has somewhere to go."));
    m_sink->setText(tr("Sin&k logit:"));
    m_sink->setToolTip(tr("A learned logit per head that joins every row's softmax but brings no value (gpt-oss): "
                          "it takes a share of the weight, shown on the Sink share card."));
    m_sinkValue->setToolTip(tr("The sink logit, the same for every head here."));
    m_qkNorm->setText(tr("&QK-norm (RMSNorm of q and k)"));
    m_qkNorm->setToolTip(tr("Each query and key row is divided by its root mean square before the dot product "
                            "(Qwen3, Gemma 3), with weights of 1."));
    m_cap->setText(tr("Soft &cap:"));
    m_cap->setToolTip(tr("Every scaled score s becomes tanh(s ÷ c)·c before the mask (Gemma 2), so no score "
                         "passes the cap c."));
    m_capValue->setToolTip(tr("The cap c, a number greater than 0."));
}

core::AttentionVariants VariantsBox::controlsValue() const
{
    core::AttentionVariants v = m_document->scene().variants; // keeps the norm weights a file gave
    v.slidingWindow = m_window->isChecked() ? m_width->value() : 0;
    v.firstTokenSink = m_window->isChecked() && m_firstSink->isChecked();
    v.sinkLogit = m_sink->isChecked();
    if (v.sinkLogit && (v.sinkLogits.size() <= 1 || core::Scalar(m_sinkValue->value()) != v.sinkLogits[0]))
        v.sinkLogits = core::RowVector::Constant(1, core::Scalar(m_sinkValue->value()));
    v.qkNorm = m_qkNorm->isChecked();
    v.softCap = m_cap->isChecked() ? core::Scalar(m_capValue->value()) : core::Scalar(0);
    return v;
}

void VariantsBox::onControlsEdited()
{
    m_firstSink->setEnabled(m_window->isChecked());
    setVariants(controlsValue());
}

bool VariantsBox::setVariants(const core::AttentionVariants &variants)
{
    const core::Scene &current = m_document->scene();
    if (variants == current.variants)
        return false;
    core::Scene next = current;
    next.variants = variants;
    const std::vector<core::Problem> problems = core::validate(next);
    if (!problems.empty()) {
        m_message->setText(tr("Not applied: %1").arg(problemText(problems.front())));
        m_message->show();
        syncFromScene();
        return false;
    }
    m_message->hide();
    m_document->changeScene(
        next, [] { return tr("Attention variants"); }, core::Edit {}, CommandId::None);
    return true;
}

QString VariantsBox::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

void VariantsBox::syncFromScene()
{
    const core::AttentionVariants &v = m_document->scene().variants;
    const QSignalBlocker blocks[]
        = {QSignalBlocker(m_window), QSignalBlocker(m_width), QSignalBlocker(m_firstSink), QSignalBlocker(m_sink),
            QSignalBlocker(m_sinkValue), QSignalBlocker(m_qkNorm), QSignalBlocker(m_cap), QSignalBlocker(m_capValue)};
    m_window->setChecked(v.slidingWindow > 0);
    if (v.slidingWindow > 0)
        m_width->setValue(v.slidingWindow);
    m_firstSink->setChecked(v.firstTokenSink);
    m_firstSink->setEnabled(v.slidingWindow > 0);
    m_sink->setChecked(v.sinkLogit);
    if (v.sinkLogits.size() > 0)
        m_sinkValue->setValue(double(v.sinkLogits[0]));
    m_qkNorm->setChecked(v.qkNorm);
    m_cap->setChecked(v.softCap > 0);
    if (v.softCap > 0)
        m_capValue->setValue(double(v.softCap));
}

} // namespace attnlab::ui
