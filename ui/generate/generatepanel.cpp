#include "ui/generate/generatepanel.h"

#include "ui/generate/actionbutton.h"
#include "ui/generate/generator.h"
#include "ui/generate/kvcachepanel.h"
#include "ui/generate/pagedcacheview.h"
#include "ui/generate/rooflineview.h"
#include "ui/generate/samplingchart.h"
#include "ui/generate/speculativedialog.h"
#include "ui/i18n/coremessages.h"
#include "ui/model/modelsession.h"
#include "ui/model/predictionpanel.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace attnlab::ui {

namespace {
QLabel *title()
{
    auto *label = new QLabel;
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}
} // namespace

GeneratePanel::GeneratePanel(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_generator(new Generator(session, this))
    , m_chart(new SamplingChart(session))
    , m_cache(new KvCachePanel(session))
    , m_paged(new PagedCacheView(session))
    , m_roofline(new RooflineView(session))
    , m_cacheTabs(new QTabWidget)
    , m_step(new QAction(this))
    , m_run(new QAction(this))
    , m_stop(new QAction(this))
    , m_stepButton(buttonFor(m_step))
    , m_runButton(buttonFor(m_run))
    , m_stopButton(buttonFor(m_stop))
    , m_speculative(new QAction(this))
    , m_speculativeButton(buttonFor(m_speculative))
    , m_countLabel(new QLabel)
    , m_temperatureLabel(new QLabel)
    , m_topKLabel(new QLabel)
    , m_topPLabel(new QLabel)
    , m_seedLabel(new QLabel)
    , m_penaltyLabel(new QLabel)
    , m_defaults(new QLabel)
    , m_count(new QSpinBox)
    , m_temperature(new QDoubleSpinBox)
    , m_penalty(new QDoubleSpinBox)
    , m_topK(new QSpinBox)
    , m_topP(new QDoubleSpinBox)
    , m_seed(new QSpinBox)
    , m_progress(new QProgressBar)
    , m_status(new QLabel)
    , m_chipsTitle(title())
    , m_chipScroll(new QScrollArea)
    , m_chipBox(new QWidget)
    , m_chipLayout(new QHBoxLayout(m_chipBox))
    , m_chartTitle(title())
    , m_cacheTitle(title())
{
    setObjectName(QStringLiteral("GeneratePanel"));
    // Presenter shortcuts, live while the model room is in front.
    m_step->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_run->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    m_stop->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Period));
    m_speculative->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    for (QAction *action : {m_step, m_run, m_stop, m_speculative}) {
        action->setShortcutContext(Qt::WindowShortcut);
        addAction(action);
    }
    connect(m_step, &QAction::triggered, m_generator, &Generator::step);
    connect(m_run, &QAction::triggered, this, [this] { m_generator->run(m_count->value()); });
    connect(m_stop, &QAction::triggered, m_generator, &Generator::stop);
    connect(m_speculative, &QAction::triggered, this, &GeneratePanel::showSpeculative);

    m_count->setRange(1, 256);
    m_count->setValue(8);
    m_temperature->setRange(0, 5);
    m_temperature->setSingleStep(0.1);
    m_temperature->setDecimals(2);
    m_topK->setRange(0, 100000);
    m_topP->setRange(0.01, 1);
    m_topP->setSingleStep(0.05);
    m_topP->setDecimals(2);
    m_topP->setValue(1);
    m_seed->setRange(0, 999999);
    m_penalty->setRange(0.01, 10);
    m_penalty->setSingleStep(0.05);
    m_penalty->setDecimals(2);
    m_penalty->setValue(1);
    m_defaults->setTextFormat(Qt::PlainText);
    m_defaults->setWordWrap(true);
    for (QLabel *label : {m_countLabel, m_temperatureLabel, m_topKLabel, m_topPLabel, m_seedLabel, m_penaltyLabel})
        label->setTextFormat(Qt::PlainText);
    m_countLabel->setBuddy(m_count);
    m_temperatureLabel->setBuddy(m_temperature);
    m_topKLabel->setBuddy(m_topK);
    m_topPLabel->setBuddy(m_topP);
    m_seedLabel->setBuddy(m_seed);
    m_penaltyLabel->setBuddy(m_penalty);
    connect(m_temperature, &QDoubleSpinBox::valueChanged, this, &GeneratePanel::applySettings);
    connect(m_topK, &QSpinBox::valueChanged, this, &GeneratePanel::applySettings);
    connect(m_topP, &QDoubleSpinBox::valueChanged, this, &GeneratePanel::applySettings);
    connect(m_penalty, &QDoubleSpinBox::valueChanged, this, &GeneratePanel::applySettings);
    connect(m_generator, &Generator::defaultsChanged, this, &GeneratePanel::loadDefaults);
    connect(m_seed, &QSpinBox::valueChanged, this, [this](int seed) { m_generator->setSeed(std::uint64_t(seed)); });
    m_progress->setRange(0, 100);
    m_progress->setTextVisible(false);
    m_progress->setMaximumWidth(120);
    m_progress->hide();
    m_status->setTextFormat(Qt::PlainText);
    m_status->hide();

    // The run's buttons on top; the settings that cut the distribution sit over its chart.
    auto *controls = new QHBoxLayout;
    controls->setSpacing(4);
    controls->addWidget(m_stepButton);
    controls->addWidget(m_runButton);
    controls->addWidget(m_count);
    controls->addWidget(m_countLabel);
    controls->addWidget(m_stopButton);
    controls->addWidget(m_speculativeButton);
    controls->addWidget(m_progress);
    controls->addWidget(m_status);
    controls->addStretch(1);
    controls->addWidget(m_seedLabel);
    controls->addWidget(m_seed);
    auto *settings = new QHBoxLayout;
    settings->setSpacing(4);
    settings->addWidget(m_chartTitle);
    settings->addSpacing(8);
    for (auto [label, box] : std::initializer_list<std::pair<QLabel *, QWidget *>> {{m_temperatureLabel, m_temperature},
             {m_topKLabel, m_topK}, {m_topPLabel, m_topP}, {m_penaltyLabel, m_penalty}}) {
        settings->addWidget(label);
        settings->addWidget(box);
    }
    settings->addStretch(1);

    m_chipLayout->setContentsMargins(0, 0, 0, 0);
    m_chipLayout->setSpacing(4);
    m_chipLayout->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_chipBox->setStyleSheet(QStringLiteral(
        "QLabel#generatedChip { background: #e0f2f1; border: 1px solid #21918c; border-radius: 4px; padding: 1px 5px; "
        "}"));
    // The box is never narrower than its chips (else a new chip squeezed the others until the
    // scroll area widened the box), and keeps its contents as it grows: a token paints its own
    // chip, not every chip of the row twice (issue 36).
    m_chipLayout->setSizeConstraint(QLayout::SetMinimumSize);
    m_chipBox->setAttribute(Qt::WA_StaticContents);
    QScrollArea *chips = m_chipScroll;
    chips->setWidget(m_chipBox);
    chips->setWidgetResizable(true);
    chips->setFrameShape(QFrame::NoFrame);
    chips->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    chips->setFixedHeight(fontMetrics().height() * 3 + 10);
    // The newest chip stays in view: when the row grows, scroll to its end (unless the user
    // scrolled back to read, in which case the row stays where they left it).
    connect(chips->horizontalScrollBar(), &QScrollBar::rangeChanged, this, [this](int, int max) {
        if (m_followChips)
            m_chipScroll->horizontalScrollBar()->setValue(max);
    });
    connect(chips->horizontalScrollBar(), &QScrollBar::valueChanged, this,
        [this](int value) { m_followChips = value >= m_chipScroll->horizontalScrollBar()->maximum(); });
    auto *chipRow = new QHBoxLayout;
    chipRow->addWidget(m_chipsTitle);
    chipRow->addWidget(chips, 1);

    auto *chartBox = new QWidget;
    auto *chartLayout = new QVBoxLayout(chartBox);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    chartLayout->addLayout(settings);
    chartLayout->addWidget(m_defaults);
    chartLayout->addWidget(m_chart, 1);
    auto *cacheBox = new QWidget;
    auto *cacheLayout = new QVBoxLayout(cacheBox);
    cacheLayout->setContentsMargins(0, 0, 0, 0);
    cacheLayout->addWidget(m_cacheTitle);
    // The cache per layer, the same cache as an engine pages it, and what a decoded token reads.
    m_cacheTabs->setDocumentMode(true);
    m_cacheTabs->addTab(m_cache, QString());
    m_cacheTabs->addTab(m_paged, QString());
    m_cacheTabs->addTab(m_roofline, QString());
    cacheLayout->addWidget(m_cacheTabs, 1);
    auto *splitter = new QSplitter(Qt::Horizontal);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(chartBox);
    splitter->addWidget(cacheBox);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(2);
    layout->addLayout(controls);
    layout->addLayout(chipRow);
    layout->addWidget(splitter, 1);

    connect(m_generator, &Generator::stepsChanged, this, &GeneratePanel::refreshChips);
    connect(m_generator, &Generator::stepsChanged, this, &GeneratePanel::refreshStatus);
    connect(m_generator, &Generator::runningChanged, this, &GeneratePanel::refreshActions);
    connect(m_generator, &Generator::readyChanged, this, &GeneratePanel::refreshActions);
    connect(m_generator, &Generator::readyChanged, this, &GeneratePanel::refreshStatus);
    // During a run the bar counts its tokens and stays shown (hidden and shown again between two
    // passes, it relaid the panel out per token); otherwise it follows the pass.
    connect(m_session, &ModelSession::busyChanged, this, [this](bool busy) {
        if (m_runFirstStep >= 0 && !busy && !m_generator->isRunning())
            m_runFirstStep = -1;
        m_progress->setVisible(busy || m_runFirstStep >= 0);
        if (m_runFirstStep < 0)
            setProgress(0);
    });
    connect(m_generator, &Generator::runningChanged, this, [this](bool running) {
        if (running) {
            m_runFirstStep = int(m_generator->steps().size());
            setProgress(0);
        } else if (!m_session->isBusy()) {
            m_runFirstStep = -1;
        }
        m_progress->setVisible(m_runFirstStep >= 0 || m_session->isBusy());
        retranslateProgress();
    });
    connect(m_generator, &Generator::stepsChanged, this, [this] {
        if (m_runFirstStep < 0)
            return;
        const int done = std::max(0, int(m_generator->steps().size()) - m_runFirstStep);
        const int total = done + m_generator->remaining();
        setProgress(total > 0 ? 100 * done / total : 0);
    });
    connect(m_session, &ModelSession::progress, this, [this](double fraction) {
        if (m_runFirstStep < 0)
            setProgress(int(fraction * 100));
    });
    loadDefaults();
    retranslate();
}

void GeneratePanel::loadDefaults()
{
    // One applySettings for the four boxes, not one per box.
    core::model::SamplingSettings settings;
    double penalty = 1;
    if (const auto &file = m_generator->generationConfig()) {
        settings = file->samplingDefaults();
        penalty = file->logitRules().repetitionPenalty;
    }
    const QSignalBlocker blockers[]
        = {QSignalBlocker(m_temperature), QSignalBlocker(m_topK), QSignalBlocker(m_topP), QSignalBlocker(m_penalty)};
    m_temperature->setValue(settings.temperature);
    m_topK->setValue(settings.topK);
    m_topP->setValue(settings.topP);
    m_penalty->setValue(penalty);
    applySettings();
    m_defaults->setText(defaultsText());
}

QString GeneratePanel::defaultsText() const
{
    const auto &file = m_generator->generationConfig();
    if (!m_session->hasModel())
        return QString();
    if (!file)
        return tr("The model has no generation_config.json: generation starts greedy.");
    const std::vector<std::string> keys = file->keysSet();
    if (keys.empty())
        return tr("The model's generation_config.json sets no sampling: generation starts greedy, as transformers' "
                  "generate() would.");
    QStringList parts;
    const core::model::SamplingSettings s = file->samplingDefaults();
    if (s.greedy())
        parts << tr("greedy (do_sample is not true)");
    else
        parts << tr("sampling at temperature %1, top-k %2, top-p %3")
                     .arg(QLocale().toString(s.temperature, 'g', 3))
                     .arg(s.topK)
                     .arg(QLocale().toString(s.topP, 'g', 3));
    const core::generate::LogitRules rules = file->logitRules();
    if (rules.repetitionPenalty != 1)
        parts << tr("repetition penalty %1").arg(QLocale().toString(rules.repetitionPenalty, 'g', 3));
    if (!rules.badWords.empty())
        parts << tr("banned token sequences: %1").arg(rules.badWords.size());
    return tr("Starting values from the model's generation_config.json, as transformers' generate() uses them: %1.")
        .arg(parts.join(tr(", ")));
}

void GeneratePanel::applySettings()
{
    core::model::SamplingSettings settings;
    settings.temperature = m_temperature->value();
    settings.topK = m_topK->value();
    settings.topP = m_topP->value();
    m_generator->setSettings(settings);
    m_generator->setRepetitionPenalty(m_penalty->value());
    m_chart->setSettings(settings, m_generator->logitRules());
    // top-k and top-p act only when sampling.
    m_topK->setEnabled(!settings.greedy());
    m_topP->setEnabled(!settings.greedy());
}

void GeneratePanel::refreshActions()
{
    const bool running = m_generator->isRunning();
    m_step->setEnabled(!running && m_generator->canStep());
    m_run->setEnabled(!running && m_generator->canStep());
    m_stop->setEnabled(running);
    m_speculative->setEnabled(!running && m_generator->canStep());
    // A greyed-out button says why it is greyed out.
    const QString why = running ? QString() : m_generator->whyNotStep();
    const auto withWhy
        = [&why](const QString &text) { return why.isEmpty() ? text : tr("%1\nNot available now: %2").arg(text, why); };
    m_step->setToolTip(withWhy(tr("Pick one more token from the prediction and run the model on it (Ctrl+Shift+N).")));
    m_run->setToolTip(withWhy(tr("Generate as many tokens as the box beside says, one after another (Ctrl+Shift+G).")));
    m_speculative->setToolTip(withWhy(tr("Speculative decoding: let a small draft model guess tokens that this "
                                         "model checks in one pass, and compare the passes and the time "
                                         "(Ctrl+Shift+D).")));
}

SpeculativeDialog *GeneratePanel::speculativeDialog()
{
    if (!m_speculativeDialog)
        m_speculativeDialog = new SpeculativeDialog(m_session, m_generator, this);
    return m_speculativeDialog;
}

void GeneratePanel::showSpeculative()
{
    SpeculativeDialog *dialog = speculativeDialog();
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

QStringList GeneratePanel::chipTexts() const
{
    QStringList texts;
    for (const Generator::Step &step : m_generator->steps())
        texts << m_session->tokenDisplay(step.id);
    return texts;
}

QStringList GeneratePanel::chipToolTips() const
{
    QStringList tips;
    for (int i = 0; i < m_chipLayout->count(); ++i)
        if (const QWidget *chip = m_chipLayout->itemAt(i)->widget())
            tips << chip->toolTip();
    return tips;
}

QString GeneratePanel::chipToolTip(size_t index) const
{
    const Generator::Step &step = m_generator->steps()[index];
    QStringList lines {
        tr("%1: probability %2").arg(m_session->tokenDisplay(step.id), PredictionPanel::percentText(step.probability))};
    lines << tr("The model's most likely tokens at this step:");
    for (const core::model::TokenProbability &alternative : step.alternatives)
        lines << QStringLiteral("%1  %2").arg(
            m_session->tokenDisplay(alternative.id), PredictionPanel::percentText(alternative.probability));
    return lines.join(QLatin1Char('\n'));
}

QString GeneratePanel::statusText() const
{
    // A model whose end tokens cannot be read does not generate: the file and field say why.
    if (m_generator->ruleProblem() && m_session->hasModel())
        return fileProblemText(*m_generator->ruleProblem());
    if (!m_generator->endedAtEndToken())
        return QString();
    return tr("Stopped at the model's end token “%1”.").arg(m_session->tokenDisplay(m_generator->steps().back().id));
}

void GeneratePanel::refreshStatus()
{
    m_status->setText(statusText());
    m_status->setVisible(!m_status->text().isEmpty());
    // How a run ends, from the core's rule for this model and text (which files, which ids).
    const core::generate::StoppingRule *rule = m_generator->rule();
    m_status->setToolTip(rule ? coreMessageText(rule->description()) : QString());
}

void GeneratePanel::refreshChips()
{
    // A new token adds its chip; the chips before it stay (each token rebuilt the whole row).
    const std::vector<Generator::Step> &steps = m_generator->steps();
    // No ids kept (a language change asks for every chip anew): the row is rebuilt whole.
    if (m_chipIds.empty() || m_chipIds.size() > steps.size()
        || !std::equal(m_chipIds.begin(), m_chipIds.end(), steps.begin(),
            [](int id, const Generator::Step &step) { return id == step.id; })) {
        while (QLayoutItem *item = m_chipLayout->takeAt(0)) {
            delete item->widget();
            delete item;
        }
        m_chipIds.clear();
    } else if (QLayoutItem *stretch = m_chipLayout->takeAt(m_chipLayout->count() - 1)) {
        delete stretch;
    }
    for (size_t i = m_chipIds.size(); i < steps.size(); ++i) {
        auto *chip = new QLabel;
        chip->setObjectName(QStringLiteral("generatedChip")); // styled by the row's sheet
        chip->setTextFormat(Qt::RichText);
        chip->setText(QStringLiteral("%1<br><small>%2</small>")
                          .arg(m_session->tokenDisplay(steps[i].id).toHtmlEscaped(),
                              PredictionPanel::percentText(steps[i].probability)));
        chip->setAlignment(Qt::AlignCenter);
        chip->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
        chip->setToolTip(chipToolTip(i));
        m_chipLayout->addWidget(chip);
        m_chipIds.push_back(steps[i].id);
    }
    m_chipLayout->addStretch(1);
}

// QProgressBar::setValue repaints at once, and a repaint paints every widget in the window that
// waits for one: during generation, the views before their new sizes are laid out, and again
// after (issue 36). With updates off it only records the value; turning them on again schedules
// an update, painted with the rest of the window.
void GeneratePanel::setProgress(int percent)
{
    m_progress->setUpdatesEnabled(false);
    m_progress->setValue(percent);
    m_progress->setUpdatesEnabled(true);
}

void GeneratePanel::retranslateProgress()
{
    m_progress->setToolTip(m_runFirstStep >= 0 ? tr("Tokens generated so far of those asked for.")
                                               : tr("How far the model's pass over the text has got."));
}

void GeneratePanel::retranslate()
{
    // Names the group of its keys in Help → Keyboard Shortcuts.
    setWindowTitle(tr("Model room: generation"));
    setToolTip(tr("Generation one token at a time: each new token's query reads the keys and values cached for "
                  "every token before it and its own key and value, added to the cache first."));
    m_step->setText(tr("Next Token"));
    m_run->setText(tr("Generate"));
    m_stop->setText(tr("Stop"));
    m_stop->setToolTip(tr("Stop generating after the token under way (Ctrl+Shift+.)."));
    m_speculative->setText(tr("Speculative…"));
    m_countLabel->setText(tr("tokens"));
    m_count->setToolTip(tr("How many tokens Generate adds."));
    retranslateProgress();
    m_temperatureLabel->setText(tr("Temperature"));
    m_temperature->setToolTip(tr("0 always takes the most likely token (greedy). Above 0 the logits are divided "
                                 "by it before sampling: below 1 sharper, above 1 flatter."));
    m_topKLabel->setText(tr("Top-k"));
    m_topK->setToolTip(tr("Keep only the k most likely tokens before sampling; 0 keeps all."));
    m_topPLabel->setText(tr("Top-p"));
    m_topP->setToolTip(tr("Keep the fewest most likely tokens whose probabilities add up to at least p; 1 keeps "
                          "all."));
    m_penaltyLabel->setText(tr("Repetition penalty"));
    m_penalty->setToolTip(tr("Before sampling, divide the logit of every token already in the text by this "
                             "(multiply it when negative), as transformers does; 1 is off, above 1 makes repeats "
                             "less likely."));
    m_defaults->setToolTip(tr("Loading a model sets the boxes from its generation_config.json; change them freely."));
    m_defaults->setText(defaultsText());
    m_seedLabel->setText(tr("Seed"));
    m_seed->setToolTip(tr("The random seed of sampling: the same seed and settings give the same tokens again."));
    m_progress->setToolTip(tr("The forward pass of the token under way"));
    m_chipsTitle->setText(tr("Generated:"));
    m_chipsTitle->setToolTip(tr("The generated tokens with the model's probability of each; hover one for the "
                                "alternatives."));
    m_chartTitle->setText(tr("Next-token distribution"));
    m_cacheTitle->setText(tr("KV cache"));
    m_cacheTabs->setTabText(0, tr("Per layer"));
    m_cacheTabs->setTabToolTip(0, tr("The cached keys and values of every layer, and their memory"));
    m_cacheTabs->setTabText(1, tr("Paged blocks"));
    m_cacheTabs->setTabToolTip(1,
        tr("The same cache as an inference engine pages it: fixed-size blocks, shared "
           "by sampled continuations of the prompt"));
    m_cacheTabs->setTabText(2, tr("Roofline"));
    m_cacheTabs->setTabToolTip(2,
        tr("What a decoded token reads, the floor that sets on its time, and prefill against decode on the "
           "roofline"));
    refreshActions();
    m_chipIds.clear(); // every chip's words anew
    refreshChips();
    refreshStatus();
}

} // namespace attnlab::ui
