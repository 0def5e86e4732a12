#pragma once
// The pipeline board: one StageCard per stage, laid out by phase (inputs and projections,
// rotations, scores to weights, context and output), with the step control above. Cards the
// class has not reached yet keep their place but stay veiled.

#include "core/pipeline.h"

#include <QHash>
#include <QWidget>

class QGridLayout;
class QLabel;
class QScrollArea;
class QToolButton;

namespace attnlab::ui {

class Document;
class StageCard;
class StepController;

class PipelineBoard : public QWidget {
    Q_OBJECT
public:
    PipelineBoard(Document *document, StepController *steps, QWidget *parent = nullptr);

    StageCard *card(core::Stage stage) const { return m_cards.value(stage, nullptr); }
    QList<StageCard *> cards() const;
    StepController *steps() const { return m_steps; }
    // Scales the texts and heatmap labels of every card.
    void setZoom(double zoom);

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void refreshSteps();
    void retranslate();

    Document *m_document;
    StepController *m_steps;
    QLabel *m_stepLabel;
    QScrollArea *m_scroll;
    QWidget *m_canvas;
    QGridLayout *m_grid;
    QHash<core::Stage, StageCard *> m_cards;
    QList<QToolButton *> m_buttons;
    double m_zoom = 1.0;
};

} // namespace attnlab::ui
