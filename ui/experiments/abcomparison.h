#pragma once
// The "A/B comparison" tab, one stage at a time: A's heatmap, B's heatmap and their difference
// B − A. B is a copy of the current scene with one change (a preset that actually changes
// something), any saved scene file, or — after "Keep as A" froze a snapshot — the current scene
// itself, so a teacher can edit and watch the difference grow.

#include "core/experiment/experiments.h"
#include "core/scene/pipeline.h"
#include "ui/i18n/retranslating.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace attnlab::ui {

class Document;
class MatrixPlot;

class AbComparison : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit AbComparison(Document *document, QWidget *parent = nullptr);

    // The change that makes B; for Variation::Head, `otherHead` is B's head.
    void setVariation(core::Variation variation, int otherHead = 0);
    // Freezes the current scene as A; B becomes the (live) current scene.
    void keepAsA();
    // B is the scene in `path`; false with a message in statusText() when it does not load.
    bool compareWithFile(const QString &path);
    // Whether the choices offer `variation` (presets that would change nothing are left out).
    bool offers(core::Variation variation, int otherHead = 0) const;
    void setStage(core::Stage stage);

    MatrixPlot *plotA() const { return m_a; }
    MatrixPlot *plotB() const { return m_b; }
    MatrixPlot *differencePlot() const { return m_diff; }
    // B's scene and stages as last computed (for tests and for the status line).
    const core::Scene &sceneA() const;
    const core::Stages &stagesA() const;
    const core::Scene &sceneB() const { return m_sceneB; }
    const core::Stages &stagesB() const { return m_pipelineB.stages(); }
    QString statusText() const;

protected:
private:
    void fillChoices();
    void chooseFile();
    void recompute();
    void redraw();
    void retranslate() override;

    Document *m_document;
    QComboBox *m_variation;
    QComboBox *m_stage;
    QLabel *m_variationLabel, *m_stageLabel;
    QLabel *m_status;
    QPushButton *m_keep, *m_open;
    MatrixPlot *m_a, *m_b, *m_diff;
    // A: the document's scene, or the kept snapshot.
    bool m_hasSnapshot = false;
    core::Scene m_snapshot;
    core::Pipeline m_pipelineSnapshot;
    // A scene file chosen as B.
    bool m_hasFile = false;
    core::Scene m_fileScene;
    QString m_fileName;
    core::Scene m_sceneB;
    core::Pipeline m_pipelineB;
    bool m_valid = false;
    int m_headB = 0;
};

} // namespace attnlab::ui
