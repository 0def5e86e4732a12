// What the explanation pages and the settings' tooltips say about the numbers holds for the
// numbers the app computes: which columns a head uses, when identity weights copy X, what
// d_model counts.
#include "../uitestscenes.h"
#include "core/experiment/experiments.h"
#include "core/model/family/families.h"
#include "ui/document/document.h"
#include "ui/editors/matrixmodel.h"
#include "ui/editors/settingspanel.h"
#include "ui/experiments/sqrtdkexperiment.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

#include <gtest/gtest.h>

using namespace attnlab;

namespace {

QString page(const char *name, const char *lang)
{
    return ui::ExplanationPanel::pageHtml(QString::fromLatin1(name), QString::fromLatin1(lang));
}

core::Matrix concatQ(const core::Stages &stages)
{
    core::Matrix q(stages.heads.front().q.rows(), 0);
    for (const core::HeadStages &h : stages.heads) {
        core::Matrix wider(q.rows(), q.cols() + h.q.cols());
        wider << q, h.q;
        q = wider;
    }
    return q;
}

QPushButton *identityButton(ui::SettingsPanel &panel)
{
    for (QPushButton *b : panel.findChildren<QPushButton *>())
        if (b->text() == QStringLiteral("Identity weights"))
            return b;
    return nullptr;
}

} // namespace

// qkv.html: head j (counted from 1) uses columns (j−1)·d_k … j·d_k − 1 (counted from 0, as the
// Matrices panel numbers them).
TEST(StatedFacts, HeadJUsesTheColumnsThePageNames)
{
    EXPECT_TRUE(page("qkv", "en").contains(QStringLiteral("(j−1)·d_k … j·d_k − 1")));
    EXPECT_TRUE(page("qkv", "zh_CN").contains(QStringLiteral("第 (j−1)·d_k 到第 j·d_k − 1 列")));
    ui::Document document;
    const core::Scene scene = test::randomUiScene(3, 4, 6, 3, 2);
    document.load(scene);
    ui::MatrixModel wq(&document, ui::MatrixId::WQ);
    const int dK = scene.dK;
    for (int j = 1; j <= scene.heads; ++j) {
        const int first = (j - 1) * dK, last = j * dK - 1;
        const core::Matrix expected = document.stages().x * scene.wq.middleCols(first, dK);
        EXPECT_TRUE(document.stages().heads[size_t(j - 1)].q.isApprox(expected, 1e-5f)) << "head " << j;
        for (int column : {first, last})
            EXPECT_TRUE(wq.headerData(column, Qt::Horizontal, Qt::ToolTipRole)
                            .toString()
                            .endsWith(QStringLiteral("of head %1").arg(j)))
                << wq.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString().toStdString();
        EXPECT_EQ(wq.headerData(first, Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("%1\nhead %2").arg(first).arg(j));
    }
}

// "Q, K and V then start as copies of X when d_model = heads × d_k and the scene has no biases".
TEST(StatedFacts, IdentityWeightsCopyXExactlyWhenTheTooltipSays)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    const auto identityQ = [](const core::Scene &scene, QString *tip) {
        ui::Document document;
        document.load(scene);
        ui::SettingsPanel panel(&document);
        QPushButton *button = identityButton(panel);
        EXPECT_NE(button, nullptr);
        if (!button)
            return std::pair<core::Matrix, core::Matrix>();
        *tip = button->toolTip();
        button->click();
        document.flush();
        return std::make_pair(concatQ(document.stages()), core::Matrix(document.stages().x));
    };
    QString tip;
    const auto [q, x] = identityQ(test::randomUiScene(5, 3, 6, 2, 3), &tip); // 6 = 2 × 3, no biases
    EXPECT_TRUE(tip.contains(QStringLiteral("d_model = heads × d_k"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("no biases"))) << tip.toStdString();
    EXPECT_TRUE(q.isApprox(x));

    core::Scene biased = test::randomUiScene(5, 3, 6, 2, 3);
    biased.bq = core::RowVector::Constant(6, 0.5f);
    const auto [qb, xb] = identityQ(biased, &tip);
    EXPECT_FALSE(qb.isApprox(xb));
    EXPECT_TRUE(qb.isApprox((xb.rowwise() + biased.bq).eval()));

    // d_model 6, heads × d_k = 4: each head takes its own columns of X.
    const auto [qn, xn] = identityQ(test::randomUiScene(5, 3, 6, 2, 2), &tip);
    ASSERT_EQ(qn.cols(), 4);
    EXPECT_TRUE(qn.isApprox(xn.leftCols(4)));
}

// d_model counts the components of an embedding vector (its dimension): X has that many columns.
TEST(StatedFacts, DModelIsTheNumberOfComponents)
{
    ui::Document document;
    document.load(test::randomUiScene(2, 3, 5, 1, 5));
    ui::SettingsPanel panel(&document);
    QSpinBox *dModel = nullptr;
    for (QSpinBox *box : panel.findChildren<QSpinBox *>())
        if (box->toolTip().startsWith(QStringLiteral("d_model:")))
            dModel = box;
    ASSERT_NE(dModel, nullptr);
    EXPECT_TRUE(dModel->toolTip().contains(QStringLiteral("number of components"))) << dModel->toolTip().toStdString();
    EXPECT_FALSE(dModel->toolTip().contains(QStringLiteral("length")));
    EXPECT_EQ(document.stages().x.cols(), dModel->value());
    ui::Language::instance()->apply(QStringLiteral("zh_CN"));
    EXPECT_TRUE(dModel->toolTip().contains(QStringLiteral("维数"))) << dModel->toolTip().toStdString();
    ui::Language::instance()->apply(QStringLiteral("en"));
}

// x-given.html describes GPT-2 and BERT apart: BERT adds a token-type vector and normalises
// after each sublayer, so only GPT-2 has a running sum.
TEST(StatedFacts, TheGivenXPageDescribesGpt2AndBertApart)
{
    const QString en = page("x-given", "en"), zh = page("x-given", "zh_CN");
    const qsizetype gpt2 = en.indexOf(QStringLiteral("in GPT-2")), bert = en.indexOf(QStringLiteral("in BERT"));
    ASSERT_GE(gpt2, 0);
    ASSERT_GT(bert, gpt2);
    EXPECT_TRUE(en.mid(bert).contains(QStringLiteral("token type")));
    EXPECT_TRUE(en.mid(bert).contains(QStringLiteral("no running sum")));
    EXPECT_TRUE(en.mid(gpt2, bert - gpt2).contains(QStringLiteral("running")));
    EXPECT_GT(zh.indexOf(QStringLiteral("BERT 里")), zh.indexOf(QStringLiteral("GPT-2 里")));
    EXPECT_TRUE(zh.contains(QStringLiteral("token type")));
}

// x-given.html tells where X comes from in the families of issue 31 too, as their rows declare:
// Gemma scales the embeddings by √d_model and normalises with (1 + w), and Qwen3 normalises each
// head's query and key after X.
TEST(StatedFacts, TheGivenXPageDescribesGemmaAndQwen3AsTheirFamiliesDeclare)
{
    const QString en = page("x-given", "en"), zh = page("x-given", "zh_CN");
    for (const core::model::ModelFamily *gemma : {&core::model::gemma2Family(), &core::model::gemma3TextFamily()}) {
        EXPECT_TRUE(gemma->scaledEmbeddings) << gemma->name;
        EXPECT_FLOAT_EQ(gemma->normWeightOffset, 1.0f) << gemma->name;
        EXPECT_FALSE(gemma->tensors.attnPostNorm.empty()) << gemma->name;
    }
    EXPECT_NE(core::model::qwen3Family().qkNorm, core::model::QkNorm::None);
    const qsizetype qwen3 = en.indexOf(QStringLiteral("in Qwen3")), gemma = en.indexOf(QStringLiteral("in Gemma"));
    ASSERT_GE(qwen3, 0);
    ASSERT_GE(gemma, 0);
    EXPECT_TRUE(en.mid(qwen3, gemma - qwen3).contains(QStringLiteral("q_norm")));
    EXPECT_TRUE(en.mid(gemma).contains(QStringLiteral("square root of d_model")));
    EXPECT_TRUE(en.mid(gemma).contains(QStringLiteral("(1 + w)")));
    const qsizetype zhQwen3 = zh.indexOf(QStringLiteral("Qwen3 和 Qwen3-MoE 里")),
                    zhGemma = zh.indexOf(QStringLiteral("Gemma 2 和 Gemma 3 里"));
    ASSERT_GE(zhQwen3, 0);
    ASSERT_GT(zhGemma, zhQwen3);
    EXPECT_TRUE(zh.mid(zhQwen3, zhGemma - zhQwen3).contains(QStringLiteral("q_norm")));
    EXPECT_TRUE(zh.mid(zhGemma).contains(QStringLiteral("d_model 的平方根")));
    EXPECT_TRUE(zh.mid(zhGemma).contains(QStringLiteral("(1 + w)")));
}

namespace {

// The contexts of `scene` with its first and last token swapped, rows put back in the first
// order: equal to the contexts of `scene` exactly when attention ignores word order.
bool orderIgnored(core::Scene scene)
{
    core::Pipeline pipeline;
    const core::Matrix before = pipeline.compute(scene).heads[0].context;
    std::swap(scene.tokens.front(), scene.tokens.back());
    core::Pipeline swappedPipeline;
    core::Matrix after = swappedPipeline.compute(scene).heads[0].context;
    after.row(0).swap(after.row(after.rows() - 1));
    return after.isApprox(before, 1e-5f);
}

} // namespace

// Settings: without positional encoding attention ignores word order only without a mask; a
// causal mask lets order in. The tooltip says both.
TEST(StatedFacts, WithoutPositionsOnlyAnUnmaskedSceneIgnoresWordOrder)
{
    core::Scene scene = test::randomUiScene(7, 4, 6, 1, 3);
    scene.positional = core::PositionalEncoding::None;
    scene.mask = core::MaskKind::None;
    EXPECT_TRUE(orderIgnored(scene));
    scene.mask = core::MaskKind::Causal;
    EXPECT_FALSE(orderIgnored(scene));

    for (const char *language : {"en", "zh_CN"}) {
        ui::Language::instance()->apply(QString::fromLatin1(language));
        ui::Document document;
        document.load(test::randomUiScene(7, 4, 6, 1, 3));
        ui::SettingsPanel panel(&document);
        QString tip;
        for (QComboBox *box : panel.findChildren<QComboBox *>())
            if (box->toolTip().contains(QStringLiteral("position")) || box->toolTip().contains(QStringLiteral("位置")))
                tip = box->toolTip();
        const bool zh = std::string(language) == "zh_CN";
        EXPECT_TRUE(tip.contains(zh ? QStringLiteral("既没有位置编码又没有掩码时") : QStringLiteral("without a mask")))
            << tip.toStdString();
        EXPECT_TRUE(tip.contains(
            zh ? QStringLiteral("因果掩码仍会让顺序起作用") : QStringLiteral("a causal mask still lets order in")))
            << tip.toStdString();
    }
    ui::Language::instance()->apply(QStringLiteral("en"));
}

// The √d_k experiment: q·k has variance d_k because the components have mean 0 as well as
// variance 1 (with mean μ it would be d_k·(1 + 2μ²)); the samples are drawn so and the text says so.
TEST(StatedFacts, TheSqrtDkTextNamesTheMeanZeroTheVarianceNeeds)
{
    core::SqrtDkOptions options;
    options.maxDk = 64;
    for (const core::SqrtDkPoint &p : core::sqrtDkExperiment(options))
        EXPECT_NEAR(p.rawVariance / p.dK, 1.0, 0.15) << "d_k " << p.dK;
    for (const char *language : {"en", "zh_CN"}) {
        ui::Language::instance()->apply(QString::fromLatin1(language));
        ui::Document document;
        document.load(test::randomUiScene(7, 4, 6, 1, 3));
        ui::SqrtDkExperiment experiment(&document);
        QString text;
        for (QLabel *label : experiment.findChildren<QLabel *>())
            if (label->text().startsWith(QStringLiteral("q ")))
                text = label->text();
        const bool zh = std::string(language) == "zh_CN";
        EXPECT_TRUE(text.contains(
            zh ? QStringLiteral("均值为 0、方差为 1 的分量") : QStringLiteral("components of mean 0 and variance 1")))
            << text.toStdString();
    }
    ui::Language::instance()->apply(QStringLiteral("en"));
}

// The glossary's head: its own slice of W_K and W_V only without grouped-query attention.
TEST(StatedFacts, TheGlossarysHeadNamesGroupedQueryAttention)
{
    EXPECT_TRUE(page("glossary", "en").contains(QStringLiteral("unless the model uses grouped-query attention")));
    EXPECT_TRUE(page("glossary", "zh_CN").contains(QStringLiteral("除非模型使用分组查询注意力")));
}
