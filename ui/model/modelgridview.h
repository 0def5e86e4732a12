#pragma once
// BertViz's model view: a layers × heads grid of attention thumbnails. Each thumbnail is drawn
// once per forward pass into a small image (one pixel per query/key cell), so even 144 heads
// repaint fast. A pass that leaves a thumbnail's rows as they were (a generated token adds one
// query row under the causal mask) redraws only the rows that changed, and the images shrunk to
// the cells are remade when a paint needs them, so a run of tokens faster than the screen is
// shrunk once per frame, not per token. Click selects a head; Ctrl+click, the context menu or the dock's button switch
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

    // The colour of an attention weight in a thumbnail (white → dark blue), from a table of
    // kColorSteps + 1 colours over 0 … 1 (a weight is rounded to the nearest step: at most half a
    // level of a colour channel away from the exact blend); NaN as 0.
    static constexpr int kColorSteps = 1023;
    static QColor colorFor(double weight);
    static QRgb rgbFor(float weight);
    // A weights matrix as a thumbnail: one pixel per cell (x = key, y = query), colorFor's colours.
    static QImage weightsImage(const core::Matrix &weights);
    // The same image, taking every row of `oldWeights` that `weights` still has unchanged (its new
    // columns 0) from `oldImage` (weightsImage(oldWeights)); `drawn`, when given, counts the rows
    // computed anew.
    static QImage weightsImage(
        const core::Matrix &weights, const core::Matrix &oldWeights, const QImage &oldImage, long *drawn = nullptr);
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
    // Tests: thumbnail rows computed since the view was made (a row taken over unchanged from the
    // last pass is not counted), and thumbnails shrunk to their cells by paints.
    long rowsDrawn() const { return m_rowsDrawn; }
    long thumbnailsPooled() const { return m_pooledCount; }

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

    // The image of a head shrunk to `size`, remade only when the thumbnail changed.
    const QImage &pooled(int index, const QSize &size);

    ModelSession *m_session;
    int m_layers = 0;
    int m_heads = 0;
    std::vector<QImage> m_images; // layer-major
    std::vector<core::Matrix> m_thumbnails; // what m_images show, to find the rows a pass kept
    std::vector<QImage> m_pooled; // m_images shrunk to m_pooledSize; null: to be made
    QSize m_pooledSize;
    long m_rowsDrawn = 0;
    long m_pooledCount = 0;
};

} // namespace attnlab::ui
