// The one printer of JSON values (--predict, --dump --model): the house layout, numbers as the
// writers print them.
#include "core/json/jsonprinter.h"
#include "core/json/jsonwriter.h"
#include "core/scene/pipeline.h"
#include "core/scene/stagesjson.h"

#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

using namespace attnlab;
using Json = nlohmann::ordered_json;

TEST(JsonPrinter, ScalarsStayOnOneLineAndNestingGoesOnLinesOfItsOwn)
{
    Json v;
    v["ids"] = {3, 1, 2};
    v["matrix"] = Json::array({Json::array({1, 2}), Json::array({-3, 4.5})});
    v["rows"] = Json::array({Json {{"id", 7}, {"token", "a\"b\n"}, {"ok", true}}, Json::object(), Json::array()});
    v["none"] = Json::array();
    v["nothing"] = nullptr;
    EXPECT_EQ(core::json::print(v),
        "{\n"
        "  \"ids\": [3, 1, 2],\n"
        "  \"matrix\": [\n"
        "    [1, 2],\n"
        "    [-3, 4.5]\n"
        "  ],\n"
        "  \"rows\": [\n"
        "    {\"id\": 7, \"token\": \"a\\\"b\\n\", \"ok\": true},\n"
        "    {},\n"
        "    []\n"
        "  ],\n"
        "  \"none\": [],\n"
        "  \"nothing\": null\n"
        "}\n");
}

TEST(JsonPrinter, DecimalIsTheShortestGeneralFormFromSevenDigitsUp)
{
    EXPECT_EQ(core::json::decimal(0.92), "0.92");
    EXPECT_EQ(core::json::decimal(0.0632775202), "0.0632775202"); // nine digits where they are given
    EXPECT_EQ(core::json::decimal(1.0 / 3.0), "0.3333333333333333");
    EXPECT_EQ(core::json::decimal(1e7), "1e+07"); // as %.7g, like rounded()
    EXPECT_EQ(core::json::decimal(1000000), "1000000");
    EXPECT_EQ(core::json::decimal(0.0001), "0.0001");
    EXPECT_EQ(core::json::decimal(1.5e-5), "1.5e-05");
    EXPECT_EQ(core::json::decimal(-0.0), "0");
    EXPECT_EQ(core::json::decimal(std::nan("")), "null");
    EXPECT_EQ(core::json::decimal(std::numeric_limits<double>::infinity()), "null");
    for (const float f : {1e7f, 1234567.f, 0.0001f, 3.14159274f, -2.5e-8f, 6.02e23f})
        EXPECT_EQ(core::json::decimal(std::stod(core::json::rounded(f))), core::json::rounded(f)) << f;
}

TEST(JsonPrinter, ReprintsEveryExampleDumpByteForByte)
{
    // --dump --model prints the stages dump as a value: the same bytes as the streamed writer.
    for (const std::string &name : test::exampleFileNames()) {
        const core::LoadResult r = test::loadExampleFile(name);
        ASSERT_TRUE(r.ok()) << name;
        core::Pipeline pipeline;
        const std::string text = core::stagesToJson(*r.scene, pipeline.compute(*r.scene));
        EXPECT_EQ(core::json::print(Json::parse(text)), text) << name;
    }
    std::mt19937 rng(17);
    for (int i = 0; i < 20; ++i) {
        const core::Scene scene = test::randomScene(rng, 1 + i % 7, 8, 2, 4);
        core::Pipeline pipeline;
        const std::string text = core::stagesToJson(scene, pipeline.compute(scene));
        EXPECT_EQ(core::json::print(Json::parse(text)), text);
    }
}
