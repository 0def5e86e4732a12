// File → Open from Hugging Face Cache: the menu lists what the local hub cache holds and opens
// the snapshot of the id picked; an empty cache says where it looked.
#include "modelroomfixture.h"
#include "ui/model/modelactions.h"
#include "ui/model/modelsession.h"

#include <QAction>
#include <QMenu>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace {

using namespace attnlab;
namespace fs = std::filesystem;

// HF_HUB_CACHE points at `dir` for the test's lifetime.
struct CacheVariable {
    explicit CacheVariable(const std::string &dir) { qputenv("HF_HUB_CACHE", QByteArray::fromStdString(dir)); }
    ~CacheVariable() { qunsetenv("HF_HUB_CACHE"); }
};

QStringList entries(QMenu *menu)
{
    Q_EMIT menu->aboutToShow();
    QStringList texts;
    for (const QAction *a : menu->actions())
        texts << a->text();
    return texts;
}

TEST(HubCacheMenu, ListsTheCachedModelsAndOpensThePickedOne)
{
    const std::string cache = test::makeTempDir("hubmenu");
    const CacheVariable variable(cache);
    const fs::path repo = fs::path(cache) / "models--org--tiny-gpt2";
    fs::create_directories(repo / "refs");
    fs::create_directories(repo / "snapshots");
    std::ofstream(repo / "refs" / "main") << "c0ffee";
    test::TinyFolder folder(false);
    fs::rename(folder.dir, repo / "snapshots" / "c0ffee");

    test::Room room;
    QMenu *menu = room.actions->cacheMenu();
    EXPECT_FALSE(menu->toolTip().isEmpty());
    ASSERT_EQ(entries(menu), QStringList {QStringLiteral("org/tiny-gpt2")});
    menu->actions().first()->trigger();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !room.session->isBusy() && room.session->hasModel(); }, 10000));
    EXPECT_EQ(room.session->filePath(), QString::fromStdString((repo / "snapshots" / "c0ffee").string()));
    test::removeTree(cache);
}

TEST(HubCacheMenu, AnEmptyCacheSaysWhereItLooked)
{
    const std::string cache = test::makeTempDir("hubmenu-empty");
    const CacheVariable variable(cache);
    test::Room room;
    QMenu *menu = room.actions->cacheMenu();
    const QStringList texts = entries(menu);
    ASSERT_EQ(texts.size(), 1);
    EXPECT_TRUE(texts.first().contains(QString::fromStdString(cache))) << texts.first().toStdString();
    EXPECT_FALSE(menu->actions().first()->isEnabled());
    EXPECT_FALSE(menu->actions().first()->toolTip().isEmpty());
    test::removeTree(cache);
}

} // namespace
