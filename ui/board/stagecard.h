#pragma once
// One card of the pipeline board: the stage's title, its formula, its shape and its heatmap.
// A card the class has not reached yet is veiled: it keeps its place on the board but shows
// only its title and how to reveal it.

#include "core/scene/pipeline.h"
#include "core/scene/scene.h"
#include "ui/i18n/retranslating.h"

#include <QFrame>
#include <QList>

class QLabel;
class QStackedWidget;

namespace attnlab::ui {

class Document;
class HeatmapView;

class StageCard : public Retranslating<QFrame> {
    Q_OBJECT
public:
    StageCard(Document *document, core::Stage stage, QWidget *parent = nullptr);

    core::Stage stage() const { return m_stage; }

    // The card's texts for `stage` in `scene`, e.g. "Scores", "scores = Q·Kᵀ".
    static QString stageTitle(core::Stage stage);
    static QString stageFormula(core::Stage stage, const core::Scene &scene);
    // "rows×columns" of the stage's matrix, e.g. "3×4".
    static QString shapeText(const core::Stages &stages, core::Stage stage, int head);

    QString title() const;
    QString formula() const;
    QString shape() const;

    bool isCurrent() const { return m_current; }
    void setCurrent(bool current);
    bool isRevealed() const { return m_revealed; }
    void setRevealed(bool revealed);
    // 1-based position on the board, shown on a veiled card.
    void setStepNumber(int number);

    // Scales the card's texts and the heatmap's labels.
    void setZoom(double zoom);
    double zoom() const { return m_zoom; }
    // The colour map of the weights ("viridis", "cividis", "grayscale").
    void setSequentialMap(const QString &name);
    // The weights' colours over [0, largest weight] instead of [0, 1].
    void setAutoWeightsRange(bool autoRange);
    // Large, high-contrast look for the presentation view.
    void setPresentationStyle(bool presentation);
    // The card never asks for less than `floor`; beyond it, it asks for the room that shows
    // every label of its heatmap.
    void setMinimumFloor(const QSize &floor);
    QSize minimumSizeHint() const override;

    HeatmapView *heatmap() const { return m_heatmap; }

Q_SIGNALS:
    // The card was clicked (it becomes the current stage and the one "Export Card" exports).
    void activated(attnlab::core::Stage stage);
    // Double-clicked: enlarge it to the whole board, or back.
    void enlargeRequested(attnlab::core::Stage stage);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refreshTexts();
    void retranslate() override { refreshTexts(); }
    // Shows as much of the title as the label's width allows, ending in "…" when cut.
    void elideTitle();
    void applyStyle();

    Document *m_document;
    core::Stage m_stage;
    QLabel *m_title;
    QString m_fullTitle;
    QLabel *m_formula;
    QLabel *m_shape;
    QStackedWidget *m_body;
    HeatmapView *m_heatmap;
    QLabel *m_veil;
    // The figures under the heatmap (the soft cap's curve): hidden with the heatmap on a veiled card.
    QList<QWidget *> m_figures;
    int m_stepNumber = 0;
    bool m_current = false;
    bool m_revealed = true;
    bool m_presentation = false;
    double m_zoom = 1.0;
    QSize m_floor;
};

} // namespace attnlab::ui
