#include "ui/experiments/flashexperiment.h"

#include "core/scene/pipeline.h"
#include "core/scene/variants/variants.h"
#include "ui/document/document.h"
#include "ui/experiments/tilegrid.h"
#include "ui/i18n/language.h"
#include "ui/i18n/sizetext.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/plot/stageinfo.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>
#include <set>

namespace attnlab::ui {

namespace {

// 2 × 2 tiles: the 3 tokens of 猫吃鱼 make 4 tiles, one skipped under a causal mask.
constexpr int kDefaultTile = 2;
constexpr int kMaxTile = 256;

QString number(double x)
{
    if (std::isinf(x))
        return x < 0 ? QStringLiteral("−∞") : QStringLiteral("∞");
    return QLocale().toString(x, 'f', 4);
}

QString vectorText(const Eigen::MatrixXd &m, Eigen::Index row)
{
    QStringList parts;
    for (Eigen::Index c = 0; c < m.cols(); ++c)
        parts << number(m(row, c));
    return QStringLiteral("[") + parts.join(QStringLiteral(", ")) + QStringLiteral("]");
}

} // namespace

FlashExperiment::FlashExperiment(Document *document, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_document(document)
    , m_tileLabel(new QLabel(this))
    , m_tileRows(new QSpinBox(this))
    , m_tileCols(new QSpinBox(this))
    , m_first(new QPushButton(this))
    , m_previous(new QPushButton(this))
    , m_next(new QPushButton(this))
    , m_last(new QPushButton(this))
    , m_stepLabel(new QLabel(this))
    , m_axes(new QLabel(this))
    , m_grid(new TileGrid(this))
    , m_table(new QTableWidget(this))
    , m_result(new QLabel(this))
    , m_explain(new QToolButton(this))
    , m_page(new QTextBrowser(this))
{
    for (QSpinBox *box : {m_tileRows, m_tileCols}) {
        box->setRange(1, kMaxTile);
        box->setValue(kDefaultTile);
    }
    m_tileLabel->setBuddy(m_tileRows);
    m_first->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Home));
    m_previous->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    m_next->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    m_last->setShortcut(QKeySequence(Qt::ALT | Qt::Key_End));
    m_stepLabel->setWordWrap(true);
    m_axes->setWordWrap(true);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explain->setCheckable(true);
    m_explain->setChecked(true);
    m_explain->setShortcut(QKeySequence(Qt::Key_F1));
    m_page->setOpenLinks(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_tileLabel);
    controls->addWidget(m_tileRows);
    controls->addWidget(new QLabel(QStringLiteral("×"), this));
    controls->addWidget(m_tileCols);
    controls->addSpacing(16);
    for (QPushButton *b : {m_first, m_previous, m_next, m_last})
        controls->addWidget(b);
    controls->addStretch(1);
    controls->addWidget(m_explain);

    auto *left = new QVBoxLayout;
    left->addWidget(m_axes);
    left->addWidget(m_grid, 1);
    auto *right = new QVBoxLayout;
    right->addWidget(m_stepLabel);
    right->addWidget(m_table, 1);
    right->addWidget(m_result);
    right->addWidget(m_page, 1);
    auto *body = new QHBoxLayout;
    body->addLayout(left, 1);
    body->addLayout(right, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addLayout(body, 1);

    const auto tilesChanged = [this] { recompute(); };
    connect(m_tileRows, &QSpinBox::valueChanged, this, tilesChanged);
    connect(m_tileCols, &QSpinBox::valueChanged, this, tilesChanged);
    connect(m_first, &QPushButton::clicked, this, [this] { setStep(0); });
    connect(m_previous, &QPushButton::clicked, this, [this] { setStep(m_step - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { setStep(m_step + 1); });
    connect(m_last, &QPushButton::clicked, this, [this] { setStep(int(m_trace.steps.size()) - 1); });
    connect(m_explain, &QToolButton::toggled, m_page, &QWidget::setVisible);
    connect(m_document, &Document::stagesChanged, this, &FlashExperiment::recompute);
    connect(m_document, &Document::currentHeadChanged, this, &FlashExperiment::recompute);
    recompute();
    retranslate();
}

void FlashExperiment::setTileSize(int rows, int cols)
{
    m_tileRows->setValue(rows);
    m_tileCols->setValue(cols);
}

void FlashExperiment::recompute()
{
    const core::Scene &scene = m_document->scene();
    const core::Stages &stages = m_document->stages();
    if (stages.heads.empty())
        return;
    m_head = std::clamp(m_document->currentHead(), 0, int(stages.heads.size()) - 1);
    const core::HeadStages &h = stages.heads[size_t(m_head)];
    // At most kMaxTilesPerSide tiles a side: a long text (a model head of a thousand tokens) then
    // traces in a moment and keeps a few megabytes of steps, never one per cell.
    const int least = std::max(1, (int(h.v.rows()) + kMaxTilesPerSide - 1) / kMaxTilesPerSide);
    for (QSpinBox *box : {m_tileRows, m_tileCols}) {
        const QSignalBlocker block(box);
        box->setRange(least, std::max(kMaxTile, least));
    }
    const core::MaskMatrix visible = core::visibleKeys(scene);
    m_trace = core::engine::flashTrace(h.queries(), h.keys(), h.v, visible, 1.0 / double(core::divisor(scene)),
        m_tileRows->value(), m_tileCols->value());
    m_tiles = core::engine::countTiles(visible, m_trace.tileRows, m_trace.tileCols);
    std::set<std::pair<int, int>> skipped;
    const int n = int(h.v.rows());
    for (int r = 0; r * m_trace.tileRows < n; ++r)
        for (int c = 0; c * m_trace.tileCols < n; ++c)
            skipped.insert({r, c});
    for (const auto &s : m_trace.steps)
        skipped.erase({s.rowTile, s.colTile});
    m_grid->setScores(h.masked, tokenLabels(scene));
    m_grid->setTiles(m_trace.tileRows, m_trace.tileCols, skipped);
    m_step = std::min(m_step, int(m_trace.steps.size()) - 1);
    showStep();
}

void FlashExperiment::setStep(int step)
{
    m_step = std::clamp(step, -1, int(m_trace.steps.size()) - 1);
    showStep();
}

void FlashExperiment::showStep()
{
    const int count = int(m_trace.steps.size());
    m_axes->setText(tr("Scaled scores of head %1 — rows: queries, columns: keys.").arg(m_head + 1) + QLatin1Char(' ')
        + tilesText());
    m_first->setEnabled(m_step > 0);
    m_previous->setEnabled(m_step >= 0);
    m_next->setEnabled(m_step < count - 1);
    m_last->setEnabled(m_step < count - 1);
    const QStringList tokens = tokenLabels(m_document->scene());
    m_table->setColumnCount(6);
    m_table->setHorizontalHeaderLabels({tr("query"), tr("m before"), tr("m after"), tr("rescale exp(m_old − m_new)"),
        tr("l (running sum)"), tr("O (unnormalised)")});
    if (m_step < 0) {
        m_grid->setCurrent(-1, -1);
        m_table->setRowCount(0);
        m_stepLabel->setText(tr("%n tile(s) to read. Each query row starts with m = −∞, l = 0 and O = 0.", "", count));
        m_result->clear();
        return;
    }
    const core::engine::FlashStep &s = m_trace.steps[size_t(m_step)];
    m_grid->setCurrent(s.rowTile, s.colTile);
    // The values before this tile: the previous step of the same row tile, or the start.
    const core::engine::FlashStep *before = nullptr;
    if (m_step > 0 && m_trace.steps[size_t(m_step - 1)].rowTile == s.rowTile)
        before = &m_trace.steps[size_t(m_step - 1)];
    const int rows = int(s.m.size());
    m_table->setRowCount(rows);
    for (int i = 0; i < rows; ++i) {
        const double mOld = before ? before->m[size_t(i)] : -INFINITY;
        const double mNew = s.m[size_t(i)];
        const double rescale = std::isinf(mOld) ? 0.0 : std::exp(mOld - mNew);
        const int row = s.rowTile * m_trace.tileRows + i;
        const QStringList cells
            = {QStringLiteral("%1 %2").arg(row + 1).arg(tokens.value(row)), number(mOld), number(mNew),
                std::isinf(mOld) ? tr("— (first tile)") : number(rescale), number(s.l[size_t(i)]), vectorText(s.o, i)};
        for (int c = 0; c < cells.size(); ++c)
            m_table->setItem(i, c, new QTableWidgetItem(cells[c]));
    }
    m_stepLabel->setText(tr("Step %1 of %2: query rows %3–%4 against keys %5–%6.")
                             .arg(m_step + 1)
                             .arg(count)
                             .arg(s.rowTile * m_trace.tileRows + 1)
                             .arg(s.rowTile * m_trace.tileRows + rows)
                             .arg(s.colTile * m_trace.tileCols + 1)
                             .arg(std::min<int>(int(m_trace.output.rows()), (s.colTile + 1) * m_trace.tileCols)));
    if (m_step < count - 1) {
        m_result->setText(tr("After the last tile each row's O is divided by its l."));
        return;
    }
    const double difference = (m_trace.output - m_trace.naive).cwiseAbs().maxCoeff();
    const long long n = m_trace.output.rows();
    m_result->setText(tr("Done: O / l gives the head's output, and softmax(QKᵀ)·V computed the textbook's way "
                         "differs from it by at most %1 — rounding only. The %2 × %2 matrix of weights (%3 in "
                         "float32) was never held; one tile of scores took %4.")
                          .arg(QLocale().toString(difference, 'g', 2))
                          .arg(n)
                          .arg(sizeText(m_trace.naiveMatrixBytes()), sizeText(m_trace.tileBytes())));
}

QString FlashExperiment::tilesText() const
{
    const core::engine::FlashTiles &t = m_tiles;
    if (t.skipped == 0 && t.partial == 0)
        return tr("The mask hides no cell, so all %n tile(s) are read.", "", t.total);
    QString text = t.skipped > 0
        ? tr("%n of the %1 tiles are crossed out and skipped: the mask hides every cell in them.", "", t.skipped)
              .arg(t.total)
        : tr("No tile is skipped: the mask hides no tile whole.");
    if (t.partial > 0)
        text += QLatin1Char(' ')
            + tr("In %n tile(s) the mask hides only some cells: these are read, their hidden cells counting as −∞.", "",
                t.partial);
    return text;
}

void FlashExperiment::retranslate()
{
    m_tileLabel->setText(tr("&Tile:"));
    m_tileRows->setToolTip(tr("Query rows per tile (at least the tokens ÷ %1, so that a long text has at most %1 "
                              "tiles a side)")
                               .arg(kMaxTilesPerSide));
    m_tileCols->setToolTip(tr("Key columns per tile (at least the tokens ÷ %1, so that a long text has at most %1 "
                              "tiles a side)")
                               .arg(kMaxTilesPerSide));
    m_first->setText(tr("First"));
    m_first->setToolTip(tr("Go to the first tile (Alt+Home)"));
    m_previous->setText(tr("◀ Previous"));
    m_previous->setToolTip(tr("Go back one tile (Alt+Left)"));
    m_next->setText(tr("Next ▶"));
    m_next->setToolTip(tr("Read the next tile: update m, l and O of its query rows (Alt+Right)"));
    m_last->setText(tr("Last"));
    m_last->setToolTip(tr("Go to the last tile and compare with the textbook's result (Alt+End)"));
    m_grid->setToolTip(tr("Thick lines cut the scores into tiles; the orange frame is the tile being read. Tiles "
                          "not read yet are faded."));
    m_table->setToolTip(tr("The running values of the current tile's query rows after this tile"));
    m_explain->setText(tr("Explanation"));
    m_explain->setToolTip(tr("Show or hide how FlashAttention works (F1)"));
    m_page->setHtml(ExplanationPanel::pageHtml(QStringLiteral("flash"), Language::instance()->current()));
    showStep();
}

} // namespace attnlab::ui
