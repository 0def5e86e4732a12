// Makes every image that README.md, docs/ and the AppStream metainfo show, from the current
// build, in English and Chinese. scripts/screenshots runs it with ATTNLAB_SCREENSHOTS=docs; in
// the test suite it writes to a temporary folder and checks that it made exactly the images the
// documents refer to, at the sizes the metainfo declares.
#include "docimages.h"
#include "engineshots.h"
#include "modelshots.h"
#include "roomshots.h"
#include "ui/board/pipelineboard.h"
#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/experiments/experimentswindow.h"
#include "ui/export/exporter.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/inspector/headgrid.h"
#include "ui/inspector/inspectordock.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/translate/translateactions.h"
#include "ui/translate/translationrun.h"
#include "ui/translate/translationwindow.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QImageReader>
#include <QListWidget>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <functional>

using namespace attnlab;

namespace {

const QString kRoot = QStringLiteral(ATTNLAB_SOURCE_DIR);

core::Scene example(const char *name)
{
    const core::LoadResult r = ui::loadExample(QString::fromLatin1(name));
    EXPECT_TRUE(r.ok()) << name;
    return r.ok() ? *r.scene : core::Scene();
}

// Lets layouts, queued replots and retranslation settle before a grab.
void settle()
{
    for (int i = 0; i < 5; ++i) {
        QCoreApplication::processEvents();
        QTest::qWait(20);
    }
}

bool save(QWidget *widget, const QString &file)
{
    settle();
    return widget->grab().save(file, "PNG");
}

struct Window {
    ui::Document document;
    ui::MainWindow window {&document};

    explicit Window(const char *exampleName, const QString &lang)
    {
        ui::Language::instance()->apply(lang);
        document.load(example(exampleName));
        window.resize(1280, 720);
        window.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&window));
    }
    // Selects a cell or row, makes its stage the current one and scrolls its card into view.
    void select(const ui::Selection &selection)
    {
        document.setSelection(selection);
        document.flush();
        window.steps()->setCurrentStage(selection.stage);
        settle();
        ui::StageCard *card = window.board()->card(selection.stage);
        ASSERT_NE(card, nullptr);
        for (QWidget *w = card->parentWidget(); w; w = w->parentWidget())
            if (auto *area = qobject_cast<QScrollArea *>(w)) {
                area->ensureWidgetVisible(card);
                break;
            }
    }
    // Widens the inspector so its tables show whole.
    void widenInspector()
    {
        window.inspector()->raise();
        window.resizeDocks({window.inspector()}, {480}, Qt::Horizontal);
    }
};

// The main window on 猫吃鱼 with every stage shown and the weights of 吃 inspected.
bool board(const QString &file, const QString &lang)
{
    Window w("cat-eats-fish", lang);
    w.window.steps()->setShowAll(true);
    w.select({core::StageWeights, 1, -1});
    w.window.inspector()->raise();
    return save(&w.window, file);
}

// Step 1: only X revealed, its explanation beside it.
bool stepOne(const QString &file, const QString &lang)
{
    Window w("cat-eats-fish", lang);
    w.window.steps()->setShowAll(false);
    w.window.steps()->first();
    w.select({core::StageX, -1, -1});
    w.window.explanation()->raise();
    return save(&w.window, file);
}

// The chapters' hand calculation with the inspector on a selection.
bool inspector(const QString &file, const QString &lang, const ui::Selection &selection)
{
    Window w("cat-eats-fish-handcalc", lang);
    w.window.steps()->setShowAll(true);
    w.widenInspector();
    w.select(selection);
    return save(&w.window, file);
}

// Tools → Experiments, "Why √d_k", on the two-head example (its scores fill the histogram).
bool sqrtDk(const QString &file, const QString &lang)
{
    Window w("multi-head", lang);
    w.window.showExperiments();
    ui::ExperimentsWindow *experiments = w.window.experimentsWindow();
    experiments->tabs()->setCurrentIndex(0);
    experiments->resize(1280, 720);
    EXPECT_TRUE(QTest::qWaitForWindowExposed(experiments));
    const bool ok = save(experiments, file);
    experiments->close();
    return ok;
}

// The heads grid on the two-head example: head 2 current, 吃 compared across heads.
bool headGrid(const QString &file, const QString &lang)
{
    ui::Language::instance()->apply(lang);
    ui::Document document;
    document.load(example("multi-head"));
    document.setCurrentHead(1);
    document.setSelection({core::StageWeights, 5, -1});
    document.flush();
    ui::HeadGrid grid(&document);
    grid.resize(1000, 720);
    grid.show();
    EXPECT_TRUE(QTest::qWaitForWindowExposed(&grid));
    return save(&grid, file);
}

// What `attnlab --export board --example cat-eats-fish --scale 1 --out FILE` writes.
bool exportedBoard(const QString &file, const QString &lang)
{
    ui::Language::instance()->apply(lang);
    ui::Document document;
    document.load(example("cat-eats-fish"));
    ui::ExportOptions options;
    options.scale = 1;
    QString error;
    const bool ok = ui::exportStages(document, ui::availableStages(document), 0, options, file, &error);
    EXPECT_TRUE(ok) << error.toStdString();
    return ok;
}

// Tools → Translate… on the built-in demo model, 猫吃鱼 translated greedily: attention `kind`
// (0 cross, 1 the encoder's, 2 the decoder's) with the right-hand tab `tab` (0 alignment, 1 heads).
bool translation(const QString &file, const QString &lang, int kind, int tab)
{
    ui::Language::instance()->apply(lang);
    ui::TranslationWindow view;
    view.resize(1280, 720);
    view.show();
    EXPECT_TRUE(QTest::qWaitForWindowExposed(&view));
    QSignalSpy opened(&view, &ui::TranslationWindow::modelOpened);
    if (!view.openModel(ui::TranslateActions::demoModelFolder()) || !opened.wait(30000))
        return false;
    view.beamsBox()->setValue(1);
    view.maxTokensBox()->setValue(6);
    QSignalSpy done(&view, &ui::TranslationWindow::translated);
    if (!view.translate() || !done.wait(30000))
        return false;
    view.kindBox()->setCurrentIndex(kind);
    view.targetList()->setCurrentRow(1);
    if (auto *tabs = view.findChild<QTabWidget *>(QStringLiteral("translationTabs")))
        tabs->setCurrentIndex(tab);
    return save(&view, file);
}

struct Shot {
    QString name;
    std::function<bool(const QString &file)> make;
};

const QString en = QStringLiteral("en"), zh = QStringLiteral("zh_CN");

std::vector<Shot> shots()
{
    return {
        {QStringLiteral("screenshot-board.png"), [](const QString &f) { return board(f, en); }},
        {QStringLiteral("screenshot-zh.png"), [](const QString &f) { return board(f, zh); }},
        {QStringLiteral("screenshot-step1.png"), [](const QString &f) { return stepOne(f, en); }},
        {QStringLiteral("inspector-score-en.png"),
            [](const QString &f) {
                return inspector(f, en, {core::StageScores, 1, 0});
            }},
        {QStringLiteral("inspector-context-zh.png"),
            [](const QString &f) {
                return inspector(f, zh, {core::StageContext, 1, -1});
            }},
        {QStringLiteral("experiments-sqrtdk.png"), [](const QString &f) { return sqrtDk(f, en); }},
        {QStringLiteral("headgrid.png"), [](const QString &f) { return headGrid(f, en); }},
        {QStringLiteral("export-board.png"), [](const QString &f) { return exportedBoard(f, en); }},
        {QStringLiteral("translation-cross-en.png"), [](const QString &f) { return translation(f, en, 0, 0); }},
        {QStringLiteral("translation-heads-zh.png"), [](const QString &f) { return translation(f, zh, 2, 1); }},
        {QStringLiteral("engine-flash.png"), test::flashShot},
        {QStringLiteral("engine-kvcache.png"), test::pagedCacheShot},
        {QStringLiteral("engine-eviction.png"), test::evictionShot},
        {QStringLiteral("engine-speculative.png"), test::speculativeShot},
        {QStringLiteral("engine-roofline.png"), test::rooflineShot},
        {QStringLiteral("board-gemma2.png"), test::gemmaBoardShot},
        {QStringLiteral("quant-q8-error.png"), test::quantErrorShot},
        {QStringLiteral("engine-kvdesigns.png"), test::kvDesignShot},
        {QStringLiteral("block-router-moe.png"), test::moeRouterShot},
        {QStringLiteral("chat-conversation.png"), test::chatShot},
        {QStringLiteral("lesson-kvcache-en.png"),
            [](const QString &f) { return test::lessonShot(f, QStringLiteral("kvcache"), en); }},
        {QStringLiteral("lesson-norms-zh.png"),
            [](const QString &f) { return test::lessonShot(f, QStringLiteral("norms"), zh); }},
    };
}

} // namespace

TEST(Screenshots, MakesEveryImageTheDocumentsShowAtItsDeclaredSize)
{
    QTemporaryDir scratch;
    const QString target = qEnvironmentVariable("ATTNLAB_SCREENSHOTS");
    const QDir dir(target.isEmpty() ? scratch.path() : target);
    ASSERT_TRUE(QDir().mkpath(dir.path()));
    QStringList made;
    for (const Shot &shot : shots()) {
        EXPECT_TRUE(shot.make(dir.filePath(shot.name))) << shot.name.toStdString();
        made << shot.name;
    }
    ui::Language::instance()->apply(en);
    made.sort();
    EXPECT_EQ(made, test::referencedImages(kRoot)) << "scripts/screenshots must make exactly the images the "
                                                      "README, docs/ and the metainfo show";
    const QMap<QString, QSize> declared = test::declaredImageSizes(kRoot);
    for (auto it = declared.begin(); it != declared.end(); ++it)
        EXPECT_EQ(QImageReader(dir.filePath(it.key())).size(), it.value()) << it.key().toStdString();
}
