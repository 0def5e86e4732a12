#include "ui/generate/pagedcacheview.h"

#include "core/engine/kvcachesize.h"
#include "core/model/decoder.h"
#include "core/model/forward.h"
#include "ui/generate/pagedblockgrid.h"
#include "ui/i18n/language.h"
#include "ui/i18n/sizetext.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/model/modelsession.h"

#include <QDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableWidget>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace attnlab::ui {

PagedCacheView::PagedCacheView(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_blockSizeLabel(new QLabel(this))
    , m_blockSize(new QSpinBox(this))
    , m_continuationsLabel(new QLabel(this))
    , m_continuations(new QSpinBox(this))
    , m_help(new QToolButton(this))
    , m_grid(new PagedBlockGrid)
    , m_table(new QTableWidget(this))
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("PagedCacheView"));
    m_blockSize->setObjectName(QStringLiteral("PagedBlockSize"));
    m_blockSize->setRange(1, 256);
    m_blockSize->setValue(kDefaultBlockSize);
    m_continuations->setObjectName(QStringLiteral("PagedContinuations"));
    m_continuations->setRange(1, 8);
    m_continuations->setValue(kDefaultContinuations);
    m_blockSizeLabel->setBuddy(m_blockSize);
    m_continuationsLabel->setBuddy(m_continuations);
    m_help->setText(QStringLiteral("?"));
    m_help->setObjectName(QStringLiteral("PagedCacheHelp"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    m_table->setColumnCount(3);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);

    auto *controls = new QHBoxLayout;
    controls->setSpacing(6);
    controls->addWidget(m_blockSizeLabel);
    controls->addWidget(m_blockSize);
    controls->addWidget(m_continuationsLabel);
    controls->addWidget(m_continuations);
    controls->addStretch(1);
    controls->addWidget(m_help);
    // A long text with small blocks has hundreds of blocks: the grid scrolls.
    auto *gridArea = new QScrollArea(this);
    gridArea->setWidget(m_grid);
    gridArea->setWidgetResizable(true);
    gridArea->setFrameShape(QFrame::NoFrame);
    gridArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(controls);
    // The grid beside the block tables: both fit the short panel of a 720-pixel window.
    auto *row = new QHBoxLayout;
    row->setSpacing(4);
    row->addWidget(gridArea, 1);
    row->addWidget(m_table, 1);
    layout->addLayout(row, 1);
    layout->addWidget(m_summary);

    connect(m_help, &QToolButton::clicked, this, &PagedCacheView::showExplanation);
    connect(m_blockSize, &QSpinBox::valueChanged, this, &PagedCacheView::refresh);
    connect(m_continuations, &QSpinBox::valueChanged, this, &PagedCacheView::refresh);
    connect(m_session, &ModelSession::computed, this, &PagedCacheView::refresh);
    connect(m_session, &ModelSession::modelLoaded, this, &PagedCacheView::refresh);
    retranslate();
}

const core::engine::PagedCache &PagedCacheView::cache() const
{
    return m_grid->cache();
}

void PagedCacheView::refresh()
{
    const core::model::ModelConfig *config = m_session->config();
    const core::model::ForwardRunner *runner = m_session->runner();
    m_causal = config && config->family->causal;
    std::int64_t bytesPerToken = cache().bytesPerToken();
    // While a pass runs the view keeps the last finished counts.
    if (runner && m_session->isComputed()) {
        const int tokens = runner->tokenCount();
        m_generated = std::min(tokens, int(m_session->generatedIds().size()));
        m_prompt = tokens - m_generated;
        bytesPerToken = core::engine::kvCacheSize(runner->weights()).bytesPerToken;
    } else if (!m_session->hasModel()) {
        m_prompt = m_generated = 0;
    }
    if (!m_causal)
        m_prompt = m_generated = 0;
    m_grid->setCache(core::engine::sampledContinuations(
        m_prompt, m_generated, m_continuations->value(), m_blockSize->value(), bytesPerToken));
    // The page stays open to read without a model; the controls have nothing to act on.
    for (QWidget *w : std::initializer_list<QWidget *> {m_blockSize, m_continuations, m_grid, m_table})
        w->setEnabled(m_causal);

    const core::engine::PagedCache &c = cache();
    m_table->setRowCount(m_prompt + m_generated > 0 ? c.sequenceCount() : 0);
    for (int s = 0; s < m_table->rowCount(); ++s) {
        QStringList blocks;
        for (int block : c.blockTable(s))
            blocks << QString::number(block);
        const QStringList cells {
            QString::number(s + 1), QString::number(c.tokens(s)), blocks.join(QStringLiteral(", "))};
        for (int column = 0; column < cells.size(); ++column) {
            auto *item = new QTableWidgetItem(cells[column]);
            item->setTextAlignment((column == 2 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
            if (column == 0)
                item->setBackground(PagedBlockGrid::sequenceColor(s));
            m_table->setItem(s, column, item);
        }
    }
    m_summary->setText(summaryText());
}

QString PagedCacheView::summaryText() const
{
    if (!m_session->config())
        return tr("Open a model to see its KV cache in blocks.");
    if (!m_causal)
        return tr("This model reads the whole text at once (it is not causal): it has no KV cache to page.");
    if (m_prompt + m_generated == 0)
        return QString();
    const core::engine::PagedCache &c = cache();
    const int continuations = c.sequenceCount();
    QStringList lines;
    lines << tr("%1 prompt tokens and %2 generated in each of %3 continuations; blocks of %4 tokens, %5 each.")
                 .arg(m_prompt)
                 .arg(m_generated)
                 .arg(continuations)
                 .arg(c.blockSize())
                 .arg(exactSizeText(c.bytesPerBlock()));
    lines << tr("%1 blocks in use, %2 of them shared: %3. Filled: %4. Wasted in partly filled blocks: %5.")
                 .arg(c.blocksInUse())
                 .arg(c.sharedBlocks())
                 .arg(exactSizeText(c.bytesUsed()), exactSizeText(c.bytesFilled()), exactSizeText(c.bytesWasted()));
    lines << tr("Blocks copied on write: %1. Without sharing the continuations would take %2.")
                 .arg(c.copyOnWrites())
                 .arg(exactSizeText(c.bytesWithoutSharing()));
    return lines.join(QLatin1Char('\n'));
}

QString PagedCacheView::pageHtml(const QString &language)
{
    // The page's example: a prompt of 37 tokens in blocks of 16, three continuations of 3 tokens.
    constexpr int prompt = 37, generated = 3, continuations = 3, blockSize = 16;
    const core::engine::PagedCache alone = core::engine::sampledContinuations(prompt, 0, 1, blockSize, 1);
    const core::engine::PagedCache shared
        = core::engine::sampledContinuations(prompt, generated, continuations, blockSize, 1);
    // A Qwen2.5-0.5B-shaped model: 24 layers, 14 heads of 64 over 896, 2 key/value heads, BF16.
    core::model::ModelConfig qwen;
    qwen.layers = 24;
    qwen.heads = 14;
    qwen.kvHeads = 2;
    qwen.dModel = 896;
    const std::int64_t qwenToken = core::model::Decoder::cacheBytes(qwen, 1, 2);
    const QLocale locale;
    const std::vector<std::pair<const char *, QString>> numbers {
        {"%PROMPT_BLOCKS%", QString::number(alone.blocksInUse())},
        {"%PROMPT_TAIL%", QString::number(alone.filledSlots(alone.blockTable(0).back()))},
        {"%PROMPT_WASTE%", QString::number(alone.bytesWasted())}, // 1 byte per token: slots
        {"%PROMPT%", QString::number(prompt)},
        {"%CONT%", QString::number(continuations)},
        {"%GEN%", QString::number(generated)},
        {"%USED%", QString::number(shared.blocksInUse())},
        {"%COPIES%", QString::number(shared.copyOnWrites())},
        {"%UNSHARED%", QString::number(shared.bytesWithoutSharing() / shared.bytesPerBlock())},
        {"%QWEN_TOKEN%", locale.toString(qlonglong(qwenToken))},
        {"%QWEN_BLOCK%", locale.toString(qlonglong(qwenToken * blockSize))},
    };
    QString html = ExplanationPanel::pageHtml(QStringLiteral("pagedcache"), language);
    for (const auto &[key, value] : numbers)
        html.replace(QLatin1String(key), value);
    return html;
}

void PagedCacheView::showExplanation()
{
    if (!m_page) {
        m_page = new QDialog(this);
        m_page->resize(560, 460);
        auto *browser = new QTextBrowser(m_page);
        browser->setObjectName(QStringLiteral("PagedCachePage"));
        auto *layout = new QVBoxLayout(m_page);
        layout->addWidget(browser);
    }
    m_page->setWindowTitle(tr("The KV cache in pages"));
    m_page->findChild<QTextBrowser *>()->setHtml(pageHtml(Language::instance()->current()));
    m_page->show();
    m_page->raise();
}

void PagedCacheView::retranslate()
{
    m_blockSizeLabel->setText(tr("Block size"));
    m_blockSize->setToolTip(tr("Token slots per block. The cache is handed out a block at a time, so only the last "
                               "block of each sequence can be partly empty. vLLM uses 16."));
    m_continuationsLabel->setText(tr("Continuations"));
    m_continuations->setToolTip(tr("How many sampled continuations of the prompt run together. They share the "
                                   "prompt's blocks; each writes its own tokens into blocks of its own."));
    m_help->setToolTip(tr("How a paged KV cache shares and wastes memory"));
    m_grid->setToolTip(tr("The cache's blocks by id: a colour per continuation, grey with a count for a block "
                          "several share, an outline for a free block. The solid part is filled, the pale part "
                          "wasted."));
    m_table->setHorizontalHeaderLabels({tr("Sequence"), tr("Tokens"), tr("Block table")});
    m_table->setToolTip(tr("Each continuation's block table: the physical block of its tokens 0 … B−1, B … 2B−1 "
                           "and so on, where B is the block size."));
    m_summary->setToolTip(tr("Bytes per block: block size × 2 (K and V) × layers × K/V heads × head_dim × bytes "
                             "per element (the checkpoint's float width; F16 for a quantized GGUF file)."));
    if (m_page && m_page->isVisible())
        showExplanation();
    refresh();
}

} // namespace attnlab::ui
