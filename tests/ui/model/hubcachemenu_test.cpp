// File → Open a Model on This Machine: the menu lists what the local hub cache, the Ollama store
// and LM Studio's folders hold, each with its family, quantization and size, and opens the one
// picked (a GGUF blob of the Ollama store in the model room); empty stores say where they looked.
#include "ggufwriter.h"
#include "modelroomfixture.h"
#include "tokenizerfixtures.h"
#include "ui/model/modelactions.h"
#include "ui/model/modelsession.h"

#include <QAction>
#include <QMenu>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace {

using namespace attnlab;
using attnlab::ui::ModelSession;
namespace fs = std::filesystem;

// HF_HUB_CACHE points at `dir`, OLLAMA_MODELS at `ollama` (default: an empty folder inside
// `dir`) for the test's lifetime.
struct CacheVariable {
    explicit CacheVariable(const std::string &dir, const std::string &ollama = {})
    {
        qputenv("HF_HUB_CACHE", QByteArray::fromStdString(dir));
        qputenv("OLLAMA_MODELS", QByteArray::fromStdString(ollama.empty() ? dir + "/no-ollama" : ollama));
    }
    ~CacheVariable()
    {
        qunsetenv("HF_HUB_CACHE");
        qunsetenv("OLLAMA_MODELS");
    }
};

// The entry whose model id is `id`, or null.
QAction *entry(QMenu *menu, const QString &id)
{
    for (QAction *a : menu->actions())
        if (a->data().toString() == id)
            return a;
    return nullptr;
}

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
    const QStringList texts = entries(menu);
    ASSERT_TRUE(texts.contains(QStringLiteral("Hugging Face cache"))) << texts.join(QLatin1Char('|')).toStdString();
    QAction *tiny = entry(menu, QStringLiteral("org/tiny-gpt2"));
    ASSERT_NE(tiny, nullptr) << texts.join(QLatin1Char('|')).toStdString();
    // The id, then the family and the weights' dtype from the files.
    EXPECT_TRUE(tiny->text().startsWith(QStringLiteral("org/tiny-gpt2  (gpt2, F32, "))) << tiny->text().toStdString();
    tiny->trigger();
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
    if (texts.size() != 1)
        GTEST_SKIP() << "this machine's LM Studio folder holds models"; // the only store not redirected
    EXPECT_TRUE(texts.first().contains(QString::fromStdString(cache))) << texts.first().toStdString();
    EXPECT_TRUE(texts.first().contains(QString::fromStdString(cache + "/no-ollama"))) << texts.first().toStdString();
    EXPECT_FALSE(menu->actions().first()->isEnabled());
    EXPECT_FALSE(menu->actions().first()->toolTip().isEmpty());
    test::removeTree(cache);
}

TEST(HubCacheMenu, AnOllamaModelIsListedAndOpensInTheModelRoom)
{
    const std::string cache = test::makeTempDir("hubmenu-ollama");
    const std::string store = cache + "/ollama";
    const CacheVariable variable(cache + "/hub", store);
    test::TinyModelOptions o = test::smallGgufSizes(test::kGpt2FixtureVocabSize);
    o.addFiles = [](const std::string &dir) { test::writeGpt2Tokenizer(dir); };
    const std::string pair = cache + "/pair";
    fs::create_directories(pair);
    const std::string gguf = test::writeTinyGgufPair(pair, "qwen2", o, {8}, test::addGpt2FixtureTokenizer);
    const std::string hex(64, '7');
    fs::create_directories(store + "/blobs");
    fs::copy_file(gguf, store + "/blobs/sha256-" + hex);
    fs::create_directories(store + "/manifests/registry.ollama.ai/library/tiny");
    std::ofstream(store + "/manifests/registry.ollama.ai/library/tiny/q8")
        << R"({"layers":[{"mediaType":"application/vnd.ollama.image.model","digest":"sha256:)" << hex << R"("}]})";

    test::Room room;
    QMenu *menu = room.actions->cacheMenu();
    const QStringList texts = entries(menu);
    EXPECT_TRUE(texts.contains(QStringLiteral("Ollama"))) << texts.join(QLatin1Char('|')).toStdString();
    QAction *tiny = entry(menu, QStringLiteral("tiny:q8"));
    ASSERT_NE(tiny, nullptr) << texts.join(QLatin1Char('|')).toStdString();
    EXPECT_TRUE(tiny->text().startsWith(QStringLiteral("tiny:q8  (qwen2, Q8_0, "))) << tiny->text().toStdString();
    QString failure;
    QObject::connect(room.session, &ModelSession::loadFailed, [&](const QString &message) { failure = message; });
    tiny->trigger();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !room.session->isBusy() && room.session->hasModel(); }, 10000))
        << failure.toStdString();
    EXPECT_EQ(room.session->filePath(), QString::fromStdString(store + "/blobs/sha256-" + hex));
    EXPECT_EQ(room.session->config()->layers, 2);
    test::removeTree(cache);
}

} // namespace
