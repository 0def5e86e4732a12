// The model room's Attribution tab: the chart's bars add up to the model's logit and the sum is
// shown beside it, a click on a head's bar selects that head and a double click opens it on the
// board, another token can be picked, and BERT gets whole layers with a note saying why.
#include "../block/boardfixture.h"
#include "../model/modelroomfixture.h"
#include "core/model/lens/attribution.h"
#include "core/model/topk.h"
#include "gemmafixture.h"
#include "tokenizerfixtures.h"
#include "ui/lens/attributionchart.h"
#include "ui/lens/attributionpanel.h"

#include <QComboBox>
#include <QSignalSpy>

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::directRunner;
using attnlab::test::Room;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;
namespace model = attnlab::core::model;

namespace {

struct AttributionRoom : Room {
    AttributionPanel *panel = new AttributionPanel(session);
    AttributionRoom()
    {
        room->addPanel(panel);
        window.setCentralWidget(room);
        window.resize(1280, 720);
        window.show();
    }
    bool waitAttribution()
    {
        return QTest::qWaitFor([&] { return panel->hasAttribution() && !session->isBusy(); }, 10000);
    }
};

std::vector<int> ids(const ModelSession &session)
{
    std::vector<int> out;
    for (const auto &t : session.tokens())
        out.push_back(t.id);
    return out;
}

double sum(const std::vector<double> &values)
{
    double s = 0;
    for (double v : values)
        s += v;
    return s;
}

} // namespace

TEST(AttributionPanel, TheBarsSumToTheLogitShownBesideIt)
{
    TinyFolder folder(false);
    AttributionRoom r;
    r.openModel(folder.path(), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(r.session));
    ASSERT_TRUE(r.waitAttribution());
    const model::Attribution &a = r.panel->attribution();
    const model::ForwardRunner *runner = r.session->runner();
    EXPECT_EQ(a.token, model::topK(runner->probabilities(), 1)[0].id);
    EXPECT_TRUE(a.perHead);
    // Embeddings, 3 layers × (2 heads + MLP), biases: more than the chart shows one by one.
    ASSERT_EQ(a.parts.size(), size_t(1 + 3 * 3 + 1));
    const std::vector<double> bars = r.panel->chart()->barValues();
    EXPECT_NEAR(sum(bars), a.logit, 1e-4 * std::max(1.0, std::abs(a.logit)));
    EXPECT_NEAR(a.logit, double(runner->logits()(a.token)), 1e-9);
    // Sorted by size.
    for (size_t i = 1; i < bars.size(); ++i)
        if (r.panel->chart()->shownParts()[i] >= 0) {
            EXPECT_GE(std::abs(bars[i - 1]), std::abs(bars[i]));
        }
    const QString text = r.panel->sumText();
    EXPECT_TRUE(text.contains(QString::number(sum(bars), 'f', 4))) << text.toStdString();
    EXPECT_TRUE(text.contains(QString::number(a.logit, 'f', 4))) << text.toStdString();
    EXPECT_TRUE(r.panel->noteText().contains(QStringLiteral("frozen"))) << r.panel->noteText().toStdString();

    // An independent runner's logit of that token.
    auto direct = directRunner(folder.dir);
    ASSERT_TRUE(direct->run(ids(*r.session)));
    EXPECT_NEAR(a.logit, double(direct->logits()(a.token)), 1e-5);
}

TEST(AttributionPanel, ClickingAHeadsBarSelectsItAndADoubleClickOpensIt)
{
    TinyFolder folder(false);
    AttributionRoom r;
    QObject::connect(r.panel, &AttributionPanel::openHeadRequested, r.room, &ModelRoom::openOnBoard);
    r.openModel(folder.path(), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(r.session));
    ASSERT_TRUE(r.waitAttribution());
    AttributionChart *chart = r.panel->chart();
    chart->replot();
    const auto &parts = r.panel->attribution().parts;
    // The last head bar from the top, so that it is not where the selection starts (1.1).
    int bar = -1;
    for (int i = 0; i < int(chart->shownParts().size()); ++i) {
        const int part = chart->shownParts()[size_t(i)];
        if (part >= 0 && parts[size_t(part)].kind == model::AttributionPart::Kind::Head
            && !(parts[size_t(part)].layer == 0 && parts[size_t(part)].head == 0))
            bar = i;
    }
    ASSERT_GE(bar, 0);
    const model::AttributionPart &p = parts[size_t(chart->shownParts()[size_t(bar)])];
    QTest::mouseClick(chart, Qt::LeftButton, {}, chart->barCenter(bar));
    EXPECT_EQ(r.session->selectedLayer(), p.layer);
    EXPECT_EQ(r.session->selectedHead(), p.head);

    QSignalSpy opened(r.room, &ModelRoom::openedOnBoard);
    QTest::mouseDClick(chart, Qt::LeftButton, {}, chart->barCenter(bar));
    EXPECT_EQ(opened.count(), 1);
    EXPECT_EQ(r.room->boardLayer(), p.layer);
    EXPECT_EQ(r.room->boardHead(), p.head);
}

TEST(AttributionPanel, AnotherTokenCanBePicked)
{
    TinyFolder folder(false);
    AttributionRoom r;
    r.openModel(folder.path(), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(r.session));
    ASSERT_TRUE(r.waitAttribution());
    QComboBox *box = r.panel->tokenBox();
    ASSERT_GE(box->count(), 3);
    const int second = box->itemData(2).toInt();
    r.panel->setToken(second);
    ASSERT_TRUE(QTest::qWaitFor([&] { return r.panel->attribution().token == second && !r.session->isBusy(); }, 10000));
    EXPECT_NEAR(r.panel->attribution().logit, double(r.session->runner()->logits()(second)), 1e-9);
    EXPECT_NEAR(sum(r.panel->chart()->barValues()), r.panel->attribution().logit, 1e-4);
}

TEST(AttributionPanel, BertIsAttributedPerLayerAndSaysWhy)
{
    TinyFolder folder(true);
    AttributionRoom r;
    r.openModel(folder.path(), QStringLiteral("the cat [MASK] on the mat"));
    ASSERT_TRUE(waitComputed(r.session));
    ASSERT_TRUE(r.waitAttribution());
    const model::Attribution &a = r.panel->attribution();
    EXPECT_FALSE(a.perHead);
    ASSERT_EQ(a.parts.size(), size_t(1 + 3));
    for (size_t i = 1; i < a.parts.size(); ++i)
        EXPECT_EQ(a.parts[i].kind, model::AttributionPart::Kind::Layer);
    EXPECT_TRUE(r.panel->noteText().contains(QStringLiteral("post-norm"))) << r.panel->noteText().toStdString();
    EXPECT_NEAR(sum(r.panel->chart()->barValues()), a.logit, 1e-4 * std::max(1.0, std::abs(a.logit)));
}

// Gemma is pre-norm: its per-layer attribution is explained by its sandwich norms, not as BERT's.
TEST(AttributionPanel, GemmaIsAttributedPerLayerBecauseOfItsSandwichNorms)
{
    test::WrittenFolder folder("attribution-gemma", [](const std::string &dir) {
        test::TinyGemmaOptions o;
        o.vocab = test::kGpt2FixtureVocabSize;
        o.addFiles = [](const std::string &d) { test::writeGpt2Tokenizer(d); };
        test::writeTinyGemma(dir, o);
    });
    AttributionRoom r;
    r.openModel(QString::fromStdString(folder.dir), QStringLiteral("the cat sat on the"));
    ASSERT_TRUE(waitComputed(r.session));
    ASSERT_TRUE(r.waitAttribution());
    EXPECT_FALSE(r.panel->attribution().perHead);
    const QString note = r.panel->noteText();
    EXPECT_FALSE(note.contains(QStringLiteral("BERT"))) << note.toStdString();
    EXPECT_TRUE(note.contains(QStringLiteral("post_attention_layernorm"))) << note.toStdString();
}

// In a short chart (the room's bottom panels at 1280 × 720) the parts' names down the side ran
// into one another: the chart shows as many bars as have a line each, and the smaller parts'
// bar sums the rest, so the bars still add up to the logit.
TEST(AttributionPanel, TheBarsNamesNeverRunIntoOneAnotherInAShortChart)
{
    TinyFolder folder(false);
    AttributionRoom r;
    r.openModel(folder.path(), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(r.session));
    ASSERT_TRUE(r.waitAttribution());
    const model::Attribution &a = r.panel->attribution();
    AttributionChart chart;
    chart.resize(600, 500);
    chart.show();
    const auto name = [](const model::AttributionPart &p) { return QStringLiteral("part %1").arg(p.layer); };
    const auto others = [](int count) { return QStringLiteral("%1 others").arg(count); };
    chart.setAttribution(a, name, others, QStringLiteral("logit"));
    EXPECT_EQ(chart.shownParts().size(), a.parts.size()); // all eleven fit in 500 pixels
    const int line = QFontMetrics(chart.yAxis->tickLabelFont()).height();
    for (const int height : {500, 260, 150}) {
        SCOPED_TRACE(height);
        chart.resize(600, height);
        QApplication::processEvents();
        chart.replot();
        const std::vector<int> &shown = chart.shownParts();
        ASSERT_GE(shown.size(), size_t(2));
        EXPECT_GE(std::abs(chart.yAxis->coordToPixel(1) - chart.yAxis->coordToPixel(0)), line);
        EXPECT_NEAR(sum(chart.barValues()), a.logit, 1e-4 * std::max(1.0, std::abs(a.logit)));
        if (shown.size() < a.parts.size()) {
            EXPECT_EQ(shown.back(), -1);
        }
    }
    EXPECT_LT(chart.shownParts().size(), a.parts.size());
}

// Without [MASK] BERT predicts nothing, and the chart stayed blank without a word.
TEST(AttributionPanel, BertWithoutMaskSaysWhereToWriteIt)
{
    TinyFolder folder(true);
    AttributionRoom r;
    r.openModel(folder.path(), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(r.session));
    QApplication::processEvents();
    EXPECT_FALSE(r.panel->hasAttribution());
    EXPECT_TRUE(r.panel->message().contains(QStringLiteral("[MASK]"))) << r.panel->message().toStdString();
    r.actions->open(folder.path(), QStringLiteral("the cat [MASK] on the mat"));
    ASSERT_TRUE(waitComputed(r.session));
    ASSERT_TRUE(r.waitAttribution());
    EXPECT_TRUE(r.panel->message().isEmpty());
}
