#pragma once
// The physical blocks of a paged KV cache (core::engine::PagedCache) as a grid of cells, in block
// id order: a block owned by one sequence in that sequence's colour, a block shared by several in
// grey with its reference count, a free block as an empty outline. The filled part of a block is
// drawn solid and its empty slots pale, so the internal fragmentation of each last block shows.
// Hovering a cell names its owners and its filled slots.

#include "core/engine/pagedcache.h"

#include <QColor>
#include <QWidget>

namespace attnlab::ui {

class PagedBlockGrid : public QWidget {
    Q_OBJECT
public:
    explicit PagedBlockGrid(QWidget *parent = nullptr);

    void setCache(const core::engine::PagedCache &cache);
    const core::engine::PagedCache &cache() const { return m_cache; }

    // The colour of sequence s (colour-blind-safe, Okabe–Ito, repeating after 7); of shared blocks.
    static QColor sequenceColor(int sequence);
    static QColor sharedColor();
    // The colour a block is drawn in; transparent for a free block.
    QColor blockColor(int block) const;
    // What hovering a block says.
    QString blockToolTip(int block) const;
    // The block under a point of the widget, −1 for none.
    int blockAt(QPoint point) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    int columns(int width) const;
    QRect cellRect(int block) const;

    core::engine::PagedCache m_cache;
    static constexpr int kCell = 26;
    static constexpr int kGap = 3;
};

} // namespace attnlab::ui
