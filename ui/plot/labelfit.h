#pragma once
// How the row and column labels of a heatmap fit beside its cells: the largest type at which
// every label is shown without touching its neighbours, column labels turned upright when that
// allows larger type, long labels elided (the full text is the hover's job). Only when even the
// smallest type does not fit is every k-th label shown.
//
// The labels are measured once, at a reference size, and scaled: fitting runs after every
// layout and must cost no text layout per replot.

#include <QSizeF>
#include <QStringList>

namespace attnlab::ui {

class LabelFit {
public:
    // The room around the cells, in pixels, as the plot's layout gives it.
    struct Area {
        QSizeF outer; // the axis rect with its margins: the cells plus the row and column labels
        double top = 0; // margins above and right of the cells, not used by labels
        double right = 0;
        double title = 0; // one axis title with its padding
        double padding = 0; // tick and tick-label padding on a labelled side
    };
    struct Result {
        int pixels = 0; // the labels' type size
        bool rotated = false; // column labels upright (read bottom to top)
        int rowStep = 1; // every rowStep-th row label is shown (1: all)
        int columnStep = 1;
        bool operator==(const Result &o) const
        {
            return pixels == o.pixels && rotated == o.rotated && rowStep == o.rowStep && columnStep == o.columnStep;
        }
        bool operator!=(const Result &o) const { return !(*this == o); }
    };

    // Longer labels are elided to this many em.
    static constexpr double kMaxLabelEms = 7.0;

    // The full labels; measures them (and elides the long ones).
    void setLabels(const QStringList &rows, const QStringList &columns);
    const QStringList &shownRows() const { return m_rows.shown; }
    const QStringList &shownColumns() const { return m_columns.shown; }

    // The largest size in [smallest, largest] at which every label fits `area`; at `smallest`
    // with steps > 1 when none does.
    Result fit(const Area &area, int largest, int smallest) const;
    // The size of `area.outer` that shows every label at `pixels` (column labels turned when
    // that makes it narrower); `area.outer` is ignored.
    QSizeF sizeFor(const Area &area, int pixels) const;

    // The distance between two neighbouring label baselines (rows, or upright columns) that
    // keeps their ink apart, and between the centres of two level column labels.
    double rowPitch(int pixels) const;
    double columnPitch(int pixels, bool rotated) const;
    double leftMargin(const Area &area, int pixels) const;
    double bottomMargin(const Area &area, int pixels, bool rotated) const;

private:
    // One axis's labels measured at kReference pixels.
    struct Measured {
        QStringList shown;
        double widest = 0; // largest advance
        double above = 0; // ink above the baseline, over every label
        double below = 0; // ink below it
        double line = 0; // ascent + descent of the font
    };
    static Measured measure(const QStringList &labels);
    static double inkPitch(const Measured &m, int pixels);

    Measured m_rows;
    Measured m_columns;
    int m_rowCount = 0;
    int m_columnCount = 0;
};

} // namespace attnlab::ui
