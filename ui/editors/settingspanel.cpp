#include "ui/editors/settingspanel.h"

#include "core/scene/limits.h"
#include "core/scene/sceneedits.h"
#include "ui/document/document.h"
#include "ui/editors/variantsbox.h"
#include "ui/i18n/coremessages.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace attnlab::ui {

SettingsPanel::SettingsPanel(Document *document, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_document(document)
    , m_mode(new QComboBox)
    , m_dModel(new QSpinBox)
    , m_heads(new QSpinBox)
    , m_dK(new QSpinBox)
    , m_tieDk(new QCheckBox)
    , m_positional(new QComboBox)
    , m_mask(new QComboBox)
    , m_scale(new QComboBox)
    , m_divisor(new QDoubleSpinBox)
    , m_seed(new QSpinBox)
    , m_randomize(new QPushButton)
    , m_identity(new QPushButton)
    , m_removeUnused(new QPushButton)
    , m_message(new QLabel)
{
    m_mode->addItem(QString(), false);
    m_mode->addItem(QString(), true);
    // Without keyboard tracking a typed "64" is one change, not "6" then "64".
    for (QSpinBox *box : {m_dModel, m_heads, m_dK, m_seed})
        box->setKeyboardTracking(false);
    m_dModel->setRange(1, core::limits::kMaxDModel);
    m_heads->setRange(1, core::limits::kMaxHeads);
    m_dK->setRange(1, core::limits::kMaxDk);
    for (auto pe :
        {core::PositionalEncoding::None, core::PositionalEncoding::Sinusoidal, core::PositionalEncoding::Rope})
        m_positional->addItem(QString(), int(pe));
    m_positional->setObjectName(QStringLiteral("positional"));
    for (auto mask : {core::MaskKind::None, core::MaskKind::Causal, core::MaskKind::Custom})
        m_mask->addItem(QString(), int(mask));
    for (auto scale : {core::ScaleKind::SqrtDk, core::ScaleKind::None, core::ScaleKind::Custom})
        m_scale->addItem(QString(), int(scale));
    m_divisor->setRange(core::limits::kMinDivisor, core::limits::kMaxAbsValue);
    m_divisor->setDecimals(3);
    m_divisor->setKeyboardTracking(false);
    m_seed->setRange(0, 999999);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b2182b;"));
    m_message->hide();

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    const auto row = [this, form](QWidget *buddy, QWidget *field, QLayout *fieldLayout) {
        auto *label = new QLabel;
        label->setBuddy(buddy);
        m_labels.push_back(label);
        if (fieldLayout)
            form->addRow(label, fieldLayout);
        else
            form->addRow(label, field);
    };
    row(m_mode, m_mode, nullptr);
    row(m_dModel, m_dModel, nullptr);
    row(m_heads, m_heads, nullptr);
    row(m_dK, m_dK, nullptr);
    form->addRow(QString(), m_tieDk);
    row(m_positional, m_positional, nullptr);
    row(m_mask, m_mask, nullptr);
    auto *scaleRow = new QHBoxLayout;
    scaleRow->addWidget(m_scale, 1);
    scaleRow->addWidget(m_divisor);
    row(m_scale, nullptr, scaleRow);
    auto *seedRow = new QHBoxLayout;
    seedRow->addWidget(m_seed);
    seedRow->addWidget(m_randomize, 1);
    row(m_seed, nullptr, seedRow);
    form->addRow(QString(), m_identity);
    form->addRow(QString(), m_removeUnused);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(form);
    layout->addWidget(m_message);
    layout->addWidget(new VariantsBox(m_document));
    layout->addStretch(1);
    retranslate();

    connect(m_mode, &QComboBox::activated, this, [this] { setDirectMode(m_mode->currentData().toBool()); });
    connect(m_dModel, &QSpinBox::valueChanged, this, [this] { onDimensionEdited(CommandId::DModel); });
    connect(m_heads, &QSpinBox::valueChanged, this, [this] { onDimensionEdited(CommandId::Heads); });
    connect(m_dK, &QSpinBox::valueChanged, this, [this] { onDimensionEdited(CommandId::KeyDim); });
    connect(m_tieDk, &QCheckBox::toggled, this, [this](bool tied) {
        m_dK->setEnabled(!tied || m_document->scene().direct);
        if (tied)
            onDimensionEdited(CommandId::None);
    });
    connect(m_positional, &QComboBox::activated, this,
        [this] { setPositional(core::PositionalEncoding(m_positional->currentData().toInt())); });
    connect(m_mask, &QComboBox::activated, this, [this] { setMask(core::MaskKind(m_mask->currentData().toInt())); });
    connect(m_scale, &QComboBox::activated, this,
        [this] { setScale(core::ScaleKind(m_scale->currentData().toInt()), m_divisor->value()); });
    connect(m_divisor, &QDoubleSpinBox::valueChanged, this,
        [this](double v) { setScale(core::ScaleKind::Custom, v, CommandId::Divisor); });
    connect(m_randomize, &QPushButton::clicked, this, [this] { randomizeWeights(quint64(m_seed->value())); });
    connect(m_identity, &QPushButton::clicked, this, &SettingsPanel::identityWeights);
    connect(m_removeUnused, &QPushButton::clicked, this, &SettingsPanel::removeUnusedRows);
    connect(m_document, &Document::sceneReset, this, &SettingsPanel::resetFromScene);
    connect(m_document, &Document::sceneChanged, this, &SettingsPanel::syncFromScene);
    resetFromScene();
}

void SettingsPanel::retranslate()
{
    const QStringList labels = {tr("&Mode:"), tr("d_&model:"), tr("&Heads:"), tr("d_&k:"), tr("&Positions:"),
        tr("M&ask:"), tr("&Scale:"), tr("S&eed:")};
    for (int i = 0; i < labels.size() && i < int(m_labels.size()); ++i)
        m_labels[size_t(i)]->setText(labels[i]);
    m_mode->setItemText(0, tr("Model (embeddings and weights)"));
    m_mode->setItemText(1, tr("Direct (type Q, K, V)"));
    m_mode->setToolTip(tr("Model mode computes Q, K and V from embeddings and weights. Direct mode lets you type "
                          "Q, K and V themselves; switching to it keeps the Q, K, V of the current head."));
    m_dModel->setToolTip(tr("d_model: the number of components of each embedding vector (its dimension), which is the "
                            "number of columns of X."));
    m_heads->setToolTip(tr("The number of attention heads. More than one adds the output weights W_O."));
    m_dK->setToolTip(tr("d_k: the width of each head's queries and keys (and values)."));
    m_tieDk->setText(tr("Keep d_k = d_model / heads"));
    m_tieDk->setToolTip(tr("When d_model or the number of heads changes, set d_k to d_model divided by the "
                           "number of heads, as most models do."));
    for (int i = 0; i < m_positional->count(); ++i)
        m_positional->setItemText(i, positionalName(core::PositionalEncoding(m_positional->itemData(i).toInt())));
    updatePositionalToolTip();
    for (int i = 0; i < m_mask->count(); ++i)
        m_mask->setItemText(i, maskName(core::MaskKind(m_mask->itemData(i).toInt())));
    m_mask->setToolTip(tr("Which keys each query may see. Edit a custom mask in the Mask panel."));
    for (int i = 0; i < m_scale->count(); ++i)
        m_scale->setItemText(i, scaleName(core::ScaleKind(m_scale->itemData(i).toInt())));
    m_scale->setToolTip(tr("What the scores are divided by before the softmax."));
    m_divisor->setToolTip(tr("The custom divisor of the scores (0.001 to 1000000)."));
    m_seed->setToolTip(tr("The seed for random weights: the same seed always gives the same weights."));
    m_randomize->setToolTip(tr("Replace the weights with random values drawn from the seed."));
    m_identity->setText(tr("Identity weights"));
    m_identity->setToolTip(tr("Set every weight matrix to the identity (1 where row = column, 0 elsewhere). Q, K and V "
                              "then start as copies of X when d_model = heads × d_k and the scene has no biases; "
                              "otherwise a head takes its own columns of X (0 past d_model), plus the bias."));
    m_removeUnused->setText(tr("Remove unused rows"));
    m_message->setToolTip(tr("Why the last change was not applied."));
    syncFromScene();
}

void SettingsPanel::resetFromScene()
{
    // A scene that already follows d_k = d_model / heads keeps following it.
    const core::Scene &s = m_document->scene();
    setKeepDkTied(!s.direct && s.heads > 0 && s.dK * s.heads == s.dModel);
    syncFromScene();
}

bool SettingsPanel::keepDkTied() const
{
    return m_tieDk->isChecked();
}

void SettingsPanel::setKeepDkTied(bool tied)
{
    const QSignalBlocker block(m_tieDk);
    m_tieDk->setChecked(tied);
    m_dK->setEnabled(!tied || m_document->scene().direct);
}

QString SettingsPanel::message() const
{
    return m_message->text();
}

void SettingsPanel::showMessage(const QString &text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

QString SettingsPanel::positionalName(core::PositionalEncoding pe)
{
    switch (pe) {
    case core::PositionalEncoding::Sinusoidal:
        return tr("Sinusoidal (added to X)");
    case core::PositionalEncoding::Rope:
        return tr("Rotary (RoPE, rotates Q and K)");
    case core::PositionalEncoding::None:
        break;
    }
    return tr("None");
}

QString SettingsPanel::maskName(core::MaskKind mask)
{
    switch (mask) {
    case core::MaskKind::Causal:
        return tr("Causal");
    case core::MaskKind::Custom:
        return tr("Custom");
    case core::MaskKind::None:
        break;
    }
    return tr("None");
}

QString SettingsPanel::scaleName(core::ScaleKind scale)
{
    switch (scale) {
    case core::ScaleKind::None:
        return tr("None");
    case core::ScaleKind::Custom:
        return tr("÷ custom divisor");
    case core::ScaleKind::SqrtDk:
        break;
    }
    return tr("÷ √d_k");
}

bool SettingsPanel::push(
    const core::Scene &scene, const HistoryText &text, core::Edit::Target target, CommandId control)
{
    const std::vector<core::Problem> problems = core::validate(scene);
    if (!problems.empty()) {
        const core::Problem &p = problems.front();
        showMessage(tr("Not applied: %1").arg(problemText(p)));
        syncFromScene();
        return false;
    }
    showMessage(QString());
    core::Edit edit;
    edit.target = target;
    m_document->changeScene(scene, text, edit, control);
    return true;
}

void SettingsPanel::onDimensionEdited(CommandId control)
{
    const core::Scene &s = m_document->scene();
    if (s.direct) {
        if (m_dK->value() != s.keyDim())
            push(
                core::edits::withDirectKeyDim(s, m_dK->value()),
                [dK = m_dK->value()] { return tr("Set d_k to %1").arg(dK); }, core::Edit::Target::Everything, control);
        return;
    }
    int dK = m_dK->value();
    if (keepDkTied()) {
        if (m_dModel->value() % m_heads->value() != 0) {
            showMessage(tr("Not applied: d_model = %1 does not divide into %2 heads; untick “Keep d_k = d_model / "
                           "heads” to choose d_k freely.")
                            .arg(m_dModel->value())
                            .arg(m_heads->value()));
            syncFromScene();
            return;
        }
        dK = m_dModel->value() / m_heads->value();
    }
    setDimensions(m_dModel->value(), m_heads->value(), dK, control);
}

bool SettingsPanel::setDimensions(int dModel, int heads, int dK, CommandId control)
{
    const core::Scene &s = m_document->scene();
    if (s.direct || (dModel == s.dModel && heads == s.heads && dK == s.dK)) {
        syncFromScene();
        return false;
    }
    if ((long long)heads * dK > core::limits::kMaxHeadsTimesDk) {
        showMessage(tr("Not applied: heads × d_k = %1 is more than the limit of %2.")
                        .arg((long long)heads * dK)
                        .arg(core::limits::kMaxHeadsTimesDk));
        syncFromScene();
        return false;
    }
    return push(
        core::edits::withDimensions(s, dModel, heads, dK),
        [dModel, heads, dK] { return tr("Set d_model %1, heads %2, d_k %3").arg(dModel).arg(heads).arg(dK); },
        core::Edit::Target::Everything, control);
}

void SettingsPanel::updatePositionalToolTip()
{
    const core::Scene &s = m_document->scene();
    if (s.hasInputX() && s.positional == core::PositionalEncoding::Rope)
        m_positional->setToolTip(tr("This scene's X is given (a head taken from a model with rotary positions): X "
                                    "holds no positions, and Q and K are rotated with the model's own pairing and "
                                    "frequencies, as the model rotates them."));
    else if (s.hasInputX())
        m_positional->setToolTip(tr("This scene's X is given (a head taken from a model), and the model has already "
                                    "added its own positions to it, so no second positional encoding is added."));
    else
        m_positional->setToolTip(
            tr("How token positions enter the computation. Without it and without a mask, attention ignores word "
               "order (swap two tokens and their rows of the result just swap); a causal mask still lets order in, "
               "since each token sees only itself and the tokens before it."));
}

bool SettingsPanel::setPositional(core::PositionalEncoding pe)
{
    if (pe == m_document->scene().positional)
        return false;
    return push(
        core::edits::withPositional(m_document->scene(), pe),
        [pe] { return tr("Positional encoding: %1").arg(positionalName(pe)); }, core::Edit::Target::Positional);
}

bool SettingsPanel::setMask(core::MaskKind mask)
{
    if (mask == m_document->scene().mask)
        return false;
    return push(
        core::edits::withMaskKind(m_document->scene(), mask), [mask] { return tr("Mask: %1").arg(maskName(mask)); },
        core::Edit::Target::Mask);
}

bool SettingsPanel::setScale(core::ScaleKind scale, double customDivisor, CommandId control)
{
    const core::Scene &s = m_document->scene();
    if (scale == s.scale && (scale != core::ScaleKind::Custom || core::Scalar(customDivisor) == s.customDivisor))
        return false;
    const HistoryText text = [scale, customDivisor] {
        return scale == core::ScaleKind::Custom ? tr("Scale: ÷ %1").arg(QLocale().toString(customDivisor, 'g', 4))
                                                : tr("Scale: %1").arg(scaleName(scale));
    };
    return push(
        core::edits::withScale(s, scale, core::Scalar(customDivisor)), text, core::Edit::Target::Scale, control);
}

bool SettingsPanel::randomizeWeights(quint64 seed)
{
    return push(
        core::edits::withRandomWeights(m_document->scene(), seed),
        [seed] { return tr("Random weights (seed %1)").arg(seed); }, core::Edit::Target::Everything);
}

bool SettingsPanel::identityWeights()
{
    return push(
        core::edits::withIdentityWeights(m_document->scene()), [] { return tr("Identity weights"); },
        core::Edit::Target::Everything);
}

bool SettingsPanel::removeUnusedRows()
{
    const std::vector<std::string> unused = core::edits::unusedVocabulary(m_document->scene());
    if (unused.empty())
        return false;
    const int count = int(unused.size());
    return push(
        core::edits::withoutUnusedRows(m_document->scene()),
        [count] { return tr("Remove %1 unused embedding rows").arg(count); }, core::Edit::Target::Everything);
}

void SettingsPanel::updateRemoveUnused()
{
    const std::vector<std::string> unused = core::edits::unusedVocabulary(m_document->scene());
    QStringList names;
    for (const std::string &entry : unused)
        names << QStringLiteral("“%1”").arg(QString::fromStdString(entry));
    // A long list would make a tooltip taller than the screen.
    constexpr int kShown = 12;
    const int more = int(names.size()) - kShown;
    if (more > 0)
        names = names.mid(0, kShown) << tr("and %1 more").arg(more);
    m_removeUnused->setEnabled(!unused.empty());
    m_removeUnused->setToolTip(unused.empty()
            ? tr("The embedding table keeps the rows of tokens that left the sentence, so typing them again "
                 "brings back their values. Every row is in use now.")
            : tr("Delete the %1 embedding rows that no token of the sentence uses: %2. Undo brings them back.")
                  .arg(unused.size())
                  .arg(names.join(tr(", "))));
}

bool SettingsPanel::setDirectMode(bool direct)
{
    const core::Scene &s = m_document->scene();
    if (direct == s.direct)
        return false;
    return push(
        direct ? core::edits::toDirectMode(s, m_document->currentHead()) : core::edits::toModelMode(s),
        [direct] { return direct ? tr("Switch to direct mode") : tr("Switch to model mode"); },
        core::Edit::Target::Everything);
}

void SettingsPanel::syncFromScene()
{
    const core::Scene &s = m_document->scene();
    const QSignalBlocker b1(m_mode), b2(m_dModel), b3(m_heads), b4(m_dK), b5(m_positional), b6(m_mask), b7(m_scale),
        b8(m_divisor);
    m_mode->setCurrentIndex(m_mode->findData(s.direct));
    // Direct mode has no d_model: show a dash rather than a number that means nothing.
    m_dModel->setMinimum(s.direct ? 0 : 1);
    m_dModel->setSpecialValueText(s.direct ? tr("—") : QString());
    m_dModel->setValue(s.direct ? 0 : s.dModel);
    m_heads->setValue(s.headCount());
    m_dK->setValue(std::max(1, s.keyDim()));
    m_dModel->setEnabled(!s.direct);
    m_heads->setEnabled(!s.direct);
    m_tieDk->setEnabled(!s.direct);
    m_dK->setEnabled(s.direct || !keepDkTied());
    m_identity->setEnabled(!s.direct);
    m_positional->setCurrentIndex(m_positional->findData(int(s.positional)));
    // A given X (a head from a real model) already holds the model's own positions.
    m_positional->setEnabled(!s.hasInputX());
    updatePositionalToolTip();
    m_mask->setCurrentIndex(m_mask->findData(int(s.mask)));
    m_scale->setCurrentIndex(m_scale->findData(int(s.scale)));
    m_divisor->setValue(double(s.customDivisor));
    m_divisor->setEnabled(s.scale == core::ScaleKind::Custom);
    m_randomize->setText(s.direct ? tr("Randomize Q, K, V") : tr("Randomize weights"));
    m_removeUnused->setVisible(!s.direct && !s.hasInputX());
    updateRemoveUnused();
}

} // namespace attnlab::ui
