#pragma once
// The "A/B comparison" tab: the current scene (A) against a copy with one change (B), one
// stage at a time: A's heatmap, B's heatmap and their difference B − A.

#include "core/experiments.h"
#include "core/pipeline.h"
#include "ui/i18n/retranslating.h"

#include <QWidget>

class QComboBox;
class QLabel;

namespace attnlab::ui {

class Document;
class MatrixPlot;

class AbComparison : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit AbComparison(Document *document, QWidget *parent = nullptr);

    // The change that makes B; for Variation::Head, `otherHead` is B's head.
    void setVariation(core::Variation variation, int otherHead = 0);
    void setStage(core::Stage stage);

    MatrixPlot *plotA() const { return m_a; }
    MatrixPlot *plotB() const { return m_b; }
    MatrixPlot *differencePlot() const { return m_diff; }
    // B's scene and stages as last computed (for tests and for the status line).
    const core::Scene &sceneB() const { return m_sceneB; }
    const core::Stages &stagesB() const { return m_pipelineB.stages(); }
    QString statusText() const;

protected:
private:
    void fillChoices();
    void recompute();
    void redraw();
    void retranslate() override;

    Document *m_document;
    QComboBox *m_variation;
    QComboBox *m_stage;
    QLabel *m_variationLabel, *m_stageLabel;
    QLabel *m_status;
    MatrixPlot *m_a, *m_b, *m_diff;
    core::Scene m_sceneB;
    core::Pipeline m_pipelineB;
    bool m_valid = false;
    int m_headB = 0;
};

} // namespace attnlab::ui
