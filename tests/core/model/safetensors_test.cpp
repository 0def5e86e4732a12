// The safetensors reader of core/model, with files written by the tests' own writer
// (modelfixtures.h).
#include "core/model/checkpoint/safetensors.h"
#include "core/model/modelconfig.h"
#include "core/model/modelerror.h"
#include "core/model/modelloader.h"

#include "modelfixtures.h"
#include "modelio.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace attnlab::core::model;
using namespace attnlab::test;

// ---------------------------------------------------------------- safetensors: good files

TEST_F(ModelIo, SafetensorsRoundTripsEveryDtypeWithinItsPrecision)
{
    // Relative precision of each dtype: 2^-11 (F16, 10 stored mantissa bits + rounding), 2^-8 (BF16).
    const std::map<std::string, double> precision = {{"F32", 0.0}, {"F16", 1.0 / 2048}, {"BF16", 1.0 / 256}};
    for (const auto &[dtype, relative] : precision) {
        SCOPED_TRACE(dtype);
        const FixtureTensor a = tensor("a", {3, 5}, dtype, 1), b = tensor("b", {7}, dtype, 2);
        auto file = openBytes(attnlab::test::safetensorsBytes({a, b}));
        ASSERT_EQ(file->tensors().size(), 2u);
        for (const FixtureTensor *t : {&a, &b}) {
            const SafetensorsTensor *info = file->find(t->name);
            ASSERT_NE(info, nullptr);
            EXPECT_EQ(info->dtypeName, dtype);
            EXPECT_EQ(info->shape, t->shape);
            const float *values = file->floats(*info);
            for (size_t i = 0; i < t->values.size(); ++i) {
                // Exactly what the file holds, and that within the dtype's precision of the original.
                EXPECT_EQ(values[i], attnlab::test::roundToDType(t->values[i], dtype)) << i;
                EXPECT_NEAR(values[i], t->values[i], std::fabs(t->values[i]) * relative + 1e-30) << i;
            }
        }
        EXPECT_EQ(file->find("c"), nullptr);
    }
}

TEST_F(ModelIo, HalfConversionIsExactForSpecialValues)
{
    EXPECT_EQ(halfToFloat(0x3c00), 1.f);
    EXPECT_EQ(halfToFloat(0xc000), -2.f);
    EXPECT_EQ(halfToFloat(0x7bff), 65504.f);
    EXPECT_EQ(halfToFloat(0x0400), std::ldexp(1.f, -14)); // smallest normal
    EXPECT_EQ(halfToFloat(0x0001), std::ldexp(1.f, -24)); // smallest subnormal
    EXPECT_EQ(halfToFloat(0x03ff), std::ldexp(1023.f, -24)); // largest subnormal
    EXPECT_EQ(halfToFloat(0x8001), -std::ldexp(1.f, -24));
    EXPECT_EQ(halfToFloat(0x7c00), std::numeric_limits<float>::infinity());
    EXPECT_EQ(halfToFloat(0xfc00), -std::numeric_limits<float>::infinity());
    EXPECT_TRUE(std::isnan(halfToFloat(0x7e00)));
    EXPECT_TRUE(std::isnan(halfToFloat(0x7c01))); // signalling NaN pattern stays NaN, not ∞
    EXPECT_TRUE(std::signbit(halfToFloat(0x8000)));
    EXPECT_EQ(halfToFloat(0x8000), 0.f);
    // Every finite pattern survives float and back through the tests' own encoder.
    for (std::uint32_t b = 0; b < 0x10000; ++b) {
        if ((b & 0x7c00) == 0x7c00)
            continue;
        ASSERT_EQ(attnlab::test::floatToHalf(halfToFloat(std::uint16_t(b))), b) << std::hex << b;
    }
}

TEST_F(ModelIo, Bfloat16ConversionIsExactForSpecialValues)
{
    EXPECT_EQ(bfloat16ToFloat(0x3f80), 1.f);
    EXPECT_EQ(bfloat16ToFloat(0xc040), -3.f);
    EXPECT_EQ(bfloat16ToFloat(0x0001), fromBits(0x00010000)); // a float subnormal
    EXPECT_EQ(bfloat16ToFloat(0x7f80), std::numeric_limits<float>::infinity());
    EXPECT_EQ(bfloat16ToFloat(0xff80), -std::numeric_limits<float>::infinity());
    EXPECT_TRUE(std::isnan(bfloat16ToFloat(0x7fc0)));
    EXPECT_TRUE(std::isnan(bfloat16ToFloat(0x7f81)));
    EXPECT_TRUE(std::signbit(bfloat16ToFloat(0x8000)));
}

TEST_F(ModelIo, SpecialValuesSurviveTheFileInEveryDtype)
{
    const float inf = std::numeric_limits<float>::infinity();
    for (const std::string dtype : {"F32", "F16", "BF16"}) {
        SCOPED_TRACE(dtype);
        FixtureTensor t;
        t.name = "special";
        t.dtype = dtype;
        t.values = {inf, -inf, std::nanf(""), -0.f, std::ldexp(1.f, -24), 1.f / 3.f};
        t.shape = {6};
        auto file = openBytes(attnlab::test::safetensorsBytes({t}));
        const float *v = file->floats(*file->find("special"));
        EXPECT_EQ(v[0], inf);
        EXPECT_EQ(v[1], -inf);
        EXPECT_TRUE(std::isnan(v[2]));
        EXPECT_TRUE(std::signbit(v[3]) && v[3] == 0.f);
        EXPECT_EQ(v[4], std::ldexp(1.f, -24)); // a half subnormal, a normal in the others
        EXPECT_EQ(v[5], attnlab::test::roundToDType(1.f / 3.f, dtype));
    }
}

TEST_F(ModelIo, AlignedF32IsReadInPlaceWithoutCopy)
{
    auto file = openBytes(attnlab::test::safetensorsBytes({tensor("w", {4, 4})}));
    const float *w = file->floats(*file->find("w"));
    EXPECT_TRUE(file->isMapped(w));
    EXPECT_EQ(file->convertedBytes(), 0u);
}

TEST_F(ModelIo, MisalignedF32IsCopied)
{
    const FixtureTensor t = tensor("w", {3});
    std::string header = attnlab::test::safetensorsHeader({t});
    while ((8 + header.size()) % 4 != 1) // the data starts one byte past a float boundary
        header += ' ';
    auto file = openBytes(attnlab::test::safetensorsBytes(header, attnlab::test::encodeTensor(t)));
    const float *w = file->floats(*file->find("w"));
    EXPECT_FALSE(file->isMapped(w));
    EXPECT_EQ(file->convertedBytes(), 3 * sizeof(float));
    EXPECT_EQ(w[0], t.values[0]);
    EXPECT_EQ(w[2], t.values[2]);
    EXPECT_EQ(file->floats(*file->find("w")), w) << "converted once";
}

TEST_F(ModelIo, MetadataAndUnknownDtypesAreRead)
{
    FixtureTensor ids;
    ids.name = "ids";
    ids.dtype = "I64";
    ids.shape = {2};
    ids.rawBytes = zeros(16);
    FixtureTensor future;
    future.name = "future";
    future.dtype = "F4_NEW"; // no known size: accepted, only its range is checked
    future.shape = {3};
    future.rawBytes = zeros(2);
    auto file = openBytes(attnlab::test::safetensorsBytes({ids, tensor("w", {2}), future}, {{"format", "pt"}}));
    EXPECT_EQ(file->metadata().at("format"), "pt");
    EXPECT_EQ(file->tensors().size(), 3u);
    try {
        file->floats(*file->find("ids"));
        FAIL() << "I64 read as floats";
    } catch (const ModelError &e) {
        EXPECT_STREQ(e.what(), "model.safetensors: tensor \"ids\" has dtype I64; only F32, F16 and BF16 can be read");
    }
}

TEST_F(ModelIo, EmptyTensorsAndEmptyFilesAreValid)
{
    auto file = openBytes(attnlab::test::safetensorsBytes({tensor("none", {0, 4}), tensor("w", {2})}));
    EXPECT_EQ(file->find("none")->elements, 0u);
    auto empty = openBytes(attnlab::test::safetensorsBytes(std::string("{}"), ""));
    EXPECT_TRUE(empty->tensors().empty());
}

// ---------------------------------------------------------------- safetensors: bad files

TEST_F(ModelIo, FileTooShortForTheLengthIsAnError)
{
    EXPECT_EQ(openError("abc"), "model.safetensors: the file has 3 bytes, too few for the 8-byte header length");
}

TEST_F(ModelIo, HeaderLengthBeyondTheFileIsAnError)
{
    std::string bytes = attnlab::test::safetensorsBytes({tensor("w", {2})});
    bytes[0] = char(0xff); // header length grows by 255-ish
    bytes[1] = char(0x01);
    const std::string e = openError(bytes);
    EXPECT_EQ(e.rfind("model.safetensors is incomplete: it has ", 0), 0u) << e;
    EXPECT_NE(e.find("(header length "), std::string::npos) << e;
    EXPECT_NE(e.find("exceeds the file"), std::string::npos) << e;
}

TEST_F(ModelIo, HeaderLengthAboveTheCapIsAnError)
{
    std::string bytes = attnlab::test::safetensorsBytes({tensor("w", {2})});
    bytes[7] = char(0x40); // 2^62 and more
    const std::string e = openError(bytes);
    EXPECT_NE(e.find("exceeds the limit of 100000000 bytes"), std::string::npos) << e;
}

// A file cut short says so in plain words first, then gives the detail (issue 16, item 19).
TEST_F(ModelIo, TruncatedFileIsAnError)
{
    std::string bytes = attnlab::test::safetensorsBytes({tensor("a", {4}), tensor("b", {4})});
    bytes.resize(bytes.size() - 5);
    const std::string e = openError(bytes);
    EXPECT_EQ(e,
        "model.safetensors is incomplete: " + std::to_string(bytes.size()) + " B of " + std::to_string(bytes.size() + 5)
            + " B — was the download interrupted? (tensor \"b\": data_offsets [16, 32] exceed the data section (27 "
              "bytes))");
}

TEST_F(ModelIo, TruncatedDownloadGivesSizesInMegabytes)
{
    // 497 MB of weights announced, 1.2 MB arrived.
    const std::string e = openError(attnlab::test::safetensorsBytes(
        "{" + entry("wte.weight", "F32", "[124250000]", 0, 497000000) + "}", zeros(1200000)));
    EXPECT_EQ(e.rfind("model.safetensors is incomplete: 1.2 MB of 497 MB — was the download interrupted? (tensor "
                      "\"wte.weight\": data_offsets [0, 497000000] exceed the data section (1200000 bytes))",
                  0),
        0u)
        << e;
}

TEST_F(ModelIo, TruncatedHeaderIsAnError)
{
    const std::string bytes = attnlab::test::safetensorsBytes({tensor("a", {4})});
    const std::string e = openError(bytes.substr(0, 20));
    EXPECT_EQ(e.rfind("model.safetensors is incomplete: it has 20 B, but its header alone takes ", 0), 0u) << e;
    EXPECT_NE(e.find("(header length "), std::string::npos) << e;
}

TEST_F(ModelIo, OffsetsOutOfRangeAreAnError)
{
    EXPECT_NE(openError(attnlab::test::safetensorsBytes(
                            "{" + entry("h.0.attn.c_attn.weight", "F32", "[25]", 0, 100) + "}", zeros(96)))
                  .find("(tensor \"h.0.attn.c_attn.weight\": data_offsets [0, 100] exceed the data section "
                        "(96 bytes))"),
        std::string::npos);
    EXPECT_EQ(openError(attnlab::test::safetensorsBytes("{" + entry("w", "F32", "[0]", 8, 4) + "}", zeros(8))),
        "model.safetensors: tensor \"w\": data_offsets [8, 4] end before they begin");
    // Unknown dtypes skip the size check but not the range check.
    EXPECT_NE(openError(attnlab::test::safetensorsBytes("{" + entry("q", "F4", "[2]", 0, 9) + "}", zeros(8)))
                  .find("(tensor \"q\": data_offsets [0, 9] exceed the data section (8 bytes))"),
        std::string::npos);
    EXPECT_NE(openError(attnlab::test::safetensorsBytes(
                            "{\"w\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0]}}", zeros(4)))
                  .find("tensor \"w\": \"data_offsets\" must be two non-negative integers"),
        std::string::npos);
}

TEST_F(ModelIo, OverlappingOffsetsAreAnError)
{
    const std::string header = "{" + entry("a", "F32", "[4]", 0, 16) + "," + entry("b", "F32", "[4]", 8, 24) + "}";
    EXPECT_EQ(openError(attnlab::test::safetensorsBytes(header, zeros(24))),
        "model.safetensors: tensor \"b\": data_offsets [8, 24] overlap tensor \"a\" [0, 16]");
}

TEST_F(ModelIo, HolesInTheDataSectionAreAnError)
{
    const std::string header = "{" + entry("a", "F32", "[4]", 0, 16) + "," + entry("b", "F32", "[4]", 20, 36) + "}";
    EXPECT_EQ(openError(attnlab::test::safetensorsBytes(header, zeros(36))),
        "model.safetensors: bytes [16, 20] of the data section belong to no tensor");
    EXPECT_EQ(openError(attnlab::test::safetensorsBytes("{" + entry("a", "F32", "[4]", 0, 16) + "}", zeros(20))),
        "model.safetensors: bytes [16, 20] of the data section belong to no tensor");
}

TEST_F(ModelIo, ByteCountDisagreeingWithTheShapeIsAnError)
{
    EXPECT_EQ(openError(attnlab::test::safetensorsBytes("{" + entry("w", "F16", "[2, 3]", 0, 8) + "}", zeros(8))),
        "model.safetensors: tensor \"w\": shape [2, 3] of F16 needs 12 bytes but data_offsets [0, 8] hold 8");
}

TEST_F(ModelIo, ShapesWhoseSizeOverflowsAreAnError)
{
    EXPECT_EQ(openError(attnlab::test::safetensorsBytes(
                  "{" + entry("w", "F32", "[4294967296, 4294967296, 2]", 0, 8) + "}", zeros(8))),
        "model.safetensors: tensor \"w\": \"shape\" [4294967296,4294967296,2] has more elements than 2^64");
    // The element count fits in 64 bits, its bytes do not.
    EXPECT_EQ(openError(attnlab::test::safetensorsBytes(
                  "{" + entry("w", "F32", "[4611686018427387905]", 0, 8) + "}", zeros(8))),
        "model.safetensors: tensor \"w\": shape [4611686018427387905] of F32 needs more bytes than 2^64");
    // Past 2^64 the JSON reader itself refuses the number (nlohmann alone would give a double).
    EXPECT_EQ(openError(attnlab::test::safetensorsBytes(
                  "{" + entry("w", "F32", "[18446744073709551616]", 0, 8) + "}", zeros(8))),
        "model.safetensors: w.shape[0]: the whole number 18446744073709551616 is too large (the largest is "
        "18446744073709551615)");
}

TEST_F(ModelIo, NegativeOrFractionalShapesAreAnError)
{
    EXPECT_EQ(openError(attnlab::test::safetensorsBytes("{" + entry("w", "F32", "[-1, 2]", 0, 8) + "}", zeros(8))),
        "model.safetensors: tensor \"w\": \"shape\" -1 is not a non-negative integer");
    EXPECT_EQ(openError(attnlab::test::safetensorsBytes("{" + entry("w", "F32", "[2.5]", 0, 8) + "}", zeros(8))),
        "model.safetensors: tensor \"w\": \"shape\" 2.5 is not a non-negative integer");
}

TEST_F(ModelIo, MalformedHeadersAreAnError)
{
    using attnlab::test::safetensorsBytes;
    EXPECT_EQ(
        openError(safetensorsBytes(std::string("[1]"), "")), "model.safetensors: the header is not a JSON object");
    // The JSON itself goes through core/jsonguard, with the line and column of a syntax error.
    EXPECT_EQ(
        openError(safetensorsBytes(std::string("{\"w\": "), "")).rfind("model.safetensors:1:7: invalid JSON: ", 0), 0u);
    EXPECT_EQ(openError(safetensorsBytes(
                  "{" + entry("w", "F32", "[1]", 0, 4) + "," + entry("w", "F32", "[1]", 4, 8) + "}", zeros(8))),
        "model.safetensors: w: the key \"w\" appears more than once");
    std::string deep = "{\"__metadata__\":{\"x\":" + std::string(100, '[') + std::string(100, ']') + "}}";
    EXPECT_EQ(openError(safetensorsBytes(deep, "")),
        "model.safetensors:1:84: invalid JSON: nested deeper than the limit of 64 levels");
    EXPECT_EQ(openError(safetensorsBytes(std::string("{\"__metadata__\":{\"x\":1}}"), "")),
        "model.safetensors: \"__metadata__\": \"x\" must be a string");
    EXPECT_EQ(openError(safetensorsBytes(std::string("{\"w\":{\"shape\":[1],\"data_offsets\":[0,4]}}"), zeros(4))),
        "model.safetensors: tensor \"w\": \"dtype\" is missing or not a string");
    EXPECT_EQ(openError(safetensorsBytes(std::string("{\"w\":3}"), "")),
        "model.safetensors: tensor \"w\": the entry must be an object");
}

TEST_F(ModelIo, MessagesStayOneShortLineWhateverTheNames)
{
    const std::string name = "evil\\nname" + std::string(300, 'x'); // JSON "\n": a newline in the name
    const std::string e
        = openError(attnlab::test::safetensorsBytes("{" + entry(name, "F32\\u0007", "[1]", 0, 8) + "}", zeros(4)));
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
    EXPECT_EQ(e.find('\a'), std::string::npos) << e;
    // The file is cut short (8 bytes announced, 4 there): plain words first, then the detail.
    EXPECT_EQ(e.rfind("model.safetensors is incomplete: ", 0), 0u) << e;
    EXPECT_NE(e.find("(tensor \"evil\\nnamexxx"), std::string::npos) << e;
    EXPECT_NE(e.find("…\": data_offsets [0, 8] exceed the data section (4 bytes))"), std::string::npos) << e;
    EXPECT_LT(e.size(), 300u) << e;

    // A dtype only a hostile file would have: quoted (and escaped) instead of shown bare.
    const std::string f
        = openError(attnlab::test::safetensorsBytes("{" + entry("w", "F32\\u0007", "[1]", 0, 4) + "}", zeros(4)));
    EXPECT_EQ(f, "");
    auto file = openBytes(attnlab::test::safetensorsBytes("{" + entry("w", "F32\\u0007", "[1]", 0, 4) + "}", zeros(4)));
    try {
        file->floats(*file->find("w"));
        FAIL();
    } catch (const ModelError &x) {
        EXPECT_STREQ(
            x.what(), "model.safetensors: tensor \"w\" has dtype \"F32\\u0007\"; only F32, F16 and BF16 can be read");
    }
}

TEST_F(ModelIo, MissingFileIsAnError)
{
    try {
        SafetensorsFile::open(path("absent.safetensors"));
        FAIL();
    } catch (const ModelError &e) {
        EXPECT_EQ(std::string(e.what()), "absent.safetensors: cannot open: No such file or directory");
    }
}
