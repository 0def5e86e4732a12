#pragma once
// One stage's heatmap, bound to the Document: it follows the current head (or a fixed one),
// redraws only when its stage of its head was recomputed, shows the exact value on hover,
// and selects a cell, row or key column on click. It asks for the room that shows every row
// and column label (a board scrolls rather than squeezing them).

#include "core/scene/pipeline.h"
#include "ui/i18n/retranslating.h"
#include "ui/plot/qcp.h"
#include "ui/plot/theme.h"

#include <QWidget>

namespace attnlab::ui {

class Document;
class HeatmapPlot;
struct Selection;

class HeatmapView : public Retranslating<QWidget> {
    Q_OBJECT
public:
    HeatmapView(Document *document, core::Stage stage, QWidget *parent = nullptr);

    // −1 (the default) follows document->currentHead().
    void setHead(int head);
    int head() const { return m_head; }
    // The head actually shown.
    int shownHead() const;
    void setTheme(Theme theme);
    Theme theme() const { return m_theme; }
    // Scales fonts and labels (presentation mode); 1.0 by default.
    void setZoom(double factor);
    double zoom() const { return m_zoom; }
    // "viridis" (default), "cividis" or "grayscale"; used by the weights.
    void setSequentialMap(const QString &name);
    // Weights over [0, largest weight] instead of [0, 1].
    void setAutoWeightsRange(bool autoRange);

    QCustomPlot *plot() const { return m_plot; }
    HeatmapPlot *heatmap() const { return m_heatmap; }
    core::Stage stage() const { return m_stage; }
    // The number of rows the plot shows now (for checks that every card follows the scene).
    int shownRows() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void doubleClicked();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refresh();
    void retranslate() override { refresh(); }
    void showSelection(const Selection &selection);
    void onStagesChanged(const core::Update &update);
    void onMousePress(QMouseEvent *event);
    void onMouseMove(QMouseEvent *event);
    // The text a hover at `pos` shows: a cell's value, a label's full text, or nothing.
    QString hoverText(const QPointF &pos) const;
    void updateReadableSize();

    Document *m_document;
    core::Stage m_stage;
    QCustomPlot *m_plot;
    HeatmapPlot *m_heatmap;
    int m_head = -1;
    Theme m_theme = Theme::Light;
    double m_zoom = 1.0;
    QSize m_readable;
    QString m_hoverText;
};

} // namespace attnlab::ui
