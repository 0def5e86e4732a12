// Checkpoint matrices kept in F16 / BF16 (core/model/kernels, behind core/model/block/blockmath): the
// products, lookups and copies equal those of the same values as floats up to the order of the
// float additions, the loader keeps 16-bit matrices in the mapped file, a BF16 model predicts
// what its F32 conversion predicts, and opening and running one does not cost a float copy.
#include "core/model/block/blockmath.h"
#include "core/model/checkpoint/checkpointfiles.h"
#include "core/model/forward.h"
#include "core/model/kernels/halfmatrix.h"
#include "core/model/modelloader.h"

#include "modelfixtures.h"
#include "residentmemory.h"

#include <gtest/gtest.h>

#include <random>

#include <sys/stat.h>

using namespace attnlab::core;
using namespace attnlab::core::model;

namespace {

// A rows × cols tensor of random values rounded to `dtype`, as a 16-bit view and as floats.
struct HalfTensor {
    std::vector<std::uint16_t> bits;
    Matrix values;
    TensorView half, full;

    HalfTensor(int rows, int cols, ElementType type, unsigned seed)
        : values(rows, cols)
    {
        std::mt19937 rng(seed);
        std::normal_distribution<float> normal(0.f, 1.f);
        for (int i = 0; i < rows * cols; ++i) {
            const float v = normal(rng);
            const std::uint16_t b
                = type == ElementType::BF16 ? attnlab::test::floatToBfloat16(v) : attnlab::test::floatToHalf(v);
            bits.push_back(b);
            values.data()[i] = attnlab::test::roundToDType(v, type == ElementType::BF16 ? "BF16" : "F16");
        }
        half.bits = bits.data();
        half.type = type;
        half.rows = full.rows = rows;
        half.cols = full.cols = cols;
        full.data = values.data();
    }
};

// A Conv1D weight stored in × out, seen as the loader shows it: outputs × inputs, input-major.
TensorView conv1dView(TensorView stored)
{
    stored.inputMajor = true;
    std::swap(stored.rows, stored.cols);
    return stored;
}

Matrix randomMatrix(int rows, int cols, unsigned seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.f, 1.f);
    Matrix m(rows, cols);
    for (int i = 0; i < rows * cols; ++i)
        m.data()[i] = normal(rng);
    return m;
}

// Equal up to float rounding of sums of `terms` products of values near 1.
void expectClose(const Matrix &a, const Matrix &b, int terms)
{
    ASSERT_EQ(a.rows(), b.rows());
    ASSERT_EQ(a.cols(), b.cols());
    const float tolerance = 4e-7f * float(terms) + 1e-6f;
    for (Eigen::Index i = 0; i < a.size(); ++i)
        ASSERT_NEAR(a.data()[i], b.data()[i], tolerance) << "element " << i;
}

const char *name(ElementType t)
{
    return t == ElementType::BF16 ? "BF16" : "F16";
}

} // namespace

TEST(HalfWeights, ProjectionsEqualTheFloatProductForFewAndManyRows)
{
    // Shapes that do not divide the tile or the vector width; in = 3000 makes a Linear tile only
    // 21 rows high and out = 2100 a Conv1D band 31 rows deep, so several tiles are summed.
    const struct {
        int out, in;
    } shapes[] = {{37, 53}, {50, 3000}, {2100, 40}};
    for (const ElementType type : {ElementType::BF16, ElementType::F16})
        for (const auto &s : shapes)
            for (const int n : {1, 3, kernels::kFewRows + 1, 19}) {
                SCOPED_TRACE(std::string(name(type)) + " " + std::to_string(s.out) + "×" + std::to_string(s.in)
                    + " rows " + std::to_string(n));
                const Matrix x = randomMatrix(n, s.in, 3);
                const HalfTensor linear(s.out, s.in, type, 5); // out × in
                const HalfTensor conv(s.in, s.out, type, 6); // in × out
                const RowVector biasValues = randomMatrix(1, s.out, 7);
                const TensorView bias {biasValues.data(), 1, s.out};
                Matrix a(n, s.out), b(n, s.out);
                project(x, linear.half, bias, a);
                project(x, linear.full, bias, b);
                expectClose(a, b, s.in);
                project(x, conv1dView(conv.half), bias, a);
                project(x, conv1dView(conv.full), bias, b);
                expectClose(a, b, s.in);

                const int first = s.out / 3, count = s.out / 2;
                Matrix c, d;
                projectSlice(x, linear.half, bias, first, count, c);
                projectSlice(x, linear.full, bias, first, count, d);
                expectClose(c, d, s.in);
                projectSlice(x, conv1dView(conv.half), {}, first, count, c);
                projectSlice(x, conv1dView(conv.full), {}, first, count, d);
                expectClose(c, d, s.in);
            }
}

TEST(HalfWeights, OutputHeadRowEqualsTheFloatProduct)
{
    // A vocabulary large enough to split the row over threads.
    for (const ElementType type : {ElementType::BF16, ElementType::F16}) {
        SCOPED_TRACE(name(type));
        const HalfTensor head(5000, 96, type, 9);
        const RowVector x = randomMatrix(1, 96, 10);
        RowVector a, b;
        projectRow(x, head.half, a);
        projectRow(x, head.full, b);
        expectClose(a, b, 96);
    }
}

TEST(HalfWeights, LookupsAndCopiesWidenExactly)
{
    for (const ElementType type : {ElementType::BF16, ElementType::F16}) {
        SCOPED_TRACE(name(type));
        const HalfTensor table(11, 21, type, 12);
        const std::vector<int> ids = {4, 0, 10, 4, 7};
        Matrix a(3, 21), b(3, 21);
        embeddingRows(table.half, ids, 2, a);
        embeddingRows(table.full, ids, 2, b);
        EXPECT_EQ(a, b);
        a.setOnes();
        b.setOnes();
        addTableRows(table.half, 6, a);
        addTableRows(table.full, 6, b);
        EXPECT_EQ(a, b);
        addTableRowToEach(table.half, 9, a);
        addTableRowToEach(table.full, 9, b);
        EXPECT_EQ(a, b);
        EXPECT_EQ(tensorCopy(table.half), table.values);
        EXPECT_EQ(tensorBlock(table.half, 2, 3, 4, 17), table.values.block(2, 3, 4, 17));
    }
}

// ---- Checkpoints ------------------------------------------------------------------------------

namespace {

class HalfCheckpoint : public ::testing::Test {
protected:
    void SetUp() override { m_dir = attnlab::test::makeTempDir("halfweights"); }
    void TearDown() override { attnlab::test::removeTree(m_dir); }

    // The folder's weights, loaded.
    std::shared_ptr<const ModelWeights> load(const std::string &dir)
    {
        LoadModelResult r = loadModel(dir);
        EXPECT_TRUE(r.ok()) << r.error;
        return r.ok() ? std::make_shared<const ModelWeights>(std::move(*r.weights)) : nullptr;
    }

    std::string m_dir;
};

RowVector predict(const std::shared_ptr<const ModelWeights> &w, const std::vector<int> &ids, int position = -1)
{
    ForwardRunner runner(w);
    EXPECT_TRUE(runner.run(ids, position));
    return runner.logits();
}

} // namespace

TEST_F(HalfCheckpoint, MatricesStayInTheMappedFileAndVectorsBecomeFloats)
{
    attnlab::test::TinyModelOptions o;
    o.dtype = "BF16";
    o.shards = 2;
    attnlab::test::writeTinyGpt2(m_dir, o);
    const auto w = load(m_dir);
    ASSERT_TRUE(w);
    const CheckpointFiles &files = *std::static_pointer_cast<const CheckpointFiles>(w->owner);
    for (const TensorView *m : {&w->tokenEmbeddings, &w->positionEmbeddings, &w->layers[0].value, &w->layers[1].attnOut,
             &w->layers[1].fcIn, &w->layers[0].fcOut}) {
        EXPECT_EQ(m->type, ElementType::BF16);
        EXPECT_EQ(m->data, nullptr);
        EXPECT_TRUE(files.isMapped(m->bits));
    }
    for (const TensorView *v : {&w->layers[0].keyBias, &w->layers[1].attnNorm.weight, &w->finalNorm.bias}) {
        EXPECT_EQ(v->type, ElementType::F32);
        EXPECT_NE(v->data, nullptr);
        EXPECT_FALSE(files.isMapped(v->data));
    }
    // Only the vectors were converted: 2 layers × (3d + d + inner + d + 4d norms) + 2d, in floats.
    EXPECT_EQ(files.convertedBytes(), size_t(2 * (3 * 8 + 8 + 12 + 8 + 4 * 8) + 2 * 8) * sizeof(float));
}

TEST_F(HalfCheckpoint, HalfModelsPredictWhatTheirF32ConversionPredicts)
{
    for (const std::string dtype : {"BF16", "F16"})
        for (const bool gpt2 : {true, false}) {
            SCOPED_TRACE(dtype + (gpt2 ? " GPT-2" : " BERT"));
            // The same rounded values once in the 16-bit dtype and once written as F32.
            attnlab::test::TinyModelOptions o;
            o.dtype = dtype;
            o.dModel = 40;
            o.dInner = 72;
            o.heads = 4;
            o.vocab = 300;
            const std::string halfDir = m_dir + "/half", floatDir = m_dir + "/float";
            attnlab::test::removeTree(halfDir);
            attnlab::test::removeTree(floatDir);
            ASSERT_EQ(::mkdir(halfDir.c_str(), 0700), 0);
            ASSERT_EQ(::mkdir(floatDir.c_str(), 0700), 0);
            gpt2 ? attnlab::test::writeTinyGpt2(halfDir, o) : attnlab::test::writeTinyBert(halfDir, o);
            o.editTensors = [](std::vector<attnlab::test::FixtureTensor> &tensors) {
                for (auto &t : tensors)
                    if (t.dtype == "BF16" || t.dtype == "F16")
                        t.dtype = "F32";
            };
            gpt2 ? attnlab::test::writeTinyGpt2(floatDir, o) : attnlab::test::writeTinyBert(floatDir, o);
            const auto half = load(halfDir), full = load(floatDir);
            ASSERT_TRUE(half && full);
            ASSERT_TRUE(half->layers[0].fcIn.isHalf());
            // Few rows (the widen-and-dot kernels) and many (the widened tiles).
            for (const size_t n : {size_t(2), size_t(15)}) {
                std::vector<int> ids;
                for (size_t i = 0; i < n; ++i)
                    ids.push_back(int((i * 37 + 5) % 300));
                const RowVector a = predict(half, ids, gpt2 ? -1 : 1);
                const RowVector b = predict(full, ids, gpt2 ? -1 : 1);
                ASSERT_EQ(a.size(), 300);
                EXPECT_LT((a - b).cwiseAbs().maxCoeff(), 1e-4f * (1.f + b.cwiseAbs().maxCoeff())) << n << " tokens";
            }
        }
}

TEST_F(HalfCheckpoint, OpeningAndRunningABf16ModelCostsItsFileNotAFloatCopy)
{
#if defined(__SANITIZE_ADDRESS__)
    // AddressSanitizer's shadow memory and quarantine add to the resident size what the program
    // itself does not hold; the normal pass measures it.
    GTEST_SKIP() << "resident memory is not the program's own under AddressSanitizer";
#endif
    // 22.9M parameters: 45.8 MB in BF16, 91.6 MB as floats. The tied head reads every embedding
    // row, so all the weights are read once.
    attnlab::test::TinyModelOptions o;
    o.dtype = "BF16";
    o.dModel = 512;
    o.dInner = 2048;
    o.heads = 8;
    o.layers = 2;
    o.vocab = 32000;
    o.positions = 64;
    attnlab::test::writeTinyGpt2(m_dir, o);
    const double fileMiB = double(attnlab::test::readBytes(m_dir + "/model.safetensors").size()) / (1 << 20);
    const double floatMiB = 2 * fileMiB;
    const double before = attnlab::test::residentMiB();
    ASSERT_GT(before, 0);
    {
        const auto w = load(m_dir);
        ASSERT_TRUE(w);
        const RowVector logits = predict(w, {1, 2, 3, 4, 5, 6});
        ASSERT_EQ(logits.size(), 32000);
        const double grown = attnlab::test::residentMiB() - before;
        // The mapped file plus the runner's few rows: well under the float copy that converting
        // would add on top of the file's pages.
        EXPECT_LT(grown, fileMiB + 12) << "file " << fileMiB << " MiB, floats " << floatMiB << " MiB";
        EXPECT_GT(grown, 0.5 * fileMiB) << "the weights were read";
    }
}
