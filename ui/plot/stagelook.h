#pragma once
// The stages as the interface shows them: one row per stage with its texts (card title, formula,
// figure title, explanation page and the explanation's shapes in this scene), where it sits on
// the board, how its heatmap reads, how the inspector derives a cell and what a worksheet does
// with it. The board, the step control, the inspector, the explanation panel, the exports and
// the handout ask the row; what a stage is (its name, what it feeds, what makes it stale) is the
// core's row, core/scene/stagetable.h. A new stage is one row in each table.

#include "core/scene/pipeline.h"
#include "core/scene/scene.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace attnlab::ui {

// How the inspector works out a number of the stage (its own code in InspectorPage).
// Memory: a number of cross-attention's memory, given (the encoder's output). Variant: a number of
// an attention variant's stage (QK-norm, soft cap, sink).
enum class Derivation { Embedding, Memory, Projection, Rotation, Score, Softmax, Mix, Concat, Output, Variant };

// What a worksheet does with the stage.
enum class WorksheetUse {
    None, // printed neither blank nor given
    Blank, // offered, and blank by default
    BlankWhenMasked, // offered, blank by default when the scene has a mask
};

// The one cell an answer key works out for a blank stage (its own code in the handout).
enum class WorkedExample {
    None,
    DotProduct, // a score: q · k
    Division, // a scaled score: score ÷ divisor
    WeightedSum, // a context entry: Σ weight · v
    Softmax, // a row of weights: e^x of each visible key, their sum, each e^x ÷ the sum
};

struct StageLook {
    core::Stage stage;
    // The card's title ("Attention weights"), untranslated; stageCardTitle() translates it.
    const char *title;
    // The short name for menus and worksheets ("weights"), untranslated; nullptr: the core's
    // name, the same in every language (X, Q, K, V).
    const char *shortName;
    // The formula on the card in `scene` ("scores = Q_rot·K_rotᵀ" under RoPE).
    QString (*formula)(const core::Scene &scene);
    // The card formula's tooltip; nullptr: the formula itself.
    QString (*formulaTip)(const core::Scene &scene);
    // The title of its heatmap in exports ("weights = softmax(masked)").
    QString (*figureTitle)(const core::Scene &scene);
    // The explanation page (:/explanations/LANG/PAGE.html), and the one for a scene whose X is
    // given by a model's layer (nullptr: the same page).
    const char *page;
    const char *givenXPage;
    // The explanation's "In this scene" lines: the stage's shapes with this scene's numbers.
    QStringList (*sceneShapes)(const core::Scene &scene);
    // The row of the board: the phase of the computation (inputs, rotations, scores to weights,
    // mixing and output).
    int boardRow;
    // Whether the board shows the stage in a scene that has it; nullptr: always.
    bool (*onBoard)(const core::Scene &scene);
    // n × n: rows are queries, columns keys.
    bool square;
    // Shown with a sequential map over [0, 1]; every other stage is signed.
    bool probability;
    // Hidden cells are drawn as masked (−∞, or 0 for a probability).
    bool showsMask;
    // A query row that sees no key is flagged.
    bool flagsRowsWithoutKeys;
    // The title of the columns of a stage that is not square ("feature (d_k)").
    QString (*featureAxis)(const core::Scene &scene);
    Derivation derivation;
    // The inspector derives one cell (a row alone is not enough).
    bool derivesCell;
    WorksheetUse worksheet;
    WorkedExample workedExample;
};

// Every stage, in the core's order (core::stageTable()).
const std::vector<StageLook> &stageLooks();
// The row of `stage`; the X row for a value that is no single stage.
const StageLook &stageLook(core::Stage stage);

// The card title of `stage` in the current language ("Attention weights", "注意力权重").
QString stageCardTitle(core::Stage stage);
// The stages the board shows for `scene`, in pipeline order.
QList<core::Stage> boardStages(const core::Scene &scene);
// The explanation page of `stage` in `scene` ("x-given" for a given X).
QString explanationPage(core::Stage stage, const core::Scene &scene);

} // namespace attnlab::ui
