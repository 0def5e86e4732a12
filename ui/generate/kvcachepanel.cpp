#include "ui/generate/kvcachepanel.h"

#include "core/engine/kvcachedesigns.h"
#include "core/model/decoder.h"
#include "ui/generate/cachepolicybar.h"
#include "ui/generate/kvdesigntable.h"
#include "ui/generate/kvvectorsview.h"
#include "ui/i18n/sizetext.h"
#include "ui/i18n/wholelabel.h"
#include "ui/lessons/lessondialog.h"
#include "ui/model/modelsession.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace attnlab::ui {

KvCachePanel::KvCachePanel(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_formula(new WholeLabel(this))
    , m_table(new QTableWidget(this))
    , m_vectors(new KvVectorsView(session, this))
    , m_policy(new CachePolicyBar(session, this))
    , m_designs(new KvDesignTable(this))
{
    setObjectName(QStringLiteral("KvCachePanel"));
    m_formula->setWordWrap(true);
    // The lines keep their height on a short window (the table gives way and scrolls instead).
    m_formula->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    m_formula->setTextFormat(Qt::PlainText);
    m_table->setColumnCount(4);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // The selected row picks the layer whose vectors are shown beside.
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (row >= 0)
            m_vectors->setLayer(row);
    });
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_policy);
    // The formula, and beside it the lessons on what it counts: the cache, and the key/value heads
    // it is counted over (ui/lessons).
    auto *formulaRow = new QHBoxLayout;
    formulaRow->addWidget(m_formula, 1);
    auto *lessons = new QVBoxLayout;
    lessons->setSpacing(0);
    lessons->addWidget(new LessonButton(QStringLiteral("kvcache"), session, this));
    lessons->addWidget(new LessonButton(QStringLiteral("gqa"), session, this));
    formulaRow->addLayout(lessons);
    layout->addLayout(formulaRow);
    auto *row = new QHBoxLayout;
    row->setSpacing(4);
    row->addWidget(m_table, 2);
    row->addWidget(m_vectors, 3);
    layout->addLayout(row, 1);
    layout->addWidget(m_designs);

    connect(m_session, &ModelSession::computed, this, &KvCachePanel::refresh);
    connect(m_session, &ModelSession::modelLoaded, this, &KvCachePanel::refresh);
    connect(m_session, &ModelSession::cachePolicyChanged, this, &KvCachePanel::refresh);
    retranslate();
}

void KvCachePanel::refresh()
{
    const core::model::ModelConfig *config = m_session->config();
    const core::model::ForwardRunner *runner = m_session->runner();
    if (config) {
        m_layers = config->layers;
        m_heads = config->heads;
        m_kvHeads = config->kvHeads > 0 ? config->kvHeads : config->heads;
        m_headDim = config->headDim();
    }
    // A causal model's keys and values of earlier tokens never change: every token read so far
    // has its row in every layer. While a pass runs the panel keeps the last finished count.
    if (runner) {
        m_tokens = m_session->isComputed() ? runner->tokenCount() : m_tokens;
        m_engineSize = core::engine::kvCacheSize(runner->weights());
        m_maxPositions = config ? config->maxPositions : 0;
    } else
        m_tokens = 0;
    if (!config || !config->family->causal)
        m_tokens = 0;
    m_bytes = config ? core::model::Decoder::cacheBytes(*config, m_tokens, kBytesPerNumber) : 0;
    m_bytesWithoutGqa = config ? core::model::Decoder::cacheBytesWithoutGqa(*config, m_tokens, kBytesPerNumber) : 0;

    m_table->setRowCount(config ? m_layers : 0);
    const std::int64_t perLayer = m_layers > 0 ? m_bytes / m_layers : 0;
    for (int layer = 0; layer < m_table->rowCount(); ++layer) {
        const QStringList cells {
            QString::number(layer + 1), QString::number(m_tokens), QString::number(m_tokens), sizeText(perLayer)};
        for (int column = 0; column < cells.size(); ++column)
            setCell(m_table, layer, column, cells[column], Qt::AlignRight | Qt::AlignVCenter);
    }
    if (m_table->rowCount() > 0 && m_table->currentRow() != m_vectors->layer())
        m_table->setCurrentCell(std::min(m_vectors->layer(), m_table->rowCount() - 1), 0);
    m_formula->setText(formulaText());
    // An engine's bytes per number (the checkpoint's float type, F16 for quantized matrices), 2
    // before a model is open.
    const bool causal = config && config->family->causal;
    m_designs->setModel(causal ? config : nullptr, m_engineSize.bytesPerElement > 0 ? m_engineSize.bytesPerElement : 2);
    m_designs->setVisible(causal);
}

QString KvCachePanel::formulaText() const
{
    if (!m_session->config())
        return tr("Open a model to see its KV cache.");
    if (!m_session->config()->family->causal)
        return tr("This model reads the whole text at once (it is not causal): it has no KV cache to reuse.");
    const QString total = tr("2 · %1 layers · %2 K/V heads · %3 head_dim · %4 tokens · %5 bytes = %6")
                              .arg(m_layers)
                              .arg(m_kvHeads)
                              .arg(m_headDim)
                              .arg(m_tokens)
                              .arg(kBytesPerNumber)
                              .arg(exactSizeText(m_bytes));
    const QString gqa = m_kvHeads == m_heads
        ? tr("Every query head has its own keys and values here (no grouped-query attention).")
        : tr("Without grouped-query attention (%1 heads): %2, %3 times as much.")
              .arg(m_heads)
              .arg(exactSizeText(m_bytesWithoutGqa))
              .arg(m_heads / m_kvHeads);
    if (m_engineSize.bytesPerToken == 0)
        return total + QLatin1Char('\n') + gqa;
    QString engine = tr("Kept at the checkpoint's own float width, %1 bytes per number (F16 for a quantized GGUF "
                        "file, as llama.cpp caches by default), keys and values take %2 per token and %3 for the "
                        "longest text the model takes (%4 tokens).")
                         .arg(m_engineSize.bytesPerElement)
                         .arg(exactSizeText(m_engineSize.bytesPerToken))
                         .arg(exactSizeText(m_engineSize.bytes(m_maxPositions)))
                         .arg(m_maxPositions);
    if (m_engineSize.bytesPerElement == 4)
        engine += QLatin1Char(' ')
            + tr("llama.cpp (F16 by default) and vLLM (dtype auto) cache a float32 checkpoint at 2 bytes per number: "
                 "half that.");
    QString text = total + QLatin1Char('\n') + gqa + QLatin1Char('\n') + engine;
    // A sliding-window layer keeps only its window's keys: what an engine needs at that length.
    const std::vector<core::engine::KvCacheLayout> designs
        = core::engine::kvCacheDesigns(*m_session->config(), m_engineSize.bytesPerElement);
    const core::engine::KvCacheLayout &own = designs.front();
    const int widest = own.windows.empty() ? 0 : *std::max_element(own.windows.begin(), own.windows.end());
    if (widest > 0 && widest < m_maxPositions)
        text += QLatin1Char('\n')
            + tr("That counts every token in every layer; since its sliding-window layers keep only their last %1 "
                 "tokens, an engine needs %2 for %3 tokens.")
                  .arg(widest)
                  .arg(exactSizeText(own.bytes(m_maxPositions)))
                  .arg(m_maxPositions);
    const int window = m_session->cacheWindow(), sinks = m_session->cacheSinks();
    if (window > 0) {
        // Eviction caps what an engine must hold, however long the text grows.
        const int kept = std::min(m_maxPositions, window + sinks);
        text += QLatin1Char('\n')
            + tr("Under the cache policy an engine keeps at most %1 tokens (%2 sinks + a window of %3): %4, whatever "
                 "the length of the text.")
                  .arg(kept)
                  .arg(sinks)
                  .arg(window)
                  .arg(exactSizeText(m_engineSize.bytes(kept)));
    }
    return text;
}

void KvCachePanel::retranslate()
{
    m_table->setHorizontalHeaderLabels({tr("Layer"), tr("K rows"), tr("V rows"), tr("Memory")});
    m_table->setToolTip(tr("Each layer caches one key row and one value row per token read so far, so a new token "
                           "needs only its own row of work. Select a layer to see its vectors."));
    m_formula->setToolTip(tr("The memory of the cache: keys and values (2) for every layer, key/value head, "
                             "dimension and token, at 4 bytes per float."));
    refresh();
}

} // namespace attnlab::ui
