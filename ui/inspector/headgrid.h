#pragma once
// Every head at once: a grid of small weights heatmaps, one per head. Clicking one makes it
// the current head (the board and the inspector follow). Below, "compare heads": the selected
// query row's weights in every head, one row per head.

#include "ui/i18n/retranslating.h"

#include <QVector>
#include <QWidget>

class QComboBox;
class QGridLayout;
class QLabel;

namespace attnlab::ui {

class Document;
class MatrixPlot;

class HeadGrid : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit HeadGrid(Document *document, QWidget *parent = nullptr);

    int headCount() const { return int(m_plots.size()); }
    MatrixPlot *headPlot(int head) const { return m_plots.value(head); }
    // heads × keys: the weights of the compared query row in each head.
    MatrixPlot *comparePlot() const { return m_compare; }
    // The query row being compared (the document's selected row, or the first).
    int comparedRow() const;

protected:
private:
    void rebuild();
    void refresh();
    void retranslate() override;

    Document *m_document;
    QGridLayout *m_grid;
    QVector<MatrixPlot *> m_plots;
    QLabel *m_queryLabel;
    QComboBox *m_query;
    QLabel *m_hint;
    MatrixPlot *m_compare;
};

} // namespace attnlab::ui
