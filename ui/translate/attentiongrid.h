#pragma once
// Every head of one attention of a translation model (the encoder's, the decoder's or the
// cross-attention) as a layers × heads grid of thumbnails, in the model room's grid style
// (ModelGridView): in a thumbnail the row is the query token, the column the key. Clicking one
// selects that head; the selected head is outlined.

#include "core/types.h"

#include <QImage>
#include <QWidget>

#include <vector>

namespace attnlab::ui {

class AttentionGrid : public QWidget {
    Q_OBJECT
public:
    explicit AttentionGrid(QWidget *parent = nullptr);

    // [layer][head] → query rows × key rows; empty: the placeholder text is drawn.
    void setMaps(const std::vector<std::vector<core::Matrix>> &maps);
    // The outlined head (−1, −1: none, e.g. while the heads are averaged).
    void setSelected(int layer, int head);
    int layers() const { return m_layers; }
    int heads() const { return m_heads; }
    // A head's thumbnail (one pixel per cell), null when there is none.
    QImage thumbnail(int layer, int head) const;
    QRect cellRect(int layer, int head) const;
    void setPlaceholder(const QString &text);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void headClicked(int layer, int head);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    bool headAt(const QPoint &pos, int *layer, int *head) const;
    int cellSize() const;

    int m_layers = 0, m_heads = 0;
    int m_selectedLayer = -1, m_selectedHead = -1;
    std::vector<QImage> m_images; // layer-major
    QString m_placeholder;
};

} // namespace attnlab::ui
