#include "core/session/modelsessionfile.h"

#include <gtest/gtest.h>

#include <string>

using namespace attnlab::core;
using namespace attnlab::core::session;

namespace {

ModelSessionFile sample()
{
    ModelSessionFile s;
    s.model = "/models/qwen2.5-0.5b";
    s.text = "猫吃鱼 \"quoted\"\n";
    s.chatPrompt = true;
    s.headMask = Matrix::Ones(2, 3);
    s.headMask(1, 2) = 0;
    SessionCells a;
    a.layer = 1;
    a.tensor = "mlp_in.weight";
    a.row = 3;
    a.col = 4;
    a.values = Matrix(1, 2);
    a.values << 0.1f, -2.5e-7f;
    SessionCells b = a;
    b.tensor = "attn_norm.weight";
    b.layer = 0;
    b.values = Matrix::Constant(1, 1, 1.0f / 3.0f);
    s.cells = {a, b};
    s.cacheWindow = 16;
    s.cacheSinks = 4;
    s.selectedLayer = 1;
    s.selectedHead = 2;
    return s;
}

// The path of the problem a file gives, "" when it reads.
std::string problemPath(const std::string &text)
{
    const ModelSessionRead r = parseModelSession(text);
    EXPECT_NE(r.session.has_value(), r.problem.has_value());
    return r.problem ? r.problem->path + ": " + r.problem->message.english() : std::string();
}

std::string withCells(const std::string &cell)
{
    return R"({"format": "attnlab-model-session", "version": 1, "model": "m", "text": "t", "cells": [)" + cell + "]}";
}

} // namespace

TEST(ModelSessionFile, WhatIsWrittenReadsBackTheSameToTheLastBit)
{
    const ModelSessionFile s = sample();
    const ModelSessionRead r = parseModelSession(writeModelSession(s));
    ASSERT_TRUE(r.session) << r.problem->message.english();
    EXPECT_EQ(*r.session, s);
}

TEST(ModelSessionFile, OnlyTheFormatVersionModelAndTextAreRequired)
{
    const ModelSessionRead r
        = parseModelSession(R"({"format": "attnlab-model-session", "version": 1, "model": "m", "text": "猫吃鱼"})");
    ASSERT_TRUE(r.session);
    EXPECT_EQ(r.session->text, "猫吃鱼");
    EXPECT_FALSE(r.session->chatPrompt);
    EXPECT_EQ(r.session->headMask.size(), 0);
    EXPECT_TRUE(r.session->cells.empty());
    EXPECT_EQ(r.session->cacheWindow, 0);
}

TEST(ModelSessionFile, EachMalformedFieldIsNamed)
{
    EXPECT_EQ(problemPath("[]").substr(0, 2), ": ");
    EXPECT_EQ(
        problemPath(R"({"format": "attnlab-scene", "version": 1, "model": "m", "text": "t"})").substr(0, 7), "format:");
    EXPECT_EQ(
        problemPath(R"({"format": "attnlab-model-session", "version": 2, "model": "m", "text": "t"})").substr(0, 8),
        "version:");
    EXPECT_EQ(problemPath(R"({"format": "attnlab-model-session", "version": 1, "text": "t"})"), "model: is missing");
    EXPECT_EQ(problemPath(R"({"format": "attnlab-model-session", "version": 1, "model": "m", "text": "t", "x": 1})"),
        "x: unknown key");
    EXPECT_EQ(problemPath(R"({"format": "attnlab-model-session", "version": 1, "model": "m", "text": "t",
                             "head_mask": [[1, 0.5]]})"),
        "head_mask[0][1]: must be 0 or 1");
    EXPECT_EQ(problemPath(R"({"format": "attnlab-model-session", "version": 1, "model": "m", "text": "t",
                             "text_kind": "poem"})")
                  .substr(0, 10),
        "text_kind:");
    EXPECT_EQ(problemPath(R"({"format": "attnlab-model-session", "version": 1, "model": "m", "text": "t",
                             "cache_policy": {"window": 0, "sinks": 2}})"),
        "cache_policy.window: must be at least 1");
    EXPECT_EQ(problemPath(withCells(R"({"layer": 0, "tensor": "wte", "row": 0, "col": 0, "values": [[1]]})")),
        "cells[0].tensor: expected a tensor of the block such as \"mlp_in.weight\", got \"wte\"");
    EXPECT_EQ(
        problemPath(withCells(R"({"layer": -1, "tensor": "mlp_in.weight", "row": 0, "col": 0, "values": [[1]]})")),
        "cells[0].layer: must be at least 0");
    EXPECT_EQ(problemPath(
                  withCells(R"({"layer": 0, "tensor": "mlp_in.weight", "row": 0, "col": 0, "values": [[1], [1, 2]]})")),
        "cells[0].values[1]: has 2 numbers, but row 0 has 1");
    EXPECT_EQ(
        problemPath(withCells(R"({"layer": 0, "tensor": "mlp_in.weight", "row": 0, "col": 0, "values": [[1e300]]})")),
        "cells[0].values[0][0]: must lie between -1000000 and 1000000");
    EXPECT_EQ(problemPath(withCells(R"({"layer": 0, "tensor": "mlp_in.weight", "row": 0, "values": [[1]]})")),
        "cells[0].col: is missing");
    EXPECT_EQ(problemPath(withCells("3")), "cells[0]: must be an object");
}

TEST(ModelSessionFile, AHugeDeclaredMatrixIsRefusedBeforeItIsAllocated)
{
    // 3,000 rows of 3,000 zeros would be 9 million values: more than a session may hold, refused
    // from the first row's length and the row count alone.
    std::string row = "[0";
    for (int i = 1; i < 3000; ++i)
        row += ",0";
    row += "]";
    std::string values = "[" + row;
    for (int i = 1; i < 3000; ++i)
        values += ",[]";
    values += "]";
    const std::string path = problemPath(
        withCells(R"({"layer": 0, "tensor": "mlp_in.weight", "row": 0, "col": 0, "values": )" + values + "}"));
    EXPECT_EQ(path.substr(0, 17), "cells[0].values: ") << path;
}
