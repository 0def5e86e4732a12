#pragma once
// The bar chart of a direct logit attribution: one horizontal bar per part, the largest in size
// (positive or negative) on top, red when the part pushes the token's logit up and blue when it
// pushes it down. Past kShownParts, or past the bars whose names fit down the chart's height
// without running into one another, the smaller parts are summed into one last bar, so the bars
// still add up to the logit. The bars are created once and updated in place.

#include "core/model/lens/attribution.h"
#include "ui/plot/qcp.h"

#include <functional>
#include <vector>

namespace attnlab::ui {

class AttributionChart : public QCustomPlot {
    Q_OBJECT
public:
    explicit AttributionChart(QWidget *parent = nullptr);

    static constexpr int kShownParts = 16;
    // Shows `attribution`, naming each part with `name`; `othersName(count)` names the bar of the
    // `count` smaller parts. An empty attribution clears the chart.
    void setAttribution(const core::model::Attribution &attribution,
        const std::function<QString(const core::model::AttributionPart &)> &name,
        const std::function<QString(int)> &othersName, const QString &valueLabel);
    // The parts of the bars from the top: indices into the attribution's parts, −1 for the bar
    // of the smaller parts.
    const std::vector<int> &shownParts() const { return m_shown; }
    // The bars' values from the top, as drawn.
    std::vector<double> barValues() const;
    // The centre of bar `bar` (from the top) in widget pixels.
    QPoint barCenter(int bar) const;
    // How many bars the chart's height holds, a line of text each (2 … kShownParts).
    int barsThatFit() const;

Q_SIGNALS:
    // A bar was clicked or double-clicked: its index into the attribution's parts (never the bar
    // of the smaller parts).
    void partClicked(int part);
    void partDoubleClicked(int part);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void layoutBars();
    int partAt(const QPoint &pixel) const;

    QCPBars *m_up;
    QCPBars *m_down;
    core::model::Attribution m_attribution;
    std::function<QString(const core::model::AttributionPart &)> m_name;
    std::function<QString(int)> m_othersName;
    int m_fitting = 0; // barsThatFit() when the bars were laid out
    std::vector<int> m_shown;
    std::vector<double> m_values;
};

} // namespace attnlab::ui
