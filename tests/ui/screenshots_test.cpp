// Makes the inspector screenshots in docs/ (not a check: skipped unless ATTNLAB_SCREENSHOTS
// names the output folder). Run under a real X server so the fonts are the desktop's:
//   Xvfb :94 -screen 0 1600x1000x24 &
//   DISPLAY=:94 QT_QPA_PLATFORM=xcb ATTNLAB_SCREENSHOTS=docs build/tests/attnlab_ui_tests
//       --gtest_filter='Screenshots.*'   (one command line)
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/inspector/inspectordock.h"
#include "ui/mainwindow/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QTest>

#include <gtest/gtest.h>

using namespace attnlab;

TEST(Screenshots, InspectorOnAScoreAndAContextRowInBothLanguages)
{
    const QString dir = qEnvironmentVariable("ATTNLAB_SCREENSHOTS");
    if (dir.isEmpty())
        GTEST_SKIP() << "set ATTNLAB_SCREENSHOTS to a folder to make the screenshots";
    QDir().mkpath(dir);
    ui::Document document;
    document.load(*ui::loadExample(QStringLiteral("cat-eats-fish-handcalc")).scene);
    ui::MainWindow window(&document);
    auto *inspector = new ui::InspectorDock(&document, &window);
    auto *explanation = new ui::ExplanationPanel(&document, &window);
    window.addDockWidget(Qt::RightDockWidgetArea, inspector);
    window.addDockWidget(Qt::RightDockWidgetArea, explanation);
    window.tabifyDockWidget(inspector, explanation);
    inspector->setMinimumWidth(480);
    inspector->raise();
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    // Reveal every stage card, as a class would have by the time it reaches the context.
    for (QAction *action : window.findChildren<QAction *>())
        if (action->text() == QStringLiteral("Show &All"))
            action->trigger();

    struct Shot {
        const char *name;
        ui::Selection selection;
    };
    const Shot shots[] = {{"score", {core::StageScores, 1, 0}}, {"context", {core::StageContext, 1, -1}}};
    for (const char *lang : {"en", "zh_CN"}) {
        ui::Language::instance()->apply(QString::fromLatin1(lang));
        for (const Shot &shot : shots) {
            document.setSelection(shot.selection);
            document.flush();
            EXPECT_TRUE(QTest::qWaitFor([&] { return window.inspector()->isVisible(); }));
            QCoreApplication::processEvents();
            const QString file = QDir(dir).filePath(
                QStringLiteral("inspector-%1-%2.png")
                    .arg(QLatin1String(shot.name),
                        QLatin1String(lang) == QLatin1String("en") ? QStringLiteral("en") : QStringLiteral("zh")));
            EXPECT_TRUE(window.grab().save(file)) << file.toStdString();
        }
        explanation->raise();
        document.setSelection({core::StageScaled, 1, 0});
        document.flush();
        QCoreApplication::processEvents();
        const QString file = QDir(dir).filePath(
            QStringLiteral("explanation-scaled-%1.png").arg(QLatin1String(lang) == QLatin1String("en") ? "en" : "zh"));
        EXPECT_TRUE(window.grab().save(file)) << file.toStdString();
        inspector->raise();
    }
    ui::Language::instance()->apply(QStringLiteral("en"));
}
