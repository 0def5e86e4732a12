// Edit → Undo/Redo, the shortcuts list and the History follow the interface language, also for
// entries made before the switch.
#include "ui/board/tokenbar.h"
#include "ui/document/document.h"
#include "ui/editors/matrixeditordock.h"
#include "ui/editors/matrixtableview.h"
#include "ui/editors/settingspanel.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow/editactions.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/model/modelcommands.h"
#include "ui/model/modelsession.h"

#include <QAction>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QUndoStack>

#include "../uitestscenes.h"

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using test::example;

namespace {

struct HistoryLanguage : ::testing::Test {
    void SetUp() override
    {
        QSettings().clear();
        Language::instance()->apply(QStringLiteral("en"));
    }
    void TearDown() override
    {
        Language::instance()->apply(QStringLiteral("en"));
        QSettings().clear();
    }
};

QAction *editAction(MainWindow &window, int index)
{
    for (QAction *menu : window.menuBar()->actions())
        if (menu->menu() && menu->menu()->actions().size() > index
            && !menu->menu()->actions().at(index)->shortcuts().isEmpty()
            && menu->menu()->actions().at(index)->shortcuts().contains(
                index == 0 ? QKeySequence(QKeySequence::Undo) : QKeySequence(QKeySequence::Redo)))
            return menu->menu()->actions().at(index);
    return nullptr;
}

} // namespace

TEST_F(HistoryLanguage, UndoRedoAndHistoryEntriesFollowTheLanguageBothWays)
{
    Document document;
    document.load(example("cat-eats-fish"));
    MainWindow window(&document);
    QAction *undo = editAction(window, 0);
    QAction *redo = editAction(window, 1);
    ASSERT_NE(undo, nullptr);
    ASSERT_NE(redo, nullptr);
    EXPECT_EQ(undo->text(), QStringLiteral("&Undo"));
    EXPECT_FALSE(undo->isEnabled());

    auto *settings = window.findChild<SettingsPanel *>();
    ASSERT_TRUE(settings->setDimensions(8, 2, 4));
    ASSERT_TRUE(settings->setMask(core::MaskKind::Causal));
    auto *tokens = window.findChild<TokenBar *>();
    tokens->setText(QStringLiteral("鱼吃猫"));
    ASSERT_TRUE(tokens->commit());
    document.undo();
    QUndoStack *stack = document.undoStack();
    ASSERT_EQ(stack->count(), 3);
    EXPECT_EQ(stack->text(0), QStringLiteral("Set d_model 8, heads 2, d_k 4"));
    EXPECT_EQ(stack->text(1), QStringLiteral("Mask: Causal"));
    EXPECT_EQ(undo->text(), QStringLiteral("&Undo Mask: Causal"));
    EXPECT_EQ(redo->text(), QStringLiteral("&Redo Set tokens to “鱼|吃|猫”"));

    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("zh_CN")));
    EXPECT_EQ(stack->text(0), QStringLiteral("设置 d_model 8、头数 2、d_k 4"));
    EXPECT_TRUE(stack->text(1).startsWith(QStringLiteral("掩码："))) << stack->text(1).toStdString();
    EXPECT_FALSE(stack->text(1).contains(QStringLiteral("Causal"))) << "the mask's name is translated too";
    EXPECT_EQ(stack->text(2), QStringLiteral("把词元设为“鱼|吃|猫”"));
    EXPECT_FALSE(undo->text().contains(QStringLiteral("Undo"))) << undo->text().toStdString();
    EXPECT_TRUE(undo->text().startsWith(QStringLiteral("撤销"))) << undo->text().toStdString();
    EXPECT_TRUE(undo->text().contains(QStringLiteral("掩码：")));
    EXPECT_TRUE(redo->text().startsWith(QStringLiteral("重做"))) << redo->text().toStdString();
    EXPECT_TRUE(redo->text().contains(QStringLiteral("把词元设为")));
    EXPECT_EQ(EditActions::undoName(), QStringLiteral("撤销"));
    EXPECT_EQ(EditActions::redoName(), QStringLiteral("重做"));

    // New entries in Chinese, and back to English for all of them.
    ASSERT_TRUE(settings->setPositional(core::PositionalEncoding::Sinusoidal));
    EXPECT_FALSE(stack->text(2).contains(QStringLiteral("Positional")));
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("en")));
    EXPECT_EQ(stack->text(0), QStringLiteral("Set d_model 8, heads 2, d_k 4"));
    EXPECT_EQ(stack->text(1), QStringLiteral("Mask: Causal"));
    EXPECT_TRUE(stack->text(2).startsWith(QStringLiteral("Positional encoding: "))) << stack->text(2).toStdString();
    EXPECT_TRUE(undo->text().startsWith(QStringLiteral("&Undo Positional encoding")));
}

TEST_F(HistoryLanguage, TheCellEditEntryIsRetranslated)
{
    Document document;
    document.load(example("cat-eats-fish"));
    document.setCell(MatrixId::WQ, 0, 1, 0.5f);
    const QString english = document.undoStack()->text(0);
    ASSERT_TRUE(english.startsWith(QStringLiteral("Set "))) << english.toStdString();
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("zh_CN")));
    EXPECT_NE(document.undoStack()->text(0), english);
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("en")));
    EXPECT_EQ(document.undoStack()->text(0), english);
}

TEST_F(HistoryLanguage, PasteImportAndModelRoomEntriesAreRetranslated)
{
    Document document;
    document.load(example("cat-eats-fish"));
    MatrixEditorDock dock(&document);
    dock.setCurrentMatrix(MatrixId::WQ);
    auto *table = dock.findChild<MatrixTableView *>();
    ASSERT_NE(table, nullptr);
    table->setCurrentIndex(table->model()->index(0, 0));
    ASSERT_TRUE(table->paste(QStringLiteral("0.5\t0.25")));
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("wk.csv"));
    {
        QFile file(csv);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        const core::Matrix &wk = document.scene().wk;
        for (Eigen::Index r = 0; r < wk.rows(); ++r) {
            QStringList row;
            for (Eigen::Index c = 0; c < wk.cols(); ++c)
                row << QString::number(double(wk(r, c)) + 0.5);
            file.write((row.join(QLatin1Char(',')) + QLatin1Char('\n')).toUtf8());
        }
    }
    dock.setCurrentMatrix(MatrixId::WK);
    ASSERT_TRUE(dock.importMatrix(csv));
    QUndoStack *stack = document.undoStack();
    ASSERT_EQ(stack->count(), 2);
    EXPECT_TRUE(stack->text(0).startsWith(QStringLiteral("Paste 1 × 2"))) << stack->text(0).toStdString();
    EXPECT_TRUE(stack->text(1).startsWith(QStringLiteral("Import W_K"))) << stack->text(1).toStdString();

    ModelSession session;
    core::Matrix off = core::Matrix::Ones(2, 2);
    off(1, 0) = 0;
    session.undoStack()->push(new HeadMaskCommand(&session, core::Matrix::Ones(2, 2), off,
        [] { return ModelSession::tr("Switch off head %1").arg(ModelSession::headName(1, 0)); }));
    const QString englishModel = session.undoStack()->text(0);

    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("zh_CN")));
    EXPECT_FALSE(stack->text(0).startsWith(QStringLiteral("Paste"))) << stack->text(0).toStdString();
    EXPECT_TRUE(stack->text(0).contains(QStringLiteral("1 × 2")));
    EXPECT_FALSE(stack->text(1).startsWith(QStringLiteral("Import"))) << stack->text(1).toStdString();
    EXPECT_TRUE(stack->text(1).contains(QStringLiteral("wk.csv")));
    EXPECT_NE(session.undoStack()->text(0), englishModel);
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("en")));
    EXPECT_TRUE(stack->text(0).startsWith(QStringLiteral("Paste 1 × 2")));
    EXPECT_EQ(session.undoStack()->text(0), englishModel);
}
