// What a teacher met in the model room during a classroom trial (issue 36): the head view and the
// grid say what their sides and axes are, token positions are numbered one way everywhere, and a
// head opened from a model shows its sentence as what it is, read-only.
#include "modelroomfixture.h"
#include "ui/board/tokenbar.h"
#include "ui/generate/generatepanel.h"
#include "ui/generate/samplingchart.h"
#include "ui/lens/attributionpanel.h"
#include "ui/model/headview.h"
#include "ui/model/modelgridview.h"
#include "ui/model/modelsentence.h"

#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>

#include "ui/plot/qcp.h"

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::Room;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;

namespace {

// Whether anything but the background is painted inside `r` of the rendered widget.
bool paintedIn(QWidget *widget, const QRect &r)
{
    const QImage image = widget->grab().toImage();
    const QColor base = widget->palette().color(QPalette::Base);
    const qreal ratio = image.devicePixelRatio();
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            if (image.pixelColor(QPoint(int(x * ratio), int(y * ratio))) != base)
                return true;
    return false;
}

} // namespace

TEST(ClassroomTrial, TheHeadViewSaysWhichColumnIsTheQueryAndWhichTheKey)
{
    TinyFolder folder(false);
    Room room;
    room.window.setCentralWidget(room.room);
    room.window.resize(1280, 720);
    room.window.show();
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    HeadView *view = room.room->headView();
    const QString queries = view->columnHeading(false);
    const QString keys = view->columnHeading(true);
    EXPECT_TRUE(queries.contains(QStringLiteral("Quer"))) << queries.toStdString();
    EXPECT_TRUE(keys.contains(QStringLiteral("Key"))) << keys.toStdString();
    // Each heading sits over its own column, above the first token, and is drawn.
    for (const bool isKey : {false, true}) {
        const QRect heading = view->headingRect(isKey);
        const QRect first = view->tokenRect(0, isKey);
        EXPECT_LE(heading.bottom(), first.top());
        EXPECT_TRUE(heading.intersects(QRect(first.left(), heading.top(), first.width(), heading.height())));
        // Whole, not elided.
        EXPECT_LE(view->fontMetrics().horizontalAdvance(isKey ? keys : queries), heading.width() - 8);
        EXPECT_TRUE(view->rect().contains(heading));
        EXPECT_TRUE(paintedIn(view, heading)) << "isKey " << isKey;
    }
}

TEST(ClassroomTrial, TheGridOfHeadsHasAxisTitles)
{
    TinyFolder folder(false);
    Room room;
    room.window.setCentralWidget(room.room);
    room.window.resize(1280, 720);
    room.window.show();
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    ModelGridView *grid = room.room->findChild<ModelGridView *>();
    ASSERT_NE(grid, nullptr);
    EXPECT_TRUE(grid->headAxisTitle().contains(QStringLiteral("Head")));
    EXPECT_TRUE(grid->layerAxisTitle().contains(QStringLiteral("Layer")));
    for (const QRect &title : {grid->headAxisRect(), grid->layerAxisRect()}) {
        EXPECT_TRUE(grid->rect().contains(title));
        for (int l = 0; l < 3; ++l)
            for (int h = 0; h < 2; ++h)
                EXPECT_FALSE(title.intersects(grid->cellRect(l, h)));
        EXPECT_TRUE(paintedIn(grid, title));
    }
    // The heads' title runs along the top, the layers' stands over the column of layer numbers.
    EXPECT_LT(grid->headAxisRect().bottom(), grid->cellRect(0, 0).top());
    EXPECT_LT(grid->layerAxisRect().right(), grid->cellRect(0, 0).left());
}

TEST(ClassroomTrial, ModelChipsNumberTokensByPositionAsTheBoardDoesAndNameTheIdAsOne)
{
    TinyFolder folder(false);
    Room room;
    room.window.show();
    room.openModel(folder.path(), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(room.session));
    QStringList chips;
    for (const QLabel *label : room.room->sentence()->findChildren<QLabel *>())
        if (label->toolTip().startsWith(QStringLiteral("Token ")))
            chips << label->text().remove(QRegularExpression(QStringLiteral("<[^>]*>")));
    const auto &tokens = room.session->tokens();
    ASSERT_EQ(chips.size(), int(tokens.size()));
    for (int i = 0; i < chips.size(); ++i) {
        const QString display = QString::fromStdString(tokens[size_t(i)].display);
        // "4 the id 262": the position first, as the board's chips and the matrix rows have it.
        EXPECT_TRUE(chips[i].startsWith(QString::number(i) + QLatin1Char(' ') + display)) << chips[i].toStdString();
        EXPECT_TRUE(chips[i].endsWith(QStringLiteral("id %1").arg(tokens[size_t(i)].id))) << chips[i].toStdString();
    }
}

TEST(ClassroomTrial, AHeadFromAModelShowsItsSentenceReadOnlyAndSaysWhereToChangeIt)
{
    TinyFolder folder(false);
    Room room;
    TokenBar bar(&room.document);
    room.window.show();
    bar.show();
    QLineEdit *field = bar.findChild<QLineEdit *>();
    ASSERT_NE(field, nullptr);
    const QColor editable = field->palette().color(QPalette::Base);
    EXPECT_FALSE(field->isReadOnly());
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    ASSERT_TRUE(room.room->openOnBoard());
    ASSERT_TRUE(QTest::qWaitFor([&] { return room.document.scene().hasInputX(); }, 5000));
    EXPECT_TRUE(field->isReadOnly());
    // It no longer looks like a field to type in: no white box, no frame, no clear button.
    EXPECT_NE(field->palette().color(QPalette::Base), editable);
    EXPECT_EQ(field->palette().color(QPalette::Base), field->palette().color(QPalette::Window));
    EXPECT_FALSE(field->hasFrame());
    EXPECT_FALSE(field->isClearButtonEnabled());
    EXPECT_TRUE(field->toolTip().contains(QStringLiteral("Model workspace"))) << field->toolTip().toStdString();
    // Typing changes nothing.
    const std::vector<std::string> tokens = room.document.scene().tokens;
    QTest::keyClicks(field, QStringLiteral(" dog"));
    bar.commit();
    EXPECT_EQ(room.document.scene().tokens, tokens);
}

TEST(ClassroomTrial, BertWithoutMaskKeepsNoEarlierModelsIdMarksNoRowAndSaysWhyItCannotGenerate)
{
    TinyFolder gpt2(false);
    TinyFolder bert(true);
    Room room;
    auto *attribution = new AttributionPanel(room.session);
    auto *generate = new GeneratePanel(room.session);
    room.room->addPanel(attribution);
    room.room->addPanel(generate);
    room.window.setCentralWidget(room.room);
    room.window.resize(1280, 720);
    room.window.show();
    room.openModel(gpt2.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    // GPT-2's id 162 lies beyond the BERT fixture's 40 pieces.
    attribution->tokenId()->setValue(162);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !room.session->isBusy(); }, 10000));
    EXPECT_TRUE(generate->stepAction()->isEnabled());
    EXPECT_FALSE(generate->stepAction()->toolTip().contains(QStringLiteral("Not available")));

    room.openModel(bert.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return room.session->tokens().size() == 5 && !room.session->isBusy() && room.session->isComputed(); },
        10000));
    ASSERT_LT(room.session->predictionPosition(), 0);
    QTest::qWait(50);
    // The attribution holds a valid id of BERT's vocabulary, offers no pick, and says why.
    QSpinBox *id = attribution->tokenId();
    EXPECT_LT(id->value(), test::kBertFixtureVocabSize);
    EXPECT_EQ(id->maximum(), test::kBertFixtureVocabSize - 1);
    EXPECT_FALSE(id->isEnabled());
    EXPECT_FALSE(attribution->tokenBox()->isEnabled());
    EXPECT_TRUE(id->toolTip().contains(QStringLiteral("[MASK]"))) << id->toolTip().toStdString();
    EXPECT_TRUE(attribution->message().contains(QStringLiteral("[MASK]"))) << attribution->message().toStdString();
    // The head view marks no row as the one predicted from ([SEP] is the last).
    EXPECT_EQ(room.room->headView()->predictionToken(), -1);
    // Next Token is off, and its tooltip says why.
    EXPECT_FALSE(generate->stepAction()->isEnabled());
    EXPECT_TRUE(generate->stepAction()->toolTip().contains(QStringLiteral("Not available now")))
        << generate->stepAction()->toolTip().toStdString();
    EXPECT_TRUE(generate->stepAction()->toolTip().contains(QStringLiteral("[MASK]")))
        << generate->stepAction()->toolTip().toStdString();

    // With [MASK] the head view marks the [MASK] row, and the id box is live again.
    room.session->setText(QStringLiteral("the [MASK] sat"));
    ASSERT_TRUE(waitComputed(room.session));
    QTest::qWait(50);
    EXPECT_GE(room.room->headView()->predictionToken(), 0);
    EXPECT_EQ(room.room->headView()->predictionToken(), room.session->predictionPosition());
    EXPECT_TRUE(id->isEnabled());
}

TEST(ClassroomTrial, AtTheDefaultWindowSizeTheNextTokenChartKeepsItsHeightAndItsLegendOffTheBars)
{
    TinyFolder folder(false);
    Room room;
    auto *generate = new GeneratePanel(room.session);
    room.room->addPanel(generate);
    room.window.setCentralWidget(room.room);
    room.window.resize(1280, 720);
    room.window.show();
    room.openModel(folder.path(), QStringLiteral("the cat sat on the mat"));
    ASSERT_TRUE(waitComputed(room.session));
    QTest::qWait(50);
    auto *chart = generate->findChild<SamplingChart *>();
    ASSERT_NE(chart, nullptr);
    QCustomPlot *plot = chart->plot();
    plot->replot();
    EXPECT_GE(plot->height(), SamplingChart::kMinimumHeight);
    const QRect bars = plot->axisRect()->rect();
    EXPECT_GE(bars.height(), 80) << "the bars' own area";
    ASSERT_TRUE(plot->legend->visible());
    EXPECT_FALSE(plot->legend->outerRect().intersects(plot->axisRect()->outerRect()))
        << "the legend lies over the axes";
}
