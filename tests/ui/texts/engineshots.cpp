#include "engineshots.h"

#include "../generate/generateroom.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/experiments/experimentswindow.h"
#include "ui/experiments/flashexperiment.h"
#include "ui/generate/cachepolicybar.h"
#include "ui/generate/kvcachepanel.h"
#include "ui/generate/machinespeed.h"
#include "ui/generate/pagedcacheview.h"
#include "ui/generate/rooflineview.h"
#include "ui/generate/speculativedialog.h"
#include "ui/i18n/language.h"

#include <QLineEdit>
#include <QSpinBox>
#include <QTabWidget>

namespace attnlab::test {

void shotSettle()
{
    for (int i = 0; i < 5; ++i) {
        QCoreApplication::processEvents();
        QTest::qWait(20);
    }
}

bool shotSave(QWidget *widget, const QString &file)
{
    shotSettle();
    return widget->grab().save(file, "PNG");
}

namespace {

// The tiny GPT-2 (3 layers, 2 heads, 32 positions) in the model room, shown, with 12 tokens
// generated after "the cat sat".
struct ShotRoom {
    TinyFolder folder {false, true, 32};
    GenerateRoom room;

    ShotRoom()
    {
        ui::Language::instance()->apply(QStringLiteral("en"));
        room.window.setCentralWidget(room.room);
        room.window.resize(1280, 900);
        room.window.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&room.window));
        room.openModel(folder.path(), QStringLiteral("the cat sat"));
        EXPECT_TRUE(waitComputed(room.session));
    }
    bool generate() { return room.generate(12); }
    ui::GeneratePanel *panel() const { return room.panel; }
};

} // namespace

bool flashShot(const QString &file)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    const core::LoadResult loaded = ui::loadExample(QStringLiteral("cat-eats-fish"));
    if (!loaded.ok())
        return false;
    ui::Document document;
    document.load(*loaded.scene);
    ui::ExperimentsWindow window(&document);
    window.tabs()->setCurrentWidget(window.flash());
    // The worksheet question's tiles: 猫's row, its second tile (鱼, a larger score) just read.
    window.flash()->setTileSize(1, 2);
    window.flash()->setStep(1);
    window.resize(1280, 680);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    return shotSave(&window, file);
}

bool pagedCacheShot(const QString &file)
{
    ShotRoom shot;
    if (!shot.generate())
        return false;
    ui::PagedCacheView *paged = shot.panel()->pagedView();
    shot.panel()->cacheTabs()->setCurrentWidget(paged);
    // Blocks of 3: the 4 prompt tokens leave a shared, partly filled block to copy on write.
    paged->blockSizeBox()->setValue(3);
    paged->continuationsBox()->setValue(3);
    return shotSave(shot.panel(), file);
}

bool evictionShot(const QString &file)
{
    ShotRoom shot;
    // A window of 6 with 2 sinks: every head, the heatmaps and the prediction run under it.
    shot.panel()->cachePanel()->policy()->setPolicy(ui::CachePolicyBar::WindowAndSinks, 6, 2);
    if (!waitComputed(shot.room.session) || !shot.generate())
        return false;
    shot.panel()->cacheTabs()->setCurrentWidget(shot.panel()->cachePanel());
    shot.room.window.resize(1280, 800);
    return shotSave(&shot.room.window, file);
}

bool speculativeShot(const QString &file)
{
    ShotRoom shot;
    // A one-layer draft from the same seed: it guesses some of the target's tokens.
    TinyFolder draft(false, true, 32);
    TinyModelOptions options;
    options.layers = 1;
    options.heads = 2;
    options.positions = 32;
    options.vocab = kGpt2FixtureVocabSize;
    options.addFiles = [](const std::string &d) { writeGpt2Tokenizer(d); };
    writeTinyGpt2(draft.dir, options);
    ui::SpeculativeDialog *dialog = shot.panel()->speculativeDialog();
    dialog->draftEdit()->setText(draft.path());
    dialog->draftTokensBox()->setValue(4);
    dialog->newTokensBox()->setValue(12);
    dialog->resize(900, 640);
    dialog->show();
    if (!QTest::qWaitForWindowExposed(dialog) || !dialog->start())
        return false;
    if (!QTest::qWaitFor([&] { return !dialog->isRunning(); }, 20000))
        return false;
    const bool ok = shotSave(dialog, file);
    dialog->close();
    return ok;
}

bool rooflineShot(const QString &file)
{
    ShotRoom shot;
    // This machine's own speeds, measured once per process.
    ui::MachineSpeed *speed = ui::MachineSpeed::instance();
    speed->measure();
    if (!QTest::qWaitFor([&] { return speed->isMeasured(); }, 30000) || !shot.generate())
        return false;
    shot.panel()->cacheTabs()->setCurrentWidget(shot.panel()->rooflineView());
    return shotSave(shot.panel(), file);
}

} // namespace attnlab::test
