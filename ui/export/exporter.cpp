#include "ui/export/exporter.h"

#include "core/scene/stagetable.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/export/exportformat.h"
#include "ui/i18n/language.h"
#include "ui/plot/heatmaplayer.h"
#include "ui/plot/heatmapplot.h"
#include "ui/plot/stageinfo.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace attnlab::ui {

namespace {

QString tr(const char *text)
{
    // lupdate files a tr() call in a namespace-level function under the namespace's name.
    return QCoreApplication::translate("attnlab::ui", text);
}

constexpr int kMargin = 24; // around the whole image
constexpr int kGap = 18; // between cards
constexpr int kCardPadding = 14; // inside a card
constexpr int kCardsPerRow = 4;
constexpr int kLargestCell = 52;
constexpr double kPlotBudget = 640; // logical pixels for the longer side of a heatmap
const QSize kSmallestPlot(240, 160);

QFont pixelFont(double px, bool bold)
{
    return heatmapFont(px, bold);
}

struct Card {
    core::Stage stage;
    QString title;
    QString shape;
    std::unique_ptr<QCustomPlot> plot;
    HeatmapPlot *heatmap = nullptr;
    QSize plotSize;
    QStringList notes; // under the plot: what hatching and flags mean
    QRect rect; // the card, in image coordinates
};

// Lays the cards out and paints them; the plots live as long as the board.
class Board {
public:
    Board(const Document &doc, const QList<core::Stage> &stages, int head, const ExportOptions &o);

    // lupdate files tr() calls in Board's members under this context.
    static QString tr(const char *text) { return QCoreApplication::translate("attnlab::ui::Board", text); }

    QSize size() const { return m_size; }
    bool isEmpty() const { return m_cards.empty(); }
    // The smallest type size of the cell values over the cards, 0 when one shows none.
    int valuePixels() const;
    void paint(QCPPainter *painter);

private:
    void buildCard(Card &card, const core::Scene &scene, const core::Stages &stages, int head);

    ExportOptions m_options;
    ThemeColors m_colors;
    QString m_title;
    QString m_subtitle;
    std::vector<Card> m_cards;
    QSize m_size;
    int m_headerHeight = 0;
    int m_margin = kMargin;
    QFont m_titleFont = pixelFont(22, true);
    QFont m_subtitleFont = pixelFont(13, false);
    QFont m_cardTitleFont = pixelFont(15, true);
    QFont m_shapeFont = pixelFont(13, false);
    QFont m_noteFont = pixelFont(12, false);
};

Board::Board(const Document &doc, const QList<core::Stage> &stages, int head, const ExportOptions &o)
    : m_options(o)
    , m_colors(exportColors(o.theme))
{
    const core::Scene &scene = doc.scene();
    const core::Stages &computed = doc.stages();
    const int heads = int(computed.heads.size());
    head = std::clamp(head, 0, std::max(0, heads - 1));
    bool anyPerHead = false;
    for (core::Stage stage : stages) {
        if (heads == 0 || core::stageMatrix(computed, stage, head).size() == 0)
            continue;
        Card card;
        card.stage = stage;
        buildCard(card, scene, computed, head);
        anyPerHead = anyPerHead || core::isPerHead(stage);
        m_cards.push_back(std::move(card));
    }

    QStringList tokens;
    for (const std::string &t : scene.tokens)
        tokens << QString::fromStdString(t);
    m_title = scene.title.empty() ? tokens.join(QLatin1Char(' ')) : sceneTitle(scene, currentLanguage());
    QStringList sub;
    // A long sentence is on the axes already; the subtitle names the first few.
    constexpr int kListedTokens = 16;
    if (tokens.size() > kListedTokens)
        sub << tr("%1 tokens: %2 …").arg(tokens.size()).arg(tokens.mid(0, kListedTokens).join(QStringLiteral(" | ")));
    else
        sub << tr("tokens: %1").arg(tokens.join(QStringLiteral(" | ")));
    if (heads > 1 && anyPerHead)
        sub << tr("head %1 of %2").arg(head + 1).arg(heads);
    m_subtitle = sub.join(QStringLiteral("   ·   "));

    // Rows of up to kCardsPerRow cards, each row as tall as its tallest card.
    const QFontMetricsF titleFm(m_titleFont), subFm(m_subtitleFont);
    m_headerHeight = o.header ? int(std::ceil(titleFm.height() + 4 + subFm.height())) + 12 : 0;
    // Without the header (a handout's figures) a thin white frame keeps neighbouring cards apart.
    m_margin = o.header ? kMargin : kGap / 2;
    const QFontMetricsF cardFm(m_cardTitleFont);
    const int cardHeader = int(std::ceil(cardFm.height())) + 8;
    int y = m_margin + m_headerHeight;
    int width = o.header
        ? int(std::ceil(std::max(titleFm.horizontalAdvance(m_title), subFm.horizontalAdvance(m_subtitle))))
        : 0;
    for (size_t first = 0; first < m_cards.size(); first += kCardsPerRow) {
        const size_t last = std::min(m_cards.size(), first + kCardsPerRow);
        int x = m_margin, rowHeight = 0;
        for (size_t i = first; i < last; ++i) {
            Card &card = m_cards[i];
            const double headerWidth
                = cardFm.horizontalAdvance(card.title) + 16 + QFontMetricsF(m_shapeFont).horizontalAdvance(card.shape);
            const int inner = std::max(card.plotSize.width(), int(std::ceil(headerWidth)));
            const int w = inner + 2 * kCardPadding;
            int h = cardHeader + card.plotSize.height() + 2 * kCardPadding;
            for (const QString &note : card.notes)
                h += QFontMetrics(m_noteFont).boundingRect(QRect(0, 0, inner, 10000), Qt::TextWordWrap, note).height()
                    + 4;
            card.rect = QRect(x, y, w, h);
            x += w + kGap;
            rowHeight = std::max(rowHeight, h);
        }
        for (size_t i = first; i < last; ++i)
            m_cards[i].rect.setHeight(rowHeight);
        width = std::max(width, x - kGap - m_margin);
        y += rowHeight + kGap;
    }
    m_size = QSize(width + 2 * m_margin, y - kGap + m_margin);
}

int Board::valuePixels() const
{
    int smallest = 0;
    for (const Card &card : m_cards) {
        const int px = card.heatmap->cellLayer()->shownValuePixels();
        if (px == 0)
            return 0;
        smallest = smallest == 0 ? px : std::min(smallest, px);
    }
    return smallest;
}

void Board::buildCard(Card &card, const core::Scene &scene, const core::Stages &stages, int head)
{
    const core::Matrix &m = core::stageMatrix(stages, card.stage, head);
    card.title = stageTitle(scene, card.stage);
    card.shape = shapeText(int(m.rows()), int(m.cols()));
    card.plot = std::make_unique<QCustomPlot>();
    card.heatmap = new HeatmapPlot(card.plot.get(), card.stage, card.plot.get());
    card.heatmap->setTheme(m_options.theme);
    card.heatmap->setSequentialMap(m_options.colorMap);
    card.heatmap->setFillCells(true);
    card.heatmap->setContent(scene, stages, head);
    if (card.heatmap->hasHiddenCells())
        card.notes << (card.stage == core::StageWeights
                ? tr("Hatched cells are masked: the query may not look at that key, so its weight is exactly 0.")
                : tr("Hatched cells are masked: the query may not look at that key (−∞ before the softmax)."));
    QStringList flagged;
    for (int row : card.heatmap->flaggedRows())
        flagged << card.heatmap->rowLabels().value(row);
    if (!flagged.isEmpty())
        card.notes << tr("%1: sees no key at all, so its weights and its context are all 0.")
                          .arg(flagged.join(QStringLiteral(", ")));

    // Square cells: size the plot so that the axis rect is exactly columns × rows cells,
    // whatever room the labels and the colour scale take.
    // Square cells, except that a long thin matrix (1024 tokens × 16 features) is widened
    // (or heightened) to a readable plot.
    const int rows = int(m.rows()), cols = int(m.cols());
    const int largest = std::clamp(m_options.largestCell, 1, kLargestCell);
    const int cell = std::clamp(int(kPlotBudget / std::max(rows, cols)), 1, largest);
    const int cellW = std::max(cell, std::min(largest, int(std::ceil(kSmallestPlot.width() / double(cols)))));
    const int cellH = std::max(cell, std::min(largest, int(std::ceil(kSmallestPlot.height() / double(rows)))));
    const QSize cells(cols * cellW, rows * cellH);
    QSize size = cells + QSize(200, 80);
    QCustomPlot *plot = card.plot.get();
    auto layout = [plot](const QSize &s) {
        plot->setViewport(QRect(QPoint(0, 0), s));
        plot->plotLayout()->update(QCPLayoutElement::upPreparation);
        plot->plotLayout()->update(QCPLayoutElement::upMargins);
        plot->plotLayout()->update(QCPLayoutElement::upLayout);
    };
    for (int pass = 0; pass < 3; ++pass) {
        layout(size);
        const QSize axis = plot->axisRect()->rect().size();
        card.heatmap->updateTickDensity();
        if (axis == cells)
            break;
        size += cells - axis;
    }
    card.plotSize = size;
}

void Board::paint(QCPPainter *painter)
{
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setRenderHint(QPainter::TextAntialiasing, true);
    painter->fillRect(QRect(QPoint(0, 0), m_size), m_colors.background);

    if (m_options.header) {
        painter->setPen(m_colors.text);
        painter->setFont(m_titleFont);
        const QFontMetricsF titleFm(m_titleFont);
        painter->drawText(QPointF(kMargin, kMargin + titleFm.ascent()), m_title);
        painter->setPen(m_colors.mutedText);
        painter->setFont(m_subtitleFont);
        painter->drawText(
            QPointF(kMargin, kMargin + titleFm.height() + 4 + QFontMetricsF(m_subtitleFont).ascent()), m_subtitle);
    }

    const QFontMetricsF cardFm(m_cardTitleFont);
    for (Card &card : m_cards) {
        QPainterPath frame;
        frame.addRoundedRect(QRectF(card.rect).adjusted(0.5, 0.5, -0.5, -0.5), 8, 8);
        painter->setPen(QPen(m_colors.frame, 1));
        painter->setBrush(m_colors.card);
        painter->drawPath(frame);

        const QPointF titleAt(card.rect.left() + kCardPadding, card.rect.top() + kCardPadding + cardFm.ascent());
        painter->setPen(m_colors.text);
        painter->setFont(m_cardTitleFont);
        painter->drawText(titleAt, card.title);
        painter->setPen(m_colors.mutedText);
        painter->setFont(m_shapeFont);
        painter->drawText(QPointF(titleAt.x() + cardFm.horizontalAdvance(card.title) + 16, titleAt.y()), card.shape);

        painter->save();
        painter->translate(
            card.rect.left() + kCardPadding, card.rect.top() + kCardPadding + int(std::ceil(cardFm.height())) + 8);
        card.plot->toPainter(painter, card.plotSize.width(), card.plotSize.height());
        painter->restore();

        painter->setFont(m_noteFont);
        painter->setPen(m_colors.mutedText);
        const int inner = card.rect.width() - 2 * kCardPadding;
        int noteY = card.rect.top() + kCardPadding + int(std::ceil(cardFm.height())) + 8 + card.plotSize.height();
        for (const QString &note : card.notes) {
            const QRect box = QFontMetrics(m_noteFont).boundingRect(QRect(0, 0, inner, 10000), Qt::TextWordWrap, note);
            painter->drawText(
                QRect(card.rect.left() + kCardPadding, noteY, inner, box.height()), Qt::TextWordWrap, note);
            noteY += box.height() + 4;
        }
    }
}

// The board as a picture for the format table's writers.
Picture boardPicture(Board &board, double scale, const QString &title)
{
    Picture picture;
    picture.size = board.size();
    picture.paint = [&board](QCPPainter *painter) { board.paint(painter); };
    picture.scale = scale;
    picture.modes = QCPPainter::pmNonCosmetic;
    picture.title = title;
    picture.description = tr("Exported by Attention Lab");
    return picture;
}

} // namespace

QList<core::Stage> availableStages(const Document &doc)
{
    QList<core::Stage> result;
    const core::Stages &stages = doc.stages();
    if (stages.heads.empty())
        return result;
    for (core::Stage stage : core::allStages())
        if (core::stageMatrix(stages, stage, 0).size() > 0)
            result << stage;
    return result;
}

QSize stagesImageSize(const Document &doc, const QList<core::Stage> &stages, int head, const ExportOptions &o)
{
    return Board(doc, stages, head, o).size();
}

QImage renderStagesImage(
    const Document &doc, const QList<core::Stage> &stages, int head, const ExportOptions &o, int *valuePixels)
{
    Board board(doc, stages, head, o);
    if (board.isEmpty())
        return QImage();
    QImage image = renderPicture(boardPicture(board, o.scale, QString()));
    // Read after painting: the cells choose their type while they are drawn.
    if (valuePixels)
        *valuePixels = board.valuePixels();
    return image;
}

bool exportStages(const Document &doc, const QList<core::Stage> &stages, int head, const ExportOptions &o,
    const QString &path, QString *error)
{
    if (!exportFormatFor(path, ExportContent::Picture)) {
        *error = unknownFormatMessage(path, ExportContent::Picture);
        return false;
    }
    if (!(o.scale >= 0.25 && o.scale <= 8)) {
        *error = tr("the scale must be between 0.25 and 8");
        return false;
    }
    Board board(doc, stages, head, o);
    if (board.isEmpty()) {
        *error = tr("none of the chosen stages exists in this scene");
        return false;
    }
    return writeExport(boardPicture(board, o.scale, sceneTitle(doc.scene(), currentLanguage())), path, error);
}

bool exportCsv(const Document &doc, core::Stage stage, int head, const QString &path, QString *error)
{
    const core::Scene &scene = doc.scene();
    const core::Stages &stages = doc.stages();
    if (stages.heads.empty()) {
        *error = tr("there is nothing to export");
        return false;
    }
    head = std::clamp(head, 0, int(stages.heads.size()) - 1);
    const core::Matrix &m = core::stageMatrix(stages, stage, head);
    if (m.size() == 0) {
        *error = tr("this scene has no stage %1").arg(QString::fromLatin1(core::stageName(stage)));
        return false;
    }
    MatrixTable table;
    table.values = m;
    table.corner = isSquareStage(stage) ? tr("query \\ key") : tr("token");
    // Cross-attention: the keys and the rows of K, V and the memory are the source tokens.
    const std::vector<std::string> &keys = scene.keyTokens(), &rows = core::rowTokens(scene, stage);
    for (int c = 0; c < m.cols(); ++c)
        table.columns << (isSquareStage(stage) && c < int(keys.size()) ? QString::fromStdString(keys[size_t(c)])
                                                                       : QString::number(c));
    for (int r = 0; r < m.rows(); ++r)
        table.rows << (r < int(rows.size()) ? QString::fromStdString(rows[size_t(r)]) : QString());
    return writeExport(table, path, error);
}

} // namespace attnlab::ui
