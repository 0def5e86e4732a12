// Issue 32 in the model room: the KV cache's eviction policy switched in the KV-cache panel (every
// pass runs under it: evicted keys weigh 0, the head's scene masks them, the prediction panel
// compares with the prediction before), and the speculative decoding dialog (both runs on a worker,
// the same tokens, the rounds shown).
#include "core/model/headscene.h"
#include "generateroom.h"
#include "ui/generate/cachepolicybar.h"
#include "ui/generate/generatepanel.h"
#include "ui/generate/generator.h"
#include "ui/generate/kvcachepanel.h"
#include "ui/generate/speculativedialog.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::GenerateRoom;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;

namespace {

const QString kText = QStringLiteral("the cat eats fish and the dog eats");

} // namespace

TEST(CachePolicy, AWindowWithSinksZeroesTheEvictedKeysInEveryPass)
{
    TinyFolder folder(false, true, 64);
    GenerateRoom room;
    room.openModel(folder.path(), kText);
    ASSERT_TRUE(waitComputed(room.session));
    const int n = room.session->runner()->tokenCount();
    ASSERT_GE(n, 8);
    CachePolicyBar *bar = room.panel->cachePanel()->policy();
    EXPECT_EQ(bar->policy(), CachePolicyBar::WholeCache);
    EXPECT_FALSE(bar->windowBox()->isEnabled());
    EXPECT_EQ(bar->summaryText(), QStringLiteral("The newest token sees all %1 keys.").arg(n));
    const core::RowVector before = room.session->runner()->probabilities();

    bar->setPolicy(CachePolicyBar::WindowAndSinks, 3, 1);
    EXPECT_EQ(room.session->cacheWindow(), 3);
    EXPECT_EQ(room.session->cacheSinks(), 1);
    ASSERT_TRUE(waitComputed(room.session));
    const core::model::ForwardRunner *runner = room.session->runner();
    for (int layer = 0; layer < runner->layers(); ++layer)
        for (int head = 0; head < runner->heads(); ++head) {
            const core::Matrix w = runner->attentionWeights(layer, head);
            for (int j = 0; j < n; ++j) {
                const bool visible = j < 1 || j > n - 1 - 3;
                if (!visible) {
                    EXPECT_EQ(w(n - 1, j), 0.0) << layer << "." << head << " key " << j;
                } else {
                    EXPECT_GT(w(n - 1, j), 0.0);
                }
            }
        }
    // The head's scene (what the heatmap and the board show) masks the evicted keys.
    const core::Scene scene = core::model::headScene(*runner, 1, 0, std::vector<std::string>(size_t(n), "t"));
    ASSERT_EQ(scene.mask, core::MaskKind::Custom);
    EXPECT_EQ(scene.customMask(n - 1, 0), 1);
    EXPECT_EQ(scene.customMask(n - 1, 1), 0);
    EXPECT_EQ(scene.customMask(n - 1, n - 3), 1);
    // The prediction changed, and the panel has the one before to compare with.
    EXPECT_GT((runner->probabilities() - before).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_LT((room.session->probabilitiesBeforeEdit() - before).cwiseAbs().maxCoeff(), 1e-7);
    EXPECT_EQ(bar->summaryText(),
        QStringLiteral("The newest token sees 4 of %1 keys; an engine keeps at most 4 rows per layer.").arg(n));
    EXPECT_TRUE(room.panel->cachePanel()->formulaText().contains(QStringLiteral("at most 4 tokens")));

    // Generation goes on under the policy: the new token's row has the same gap.
    ASSERT_TRUE(room.panel->generator()->step());
    ASSERT_TRUE(waitComputed(room.session));
    runner = room.session->runner();
    ASSERT_EQ(runner->tokenCount(), n + 1);
    EXPECT_EQ(runner->attentionWeights(0, 0)(n, 1), 0.0);
    EXPECT_GT(runner->attentionWeights(0, 0)(n, 0), 0.0);

    // Back to the whole cache: every key is seen again.
    bar->policyBox()->setCurrentIndex(CachePolicyBar::WholeCache);
    EXPECT_EQ(room.session->cacheWindow(), 0);
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_GT(room.session->runner()->attentionWeights(0, 0)(n, 1), 0.0);
}

TEST(CachePolicy, ANewModelStartsWithTheWholeCache)
{
    TinyFolder folder(false, true, 64);
    GenerateRoom room;
    room.openModel(folder.path(), kText);
    ASSERT_TRUE(waitComputed(room.session));
    room.panel->cachePanel()->policy()->setPolicy(CachePolicyBar::Window, 2);
    ASSERT_TRUE(waitComputed(room.session));
    room.openModel(folder.path(), kText);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !room.session->isLoading(); }, 10000));
    ASSERT_TRUE(waitComputed(room.session));
    EXPECT_EQ(room.session->cacheWindow(), 0);
    EXPECT_EQ(room.panel->cachePanel()->policy()->policy(), CachePolicyBar::WholeCache);
}

TEST(SpeculativeDialog, TheModelAsItsOwnDraftAcceptsEveryGuessAndWritesTheSameTokens)
{
    TinyFolder folder(false);
    GenerateRoom room;
    room.openModel(folder.path(), QStringLiteral("the cat"));
    ASSERT_TRUE(waitComputed(room.session));
    SpeculativeDialog *dialog = room.panel->speculativeDialog();
    dialog->draftEdit()->setText(folder.path());
    dialog->draftTokensBox()->setValue(3);
    dialog->newTokensBox()->setValue(8);
    ASSERT_TRUE(dialog->start());
    EXPECT_FALSE(dialog->runButton()->isEnabled());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !dialog->isRunning(); }, 20000));
    const SpeculativeDialog::Result &r = dialog->result();
    EXPECT_TRUE(r.problem.isEmpty()) << r.problem.toStdString();
    EXPECT_FALSE(r.plain.empty());
    EXPECT_EQ(r.speculative, r.plain);
    EXPECT_EQ(r.counts.accepted, r.counts.proposed);
    EXPECT_LT(r.counts.targetPasses, int(r.plain.size()) + 1);
    const QString html = dialog->resultHtml();
    EXPECT_TRUE(html.contains(QStringLiteral("Both runs wrote the same tokens"))) << html.toStdString();
    EXPECT_TRUE(html.contains(QStringLiteral("bonus")));
    EXPECT_TRUE(dialog->runButton()->isEnabled());
}

TEST(SpeculativeDialog, ADraftThatCannotBeOpenedSaysWhyAndRunsNothing)
{
    TinyFolder folder(false);
    GenerateRoom room;
    room.openModel(folder.path(), QStringLiteral("the cat"));
    ASSERT_TRUE(waitComputed(room.session));
    SpeculativeDialog *dialog = room.panel->speculativeDialog();
    EXPECT_FALSE(dialog->start()); // no draft chosen
    EXPECT_TRUE(dialog->resultHtml().contains(QStringLiteral("Choose a draft model")));
    dialog->draftEdit()->setText(QStringLiteral("/nonexistent/draft-model"));
    ASSERT_TRUE(dialog->start());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !dialog->isRunning(); }, 20000));
    EXPECT_FALSE(dialog->result().problem.isEmpty());
    EXPECT_TRUE(dialog->result().plain.empty());
}
