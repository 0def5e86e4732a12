// The GGUF reader: a well-formed file's metadata, tensor infos and data offset, and every kind of
// broken file refused with one line naming the field.
#include "core/gguf/gguffile.h"
#include "core/model/modelerror.h"

#include "ggufwriter.h"
#include "modelfixtures.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace attnlab;
using core::gguf::GgmlType;
using core::gguf::GgufFile;
using core::gguf::GgufValueType;
using test::GgufWriter;

class GgufFileTest : public ::testing::Test {
protected:
    void SetUp() override { m_dir = test::makeTempDir("gguffile"); }
    void TearDown() override { test::removeTree(m_dir); }

    std::shared_ptr<GgufFile> openBytes(const std::string &bytes)
    {
        const std::string path = m_dir + "/model.gguf";
        test::writeBytes(path, bytes);
        return GgufFile::open(path);
    }
    // The reader's message for `bytes`, or "" when it opens them.
    std::string errorOf(const std::string &bytes)
    {
        try {
            openBytes(bytes);
        } catch (const core::model::ModelError &e) {
            return e.what();
        }
        return "";
    }

    std::string m_dir;
};

GgufWriter smallFile()
{
    GgufWriter w;
    w.addString("general.architecture", "llama");
    w.addUInt32("llama.block_count", 2);
    w.addFloat32("llama.rope.freq_base", 10000.f);
    w.addBool("tokenizer.ggml.add_bos_token", true);
    w.addInt32("some.signed", -7);
    w.addUInt64("some.big", 1ull << 40);
    w.addStringArray("tokenizer.ggml.tokens", {"a", "b", "<s>"});
    w.addInt32Array("tokenizer.ggml.token_type", {1, 1, 3});
    w.addFloat32Array("tokenizer.ggml.scores", {0.f, -1.5f, 2.f});
    w.addF32Tensor("token_embd.weight", {2, 3}, {1, 2, 3, 4, 5, 6});
    w.addF32Tensor("output_norm.weight", {2}, {0.5f, -0.25f});
    return w;
}

TEST_F(GgufFileTest, ReadsMetadataOfEveryKindInFileOrder)
{
    const auto file = openBytes(smallFile().bytes());
    EXPECT_EQ(file->version(), 3u);
    EXPECT_EQ(file->alignment(), 32u);
    ASSERT_EQ(file->keys().size(), 9u);
    EXPECT_EQ(file->keys()[0], "general.architecture");
    EXPECT_EQ(file->keys()[8], "tokenizer.ggml.scores");
    EXPECT_EQ(file->find("general.architecture")->text, "llama");
    EXPECT_EQ(file->find("llama.block_count")->integer(), 2);
    EXPECT_DOUBLE_EQ(*file->find("llama.rope.freq_base")->number(), 10000.0);
    EXPECT_EQ(file->find("tokenizer.ggml.add_bos_token")->integer(), 1);
    EXPECT_EQ(file->find("some.signed")->integer(), -7);
    EXPECT_EQ(file->find("some.big")->integer(), std::int64_t(1) << 40);
    const auto *tokens = file->find("tokenizer.ggml.tokens");
    ASSERT_TRUE(tokens->isArray());
    EXPECT_EQ(tokens->elementType, GgufValueType::String);
    EXPECT_EQ(tokens->strings, (std::vector<std::string> {"a", "b", "<s>"}));
    const auto *types = file->find("tokenizer.ggml.token_type");
    EXPECT_EQ(types->count, 3u);
    EXPECT_EQ(types->integerAt(2), 3);
    EXPECT_FALSE(types->integerAt(3).has_value());
    EXPECT_DOUBLE_EQ(file->find("tokenizer.ggml.scores")->numberAt(1), -1.5);
    EXPECT_EQ(file->find("absent"), nullptr);
}

TEST_F(GgufFileTest, ReadsTensorInfosAndDataAtTheAlignedOffset)
{
    const auto file = openBytes(smallFile().bytes());
    ASSERT_EQ(file->tensors().size(), 2u);
    const auto *embd = file->tensor("token_embd.weight");
    ASSERT_NE(embd, nullptr);
    EXPECT_EQ(embd->extents, (std::vector<std::uint64_t> {2, 3}));
    EXPECT_EQ(embd->rowLength(), 2u);
    EXPECT_EQ(embd->rows(), 3u);
    EXPECT_EQ(embd->ggmlType(), GgmlType::F32);
    EXPECT_EQ(embd->bytes, 24u);
    EXPECT_EQ(file->dataOffset() % 32, 0u);
    EXPECT_EQ(file->tensor("output_norm.weight")->offset, 32u); // 24 bytes, padded to 32
    EXPECT_EQ(file->floats(*embd), (std::vector<float> {1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(file->floats(*file->tensor("output_norm.weight")), (std::vector<float> {0.5f, -0.25f}));
}

TEST_F(GgufFileTest, HonoursGeneralAlignmentAndVersion2)
{
    GgufWriter w(2);
    w.addUInt32("general.alignment", 64);
    w.addF32Tensor("a", {3}, {1, 2, 3});
    w.addF32Tensor("b", {1}, {4});
    const auto file = openBytes(w.bytes());
    EXPECT_EQ(file->version(), 2u);
    EXPECT_EQ(file->alignment(), 64u);
    EXPECT_EQ(file->dataOffset() % 64, 0u);
    EXPECT_EQ(file->tensor("b")->offset, 64u);
    EXPECT_EQ(file->floats(*file->tensor("b")), std::vector<float> {4});
}

TEST_F(GgufFileTest, EveryTruncationIsAnErrorNamingAField)
{
    const std::string whole = smallFile().bytes();
    for (size_t n = 0; n < whole.size(); ++n) {
        const std::string message = errorOf(whole.substr(0, n));
        ASSERT_FALSE(message.empty()) << "a prefix of " << n << " bytes opened";
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
        EXPECT_EQ(message.rfind("model.gguf: ", 0), 0u) << message;
    }
}

TEST_F(GgufFileTest, RefusesAWrongMagicAndVersionsOtherThan2And3)
{
    std::string bytes = smallFile().bytes();
    bytes[0] = 'P';
    EXPECT_EQ(errorOf(bytes), "model.gguf: magic: not a GGUF file: it starts with \"PGUF\" where \"GGUF\" belongs");
    EXPECT_EQ(errorOf("{\"a\""),
        "model.gguf: magic: not a GGUF file: it starts with \"{\\x22a\\x22\" where \"GGUF\" belongs");
    EXPECT_EQ(errorOf(""), "model.gguf: magic: the file ends here: 4 more bytes are needed at byte 0 of 0");
    for (std::uint32_t version : {1u, 4u}) {
        EXPECT_EQ(errorOf(GgufWriter(version).bytes()),
            "model.gguf: version: GGUF version " + std::to_string(version) + " cannot be read (versions 2 and 3 can)");
    }
}

TEST_F(GgufFileTest, RefusesLengthsAndCountsBeyondTheFileBeforeAllocating)
{
    GgufWriter longString;
    longString.addRaw("general.name", 8, test::le64(1ull << 62) + "abc");
    EXPECT_EQ(errorOf(longString.bytes()),
        "model.gguf: metadata \"general.name\": length 4611686018427387904 is more than the 3 bytes left in the file");

    GgufWriter longArray;
    longArray.addRaw("tokenizer.ggml.tokens", 9, test::le32(8) + test::le64(1ull << 62));
    EXPECT_EQ(errorOf(longArray.bytes()),
        "model.gguf: metadata \"tokenizer.ggml.tokens\": 4611686018427387904 entries cannot fit in the 0 bytes left "
        "in the file");

    std::string manyKeys = GgufWriter().bytes();
    manyKeys.replace(16, 8, test::le64(1ull << 62));
    EXPECT_NE(errorOf(manyKeys).find("metadata_kv_count: 4611686018427387904 entries cannot fit"), std::string::npos);
    std::string manyTensors = GgufWriter().bytes();
    manyTensors.replace(8, 8, test::le64(~0ull));
    EXPECT_NE(errorOf(manyTensors).find("tensor_count: 18446744073709551615 entries cannot fit"), std::string::npos);

    GgufWriter longKey;
    longKey.addString("k", "v");
    std::string bytes = longKey.bytes();
    bytes.replace(24, 8, test::le64(1ull << 62));
    EXPECT_NE(errorOf(bytes).find("metadata[0].key: length 4611686018427387904 is more than"), std::string::npos);
}

TEST_F(GgufFileTest, RefusesUnknownValueTypesNestedArraysAndDuplicateKeys)
{
    GgufWriter unknown;
    unknown.addRaw("x", 13, test::le32(0));
    EXPECT_EQ(errorOf(unknown.bytes()), "model.gguf: metadata \"x\": unknown value type 13");
    GgufWriter unknownElement;
    unknownElement.addRaw("x", 9, test::le32(99) + test::le64(0));
    EXPECT_EQ(errorOf(unknownElement.bytes()), "model.gguf: metadata \"x\": unknown value type 99");
    GgufWriter nested;
    nested.addRaw("x", 9, test::le32(9) + test::le64(1));
    EXPECT_EQ(
        errorOf(nested.bytes()), "model.gguf: metadata \"x\": an array of arrays, which GGUF readers do not accept");
    GgufWriter twice;
    twice.addUInt32("a", 1);
    twice.addUInt32("a", 2);
    EXPECT_EQ(errorOf(twice.bytes()), "model.gguf: metadata \"a\": the key \"a\" appears twice");
}

TEST_F(GgufFileTest, RefusesABadAlignment)
{
    GgufWriter three;
    three.addRaw("general.alignment", 4, test::le32(24));
    EXPECT_EQ(errorOf(three.bytes()), "model.gguf: metadata \"general.alignment\": alignment 24 is not a power of two");
    GgufWriter zero;
    zero.addRaw("general.alignment", 4, test::le32(0));
    EXPECT_NE(errorOf(zero.bytes()).find("alignment 0 is not a power of two"), std::string::npos);
    GgufWriter wrongType;
    wrongType.addRaw("general.alignment", 10, test::le64(32));
    EXPECT_EQ(
        errorOf(wrongType.bytes()), "model.gguf: metadata \"general.alignment\": must be of type uint32, not uint64");
}

TEST_F(GgufFileTest, RefusesBadTensorInfos)
{
    {
        GgufWriter w;
        w.addTensor("t", {1, 1, 1, 1, 1}, 0, std::string(4, '\0'));
        EXPECT_EQ(errorOf(w.bytes()),
            "model.gguf: tensor \"t\": n_dimensions: 5 dimensions, more than the 4 a GGUF tensor may have");
    }
    for (std::uint32_t type : {4u, 31u, 40u, 0xffffffffu}) {
        GgufWriter w;
        w.addTensor("t", {32}, type, std::string(64, '\0'));
        EXPECT_EQ(errorOf(w.bytes()), "model.gguf: tensor \"t\": type: unknown tensor type " + std::to_string(type));
    }
    {
        GgufWriter w;
        w.addTensor("t", {1ull << 63}, 0, "");
        EXPECT_EQ(
            errorOf(w.bytes()), "model.gguf: tensor \"t\": dimensions[0]: extent 9223372036854775808 is out of range");
    }
    {
        GgufWriter w;
        w.addTensor("t", {1ull << 32, 1ull << 32}, 0, "");
        EXPECT_EQ(errorOf(w.bytes()),
            "model.gguf: tensor \"t\": dimensions: the size of shape [4294967296, 4294967296] overflows 64 bits");
    }
    {
        // Elements fit in int64, bytes (× 4) do not.
        GgufWriter w;
        w.addTensor("t", {1ull << 31, 1ull << 31}, 0, "");
        EXPECT_NE(errorOf(w.bytes()).find("overflows 64 bits"), std::string::npos);
    }
    {
        GgufWriter w;
        w.addTensor("t", {48, 2}, 8, std::string(2 * 34, '\0'));
        EXPECT_EQ(errorOf(w.bytes()),
            "model.gguf: tensor \"t\": dimensions: rows of 48 elements are not whole blocks of Q8_0 (32 elements "
            "each)");
    }
    {
        GgufWriter w;
        w.addF32Tensor("t", {2}, {1, 2});
        w.addF32Tensor("t", {2}, {1, 2});
        EXPECT_EQ(errorOf(w.bytes()), "model.gguf: tensor \"t\": the tensor name \"t\" appears twice");
    }
}

TEST_F(GgufFileTest, RefusesOffsetsOutsideTheDataOrOverlapping)
{
    {
        GgufWriter w;
        w.addF32Tensor("a", {8}, std::vector<float>(8, 1.f));
        w.addTensor("b", {4}, 0, std::string(16, '\0'), 1024);
        EXPECT_EQ(errorOf(w.bytes()),
            "model.gguf: tensor \"b\": offset: its data [1024, 1040) runs past the end of the data section (48 bytes): "
            "the file is cut short");
    }
    {
        GgufWriter w;
        w.addTensor("b", {4}, 0, std::string(16, '\0'), std::int64_t(1ull << 62));
        EXPECT_NE(errorOf(w.bytes()).find("runs past the end of the data section"), std::string::npos);
    }
    {
        GgufWriter w;
        w.addF32Tensor("a", {8}, std::vector<float>(8, 1.f));
        w.addTensor("b", {4}, 0, std::string(16, '\0'), 4);
        EXPECT_EQ(
            errorOf(w.bytes()), "model.gguf: tensor \"b\": offset: offset 4 is not a multiple of the alignment 32");
    }
    {
        GgufWriter w;
        w.addF32Tensor("a", {16}, std::vector<float>(16, 1.f));
        w.addTensor("b", {4}, 0, std::string(16, '\0'), 32);
        w.addTensor("c", {4}, 0, std::string(16, '\0'), 32);
        EXPECT_NE(errorOf(w.bytes()).find("overlaps tensor \"a\""), std::string::npos);
    }
    {
        // The last tensor's bytes cut off: a download stopped early.
        std::string bytes = smallFile().bytes();
        bytes.resize(bytes.size() - 1);
        EXPECT_NE(errorOf(bytes).find("tensor \"output_norm.weight\": offset: its data [32, 40) runs past"),
            std::string::npos);
    }
}

TEST_F(GgufFileTest, ListsTypesItCannotReadButRefusesTheirFloats)
{
    GgufWriter w;
    w.addTensor("q2", {256}, 10, std::string(84, '\0'));
    const auto file = openBytes(w.bytes());
    const auto *t = file->tensor("q2");
    ASSERT_NE(t, nullptr);
    EXPECT_STREQ(t->type->name, "Q2_K");
    try {
        file->floats(*t);
        FAIL() << "Q2_K was dequantized";
    } catch (const core::model::ModelError &e) {
        EXPECT_STREQ(e.what(),
            "model.gguf: tensor \"q2\" has type Q2_K; only F32, F16, Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q4_K, Q5_K, Q6_K, "
            "BF16 can be read");
    }
}

} // namespace
