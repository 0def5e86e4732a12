#pragma once
// The pipeline board: one StageCard per stage, laid out by phase (inputs and projections,
// rotations, scores to weights, context and output), with the step control above. Cards the
// class has not reached yet keep their place but stay veiled. One card can be enlarged to the
// whole board (double-click or E, back with Esc or another double-click).

#include "core/scene/pipeline.h"
#include "ui/i18n/retranslating.h"

#include <QHash>
#include <QWidget>

#include <optional>

class QAction;
class QComboBox;
class QGridLayout;
class QLabel;
class QScrollArea;
class QShortcut;

namespace attnlab::ui {

class Document;
class StageCard;
class StepController;

class PipelineBoard : public Retranslating<QWidget> {
    Q_OBJECT
public:
    PipelineBoard(Document *document, StepController *steps, QWidget *parent = nullptr);

    StageCard *card(core::Stage stage) const { return m_cards.value(stage, nullptr); }
    QList<StageCard *> cards() const;
    StepController *steps() const { return m_steps; }
    // Scales the texts and heatmap labels of every card.
    void setZoom(double zoom);
    void setSequentialMap(const QString &name);
    void setAutoWeightsRange(bool autoRange);
    // The card shown alone on the whole board, if any.
    std::optional<core::Stage> enlargedStage() const { return m_enlarged; }
    bool isEnlarged() const { return m_enlarged.has_value(); }
    // Enlarges the card of `stage` (one the board has and the class has reached); nullopt
    // brings every card back.
    void setEnlargedStage(std::optional<core::Stage> stage);
    // Enlarges the current card, or brings the board back.
    void toggleEnlarged();
    // Step through the heads (the per-head cards follow the document's current head).
    QAction *nextHeadAction() const { return m_nextHead; }
    QAction *previousHeadAction() const { return m_previousHead; }
    QComboBox *headSelector() const { return m_head; }
    // Cards per row: 4 when the board is wide enough, else 2 or 1 (each phase's four cards
    // wrap evenly), so a narrow board scrolls instead of squeezing the heatmaps unreadable.
    int columnCount() const { return m_columns; }
    // `cardWidth`: the narrowest a card may be (its labels need more with many tokens).
    static int columnsForWidth(int width, int cardWidth = 0);

Q_SIGNALS:
    void enlargedChanged(bool enlarged);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild();
    void refreshSteps();
    void elideStepLabel();
    void retranslate() override;
    void refreshHeads();
    // Re-counts the columns when the cards ask for more or less room (tokens, zoom).
    void updateColumns();
    int widestCardNeeded() const;

    Document *m_document;
    StepController *m_steps;
    QLabel *m_stepLabel;
    QString m_stepText; // the step label's text before eliding
    QLabel *m_headLabel;
    QComboBox *m_head;
    QAction *m_nextHead;
    QAction *m_previousHead;
    QScrollArea *m_scroll;
    QWidget *m_canvas;
    QGridLayout *m_grid;
    QHash<core::Stage, StageCard *> m_cards;
    double m_zoom = 1.0;
    int m_columns = 4;
    QString m_sequentialMap = QStringLiteral("viridis");
    bool m_autoRange = false;
    std::optional<core::Stage> m_enlarged;
    core::Stage m_lastCurrent = core::StageX;
    QShortcut *m_restore;
};

} // namespace attnlab::ui
