#pragma once
// The logit lens grid as an item model: one row per token, one column per layer (column 0 the
// embeddings, column l the residual stream after layer l, the last column the model's output).
// A cell holds the top tokens of the model's output head applied there (core lensTopTokens);
// rows are filled as the panel computes them — a cell not computed yet shows "…".

#include "core/model/topk.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace attnlab::ui {

class ModelSession;

class LensModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit LensModel(ModelSession *session, QObject *parent = nullptr);

    // How many tokens of each cell are kept (the tooltip lists them).
    static constexpr int kTop = 5;
    // Forgets every row and takes the shape of the session's last pass (empty without one).
    void reset();
    // Row `row` computed: its top tokens per layer (columnCount() entries).
    void setRow(int row, std::vector<std::vector<core::model::TokenProbability>> top);
    bool hasRow(int row) const;
    // The rows in [first, last] not computed yet.
    std::vector<int> missingRows(int first, int last) const;
    // The most likely token of a computed cell; nullptr when not computed.
    const core::model::TokenProbability *top(int row, int layer) const;
    // The row whose last column is the model's prediction (−1 without one).
    int predictionRow() const { return m_position; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString cellToolTip(int row, int layer) const;

    ModelSession *m_session;
    QStringList m_tokens;
    int m_layers = 0;
    int m_position = -1;
    // [row][layer]: empty rows are not computed yet.
    std::vector<std::vector<std::vector<core::model::TokenProbability>>> m_rows;
};

} // namespace attnlab::ui
