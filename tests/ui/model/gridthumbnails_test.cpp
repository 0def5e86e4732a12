// The layers × heads grid with many tokens (issue 36, classroom item 13): a 64-pixel thumbnail
// drawn into a smaller cell keeps every strong weight (each pixel the strongest of its block),
// and the grid says how many tokens a thumbnail shows.
#include "modelroomfixture.h"
#include "ui/model/modelgridview.h"
#include "ui/model/modelsession.h"

#include "core/model/forward.h"

#include <QImage>
#include <QPainter>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;
using attnlab::test::Room;
using attnlab::test::TinyFolder;
using attnlab::test::waitComputed;

TEST(GridThumbnails, EverySharpWeightStaysVisibleInASmallCell)
{
    const int side = core::model::ForwardRunner::kThumbnailSize;
    const QRgb strong = ModelGridView::colorFor(1.0).rgb();
    // One sharp weight at a time, at each position inside the frame of a 20-pixel cell (at
    // 1280 × 720 the grid of a 12-layer model draws cells about that size).
    for (const int cellSide : {20, 31, 47}) {
        const QRect cell(0, 0, cellSide, cellSide);
        int missed = 0;
        for (int q = 4; q < side - 4; ++q) {
            core::Matrix w = core::Matrix::Zero(side, side);
            w(q, 4 + (q * 7) % (side - 8)) = 1.0f;
            QImage target(cellSide, cellSide, QImage::Format_RGB32);
            target.fill(Qt::white);
            QPainter p(&target);
            ModelGridView::drawThumbnail(p, cell, ModelGridView::weightsImage(w), false, false, QPalette());
            p.end();
            bool seen = false;
            for (int y = 1; y < cellSide - 1 && !seen; ++y)
                for (int x = 1; x < cellSide - 1 && !seen; ++x)
                    seen = target.pixel(x, y) == strong;
            missed += seen ? 0 : 1;
        }
        EXPECT_EQ(missed, 0) << "cell of " << cellSide << " pixels";
    }
    // An image that fits its cell is drawn pixel for pixel.
    const QImage small = ModelGridView::weightsImage(core::Matrix::Identity(8, 8));
    EXPECT_EQ(ModelGridView::pooledImage(small, QSize(20, 20)), small);
    EXPECT_EQ(ModelGridView::pooledImage(ModelGridView::weightsImage(core::Matrix::Zero(64, 64)), QSize(20, 30)).size(),
        QSize(20, 30));
}

TEST(GridThumbnails, TheGridSaysHowManyTokensAThumbnailShows)
{
    TinyFolder folder(false);
    Room room; // no window needed: the text is read, not painted
    ModelGridView *grid = room.room->findChild<ModelGridView *>();
    ASSERT_NE(grid, nullptr);
    EXPECT_TRUE(grid->tokenCountText().isEmpty());
    room.openModel(folder.path(), QStringLiteral("the cat sat"));
    ASSERT_TRUE(waitComputed(room.session));
    const int n = room.session->runner()->tokenCount();
    ASSERT_GT(n, 0);
    const QString text = grid->tokenCountText();
    EXPECT_TRUE(text.contains(QString::number(n))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("token"))) << text.toStdString();
}
