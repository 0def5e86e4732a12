// The Quantization window on small GGUF files written by the tests' GGUF writer: the matrices by
// layer, the type, bits per weight and size; a clicked block's codes, scales and values as
// core::gguf::decodeBlock gives them; the error against an original file; a 896 × 4,864 matrix
// read on the worker while the window keeps answering, painted only where it is shown.
#include "ggufwriter.h"
#include "tests/ui/model/modelroomfixture.h"
#include "ui/i18n/language.h"
#include "ui/quant/quantactions.h"
#include "ui/quant/quantblocktable.h"
#include "ui/quant/quantheatmap.h"
#include "ui/quant/quantwindow.h"

#include <QAction>
#include <QComboBox>
#include <QFileInfo>
#include <QImage>
#include <QLocale>
#include <QMenu>
#include <QTableWidget>
#include <QTest>
#include <QTimer>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace {

using namespace attnlab;
using core::gguf::GgmlType;
using ui::QuantWindow;

constexpr std::uint32_t kQ4K = 12, kQ8_0 = 8, kF16 = 1;

// A Q4_K attention matrix (4 × 256), a Q8_0 one (8 × 64), an F16 embedding (10 × 32) and a norm
// vector; the original holds the same names in F32 with its own random values.
struct Files {
    std::string quantized, original;
    std::vector<float> originalQ; // the original's blk.0.attn_q.weight
};

Files writeFiles(const std::string &dir)
{
    std::mt19937 rng(34);
    Files f;
    f.quantized = dir + "/quantized.gguf";
    f.original = dir + "/original.gguf";
    test::GgufWriter q, o;
    q.addString("general.architecture", "llama");
    o.addString("general.architecture", "llama");
    q.addTensor("blk.0.attn_q.weight", {256, 4}, kQ4K, test::randomBlocks(rng, kQ4K, 1024));
    q.addTensor("blk.0.attn_k.weight", {64, 8}, kQ8_0, test::randomBlocks(rng, kQ8_0, 512));
    q.addF32Tensor("blk.0.attn_norm.weight", {64}, std::vector<float>(64, 1.f));
    q.addTensor("token_embd.weight", {32, 10}, kF16, test::randomBlocks(rng, kF16, 320));
    std::normal_distribution<float> normal(0.f, 0.02f);
    f.originalQ.resize(1024);
    for (float &v : f.originalQ)
        v = normal(rng);
    o.addF32Tensor("blk.0.attn_q.weight", {256, 4}, f.originalQ);
    o.addF32Tensor("blk.0.attn_k.weight", {32, 16}, std::vector<float>(512, 0.f)); // another shape
    q.write(f.quantized);
    o.write(f.original);
    return f;
}

// A table cell's number as the app writes it (true minus sign, fixed decimals) and the half unit of
// its last decimal, the most its rounding can be off.
double cellNumber(const QString &text, double *halfUnit = nullptr)
{
    QString plain = text;
    plain.replace(QChar(0x2212), QLatin1Char('-'));
    bool ok = false;
    const double v = plain.toDouble(&ok);
    EXPECT_TRUE(ok) << text.toStdString();
    const qsizetype point = plain.indexOf(QLatin1Char('.'));
    const int decimals = point < 0 ? 0 : int(plain.size() - point - 1);
    if (halfUnit)
        *halfUnit = 0.5 * std::pow(10.0, -decimals) * 1.0001;
    return v;
}

int decimalsOf(const QString &text)
{
    const qsizetype point = text.indexOf(QLatin1Char('.'));
    return point < 0 ? 0 : int(text.size() - point - 1);
}

bool waitShown(QuantWindow &w)
{
    return QTest::qWaitFor([&] { return !w.isBusy() && w.matrix(); }, 20000);
}

class QuantWindowTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_dir = test::makeTempDir("quantwindow");
        m_files = writeFiles(m_dir);
    }
    std::string m_dir;
    Files m_files;
};

TEST_F(QuantWindowTest, ListsTheMatricesByLayerWithTypeBitsPerWeightAndSize)
{
    QuantWindow w;
    ASSERT_TRUE(w.openModel(QString::fromStdString(m_files.quantized)));
    ASSERT_TRUE(waitShown(w));
    auto *layer = w.findChildren<QComboBox *>().at(0);
    ASSERT_EQ(layer->count(), 2);
    EXPECT_EQ(layer->itemText(0), QStringLiteral("blk.0"));
    EXPECT_EQ(layer->itemText(1), QStringLiteral("Outside the layers"));
    auto *matrix = w.findChildren<QComboBox *>().at(1);
    ASSERT_EQ(matrix->count(), 2); // the norm vector is no matrix
    EXPECT_EQ(matrix->itemText(0), QStringLiteral("attn_q"));
    EXPECT_EQ(w.matrix()->name, "blk.0.attn_q.weight");
    EXPECT_EQ(w.summary(),
        QStringLiteral("blk.0.attn_q.weight: Q4_K, 4.5 bits per weight · 4 rows × 256 columns · 576 bytes · 4 "
                       "blocks of 256 weights"));

    EXPECT_EQ(w.heatmap()->groupSize(), 32); // Q4_K's sub-blocks are drawn inside its blocks
    ASSERT_TRUE(w.showMatrix(QStringLiteral("blk.0.attn_k.weight")));
    ASSERT_TRUE(waitShown(w));
    EXPECT_EQ(w.matrix()->name, "blk.0.attn_k.weight");
    EXPECT_EQ(w.heatmap()->groupSize(), 0);
    EXPECT_TRUE(w.summary().contains(QStringLiteral("Q8_0, 8.5 bits per weight · 8 rows × 64 columns · 544 bytes")))
        << w.summary().toStdString();
    ASSERT_TRUE(w.showMatrix(QStringLiteral("token_embd.weight")));
    ASSERT_TRUE(waitShown(w));
    EXPECT_TRUE(w.summary().contains(QStringLiteral("F16, 16 bits per weight · 10 rows × 32 columns")));
    EXPECT_FALSE(w.showMatrix(QStringLiteral("blk.0.attn_norm.weight")));
}

TEST_F(QuantWindowTest, AClickedBlockShowsItsCodesScalesAndValues)
{
    QuantWindow w;
    w.resize(1200, 700);
    ASSERT_TRUE(w.openModel(QString::fromStdString(m_files.quantized)));
    ASSERT_TRUE(waitShown(w));
    ui::QuantHeatmap *map = w.heatmap();
    // Block 2 is row 2 (a row of 256 is one Q4_K block).
    const QPoint inBlock2 = map->blockRect(2).center().toPoint();
    EXPECT_EQ(map->blockAt(inBlock2), 2);
    QTest::mouseClick(map, Qt::LeftButton, Qt::NoModifier, inBlock2);
    EXPECT_EQ(map->selectedBlock(), 2);

    const auto file = core::gguf::GgufFile::open(m_files.quantized);
    const core::gguf::GgufTensor *t = file->tensor("blk.0.attn_q.weight");
    const core::gguf::QuantBlock want = core::gguf::decodeBlock(GgmlType::Q4_K, file->data(*t), 2);
    const std::vector<float> values = file->floats(*t);
    QTableWidget *table = w.blockTable()->table();
    ASSERT_EQ(table->rowCount(), 256);
    ASSERT_EQ(table->columnCount(), 6); // no original: no original and error columns
    for (int e : {0, 31, 32, 100, 255}) {
        EXPECT_EQ(table->item(e, 0)->text(), QLocale().toString(e)) << e;
        const core::gguf::QuantGroup &g = want.groups[std::size_t(e / 32)];
        EXPECT_EQ(
            table->item(e, 1)->text(), QStringLiteral("%1 · sc %2, m %3").arg(e / 32).arg(g.rawScale).arg(g.rawMin))
            << e;
        EXPECT_EQ(table->item(e, 2)->text(), QString::number(want.codes[std::size_t(e)])) << e;
        double half = 0;
        const double scale = cellNumber(table->item(e, 3)->text(), &half);
        EXPECT_NEAR(scale, want.groups[std::size_t(e / 32)].scale, half) << e;
        const double value = cellNumber(table->item(e, 5)->text(), &half);
        EXPECT_NEAR(value, values[512 + std::size_t(e)], half) << e;
    }
    // Pointing at a weight names it.
    map->resize(512, 400); // two pixels per column
    const QPoint weight(21, int(map->blockRect(2).center().y()));
    const QString tip = map->toolTipAt(weight);
    const QString prefix = QStringLiteral("Row 2, column 10: ");
    ASSERT_TRUE(tip.startsWith(prefix)) << tip.toStdString();
    const QString shown = tip.mid(prefix.size()).section(QLatin1Char(' '), 0, 0);
    EXPECT_TRUE(tip.contains(QStringLiteral(" (block 2)\n"))) << tip.toStdString();
    // The table's format: fixed decimals, no exponent, a true minus sign, the value within half a unit.
    EXPECT_FALSE(shown.contains(QLatin1Char('e'), Qt::CaseInsensitive)) << shown.toStdString();
    EXPECT_FALSE(shown.contains(QLatin1Char('-'))) << shown.toStdString();
    double half = 0;
    const double pointed = cellNumber(shown, &half);
    EXPECT_NEAR(pointed, values[512 + 10], half) << shown.toStdString();
    // One format along the block, whatever each weight's size: the decimals the table picks.
    const std::vector<double> block(values.begin() + 512, values.begin() + 768);
    for (int c = 0; c < 256; c += 5) {
        const QString other = map->toolTipAt(QPoint(2 * c + 1, weight.y())).section(QLatin1Char(' '), 4, 4);
        EXPECT_EQ(decimalsOf(other), ui::QuantBlockTable::sharedDecimals(block)) << c << ": " << other.toStdString();
    }
    EXPECT_EQ(map->toolTipAt(QPoint(-1, -1)), map->toolTip());
    const QString heading = w.blockTable()->heading();
    EXPECT_TRUE(heading.startsWith(QStringLiteral("Block 2 of 4: row 2, columns 0–255 · d = ")))
        << heading.toStdString();
    EXPECT_TRUE(heading.contains(QStringLiteral("dmin = "))) << heading.toStdString();
    EXPECT_TRUE(heading.contains(QStringLiteral("value = scale × code − min"))) << heading.toStdString();

    // Q8_0: 8 rows of 64, two blocks each; block 5 is row 2's second half.
    ASSERT_TRUE(w.showMatrix(QStringLiteral("blk.0.attn_k.weight")));
    ASSERT_TRUE(waitShown(w));
    w.selectBlock(5);
    EXPECT_TRUE(w.blockTable()->heading().startsWith(QStringLiteral("Block 5 of 16: row 2, columns 32–63")));
    EXPECT_TRUE(w.blockTable()->heading().contains(QStringLiteral("value = code × d")));
    EXPECT_EQ(table->rowCount(), 32);
}

TEST_F(QuantWindowTest, AnOriginalGivesTheErrorOfEachWeightAndItsLargestAndRms)
{
    QuantWindow w;
    ASSERT_TRUE(w.openModel(QString::fromStdString(m_files.quantized)));
    ASSERT_TRUE(waitShown(w));
    EXPECT_TRUE(w.errorSummary().startsWith(QStringLiteral("No original open")));
    ASSERT_TRUE(w.openOriginal(QString::fromStdString(m_files.original)));
    ASSERT_TRUE(waitShown(w));
    const ui::QuantMatrix *m = w.matrix();
    ASSERT_EQ(m->errors.size(), 1024u);
    double most = 0, squares = 0;
    std::size_t at = 0;
    for (std::size_t i = 0; i < 1024; ++i) {
        const double diff = double(m->values[i]) - double(m_files.originalQ[i]);
        EXPECT_FLOAT_EQ(m->errors[i], float(diff));
        squares += diff * diff;
        if (std::fabs(diff) > most) {
            most = std::fabs(diff);
            at = i;
        }
    }
    EXPECT_DOUBLE_EQ(m->error.maxAbs, most);
    EXPECT_NEAR(m->error.rms, std::sqrt(squares / 1024), 1e-12);
    const QString summary = w.errorSummary();
    const QString largest = summary.section(QStringLiteral("|error| "), 1).section(QLatin1Char(' '), 0, 0);
    const QString rms = summary.section(QStringLiteral("RMS error "), 1).section(QLatin1Char(' '), 0, 0);
    double half = 0;
    const double largestShown = cellNumber(largest, &half);
    EXPECT_NEAR(largestShown, most, half) << summary.toStdString();
    const double rmsShown = cellNumber(rms, &half);
    EXPECT_NEAR(rmsShown, std::sqrt(squares / 1024), half) << summary.toStdString();
    EXPECT_EQ(decimalsOf(largest), decimalsOf(rms)) << summary.toStdString();
    EXPECT_TRUE(summary.startsWith(QStringLiteral("Against original.gguf (F32): largest |error| ")))
        << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral(" at row %1, column %2 · RMS error ").arg(at / 256).arg(at % 256)))
        << summary.toStdString();

    // The error heatmap's colours span the largest error.
    w.setShowError(true);
    EXPECT_FLOAT_EQ(w.heatmap()->range(), float(most));
    w.setShowError(false);
    EXPECT_GT(w.heatmap()->range(), 0.f);

    // A clicked block now lists the original and the error beside each value.
    w.selectBlock(1);
    QTableWidget *table = w.blockTable()->table();
    ASSERT_EQ(table->columnCount(), 8);
    const double original = cellNumber(table->item(7, 6)->text(), &half);
    EXPECT_NEAR(original, m_files.originalQ[256 + 7], half);

    // The original's attn_k has another shape.
    ASSERT_TRUE(w.showMatrix(QStringLiteral("blk.0.attn_k.weight")));
    ASSERT_TRUE(waitShown(w));
    EXPECT_TRUE(w.matrix()->errors.empty());
    EXPECT_EQ(w.errorSummary(),
        QStringLiteral("original.gguf's tensor blk.0.attn_k.weight has another shape: not the same model."));
    // token_embd is not in the original.
    ASSERT_TRUE(w.showMatrix(QStringLiteral("token_embd.weight")));
    ASSERT_TRUE(waitShown(w));
    EXPECT_EQ(
        w.errorSummary(), QStringLiteral("original.gguf has no readable tensor token_embd.weight to compare with."));
}

TEST_F(QuantWindowTest, TheBlockTableWritesEveryNumberInOneFixedFormat)
{
    QuantWindow w;
    ASSERT_TRUE(w.openModel(QString::fromStdString(m_files.quantized)));
    ASSERT_TRUE(w.openOriginal(QString::fromStdString(m_files.original)));
    ASSERT_TRUE(waitShown(w));
    w.selectBlock(1);
    QTableWidget *table = w.blockTable()->table();
    ASSERT_EQ(table->columnCount(), 8);
    const ui::QuantMatrix *m = w.matrix();
    int decimals = -1;
    double smallest = INFINITY;
    for (int e = 0; e < table->rowCount(); ++e) {
        for (int c : {3, 4, 5, 6, 7}) {
            const QString text = table->item(e, c)->text();
            // Never a power of ten ("1.52588E-05") beside plain decimals.
            EXPECT_FALSE(text.contains(QLatin1Char('e'), Qt::CaseInsensitive)) << text.toStdString();
            if (decimals < 0)
                decimals = decimalsOf(text);
            EXPECT_EQ(decimalsOf(text), decimals) << e << " " << c << " " << text.toStdString();
        }
        const std::size_t i = 256 + std::size_t(e);
        const double error = double(m->values[i]) - double(m_files.originalQ[i]);
        if (error != 0)
            smallest = std::min(smallest, std::fabs(error));
        double half = 0;
        const double shown = cellNumber(table->item(e, 7)->text(), &half);
        EXPECT_NEAR(shown, error, half) << e;
    }
    // Enough decimals that even the smallest error keeps three significant digits.
    ASSERT_TRUE(std::isfinite(smallest));
    EXPECT_LE(0.5 * std::pow(10.0, -decimals), 0.005 * smallest * 1.0001);
    // The heading's d and dmin in the same format.
    const QString heading = w.blockTable()->heading();
    const qsizetype d = heading.indexOf(QStringLiteral("d = "));
    ASSERT_GE(d, 0);
    EXPECT_EQ(decimalsOf(heading.mid(d + 4).section(QLatin1Char(' '), 0, 0)), decimals) << heading.toStdString();
}

TEST_F(QuantWindowTest, ABigMatrixIsReadOnTheWorkerAndPaintedOnlyWhereShown)
{
    // Qwen2.5-0.5B's MLP shape: 896 × 4,864 in Q8_0 (4.6 MB).
    std::mt19937 rng(35);
    const std::string path = m_dir + "/big.gguf";
    {
        test::GgufWriter g;
        g.addString("general.architecture", "qwen2");
        g.addTensor("blk.0.ffn_up.weight", {4864, 896}, kQ8_0, test::randomBlocks(rng, kQ8_0, 4864 * 896));
        g.write(path);
    }
    QuantWindow w;
    w.resize(1000, 700);
    w.show();
    ASSERT_TRUE(w.openModel(QString::fromStdString(path)));
    // openModel returned at once: the matrix is read on the worker, and the window answers events.
    EXPECT_TRUE(w.isBusy());
    bool answered = false;
    QTimer::singleShot(0, &w, [&] { answered = true; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return answered; }, 5000));
    ASSERT_TRUE(waitShown(w));
    EXPECT_EQ(w.matrix()->rows, 896);
    EXPECT_EQ(w.matrix()->cols, 4864);

    // At 4 pixels per weight the heatmap is the matrix's size; a grab of a corner paints that part.
    auto *zoom = w.findChildren<QComboBox *>().at(3);
    zoom->setCurrentIndex(3);
    ui::QuantHeatmap *map = w.heatmap();
    EXPECT_EQ(map->width(), 4864 * 4);
    EXPECT_EQ(map->height(), 896 * 4);
    // The weight of largest magnitude is drawn in the full colour of its sign.
    const std::vector<float> &v = w.matrix()->values;
    std::size_t most = 0;
    for (std::size_t i = 0; i < v.size(); ++i)
        if (std::fabs(v[i]) > std::fabs(v[most]))
            most = i;
    const int row = int(most / 4864), col = int(most % 4864);
    const QImage part = map->grab(QRect(col * 4, row * 4, 4, 4)).toImage();
    EXPECT_EQ(part.pixel(2, 2) & 0xFFFFFF, v[most] > 0 ? 0xb2182bu : 0x2166acu);
    // Fit: one pixel stands for many weights and shows the largest, so that weight's colour is there.
    zoom->setCurrentIndex(0);
    EXPECT_LT(map->width(), 1000);
}

TEST_F(QuantWindowTest, SwitchingToChineseRetranslatesTheOpenWindow)
{
    QuantWindow w;
    ASSERT_TRUE(w.openModel(QString::fromStdString(m_files.quantized)));
    ASSERT_TRUE(waitShown(w));
    w.selectBlock(1);
    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("zh_CN")));
    EXPECT_TRUE(w.summary().startsWith(QStringLiteral("blk.0.attn_q.weight：Q4_K，每个权重 4.5 位")))
        << w.summary().toStdString();
    EXPECT_TRUE(w.blockTable()->heading().startsWith(QStringLiteral("第 1 块（共 4 块）：第 1 行")))
        << w.blockTable()->heading().toStdString();
    EXPECT_EQ(w.blockTable()->table()->horizontalHeaderItem(2)->text(), QStringLiteral("编码"));
    EXPECT_EQ(w.findChildren<QComboBox *>().at(1)->toolTip(),
        QStringLiteral("要查看的权重矩阵，按它在 GGUF 文件中的名称列出"));
    ASSERT_TRUE(ui::Language::instance()->apply(QStringLiteral("en")));
    EXPECT_TRUE(w.summary().startsWith(QStringLiteral("blk.0.attn_q.weight: Q4_K, 4.5 bits per weight")));
    EXPECT_EQ(w.blockTable()->table()->horizontalHeaderItem(2)->text(), QStringLiteral("Code"));
}

TEST(QuantWindowFolder, ACheckpointFolderIsComparedInTheGgufLayout)
{
    // The folder holds the dequantized values of the GGUF's Q8_0 and Q4_0 matrices: every error is
    // zero, llama's paired q rows included, once the folder's rows are laid out as the file's.
    const std::string dir = test::makeTempDir("quantfolder");
    const std::string gguf = test::writeTinyGgufPair(dir, "llama", test::smallGgufSizes(40), {8, 2});
    QuantWindow w;
    ASSERT_TRUE(w.openModel(QString::fromStdString(gguf)));
    ASSERT_TRUE(waitShown(w));
    ASSERT_TRUE(w.openOriginal(QString::fromStdString(dir)));
    ASSERT_TRUE(waitShown(w));
    EXPECT_EQ(w.matrix()->name, "blk.0.attn_q.weight");
    ASSERT_EQ(w.matrix()->errors.size(), w.matrix()->values.size());
    EXPECT_EQ(w.matrix()->error.maxAbs, 0.0);
    EXPECT_TRUE(w.errorSummary().startsWith(QStringLiteral("Against %1 (safetensors): largest |error| 0.000 at row 0")
                                                .arg(QFileInfo(QString::fromStdString(dir)).fileName())))
        << w.errorSummary().toStdString();
    ASSERT_TRUE(w.showMatrix(QStringLiteral("blk.1.attn_k.weight")));
    ASSERT_TRUE(waitShown(w));
    EXPECT_FALSE(w.matrix()->errors.empty());
    EXPECT_EQ(w.matrix()->error.maxAbs, 0.0);
    // A folder that is no model is refused with the loader's message.
    EXPECT_FALSE(w.openOriginal(QString::fromStdString(test::makeTempDir("quantfolder-empty"))));
    EXPECT_FALSE(w.problem().isEmpty());
    test::removeTree(dir);
}

TEST(QuantActions, OnlyAGgufModelOpensTheWindowOnItsFile)
{
    test::Room room;
    QMenu tools;
    ui::QuantActions quant(room.actions, &tools, &room.window);
    ASSERT_TRUE(tools.actions().contains(quant.action()));
    EXPECT_FALSE(quant.action()->isEnabled()); // no model yet

    const test::TinyFolder folder(false);
    room.openModel(folder.path());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !room.session->isBusy() && room.session->hasModel(); }, 10000));
    EXPECT_FALSE(quant.action()->isEnabled()); // safetensors: nothing stored quantized

    const std::string dir = test::makeTempDir("quantactions");
    test::TinyModelOptions o = test::smallGgufSizes(test::kGpt2FixtureVocabSize);
    o.addFiles = [](const std::string &d) { test::writeGpt2Tokenizer(d); };
    const std::string gguf = test::writeTinyGgufPair(dir, "qwen2", o, {8, 2}, test::addGpt2FixtureTokenizer);
    room.openModel(QString::fromStdString(gguf));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return !room.session->isBusy() && room.session->filePath() == QString::fromStdString(gguf); }, 10000));
    ASSERT_TRUE(quant.action()->isEnabled());
    quant.action()->trigger();
    ASSERT_TRUE(quant.view()->isVisible());
    EXPECT_EQ(quant.view()->modelPath(), QString::fromStdString(gguf));
    ASSERT_TRUE(waitShown(*quant.view()));
    EXPECT_EQ(quant.view()->matrix()->name, "blk.0.attn_q.weight");
    test::removeTree(dir);
}

} // namespace
