#include "core/scene/stagetable.h"

namespace attnlab::core {

namespace {

using T = Edit::Target;

constexpr EditTargets bits(std::initializer_list<T> targets)
{
    EditTargets out = 0;
    for (T t : targets)
        out |= targetBit(t);
    return out;
}

} // namespace

const std::vector<StageEntry> &stageTable()
{
    // clang-format off
    static const std::vector<StageEntry> table = {
        {StageX, "X", false, StageQ | StageK | StageV,
            bits({T::Embeddings, T::Positional, T::X}), 0, StagePresence::ModelMode, nullptr, &Stages::x},
        {StageMemory, "memory", false, StageK | StageV, 0, 0, StagePresence::Memory, nullptr, &Stages::memory},
        {StageQ, "Q", true, StageQNormed | StageQRotated | StageScores,
            bits({T::WQ, T::BQ, T::DirectQ}), bits({T::WQ, T::BQ}), StagePresence::Always, &HeadStages::q, nullptr},
        {StageK, "K", true, StageKNormed | StageKRotated | StageScores,
            bits({T::WK, T::BK, T::DirectK}), bits({T::WK, T::BK}), StagePresence::Always, &HeadStages::k, nullptr,
            StageInput::MemoryOrX},
        {StageV, "V", true, StageContext,
            bits({T::WV, T::BV, T::DirectV}), bits({T::WV, T::BV}), StagePresence::Always, &HeadStages::v, nullptr,
            StageInput::MemoryOrX},
        {StageQNormed, "Q_norm", true, StageQRotated | StageScores, 0, 0, StagePresence::QkNorm, &HeadStages::qNormed, nullptr},
        {StageKNormed, "K_norm", true, StageKRotated | StageScores, 0, 0, StagePresence::QkNorm, &HeadStages::kNormed, nullptr,
            StageInput::Keys},
        {StageQRotated, "Q_rot", true, StageScores, 0, 0, StagePresence::Rope, &HeadStages::qRotated, nullptr},
        {StageKRotated, "K_rot", true, StageScores, 0, 0, StagePresence::Rope, &HeadStages::kRotated, nullptr,
            StageInput::Keys},
        {StageScores, "scores", true, StageScaled, 0, 0, StagePresence::Always, &HeadStages::scores, nullptr},
        {StageScaled, "scaled", true, StageCapped | StageMasked, bits({T::Scale}), 0, StagePresence::Always, &HeadStages::scaled, nullptr},
        {StageCapped, "capped", true, StageMasked, 0, 0, StagePresence::SoftCap, &HeadStages::capped, nullptr},
        {StageMasked, "masked", true, StageWeights | StageSink, bits({T::Mask}), 0, StagePresence::Always, &HeadStages::masked, nullptr},
        {StageWeights, "weights", true, StageContext, 0, 0, StagePresence::Always, &HeadStages::weights, nullptr},
        {StageSink, "sink", true, 0, 0, 0, StagePresence::Sink, &HeadStages::sink, nullptr},
        {StageContext, "context", true, StageConcat, 0, 0, StagePresence::Always, &HeadStages::context, nullptr},
        {StageConcat, "concat", false, StageOutput, 0, 0, StagePresence::Always, nullptr, &Stages::concat},
        {StageOutput, "output", false, 0, bits({T::WO, T::BO}), 0, StagePresence::Always, nullptr, &Stages::output},
    };
    // clang-format on
    return table;
}

const StageEntry &stageEntry(Stage stage)
{
    for (const StageEntry &e : stageTable())
        if (e.id == stage)
            return e;
    return stageTable().front();
}

bool readsMemory(const Scene &scene, Stage stage)
{
    return scene.hasMemory() && stageEntry(stage).input == StageInput::MemoryOrX;
}

const std::vector<std::string> &rowTokens(const Scene &scene, Stage stage)
{
    const StageEntry &e = stageEntry(stage);
    const bool memoryRows = e.presence == StagePresence::Memory || e.input != StageInput::X;
    return memoryRows && scene.hasMemory() ? scene.memory.tokens : scene.tokens;
}

bool hasStage(const Scene &scene, Stage stage)
{
    switch (stageEntry(stage).presence) {
    case StagePresence::Always:
        return true;
    case StagePresence::ModelMode:
        return !scene.direct;
    case StagePresence::Rope:
        return scene.positional == PositionalEncoding::Rope;
    case StagePresence::QkNorm:
        return scene.variants.qkNorm;
    case StagePresence::SoftCap:
        return scene.variants.softCap > 0;
    case StagePresence::Sink:
        return scene.variants.sinkLogit;
    case StagePresence::Memory:
        return scene.hasMemory();
    }
    return true;
}

StageSet downstreamOf(StageSet stages, bool rope)
{
    for (const StageEntry &e : stageTable()) {
        if (stages & e.id)
            stages |= e.feeds;
        if (!rope && e.presence == StagePresence::Rope)
            stages &= ~StageSet(e.id);
    }
    return stages;
}

const StageEntry *stageEditedBy(Edit::Target target)
{
    for (const StageEntry &e : stageTable())
        if (e.staleBy & targetBit(target))
            return &e;
    return nullptr;
}

const std::vector<Stage> &allStages()
{
    static const std::vector<Stage> stages = [] {
        std::vector<Stage> out;
        for (const StageEntry &e : stageTable())
            out.push_back(e.id);
        return out;
    }();
    return stages;
}

const char *stageName(Stage stage)
{
    for (const StageEntry &e : stageTable())
        if (e.id == stage)
            return e.name;
    return "";
}

Stage stageFromName(const std::string &name)
{
    for (const StageEntry &e : stageTable())
        if (name == e.name)
            return e.id;
    // The rotated stages' names before issue 36 gave them --dump --model's "Q_rot" and "K_rot":
    // descriptions in files saved before keep reading.
    if (name == "Q_rotated")
        return StageQRotated;
    if (name == "K_rotated")
        return StageKRotated;
    return Stage(0);
}

bool isPerHead(Stage stage)
{
    for (const StageEntry &e : stageTable())
        if (e.id == stage)
            return e.perHead;
    return true; // as before: only X, concat and output are whole-scene stages
}

const Matrix &stageMatrix(const Stages &st, Stage stage, int head)
{
    static const Matrix empty;
    for (const StageEntry &e : stageTable()) {
        if (e.id != stage)
            continue;
        if (!e.perHead)
            return st.*(e.sceneMatrix);
        if (head < 0 || size_t(head) >= st.heads.size())
            return empty;
        return st.heads[size_t(head)].*(e.headMatrix);
    }
    return empty;
}

} // namespace attnlab::core
