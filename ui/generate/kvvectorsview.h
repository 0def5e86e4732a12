#pragma once
// The vectors in the KV cache of one layer: the cached keys (rotated, under rotary positions) and
// values, one row per token read so far, kv_heads · head_dim numbers each, drawn as two heatmaps
// side by side (blue negative, red positive, each scaled to its largest magnitude). The newest
// token's row — the one the last step added — is outlined: every earlier row stayed as it was.
// Pointing at a cell names its token, key/value head, dimension and value.

#include "core/types.h"
#include "ui/i18n/retranslating.h"

#include <QImage>
#include <QStringList>
#include <QWidget>

namespace attnlab::ui {

class ModelSession;

class KvVectorsView : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit KvVectorsView(ModelSession *session, QWidget *parent = nullptr);

    // The layer shown, 0-based.
    int layer() const { return m_layer; }
    void setLayer(int layer);
    // What is drawn now: tokens × (kv_heads · head_dim) each (empty when nothing is cached).
    const core::Matrix &keys() const { return m_keys; }
    const core::Matrix &values() const { return m_values; }
    // The text of the cell under `pos` ("" outside the heatmaps).
    QString cellText(const QPoint &pos) const;
    // Where cell (token, column) of the keys (or the values) is drawn.
    QRect cellRect(int token, int column, bool value) const;
    // The rows whose token is written beside them: every row when a row is a line high, else
    // every k-th row, k the fewest rows a line of text takes (the first and the newest row among
    // them), so that the labels never touch.
    QList<int> labelledRows() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // The colour of `value` on a scale whose ends are ±`range`.
    static QColor colorFor(double value, double range);
    // A matrix as one pixel per cell in colorFor's colours, its largest magnitude as the range.
    static QImage cellsImage(const core::Matrix &m);

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    void retranslate() override;
    void refresh();
    QRect mapRect(bool value) const;

    ModelSession *m_session;
    int m_layer = 0;
    int m_headDim = 1;
    core::Matrix m_keys;
    core::Matrix m_values;
    // The two maps, one pixel per cell, made by the first paint after a refresh: a paint draws two
    // images, not a rectangle per cell (tens of thousands while generating).
    QImage m_keyImage;
    QImage m_valueImage;
    QStringList m_tokens;
};

} // namespace attnlab::ui
