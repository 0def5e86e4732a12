#pragma once
// The soft cap's curve under the Soft-capped scores card: capped = tanh(s ÷ c)·c over the scaled
// scores' range, the line capped = s it bends away from, the caps ±c, and the selected cell's
// point (its scaled score and its capped score). One graph of each kind, created once and
// updated in place.

#include <QWidget>

class QCustomPlot;
class QCPGraph;

namespace attnlab::ui {

class Document;

class SoftCapCurve : public QWidget {
    Q_OBJECT
public:
    explicit SoftCapCurve(Document *document, QWidget *parent = nullptr);

    // The point drawn for the selected cell (scaled, capped); empty when no cell of the scores
    // is selected.
    QPointF point() const { return m_point; }
    bool hasPoint() const { return m_hasPoint; }

private:
    void refresh();

    Document *m_document;
    QCustomPlot *m_plot;
    QCPGraph *m_curve, *m_identity, *m_cell;
    QPointF m_point;
    bool m_hasPoint = false;
};

} // namespace attnlab::ui
