#include "ui/generate/kvdesigntable.h"
#include "ui/i18n/sizetext.h"

#include <QHeaderView>
#include <QLocale>
#include <QScrollBar>

#include <algorithm>
#include <iterator>

namespace attnlab::ui {

using core::engine::KvCacheDesign;
using core::engine::KvCacheLayout;

void setCell(
    QTableWidget *table, int row, int column, const QString &text, Qt::Alignment alignment, const QString &toolTip)
{
    QTableWidgetItem *item = table->item(row, column);
    const bool added = !item;
    if (added)
        item = new QTableWidgetItem;
    // QTableWidgetItem::setData leaves a role that already holds the value alone, unsignalled.
    item->setText(text);
    item->setTextAlignment(alignment);
    item->setToolTip(toolTip);
    if (added)
        table->setItem(row, column, item);
}

KvDesignTable::KvDesignTable(QWidget *parent)
    : Retranslating<QTableWidget>(parent)
{
    setObjectName(QStringLiteral("KvDesignTable"));
    setColumnCount(3 + int(std::size(core::engine::kComparedContexts)));
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    verticalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    // The rows never scroll: the table is as tall as all of them.
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    retranslate();
}

int KvDesignTable::fullHeight() const
{
    int height = 2 * frameWidth() + horizontalHeader()->sizeHint().height() + verticalHeader()->length();
    if (horizontalHeader()->length() > viewport()->width())
        height += horizontalScrollBar()->sizeHint().height();
    return height;
}

QSize KvDesignTable::sizeHint() const
{
    return {QTableWidget::sizeHint().width(), fullHeight()};
}

QSize KvDesignTable::minimumSizeHint() const
{
    return {QTableWidget::minimumSizeHint().width(), fullHeight()};
}

void KvDesignTable::resizeEvent(QResizeEvent *event)
{
    QTableWidget::resizeEvent(event);
    // A narrower table may need its horizontal scroll bar, which takes a line of its height.
    if (height() != fullHeight())
        updateGeometry();
}

void KvDesignTable::setModel(const core::model::ModelConfig *config, int bytesPerNumber)
{
    m_layouts = config ? core::engine::kvCacheDesigns(*config, bytesPerNumber) : std::vector<KvCacheLayout> {};
    m_headDim = config ? config->headDim() : 0;
    setRowCount(int(m_layouts.size()));
    for (int r = 0; r < rowCount(); ++r) {
        const KvCacheLayout &l = m_layouts[size_t(r)];
        QStringList cells {
            designName(l), QLocale().toString(qlonglong(l.numbersPerLayer)), sizeText(l.bytesPerToken())};
        for (std::int64_t tokens : core::engine::kComparedContexts)
            cells << sizeText(l.bytes(tokens));
        const QString tip = designToolTip(l);
        for (int c = 0; c < cells.size(); ++c)
            setCell(this, r, c, cells[c], (c == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter, tip);
    }
    updateGeometry();
}

QString KvDesignTable::designName(const KvCacheLayout &l) const
{
    switch (l.design) {
    case KvCacheDesign::ThisModel:
        return tr("This model (%n K/V head(s))", nullptr, l.kvHeads);
    case KvCacheDesign::Mha:
        return tr("MHA (%n K/V head(s))", nullptr, l.kvHeads);
    case KvCacheDesign::Gqa:
        return tr("GQA (%n K/V head(s))", nullptr, l.kvHeads);
    case KvCacheDesign::Mqa:
        return tr("MQA (1 K/V head)");
    case KvCacheDesign::Mla:
        return tr("MLA (latent %1 + rotary %2)").arg(l.latentRank).arg(l.ropeDim);
    }
    return {};
}

QString KvDesignTable::designToolTip(const KvCacheLayout &l) const
{
    switch (l.design) {
    case KvCacheDesign::ThisModel: {
        const bool windows = std::any_of(l.windows.begin(), l.windows.end(), [](int w) { return w > 0; });
        QString text = tr("What this model caches: a key and a value of %1 numbers for each of its key/value heads, "
                          "in every layer, for every token read.")
                           .arg(m_headDim);
        if (windows)
            text += QLatin1Char(' ')
                + tr("Its sliding-window layers need only the keys inside their window, so their share stops "
                     "growing once the text is longer than the window; the full-attention layers keep growing.");
        return text;
    }
    case KvCacheDesign::Mha:
        return tr("Multi-head attention, the original design: every query head has its own key and value, so the "
                  "cache grows with the number of heads.");
    case KvCacheDesign::Gqa:
        return tr("Grouped-query attention: groups of query heads share one key and value head (the model's own "
                  "grouping if it has one, else a common choice), dividing the cache by the group size.");
    case KvCacheDesign::Mqa:
        return tr("Multi-query attention: all query heads share a single key and value head, the smallest cache "
                  "that still keeps per-head keys.");
    case KvCacheDesign::Mla:
        return tr("Multi-head latent attention (DeepSeek-V2 and V3): each token leaves one compressed vector "
                  "(kv_lora_rank numbers) from which every head's key and value are rebuilt, plus one rotary key "
                  "part shared by all heads (qk_rope_head_dim numbers). Sized here as DeepSeek-V2 sizes it for "
                  "its head width: 4 × %1 and %1 / 2.")
            .arg(m_headDim);
    }
    return {};
}

void KvDesignTable::retranslate()
{
    QStringList labels {tr("Design"), tr("Numbers per token and layer"), tr("Per token")};
    for (std::int64_t tokens : core::engine::kComparedContexts)
        labels << tr("%1k tokens").arg(tokens / 1024);
    setHorizontalHeaderLabels(labels);
    setToolTip(tr("The KV cache of this model beside the standard attention designs at the same layers, heads "
                  "and head width, at the checkpoint's float width per number (F16 for a quantized GGUF file)."));
    for (int r = 0; r < rowCount() && r < int(m_layouts.size()); ++r)
        for (int c = 0; c < columnCount(); ++c)
            if (QTableWidgetItem *i = item(r, c)) {
                i->setToolTip(designToolTip(m_layouts[size_t(r)]));
                if (c == 0)
                    i->setText(designName(m_layouts[size_t(r)]));
            }
}

} // namespace attnlab::ui
