#pragma once
// Cross-attention as lines, in the head view's style: the source tokens in a row on top, the
// translation's tokens in a row below, and from the selected target token one line to each source
// token, its opacity and width the weight (0 … 1) that token's query gives that source token.

#include "core/types.h"

#include <QStringList>
#include <QWidget>

namespace attnlab::ui {

class CrossAttentionLines : public QWidget {
    Q_OBJECT
public:
    explicit CrossAttentionLines(QWidget *parent = nullptr);

    // `weights`: target tokens × source tokens (rows may be fewer than `target` while a
    // translation runs; no lines then for the rows it lacks).
    void setContent(const QStringList &source, const QStringList &target, const core::Matrix &weights);
    void setSelectedTarget(int index);
    int selectedTarget() const { return m_selected; }
    // The weights the lines of the selected target token are drawn with (empty: none drawn).
    std::vector<double> lineWeights() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    // A target token was clicked.
    void targetClicked(int index);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    QRectF tokenRect(int index, int count, bool top) const;

    QStringList m_source, m_target;
    core::Matrix m_weights;
    int m_selected = -1;
};

} // namespace attnlab::ui
