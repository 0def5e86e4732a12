#include "roomshots.h"

#include "../block/boardfixture.h"
#include "../generate/generateroom.h"
#include "core/model/modelconfig.h"
#include "engineshots.h"
#include "lessonroom.h"
#include "ui/block/blockboard.h"
#include "ui/block/routerpanel.h"
#include "ui/chat/chatpanel.h"
#include "ui/generate/kvdesigntable.h"
#include "ui/i18n/language.h"
#include "ui/lessons/lessondialog.h"
#include "ui/plot/matrixplot.h"

#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTabWidget>

#include <gtest/gtest.h>

namespace attnlab::test {

namespace {

// Qwen2.5-0.5B's config.json, the keys that size its KV cache and those the reader needs.
const char *const kQwen25HalfB = R"({
  "model_type": "qwen2", "hidden_size": 896, "intermediate_size": 4864, "num_hidden_layers": 24,
  "num_attention_heads": 14, "num_key_value_heads": 2, "max_position_embeddings": 32768,
  "vocab_size": 151936, "rms_norm_eps": 1e-06, "rope_theta": 1000000.0, "tie_word_embeddings": true,
  "hidden_act": "silu", "torch_dtype": "bfloat16"
})";

} // namespace

bool kvDesignShot(const QString &file)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    const core::model::ModelConfig config = core::model::parseModelConfig(kQwen25HalfB);
    ui::KvDesignTable table;
    table.setModel(&config, 2); // BF16
    table.resize(960, table.sizeHint().height());
    table.show();
    if (!QTest::qWaitForWindowExposed(&table))
        return false;
    table.resize(960, table.sizeHint().height());
    return shotSave(&table, file);
}

bool moeRouterShot(const QString &file)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    MoeFolder folder;
    BoardRoom r;
    r.openModel(QString::fromStdString(folder.dir), QStringLiteral("the cat sat on the mat"));
    if (!waitComputed(r.session))
        return false;
    r.board.resize(1280, 720);
    r.board.show();
    if (!QTest::qWaitForWindowExposed(&r.board) || !openBoardLayer(r.board, 0))
        return false;
    // What the README's caption says: layer 1, 6 experts, 2 per token, the last token picked.
    const ui::RouterPanel *router = r.board.router();
    EXPECT_EQ(r.board.layer(), 0);
    EXPECT_EQ(router->logits()->matrix().cols(), 6);
    EXPECT_EQ(r.board.stages().routing.experts.cols(), 2);
    EXPECT_EQ(router->selectedToken(), router->logits()->matrix().rows() - 1);
    return router->isVisible() && shotSave(&r.board, file);
}

bool chatShot(const QString &file)
{
    ui::Language::instance()->apply(QStringLiteral("en"));
    const std::string dir = makeTempDir("shot-chat");
    writeTinyChatQwen(dir, 256);
    bool ok = false;
    {
        GenerateRoom room;
        auto *chat = new ui::ChatPanel(room.session, room.panel->generator());
        room.room->addPanel(chat);
        room.window.setCentralWidget(room.room);
        room.window.resize(1280, 720);
        room.window.show();
        auto *tabs = room.window.findChild<QTabWidget *>(QStringLiteral("ModelRoomPanels"));
        room.openModel(QString::fromStdString(dir));
        ok = tabs && QTest::qWaitForWindowExposed(&room.window)
            && QTest::qWaitFor([&] { return room.session->hasModel() && !room.session->isBusy(); }, 10000);
        if (ok) {
            tabs->setCurrentIndex(tabs->count() - 1);
            chat->systemBox()->setText(QStringLiteral("You are a patient teacher."));
            chat->limitBox()->setValue(8);
            for (const QString &message : {QStringLiteral("What does the cat eat?"), QStringLiteral("猫吃鱼吗？")}) {
                chat->messageBox()->setPlainText(message);
                ok = ok && chat->send()
                    && QTest::qWaitFor([&] { return !chat->isAnswering() && !room.session->isBusy(); }, 20000);
            }
        }
        // What the README's caption says: two questions, each answered.
        EXPECT_EQ(chat->turns().size(), 4u);
        ok = ok && shotSave(&room.window, file);
    }
    removeTree(dir);
    return ok;
}

bool lessonShot(const QString &file, const QString &page, const QString &language)
{
    LessonRoom room;
    ui::Language::instance()->apply(language);
    QWidget owner;
    ui::LessonDialog *dialog = ui::openLesson(page, room.session, &owner);
    dialog->resize(820, 720);
    dialog->show();
    const bool ok = QTest::qWaitForWindowExposed(dialog) && shotSave(dialog, file);
    dialog->close();
    return ok;
}

} // namespace attnlab::test
