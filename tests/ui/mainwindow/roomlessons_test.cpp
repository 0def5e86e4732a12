// The model room's own prediction panel opens the unembedding lesson, as the block board's copy
// does: ui/model cannot depend on ui/lessons, so the main window puts the button there.
#include "tests/ui/mainwindow/mainwindowfixture.h"
#include "ui/lessons/lessondialog.h"
#include "ui/lessons/lessonpages.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/model/predictionpanel.h"

#include <QToolButton>

#include <gtest/gtest.h>

using namespace attnlab;

namespace {

struct RoomLessons : test::MainWindowFixture { };

TEST_F(RoomLessons, ThePredictionPanelOpensTheUnembeddingLesson)
{
    ui::MainWindow window(&document);
    auto *panel = window.findChild<ui::PredictionPanel *>();
    ASSERT_TRUE(panel);
    auto *button = panel->findChild<QToolButton *>(QStringLiteral("Lesson_unembedding"));
    ASSERT_TRUE(button);
    EXPECT_EQ(button->text(), QStringLiteral("%1 (lesson)").arg(ui::lessonTitle(QStringLiteral("unembedding"))));
    button->click();
    auto *dialog = button->findChild<ui::LessonDialog *>();
    ASSERT_TRUE(dialog && dialog->isVisible());
    EXPECT_EQ(dialog->page(), QStringLiteral("unembedding"));
    dialog->close();
}

} // namespace
