#pragma once
// The attention mask as an n×n grid (row = query, column = key). Clicking a cell toggles it,
// switching the scene to a custom mask; presets set none, causal or padding. Every change is
// one undo step. A sliding window (a variant of the scene) hides more keys on top of the mask; the
// grid shows those too, drawn apart.

#include "core/scene/scene.h"
#include "ui/document/historytext.h"
#include "ui/i18n/retranslating.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QScrollArea;
class QSpinBox;

namespace attnlab::ui {

class Document;

class MaskEditor : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit MaskEditor(Document *document, QWidget *parent = nullptr);

    // Toggles whether query `row` may see key `column`.
    void toggle(int row, int column);
    void applyNone();
    void applyCausal();
    // Hides the last `k` keys from every query.
    void applyPadding(int k);
    QString message() const;

    // What a cell of the grid shows: the key visible to the query, hidden by the mask, or allowed by
    // the mask but outside the scene's sliding window (variants.slidingWindow), which the grid
    // draws apart because a click there changes the mask, not the window.
    enum class Cell { Visible, Masked, OutsideWindow };
    static Cell cellState(const core::Scene &scene, int row, int column);

    // A column label with CJK text stays upright, its pieces stacked top to bottom as Chinese
    // is written in a column ("0 猫" → "0", "猫"; Latin runs and numbers stay whole). Empty for
    // other labels, which are turned sideways.
    static QStringList stackedColumnLabel(const QString &label);

protected:
private:
    void retranslate() override;
    void refresh();
    void pushScene(const core::Scene &scene, const HistoryText &text);

    Document *m_document;
    QWidget *m_grid;
    QScrollArea *m_scroll;
    QSpinBox *m_padding;
    QPushButton *m_none;
    QPushButton *m_causal;
    QPushButton *m_paddingButton;
    QLabel *m_presetsLabel;
    QLabel *m_status;
};

} // namespace attnlab::ui
