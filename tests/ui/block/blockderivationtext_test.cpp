// The inspector's words for a block cell: negative numbers put into a formula stand in
// parentheses, and the derivation ends on the number the card (and the inspector's heading) shows.
#include "ui/block/blockderivationtext.h"

#include <QTextDocument>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
namespace model = attnlab::core::model;

namespace {

QString plain(const model::CellDerivation &d)
{
    QTextDocument doc;
    doc.setHtml(BlockDerivationText::html(d, QStringLiteral("cat")));
    return doc.toPlainText();
}

// A cell whose double-precision steps end a little away from the float32 number of the card.
constexpr double kCardValue = -0.0874055;
constexpr double kRedone = -0.08740556;

} // namespace

TEST(BlockDerivationText, LayerNormPutsANegativeMeanInParenthesesAndEndsOnTheCardsNumber)
{
    model::CellDerivation d;
    d.stage = model::BlockStage::AttnIn;
    d.operation = model::BlockOperation::Norm;
    d.value = kCardValue;
    model::NormStep n;
    n.norm = &model::normDescription(model::NormKind::LayerNorm);
    n.width = 4;
    n.x = -0.863133;
    n.mean = -0.134452;
    n.variance = 0.491307;
    n.eps = 1e-5;
    n.denominator = 0.70094;
    n.normalized = -1.03958;
    n.weight = 1.02423;
    n.bias = 0.5;
    n.hasBias = true;
    n.value = kRedone;
    d.norm = n;
    const QString text = plain(d);
    EXPECT_TRUE(text.contains(QStringLiteral("(-0.863133 − (-0.134452)) / 0.70094"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("− -"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral(": -0.0874055"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("-0.0874056"))) << text.toStdString();
}

TEST(BlockDerivationText, ActivationFormulasPutANegativeInputInParenthesesAndEndOnTheCardsNumber)
{
    model::CellDerivation d;
    d.stage = model::BlockStage::MlpAct;
    d.operation = model::BlockOperation::Activation;
    d.value = kCardValue;
    model::ActivationStep a = model::deriveActivation(model::Activation::Silu, -0.710006);
    a.activated = a.value = kRedone;
    d.activation = a;
    QString text = plain(d);
    EXPECT_TRUE(text.contains(QStringLiteral("(-0.710006) / (1 + e^(−(-0.710006))) = -0.0874055")))
        << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("−-"))) << text.toStdString();

    d.activation = model::deriveActivation(model::Activation::GeluTanh, -1.60372);
    d.value = d.activation->value;
    text = plain(d);
    EXPECT_TRUE(text.contains(QStringLiteral("0.5·(-1.60372)·(1 + tanh(√(2/π)·((-1.60372) + 0.044715·(-1.60372)³)))")))
        << text.toStdString();

    // Gated: the SiLU of the gate is a step on the way; the product is the card's number.
    d.operation = model::BlockOperation::GatedActivation;
    d.activation = model::deriveGatedActivation(model::Activation::Silu, 0.5, -2.0);
    d.value = kCardValue;
    text = plain(d);
    EXPECT_TRUE(text.contains(
        QStringLiteral("%1 × (-2) = -0.0874055").arg(BlockDerivationText::number(d.activation->activated))))
        << text.toStdString();
}

TEST(BlockDerivationText, ResidualSumEndsOnTheCardsNumberUnlessANormFollows)
{
    model::CellDerivation d;
    d.stage = model::BlockStage::AfterAttn;
    d.operation = model::BlockOperation::Residual;
    d.value = 1.3713;
    d.residual = model::ResidualStep {-0.873066, 2.24437, 1.37130401};
    QString text = plain(d);
    EXPECT_TRUE(text.contains(QStringLiteral("x + attn_out = -0.873066 + 2.24437 = 1.3713"))) << text.toStdString();
    d.residual = model::ResidualStep {2.24437, -0.873066, 1.3713};
    text = plain(d);
    EXPECT_TRUE(text.contains(QStringLiteral("= 2.24437 + (-0.873066) = 1.3713"))) << text.toStdString();

    // BERT's post-norm: the sum is the norm's input, the card shows the norm's output.
    d.operation = model::BlockOperation::ResidualNorm;
    d.value = kCardValue;
    d.norm = model::deriveNorm(
        model::normDescription(model::NormKind::LayerNorm), core::RowVector::LinSpaced(4, -1, 2), 1, 1.0, 0.0, 1e-12);
    text = plain(d);
    EXPECT_TRUE(text.contains(QStringLiteral("= 2.24437 + (-0.873066) = 1.3713"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("plus the bias β = 0: -0.0874055"))) << text.toStdString();
}

// Matrix indices count from 0 as on the scene board, the weight table and the undo steps (a cell
// in column 5 here is column 5 there); heads count from 1.
TEST(BlockDerivationText, CountsColumnsFromZeroAndHeadsFromOne)
{
    model::CellDerivation d;
    d.stage = model::BlockStage::Concat;
    d.operation = model::BlockOperation::Concat;
    d.col = 5;
    d.head = 0;
    d.headColumn = 5;
    d.value = 0.25;
    const QString text = plain(d);
    EXPECT_TRUE(text.contains(QStringLiteral("token “cat”, column 5 = 0.25"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Column 5 of head 1's context vector"))) << text.toStdString();
}
