#include "modelshots.h"

#include "engineshots.h"

#include "core/model/forward.h"
#include "core/model/headscene.h"
#include "core/model/modelloader.h"
#include "gemmafixture.h"
#include "ggufwriter.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/quant/quantwindow.h"

#include <QCoreApplication>
#include <QScrollArea>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace attnlab::test {

namespace {

// ggml's quantize_row_q8_0_ref: per block of 32, d = max|x| / 127 stored as half, q = round(x / d).
std::string quantizeQ8_0(const std::vector<float> &x)
{
    std::string out;
    for (std::size_t b = 0; b + 32 <= x.size(); b += 32) {
        float amax = 0;
        for (std::size_t i = 0; i < 32; ++i)
            amax = std::max(amax, std::fabs(x[b + i]));
        const float d = amax / 127.f, id = d != 0 ? 1.f / d : 0.f;
        const std::uint16_t half = halfBits(d);
        out.append(reinterpret_cast<const char *>(&half), 2);
        for (std::size_t i = 0; i < 32; ++i)
            out.push_back(char(std::int8_t(std::lround(x[b + i] * id))));
    }
    return out;
}

} // namespace

bool gemmaBoardShot(const QString &file)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    const std::string dir = makeTempDir("shot-gemma2");
    writeTinyGemma(dir); // soft cap 2.5, window 3, layers 1 and 3 sliding
    core::model::LoadModelResult loaded = core::model::loadModel(dir);
    removeTree(dir);
    if (!loaded.ok())
        return false;
    const auto weights = std::make_shared<const core::model::ModelWeights>(std::move(*loaded.weights));
    core::model::ForwardRunner run(weights);
    const std::vector<int> ids = {3, 17, 0, 28, 9, 3, 11};
    if (!run.run(ids))
        return false;
    // The fixture has no tokenizer: the board names each token by its id.
    std::vector<std::string> tokens;
    for (int id : ids)
        tokens.push_back("#" + std::to_string(id));
    ui::Document document;
    ui::MainWindow window(&document);
    document.load(core::model::headScene(run, 0, 1, tokens));
    window.resize(1280, 720);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    window.steps()->setShowAll(true);
    window.steps()->setCurrentStage(core::StageMasked);
    shotSettle();
    // The capped scores and the masked ones (the window's band) in view.
    if (ui::StageCard *card = window.board()->card(core::StageCapped))
        for (QWidget *w = card->parentWidget(); w; w = w->parentWidget())
            if (auto *area = qobject_cast<QScrollArea *>(w)) {
                area->ensureWidgetVisible(card, 0, 0);
                break;
            }
    return shotSave(&window, file);
}

bool quantErrorShot(const QString &file)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    // 24 rows of 128 weights, normal with σ 0.02, and one outlier in every fifth row: the block
    // holding it gets a coarse step, so its other weights round worse.
    const std::uint64_t rows = 24, cols = 128;
    std::mt19937 rng(31);
    std::normal_distribution<float> normal(0.f, 0.02f);
    std::vector<float> x(rows * cols);
    for (float &v : x)
        v = normal(rng);
    for (std::uint64_t r = 2; r < rows; r += 5)
        x[r * cols + 37 + r] = 0.25f;
    const std::string dir = makeTempDir("shot-quant");
    GgufWriter quantized, original;
    quantized.addString("general.architecture", "llama");
    original.addString("general.architecture", "llama");
    quantized.addTensor("blk.0.attn_q.weight", {cols, rows}, 8 /* Q8_0 */, quantizeQ8_0(x));
    original.addF32Tensor("blk.0.attn_q.weight", {cols, rows}, x);
    quantized.write(dir + "/model-Q8_0.gguf");
    original.write(dir + "/model-F32.gguf");
    ui::QuantWindow window;
    window.resize(1280, 720);
    window.show();
    bool ok = QTest::qWaitForWindowExposed(&window)
        && window.openModel(QString::fromStdString(dir + "/model-Q8_0.gguf"))
        && QTest::qWaitFor([&] { return !window.isBusy() && window.matrix(); }, 20000)
        && window.openOriginal(QString::fromStdString(dir + "/model-F32.gguf"))
        && QTest::qWaitFor([&] { return !window.isBusy() && window.matrix(); }, 20000);
    if (ok) {
        window.setShowError(true);
        window.selectBlock(2 * 4 + 1); // row 2's second block, the one with the outlier
        ok = shotSave(&window, file);
    }
    removeTree(dir);
    return ok;
}

} // namespace attnlab::test
