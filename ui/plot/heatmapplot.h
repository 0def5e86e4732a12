#pragma once
// One stage's heatmap on a QCustomPlot, with no Document attached: the interactive
// HeatmapView and the image exporter both draw through it. The colour map, colour scale and
// overlay layers are created once and updated in place.

#include "core/scene/pipeline.h"
#include "core/scene/scene.h"
#include "ui/plot/labelfit.h"
#include "ui/plot/qcp.h"
#include "ui/plot/theme.h"

#include <QObject>
#include <QSharedPointer>
#include <QStringList>

#include <string>
#include <vector>

namespace attnlab::ui {

class BlockColorMap;
class HeatmapLayer;

class HeatmapPlot : public QObject {
    Q_OBJECT
public:
    enum class Region { None, Cell, RowLabel, ColumnLabel };

    HeatmapPlot(QCustomPlot *plot, core::Stage stage, QObject *parent = nullptr);

    core::Stage stage() const { return m_stage; }
    QCustomPlot *plot() const { return m_plot; }
    QCPColorMap *colorMap() const;
    QCPColorScale *colorScale() const { return m_scale; }
    HeatmapLayer *cellLayer() const { return m_cells; }
    QCPLayer *selectionLayer() const;

    void setTheme(Theme theme);
    void setZoom(double factor);
    void setSequentialMap(const QString &name);
    // The weights' colours span [0, 1] (fixed, the default: comparable between scenes) or
    // [0, largest weight] (auto: small differences in a long row become visible). The colour
    // scale's title says which.
    void setAutoWeightsRange(bool autoRange);
    bool autoWeightsRange() const { return m_autoRange; }
    // The values the colour scale spans.
    QCPRange colorRange() const { return m_range; }
    // Paint cells as vector rectangles (for export) rather than through the colour map image.
    void setFillCells(bool fill);

    // Reads the stage of `head` (ignored for X, concat and output) from `stages`.
    void setContent(const core::Scene &scene, const core::Stages &stages, int head);
    // The selected query row and key (or feature) column, −1 for none.
    void setSelection(int row, int column);
    int selectedRow() const;
    int selectedColumn() const;

    int rows() const { return m_rows; }
    int columns() const { return m_columns; }
    bool isEmpty() const { return m_rows == 0 || m_columns == 0; }
    // Row and column labels in full (the axes may show them elided, or only every k-th one).
    QStringList rowLabels() const { return m_rowLabels; }
    QStringList columnLabels() const { return m_columnLabels; }
    // The labels as the axes draw them: long ones elided.
    const QStringList &shownRowLabels() const { return m_labelFit.shownRows(); }
    const QStringList &shownColumnLabels() const { return m_labelFit.shownColumns(); }
    // The labels' type size and orientation at the current layout.
    LabelFit::Result labelLayout() const { return m_fit; }
    // Pixels of the labels at which the plot asks for room (readableSize()).
    int readableLabelPixels() const;
    // The plot size that shows every label at readableLabelPixels() and the colour scale, at
    // most kLargestSide pixels a side: past that, labels are thinned and cells share pixels,
    // so that a plot's buffers never outgrow a screen whatever the number of tokens.
    QSize readableSize() const;
    static constexpr int kLargestSide = 1280;

    bool hasHiddenCells() const { return m_hidden.size() > 0; }
    // Query rows flagged because they see no key.
    const std::vector<int> &flaggedRows() const { return m_flagged; }

    Region hitTest(const QPointF &pos, int *row, int *column) const;
    // "吃 → 猫: 0.3157…" and where the number sits; empty outside the matrix.
    QString toolTip(int row, int column) const;
    // The full text of a row or column label (for a hover over an elided label).
    QString labelToolTip(Region region, int index) const;

    // Sizes, turns and (only when nothing else fits) thins the tick labels for the axis
    // rect's current size; call after a layout pass. Runs by itself after each layout.
    void updateTickDensity();

private:
    void applyStyle();
    void applyColoring();
    void updateRange();
    void rebuildTicks();
    void rebuildLabels(const core::Scene &scene, const std::vector<int> &flagged);
    LabelFit::Area labelArea() const;
    void applyLabelFont();

    QCustomPlot *m_plot;
    core::Stage m_stage;
    BlockColorMap *m_map;
    QCPColorScale *m_scale;
    HeatmapLayer *m_cells;
    HeatmapLayer *m_selection;
    QSharedPointer<QCPAxisTickerText> m_rowTicker;
    QSharedPointer<QCPAxisTickerText> m_columnTicker;

    Theme m_theme = Theme::Light;
    double m_zoom = 1.0;
    QString m_sequentialMap = QStringLiteral("viridis");
    bool m_fillRequested = false;

    int m_rows = 0;
    int m_columns = 0;
    core::Matrix m_values;
    core::MaskMatrix m_hidden;
    std::vector<int> m_flagged;
    std::vector<std::string> m_tokens;
    QStringList m_rowLabels;
    QStringList m_columnLabels;
    QStringList m_rowTokens; // without the flag mark, for tooltips
    LabelFit m_labelFit;
    LabelFit::Result m_fit;
    bool m_autoRange = false;
    double m_largest = 0; // largest finite magnitude of the values
    QCPRange m_range;
};

} // namespace attnlab::ui
