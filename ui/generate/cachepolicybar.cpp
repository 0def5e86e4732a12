#include "ui/generate/cachepolicybar.h"

#include "core/model/forward.h"
#include "ui/i18n/language.h"
#include "ui/i18n/wholelabel.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/model/modelsession.h"

#include <QComboBox>
#include <QDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <vector>

namespace attnlab::ui {

CachePolicyBar::CachePolicyBar(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_title(new QLabel(this))
    , m_policy(new QComboBox(this))
    , m_windowLabel(new QLabel(this))
    , m_window(new QSpinBox(this))
    , m_sinksLabel(new QLabel(this))
    , m_sinks(new QSpinBox(this))
    , m_summary(new WholeLabel(this))
    , m_help(new QToolButton(this))
{
    setObjectName(QStringLiteral("CachePolicyBar"));
    m_policy->setObjectName(QStringLiteral("CachePolicy"));
    m_policy->addItems({QString(), QString(), QString()});
    m_window->setRange(1, 1 << 20);
    m_window->setValue(kDefaultWindow);
    m_sinks->setRange(0, 1 << 20);
    m_sinks->setValue(kDefaultSinks);
    m_windowLabel->setBuddy(m_window);
    m_sinksLabel->setBuddy(m_sinks);
    m_summary->setTextFormat(Qt::PlainText);

    // The controls on one line, what they do on the next (it wraps on a narrow window).
    auto *row = new QHBoxLayout;
    row->setSpacing(6);
    row->addWidget(m_title);
    row->addWidget(m_policy);
    row->addWidget(m_windowLabel);
    row->addWidget(m_window);
    row->addWidget(m_sinksLabel);
    row->addWidget(m_sinks);
    row->addStretch(1);
    row->addWidget(m_help);
    m_summary->setWordWrap(true);
    m_summary->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addWidget(m_summary);
    m_help->setText(QStringLiteral("?"));
    connect(m_help, &QToolButton::clicked, this, &CachePolicyBar::showExplanation);

    connect(m_policy, &QComboBox::currentIndexChanged, this, &CachePolicyBar::apply);
    connect(m_window, &QSpinBox::valueChanged, this, &CachePolicyBar::apply);
    connect(m_sinks, &QSpinBox::valueChanged, this, &CachePolicyBar::apply);
    connect(m_session, &ModelSession::modelLoaded, this, &CachePolicyBar::fromSession);
    connect(m_session, &ModelSession::cachePolicyChanged, this, &CachePolicyBar::fromSession);
    connect(m_session, &ModelSession::computed, this, [this] { m_summary->setText(summaryText()); });
    retranslate();
    fromSession();
}

CachePolicyBar::Policy CachePolicyBar::policy() const
{
    return Policy(std::max(0, m_policy->currentIndex()));
}

void CachePolicyBar::setPolicy(Policy policy, int window, int sinks)
{
    m_updating = true;
    m_window->setValue(window);
    m_sinks->setValue(sinks);
    m_policy->setCurrentIndex(int(policy));
    m_updating = false;
    apply();
}

void CachePolicyBar::apply()
{
    const Policy p = policy();
    m_window->setEnabled(p != WholeCache);
    m_windowLabel->setEnabled(p != WholeCache);
    m_sinks->setEnabled(p == WindowAndSinks);
    m_sinksLabel->setEnabled(p == WindowAndSinks);
    if (m_updating)
        return;
    m_session->setCachePolicy(p == WholeCache ? 0 : m_window->value(), p == WindowAndSinks ? m_sinks->value() : 0);
    m_summary->setText(summaryText());
}

// The controls follow the session: a new model starts with the whole cache.
void CachePolicyBar::fromSession()
{
    const core::model::ModelConfig *config = m_session->config();
    setEnabled(config && config->family->causal);
    if (config)
        m_window->setMaximum(std::max(1, config->maxPositions));
    m_updating = true;
    const int window = m_session->cacheWindow(), sinks = m_session->cacheSinks();
    if (window > 0) {
        m_window->setValue(window);
        if (sinks > 0)
            m_sinks->setValue(sinks);
    }
    m_policy->setCurrentIndex(window == 0 ? WholeCache : sinks > 0 ? WindowAndSinks : Window);
    m_updating = false;
    const Policy p = policy();
    m_window->setEnabled(p != WholeCache);
    m_windowLabel->setEnabled(p != WholeCache);
    m_sinks->setEnabled(p == WindowAndSinks);
    m_sinksLabel->setEnabled(p == WindowAndSinks);
    m_summary->setText(summaryText());
}

void CachePolicyBar::showExplanation()
{
    if (!m_page) {
        m_page = new QDialog(this);
        m_page->resize(560, 460);
        auto *browser = new QTextBrowser(m_page);
        browser->setObjectName(QStringLiteral("CachePolicyPage"));
        auto *layout = new QVBoxLayout(m_page);
        layout->addWidget(browser);
    }
    m_page->setWindowTitle(tr("Evicting the KV cache"));
    m_page->findChild<QTextBrowser *>()->setHtml(
        ExplanationPanel::pageHtml(QStringLiteral("kvpolicy"), Language::instance()->current()));
    m_page->show();
    m_page->raise();
}

QString CachePolicyBar::summaryText() const
{
    const core::model::ForwardRunner *runner = m_session->runner();
    const int n = runner ? runner->tokenCount() : 0;
    const int window = m_session->cacheWindow(), sinks = m_session->cacheSinks();
    if (n == 0)
        return QString();
    if (n == 1)
        return tr("The only token sees its own key.");
    if (window == 0) {
        // The model's own sliding-window layers see only their window (BlockSpec::layerWindows).
        const std::vector<int> &windows = runner->blockSpec().layerWindows;
        const int slide = windows.empty() ? 0 : *std::max_element(windows.begin(), windows.end());
        if (slide > 0 && slide < n) {
            const bool everyLayer = std::all_of(windows.begin(), windows.end(), [](int w) { return w > 0; });
            return everyLayer ? tr("The newest token sees at most %1 of the %2 keys: every layer of this model "
                                   "slides a window.")
                                    .arg(slide)
                                    .arg(n)
                              : tr("The newest token sees all %1 keys in a full-attention layer and at most %2 in "
                                   "a sliding-window layer.")
                                    .arg(n)
                                    .arg(slide);
        }
        return tr("The newest token sees all %1 keys.").arg(n);
    }
    // Query n − 1 sees j < sinks or j > n − 1 − window (core BlockSpec::visibleKeys).
    const int seen = std::min(n, std::min(sinks, std::max(0, n - window)) + std::min(window, n));
    return tr("The newest token sees %1 of %2 keys; an engine keeps at most %3 rows per layer.")
        .arg(seen)
        .arg(n)
        .arg(window + sinks);
}

void CachePolicyBar::retranslate()
{
    m_title->setText(tr("Cache policy:"));
    m_policy->setItemText(WholeCache, tr("Keep every token"));
    m_policy->setItemText(Window, tr("Window of the last W"));
    m_policy->setItemText(WindowAndSinks, tr("Window + first S (sinks)"));
    m_policy->setToolTip(tr("Which keys and values the cache keeps. Evicted tokens can no longer be attended to: "
                            "their weights are 0 in every head, and the prediction changes. Sinks are the first "
                            "tokens, kept because models put much attention on them (StreamingLLM)."));
    m_windowLabel->setText(tr("W"));
    m_window->setToolTip(tr("Window: each token sees itself and the W − 1 tokens before it (besides the sinks)."));
    m_sinksLabel->setText(tr("S"));
    m_sinks->setToolTip(tr("Sinks: the first S tokens stay visible to every later token."));
    m_summary->setToolTip(tr("Kept keys keep their original positions: nothing is rotated again."));
    m_help->setToolTip(tr("What evicting the cache does, and why sinks help"));
    if (m_page && m_page->isVisible())
        showExplanation();
    m_summary->setText(summaryText());
}

} // namespace attnlab::ui
