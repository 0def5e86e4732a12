#pragma once
// The KV cache of the open model beside the standard attention designs (issue 31): for its layers,
// heads and head width, what MHA, GQA, MQA and DeepSeek's MLA latent cache would hold, per token and
// at 4k, 32k and 128k tokens, in the checkpoint's bytes per number. The numbers come from
// core/engine/kvcachedesigns; each row's tooltip says what that design keeps.

#include "core/engine/kvcachedesigns.h"
#include "ui/i18n/retranslating.h"

#include <QTableWidget>

#include <vector>

namespace attnlab::ui {

// Sets cell (row, column) of `table` to `text`, keeping its item: a cell given what it already
// shows changes nothing, so the view neither repaints it nor measures its column again (with
// columns sized to their contents, a new item per cell per pass the views read measured every
// row once per cell during generation, issue 36).
void setCell(QTableWidget *table, int row, int column, const QString &text, Qt::Alignment alignment,
    const QString &toolTip = QString());

class KvDesignTable : public Retranslating<QTableWidget> {
    Q_OBJECT
public:
    explicit KvDesignTable(QWidget *parent = nullptr);

    // Shows the comparison for `config` (nullptr: empty) at `bytesPerNumber`.
    void setModel(const core::model::ModelConfig *config, int bytesPerNumber);
    const std::vector<core::engine::KvCacheLayout> &layouts() const { return m_layouts; }

    // Tall enough for the header and every row (five: too few to scroll through), and never
    // squeezed below that: the panel's per-layer table gives way instead.
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void retranslate() override;
    // The height that shows the header and every row, with the horizontal scroll bar's when the
    // columns are wider than the table.
    int fullHeight() const;
    QString designName(const core::engine::KvCacheLayout &l) const;
    QString designToolTip(const core::engine::KvCacheLayout &l) const;

    std::vector<core::engine::KvCacheLayout> m_layouts;
    int m_headDim = 0;
};

} // namespace attnlab::ui
