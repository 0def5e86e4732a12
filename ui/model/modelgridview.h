#pragma once
// BertViz's model view: a layers × heads grid of attention thumbnails. Each thumbnail is drawn
// once per forward pass into a small image (one pixel per query/key cell), so even 144 heads
// repaint fast. Click selects a head; Ctrl+click, the context menu or the dock's button switch
// it off (ablated heads are greyed and crossed); Edit → Undo takes it back.

#include "core/types.h"
#include "ui/i18n/retranslating.h"

#include <QImage>
#include <QWidget>

#include <vector>

class QPainter;

namespace attnlab::ui {

class ModelSession;

class ModelGridView : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit ModelGridView(ModelSession *session, QWidget *parent = nullptr);

    // The colour of an attention weight in a thumbnail (white → dark blue).
    static QColor colorFor(double weight);
    // A weights matrix as a thumbnail: one pixel per cell (x = key, y = query), colorFor's colours.
    static QImage weightsImage(const core::Matrix &weights);
    // `image` shrunk to at most `size`, each pixel the darkest of the block of pixels it stands
    // for: in colorFor's colours the strongest weight, so a sharp weight stays visible in a small
    // cell (drawn nearest-neighbour, a 64-pixel thumbnail in a 20-pixel cell lost two rows and
    // columns in three, and the pattern turned to a smear). An image that fits is returned as is.
    static QImage pooledImage(const QImage &image, const QSize &size);
    // Draws a thumbnail in `cell` (a null image as an empty cell), greyed and crossed when
    // `ablated`, with its frame: thick orange when `selected`, else a thin line. The translation
    // view's heads grid draws the same way.
    static void drawThumbnail(QPainter &painter, const QRect &cell, const QImage &image, bool selected, bool ablated,
        const QPalette &palette);
    // The thumbnail of a head (x = key, y = query): n × n pixels up to
    // ForwardRunner::kThumbnailSize tokens, beyond that each pixel the strongest weight of a
    // block of cells. Null before a forward pass.
    QImage thumbnail(int layer, int head) const;
    // The tooltip of a head's thumbnail: which head, what a click does, and for texts longer than
    // a thumbnail how many cells one pixel stands for.
    QString headToolTip(int layer, int head) const;
    // The rectangle of a head's thumbnail in widget coordinates.
    QRect cellRect(int layer, int head) const;
    // The axis titles ("Head →" over the head numbers, "Layer ↓" over the layer numbers, in the
    // corner) and where they are drawn.
    QString headAxisTitle() const;
    // "2,048 tokens a side": how many tokens a thumbnail shows, drawn at the end of the heads'
    // axis (empty before a pass).
    QString tokenCountText() const;
    QString layerAxisTitle() const;
    QRect headAxisRect() const;
    QRect layerAxisRect() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool event(QEvent *event) override;

private:
    void retranslate() override;
    void rebuild();
    bool headAt(const QPoint &pos, int *layer, int *head) const;
    int cellSize() const;
    QPoint origin() const;

    ModelSession *m_session;
    int m_layers = 0;
    int m_heads = 0;
    std::vector<QImage> m_images; // layer-major
};

} // namespace attnlab::ui
