// The stage table is the one place that lists the stages: every stage has exactly one row, the
// names and matrices it gives are the ones the pipeline computes, and every edit has its stage.
#include "core/scene/stagetable.h"

#include "testutil.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

using namespace attnlab::core;
using attnlab::test::randomScene;

TEST(StageTable, EveryStageHasExactlyOneRowInPipelineOrder)
{
    StageSet seen = 0;
    for (const StageEntry &e : stageTable()) {
        EXPECT_EQ(e.id & (e.id - 1), 0u) << e.name << " is one bit";
        EXPECT_EQ(seen & e.id, 0u) << e.name << " appears twice";
        // A stage feeds only stages after it, so one pass reaches everything downstream.
        EXPECT_EQ(e.feeds & (seen | e.id), 0u) << e.name << " feeds an earlier stage";
        seen |= e.id;
    }
    EXPECT_EQ(seen, StageSet(AllStages));
    ASSERT_EQ(allStages().size(), stageTable().size());
    for (size_t i = 0; i < allStages().size(); ++i)
        EXPECT_EQ(allStages()[i], stageTable()[i].id);
}

TEST(StageTable, NamesAreUniqueAndRoundTrip)
{
    std::set<std::string> names;
    for (const StageEntry &e : stageTable()) {
        EXPECT_TRUE(names.insert(e.name).second) << e.name;
        EXPECT_EQ(stageFromName(e.name), e.id);
        EXPECT_STREQ(stageName(e.id), e.name);
    }
    EXPECT_EQ(stageFromName("Scores"), Stage(0)); // names are case-sensitive, as on the command line
}

TEST(StageTable, EveryEditBelongsToExactlyOneStage)
{
    for (int t = int(Edit::Target::Everything) + 1; t <= int(Edit::Target::Mask); ++t) {
        const auto target = Edit::Target(t);
        int owners = 0;
        for (const StageEntry &e : stageTable())
            owners += (e.staleBy & targetBit(target)) != 0;
        EXPECT_EQ(owners, 1) << "target " << t;
        ASSERT_NE(stageEditedBy(target), nullptr);
    }
    EXPECT_EQ(stageEditedBy(Edit::Target::Everything), nullptr);
    for (const StageEntry &e : stageTable())
        EXPECT_EQ(e.staleByColumn & ~e.staleBy, 0u) << e.name;
    EXPECT_EQ(stageEditedBy(Edit::Target::BK)->id, StageK);
    EXPECT_EQ(stageEditedBy(Edit::Target::Mask)->id, StageMasked);
}

TEST(StageTable, DownstreamFollowsTheArrows)
{
    EXPECT_EQ(downstreamOf(StageOutput, true), StageSet(StageOutput));
    EXPECT_EQ(downstreamOf(StageMasked, false),
        StageSet(StageMasked | StageWeights | StageSink | StageContext | StageConcat | StageOutput));
    EXPECT_EQ(downstreamOf(StageScaled, false),
        StageSet(StageScaled | StageCapped | StageMasked | StageWeights | StageSink | StageContext | StageConcat
            | StageOutput));
    EXPECT_EQ(downstreamOf(StageV, true), StageSet(StageV | StageContext | StageConcat | StageOutput));
    // Everything but the memory (cross-attention's, which nothing computes) lies downstream of X.
    EXPECT_EQ(downstreamOf(StageX, true), StageSet(AllStages & ~StageSet(StageMemory)));
    EXPECT_EQ(
        downstreamOf(StageX, false), StageSet(AllStages & ~StageSet(StageQRotated | StageKRotated | StageMemory)));
}

TEST(StageTable, RowsPointAtTheMatricesThePipelineComputes)
{
    std::mt19937 rng(7);
    Scene scene = randomScene(rng, 5, 8, 2, 4, PositionalEncoding::Rope);
    // Every variant on, so that every stage is computed.
    scene.variants.qkNorm = true;
    scene.variants.softCap = 3;
    scene.variants.sinkLogit = true;
    ASSERT_TRUE(validate(scene).empty());
    Pipeline pipeline;
    const Stages &st = pipeline.compute(scene);
    const HeadStages &h = st.heads[1];
    const Matrix *expected[] = {&st.x, &st.memory, &h.q, &h.k, &h.v, &h.qNormed, &h.kNormed, &h.qRotated, &h.kRotated,
        &h.scores, &h.scaled, &h.capped, &h.masked, &h.weights, &h.sink, &h.context, &st.concat, &st.output};
    ASSERT_EQ(std::size(expected), stageTable().size());
    for (size_t i = 0; i < stageTable().size(); ++i) {
        const StageEntry &e = stageTable()[i];
        EXPECT_EQ(&stageMatrix(st, e.id, 1), expected[i]) << e.name;
        EXPECT_EQ(isPerHead(e.id), e.perHead);
        if (e.id == StageMemory) { // only a scene with a memory (cross-attention) has it
            EXPECT_FALSE(hasStage(scene, e.id));
            continue;
        }
        EXPECT_TRUE(hasStage(scene, e.id)) << e.name;
        EXPECT_GT(stageMatrix(st, e.id, 1).size(), 0) << e.name;
    }
    EXPECT_EQ(stageMatrix(st, StageQ, 2).size(), 0); // no head 2
}

TEST(StageTable, ScenesHaveTheStagesTheyCompute)
{
    for (bool direct : {false, true})
        for (PositionalEncoding p : {PositionalEncoding::None, PositionalEncoding::Rope}) {
            std::mt19937 rng(3);
            Scene scene = randomScene(rng, 4, 6, 1, 4, p);
            if (direct) {
                scene.direct = true;
                scene.q = scene.k = scene.v = Matrix::Ones(4, 4);
            }
            Pipeline pipeline;
            const Stages &st = pipeline.compute(scene);
            for (const StageEntry &e : stageTable())
                EXPECT_EQ(hasStage(scene, e.id), stageMatrix(st, e.id, 0).size() > 0)
                    << e.name << (direct ? " direct" : " model") << int(p);
        }
}
