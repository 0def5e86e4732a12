// Every text the block board shows for every stage — title, formula, explanation (the card's
// tooltip) and the inspector's derivation of one cell — in English and Chinese, for GPT-2 (with
// each activation the forward pass knows), BERT, Qwen2 and Llama (with and without its biases),
// against blockstagetexts.json: the texts as the code before the block-stage table printed them
// (recorded by this test's first version, on the code with the switches the tables replaced).
// Words must be equal; the numbers of a derivation are compared with a tolerance, as float32
// sums differ in their last digits between CPUs.

#include "core/model/lens/blockderivation.h"
#include "ui/block/blockderivationtext.h"
#include "ui/block/blockstagelook.h"
#include "ui/i18n/language.h"

#include "modelreference.h"
#include "rotaryreference.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <memory>

using namespace attnlab;
using namespace attnlab::ui;
namespace model = attnlab::core::model;

namespace {

struct Case {
    const char *name;
    std::function<std::shared_ptr<model::ModelWeights>()> weights;
    std::vector<int> ids;
    int layer;
};

model::ModelConfig gpt2With(const char *activation)
{
    model::ModelConfig c = test::gpt2Config();
    c.activation = activation;
    return c;
}

test::RotaryShape llama(bool biases)
{
    test::RotaryShape s;
    s.family = "llama";
    s.attentionBias = biases;
    s.mlpBias = biases;
    return s;
}

std::vector<Case> cases()
{
    return {
        {"gpt2", [] { return test::makeGpt2(test::gpt2Config()); }, test::gpt2Ids(), 1},
        {"gpt2-gelu", [] { return test::makeGpt2(gpt2With("gelu")); }, test::gpt2Ids(), 0},
        {"gpt2-relu", [] { return test::makeGpt2(gpt2With("relu")); }, test::gpt2Ids(), 0},
        {"gpt2-quick_gelu", [] { return test::makeGpt2(gpt2With("quick_gelu")); }, test::gpt2Ids(), 0},
        {"bert", [] { return test::makeBert(test::bertConfig()); }, test::bertIds(), 1},
        {"qwen2", [] { return test::makeRotary(test::rotaryConfig(test::RotaryShape {})); }, test::rotaryIds(), 1},
        {"llama", [] { return test::makeRotary(test::rotaryConfig(llama(false))); }, test::rotaryIds(), 0},
        {"llama-biases", [] { return test::makeRotary(test::rotaryConfig(llama(true))); }, test::rotaryIds(), 1},
    };
}

// The texts of every stage of `c` in the current language.
QJsonObject texts(const Case &c)
{
    auto weights = c.weights();
    model::ForwardRunner run(weights);
    EXPECT_TRUE(run.run(c.ids)) << c.name;
    const model::ModelConfig &config = run.config();
    const model::BlockStages stages = model::blockStages(run, c.layer);
    QJsonObject out;
    for (int k = 0; k < model::kBlockStageCount; ++k) {
        const auto stage = model::BlockStage(k);
        QJsonObject t;
        const model::BlockStageForm form = model::blockStageForm(stage, config);
        t[QStringLiteral("title")] = blockStageTitle(stage);
        t[QStringLiteral("formula")] = blockStageFormula(form);
        t[QStringLiteral("explanation")] = blockStageExplanation(form);
        if (model::blockStageMatrix(stages, stage)) {
            // Row 1, column 2; the concat's column 1 of head 2.
            const int col = stage == model::BlockStage::Concat ? config.headDim() + 1 : 2;
            const model::CellDerivation d = model::deriveBlockCell(run, c.layer, stages, stage, 1, col);
            t[QStringLiteral("derivation")] = BlockDerivationText::html(d, QStringLiteral("cat"));
        }
        out[blockStageKey(stage)] = t;
    }
    return out;
}

QJsonObject allTexts()
{
    QJsonObject all;
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        EXPECT_TRUE(Language::instance()->apply(language));
        QJsonObject byCase;
        for (const Case &c : cases())
            byCase[QString::fromLatin1(c.name)] = texts(c);
        all[language] = byCase;
    }
    EXPECT_TRUE(Language::instance()->apply(QStringLiteral("en")));
    return all;
}

// Equal words, and numbers within a relative 1e-4 (six significant digits of float32 sums).
::testing::AssertionResult sameText(const QString &expected, const QString &actual)
{
    static const QRegularExpression number(QStringLiteral(R"(-?\d+(\.\d+)?(e[-+]?\d+)?)"));
    const QStringList expectedWords = expected.split(number);
    const QStringList actualWords = actual.split(number);
    if (expectedWords != actualWords)
        return ::testing::AssertionFailure() << "expected\n"
                                             << expected.toStdString() << "\nshown\n"
                                             << actual.toStdString();
    auto e = number.globalMatch(expected), a = number.globalMatch(actual);
    while (e.hasNext() && a.hasNext()) {
        const double x = e.next().captured().toDouble(), y = a.next().captured().toDouble();
        if (std::abs(x - y) > 1e-4 * (std::abs(x) + 1e-3))
            return ::testing::AssertionFailure() << x << " against " << y << " in\n"
                                                 << expected.toStdString() << "\nshown\n"
                                                 << actual.toStdString();
    }
    return ::testing::AssertionSuccess();
}

} // namespace

TEST(BlockStageTexts, EveryStageOfEveryFamilyShowsWhatItShowedBeforeTheTable)
{
    const QJsonObject shown = allTexts();
    QFile file(QStringLiteral(ATTNLAB_SOURCE_DIR "/tests/ui/block/blockstagetexts.json"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QJsonObject recorded = QJsonDocument::fromJson(file.readAll()).object();
    ASSERT_EQ(recorded.keys(), shown.keys());
    int compared = 0;
    for (const QString &language : recorded.keys()) {
        const QJsonObject recordedCases = recorded[language].toObject(), shownCases = shown[language].toObject();
        ASSERT_EQ(recordedCases.keys(), shownCases.keys()) << language.toStdString();
        for (const QString &name : recordedCases.keys()) {
            const QJsonObject r = recordedCases[name].toObject(), s = shownCases[name].toObject();
            ASSERT_EQ(r.keys(), s.keys()) << name.toStdString();
            for (const QString &stage : r.keys()) {
                const QJsonObject rt = r[stage].toObject(), st = s[stage].toObject();
                ASSERT_EQ(rt.keys(), st.keys()) << name.toStdString() << " " << stage.toStdString();
                for (const QString &field : rt.keys()) {
                    const QString where
                        = language + QLatin1Char(' ') + name + QLatin1Char(' ') + stage + QLatin1Char(' ') + field;
                    EXPECT_FALSE(st[field].toString().isEmpty()) << where.toStdString();
                    EXPECT_TRUE(sameText(rt[field].toString(), st[field].toString())) << where.toStdString();
                    ++compared;
                }
            }
        }
    }
    // 2 languages × 8 models × (10 stages × 3 texts + 9 derivations).
    EXPECT_EQ(compared, 2 * 8 * (10 * 3 + 9));
    // Every title and explanation is translated (the formulas are the same in both).
    for (const QString &name : shown[QStringLiteral("en")].toObject().keys()) {
        const QJsonObject en = shown[QStringLiteral("en")][name].toObject();
        const QJsonObject zh = shown[QStringLiteral("zh_CN")][name].toObject();
        for (const QString &stage : en.keys())
            for (const QString &field : {QStringLiteral("title"), QStringLiteral("explanation")})
                EXPECT_NE(en[stage][field].toString(), zh[stage][field].toString())
                    << name.toStdString() << " " << stage.toStdString() << " " << field.toStdString();
    }
}
