#pragma once
// What the model room's tests share: tiny GPT-2 and BERT folders written by the fixtures, a room
// on its own (ModelActions in a bare window) and waiting for a finished run.

#include "core/model/forward.h"
#include "core/model/modelloader.h"
#include "modelfixtures.h"
#include "tokenizerfixtures.h"
#include "ui/document/document.h"
#include "ui/model/modelactions.h"
#include "ui/model/modelroom.h"
#include "ui/model/modelsession.h"

#include <QMainWindow>
#include <QTest>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

namespace attnlab::test {

struct TinyFolder {
    std::string dir;
    // `vocab`: the model's vocabulary (0 = the tokenizer's, as in a real checkpoint).
    explicit TinyFolder(bool bert, bool mlmHead = true, int positions = 16, int vocab = 0)
    {
        dir = makeTempDir(bert ? "modelroom-bert" : "modelroom-gpt2");
        TinyModelOptions options;
        options.layers = 3;
        options.heads = 2;
        options.positions = positions;
        options.mlmHead = mlmHead;
        if (bert) {
            options.vocab = vocab > 0 ? vocab : kBertFixtureVocabSize;
            options.addFiles = [](const std::string &d) { writeBertTokenizer(d); };
            writeTinyBert(dir, options);
        } else {
            options.vocab = vocab > 0 ? vocab : kGpt2FixtureVocabSize;
            options.addFiles = [](const std::string &d) { writeGpt2Tokenizer(d); };
            writeTinyGpt2(dir, options);
        }
    }
    ~TinyFolder() { removeTree(dir); }
    QString path() const { return QString::fromStdString(dir); }
};

// An independent runner on the same folder, driven directly.
inline std::unique_ptr<core::model::ForwardRunner> directRunner(const std::string &dir)
{
    core::model::LoadModelResult loaded = core::model::loadModel(dir);
    EXPECT_TRUE(loaded.ok()) << loaded.error;
    return std::make_unique<core::model::ForwardRunner>(
        std::make_shared<const core::model::ModelWeights>(std::move(*loaded.weights)));
}

inline bool waitComputed(ui::ModelSession *session)
{
    return QTest::qWaitFor([session] { return !session->isBusy() && session->isComputed(); }, 10000);
}

struct Room {
    ui::Document document;
    QMainWindow window;
    ui::ModelActions *actions = new ui::ModelActions(&document, &window);
    ui::ModelSession *session = actions->session();
    ui::ModelRoom *room = actions->room();
    Room() { actions->setQuiet(true); }
    void openModel(const QString &dir, const QString &text = QString()) { actions->open(dir, text); }
    // The room as the window's whole content, shown at `size`; false when it was never exposed.
    bool show(const QSize &size)
    {
        window.setCentralWidget(room);
        window.resize(size);
        window.show();
        return QTest::qWaitForWindowExposed(&window);
    }
};

// Holds the session's worker at its progress steps until release(), or until it goes out of
// scope (declare it after the Room, so that it lets go before the room waits for its worker).
// The flag is shared with the hook, so it outlives this guard.
class HeldWorker {
public:
    explicit HeldWorker(ui::ModelSession *session)
    {
        session->setProgressHookForTesting([flag = m_released] {
            while (!*flag)
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
        });
    }
    ~HeldWorker() { release(); }
    HeldWorker(const HeldWorker &) = delete;
    HeldWorker &operator=(const HeldWorker &) = delete;
    void release() { *m_released = true; }

private:
    std::shared_ptr<std::atomic<bool>> m_released = std::make_shared<std::atomic<bool>>(false);
};

// A tiny Qwen2 in `dir` with a ChatML chat template, as Qwen2.5's begins (without its system and
// tools branches), and `positions` positions: the classroom's chat turn and the Chat tab use it.
inline void writeTinyChatQwen(const std::string &dir, int positions)
{
    TinyModelOptions options;
    options.layers = 2;
    options.heads = 4;
    options.kvHeads = 2;
    options.dModel = 16;
    options.dInner = 24;
    options.positions = positions;
    options.vocab = kGpt2FixtureVocabSize;
    options.addFiles = [](const std::string &d) {
        writeGpt2Tokenizer(d);
        writeTextFile(d + "/tokenizer_config.json",
            "{\"chat_template\": \"{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\\\n' + "
            "message['content'] + '<|im_end|>' + '\\\\n' }}{% endfor %}{% if add_generation_prompt %}{{ "
            "'<|im_start|>assistant\\\\n' }}{% endif %}\", \"eos_token\": \"<|im_end|>\"}");
    };
    writeTinyQwen2(dir, options);
}

} // namespace attnlab::test
