#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/editors/matrixmodel.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTableView>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <limits>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

void loadCatEatsFish(Document &doc)
{
    core::LoadResult r = loadExample(QStringLiteral("cat-eats-fish"));
    ASSERT_TRUE(r.ok());
    doc.load(*r.scene);
}

} // namespace

TEST(MatrixModel, PassesModelTesterThroughEditsAndResets)
{
    Document doc;
    loadCatEatsFish(doc);
    MatrixModel model(&doc, MatrixId::WQ);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    EXPECT_EQ(model.rowCount(), 8);
    EXPECT_EQ(model.columnCount(), 8);
    EXPECT_TRUE(model.setData(model.index(1, 2), 0.5));
    core::Scene bigger = doc.scene();
    bigger.title = "changed";
    doc.undoStack()->undo();
    loadCatEatsFish(doc);
    EXPECT_EQ(model.rowCount(), 8);
}

TEST(MatrixModel, EmbeddingRowsAreLabelledByToken)
{
    Document doc;
    loadCatEatsFish(doc);
    MatrixModel model(&doc, MatrixId::Embeddings);
    EXPECT_EQ(model.rowCount(), 3);
    EXPECT_TRUE(model.headerData(0, Qt::Vertical).toString().contains(QStringLiteral("猫")));
    EXPECT_TRUE(model.headerData(2, Qt::Vertical).toString().contains(QStringLiteral("鱼")));
}

TEST(MatrixModel, SetDataChangesSceneAndWeightsAndUndoRestoresExactly)
{
    Document doc;
    loadCatEatsFish(doc);
    const core::Scene before = doc.scene();
    const core::Matrix weightsBefore = doc.stages().heads[0].weights;
    MatrixModel model(&doc, MatrixId::WK);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

    ASSERT_TRUE(model.setData(model.index(0, 0), QStringLiteral("2.5")));
    EXPECT_FLOAT_EQ(doc.scene().wk(0, 0), 2.5f);
    EXPECT_FLOAT_EQ(model.data(model.index(0, 0), Qt::EditRole).toFloat(), 2.5f);
    EXPECT_GE(changed.count(), 1);
    const core::Matrix weightsAfter = doc.stages().heads[0].weights;
    EXPECT_GT((weightsAfter - weightsBefore).cwiseAbs().maxCoeff(), 1e-4f);
    EXPECT_EQ(doc.undoStack()->count(), 1);

    doc.undoStack()->undo();
    EXPECT_EQ(doc.scene(), before);
    EXPECT_EQ(doc.stages().heads[0].weights, weightsBefore);
}

TEST(MatrixModel, RefusesNonNumericAndNonFiniteInputWithAReason)
{
    Document doc;
    loadCatEatsFish(doc);
    const core::Scene before = doc.scene();
    MatrixModel model(&doc, MatrixId::WV);
    QSignalSpy refused(&model, &MatrixModel::inputRefused);

    EXPECT_FALSE(model.setData(model.index(0, 0), QStringLiteral("abc")));
    EXPECT_FALSE(model.setData(model.index(0, 0), QStringLiteral("inf")));
    EXPECT_FALSE(model.setData(model.index(0, 0), QStringLiteral("nan")));
    EXPECT_FALSE(model.setData(model.index(0, 0), std::numeric_limits<double>::infinity()));
    EXPECT_FALSE(model.setData(model.index(0, 0), QStringLiteral("1e9")));
    EXPECT_EQ(refused.count(), 5);
    EXPECT_FALSE(refused.first().first().toString().isEmpty());
    EXPECT_EQ(doc.scene(), before);
    EXPECT_EQ(doc.undoStack()->count(), 0);
}

TEST(MatrixModel, AcceptsTypographicMinus)
{
    QString reason;
    const auto v = MatrixModel::parseValue(QString::fromUtf8("\u22120.25"), &reason);
    ASSERT_TRUE(v.has_value());
    EXPECT_FLOAT_EQ(*v, -0.25f);
}

TEST(MatrixModel, ColoursAreDivergingAroundZero)
{
    const QColor zero = MatrixModel::cellColor(0, 1);
    const QColor pos = MatrixModel::cellColor(1, 1);
    const QColor neg = MatrixModel::cellColor(-1, 1);
    EXPECT_GT(zero.lightness(), 230);
    EXPECT_GT(pos.red(), pos.blue());
    EXPECT_GT(neg.blue(), neg.red());
}

TEST(MatrixModel, FollowsDimensionChangesAndDirectMode)
{
    Document doc;
    loadCatEatsFish(doc);
    MatrixModel wo(&doc, MatrixId::WO);
    MatrixModel q(&doc, MatrixId::DirectQ);
    QAbstractItemModelTester t1(&wo, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester t2(&q, QAbstractItemModelTester::FailureReportingMode::Fatal);
    EXPECT_EQ(q.rowCount(), 0);
    const int woRowsBefore = wo.rowCount();
    core::LoadResult r = loadExample(QStringLiteral("cat-eats-fish-handcalc"));
    ASSERT_TRUE(r.ok());
    doc.load(*r.scene);
    EXPECT_EQ(q.rowCount(), doc.scene().tokenCount());
    EXPECT_EQ(wo.rowCount(), 0);
    EXPECT_TRUE(q.headerData(0, Qt::Vertical).toString().contains(QString::fromStdString(doc.scene().tokens[0])));
    (void)woRowsBefore;
}

TEST(MatrixModel, NewTokensWithTheSameRowCountWidenTheRowLabels)
{
    Document doc;
    loadCatEatsFish(doc);
    MatrixModel model(&doc, MatrixId::Embeddings);
    QTableView view;
    view.setModel(&model);
    view.show();
    QCoreApplication::processEvents();
    const int before = view.verticalHeader()->width();
    core::Scene scene = doc.scene();
    scene.vocabulary = {"elephant", "giraffe", "crocodile"};
    scene.tokens = scene.vocabulary;
    doc.changeScene(scene, QStringLiteral("tokens"));
    ASSERT_EQ(model.rowCount(), 3);
    QCoreApplication::processEvents();
    EXPECT_GT(view.verticalHeader()->width(), before + 20);
}
