#pragma once
// The stages of the pipeline as data: one row per stage says everything the program asks about
// a stage that is not its arithmetic (that lives in Pipeline, one function per step). A new stage
// is one row here, its matrix in HeadStages or Stages, and its step in Pipeline.
//
// Rows are in pipeline order: a stage only feeds stages after it, so one pass over the table
// reaches everything downstream of an edit.

#include "core/scene/pipeline.h"

#include <vector>

namespace attnlab::core {

// A set of Edit::Target values, one bit each.
using EditTargets = unsigned;
constexpr EditTargets targetBit(Edit::Target target)
{
    return 1u << unsigned(target);
}

// When a scene has a stage at all.
enum class StagePresence {
    Always,
    ModelMode, // computed from embeddings or a given X: not in direct mode
    Rope, // the rotated Q and K: rotary positions (in direct mode too, where Q and K are given)
    // The attention variants' stages (core/scene/variants/variants.h), each while its switch is on.
    QkNorm,
    SoftCap,
    Sink,
    Memory, // the memory: a scene with one (cross-attention)
};

// What a stage's rows are computed from, and so which tokens label them.
enum class StageInput {
    X, // X: the tokens' own rows (or nothing: a stage computed from other stages)
    MemoryOrX, // projected from the scene's memory when it has one (cross-attention: K and V), else X
    Keys, // row by row from K (K_norm, K_rot): K's rows, the memory's under cross-attention
};

struct StageEntry {
    Stage id;
    // The name on the command line, in --dump and in scene descriptions ("scores").
    const char *name;
    // One matrix per head (Q … context) rather than one for the scene.
    bool perHead;
    // The stages computed directly from this one.
    StageSet feeds;
    // The edits of the scene that change this stage's own inputs: it and everything it feeds
    // go stale. Every Edit::Target but Everything belongs to exactly one stage.
    EditTargets staleBy;
    // Of those, the edits of one weight or bias column: only the head owning it goes stale.
    EditTargets staleByColumn;
    StagePresence presence;
    // Where the matrix is kept: a member of HeadStages for per-head stages, else of Stages.
    Matrix HeadStages::*headMatrix;
    Matrix Stages::*sceneMatrix;
    // Which rows it is computed from: cross-attention's K and V read the memory, and K_norm and
    // K_rot keep K's rows.
    StageInput input = StageInput::X;
};

// Every stage, in pipeline order.
const std::vector<StageEntry> &stageTable();
// The row of `stage`; the X row for a value that is no single stage.
const StageEntry &stageEntry(Stage stage);
// Whether `stage` of `scene` is projected from the scene's memory rather than X.
bool readsMemory(const Scene &scene, Stage stage);
// The tokens that label the rows of `stage`: the key tokens for the memory, the stages projected
// from it (cross-attention's K and V) and those computed row by row from K (K_norm), else the
// scene's tokens.
const std::vector<std::string> &rowTokens(const Scene &scene, Stage stage);
// Whether `scene` has the stage (X only in model mode, the rotations only under RoPE): whether
// its matrix is computed.
bool hasStage(const Scene &scene, Stage stage);
// `stages` and everything downstream of them; the rotated stages only when `rope`. The variants'
// stages stay in the set whether or not they are on: the pipeline skips what is off.
StageSet downstreamOf(StageSet stages, bool rope);
// The stage whose inputs `target` edits, or nullptr for Everything.
const StageEntry *stageEditedBy(Edit::Target target);

} // namespace attnlab::core
