#pragma once
// One stage's heatmap on a QCustomPlot, with no Document attached: the interactive
// HeatmapView and the image exporter both draw through it. The colour map, colour scale and
// overlay layers are created once and updated in place.

#include "core/pipeline.h"
#include "core/scene.h"
#include "ui/plot/qcp.h"
#include "ui/plot/theme.h"

#include <QObject>
#include <QSharedPointer>
#include <QStringList>

#include <string>
#include <vector>

namespace attnlab::ui {

class HeatmapLayer;

class HeatmapPlot : public QObject {
    Q_OBJECT
public:
    enum class Region { None, Cell, RowLabel, ColumnLabel };

    HeatmapPlot(QCustomPlot *plot, core::Stage stage, QObject *parent = nullptr);

    core::Stage stage() const { return m_stage; }
    QCustomPlot *plot() const { return m_plot; }
    QCPColorMap *colorMap() const { return m_map; }
    QCPColorScale *colorScale() const { return m_scale; }
    HeatmapLayer *cellLayer() const { return m_cells; }
    QCPLayer *selectionLayer() const;

    void setTheme(Theme theme);
    void setZoom(double factor);
    void setSequentialMap(const QString &name);
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
    // Row and column labels in full (the axes may show only every k-th one).
    QStringList rowLabels() const { return m_rowLabels; }
    QStringList columnLabels() const { return m_columnLabels; }

    bool hasHiddenCells() const { return m_hidden.size() > 0; }
    // Query rows flagged because they see no key.
    const std::vector<int> &flaggedRows() const { return m_flagged; }

    Region hitTest(const QPointF &pos, int *row, int *column) const;
    QString toolTip(int row, int column) const;

    // Thins the tick labels so they do not overlap at the axis rect's current size; call
    // after a layout pass (the view does it before each replot).
    void updateTickDensity();

private:
    void applyStyle();
    void applyColoring();
    void rebuildTicks();
    void rebuildLabels(const core::Scene &scene, const std::vector<int> &flagged);

    QCustomPlot *m_plot;
    core::Stage m_stage;
    QCPColorMap *m_map;
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
    QString m_stageName;
    int m_rowStep = 1;
    int m_columnStep = 1;
    double m_widestColumnLabel = -1; // pixels at the tick font; −1 = measure again
    QCPRange m_range;
};

} // namespace attnlab::ui
