#include "ui/lens/lenspanel.h"

#include "core/model/lens/lens.h"
#include "ui/lens/lensmodel.h"
#include "ui/lens/passmessage.h"
#include "ui/lessons/lessondialog.h"
#include "ui/model/modelsession.h"
#include "ui/model/predictionpanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPointer>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>
#include <utility>

namespace attnlab::ui {

namespace model = core::model;

namespace {
// Scrolling settles before the rows that came into view are computed.
constexpr int kFillDelayMs = 80;
// The narrowest a layer's column gets before the grid scrolls sideways.
constexpr int kMinimumColumnWidth = 64;
} // namespace

LensPanel::LensPanel(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
    , m_model(new LensModel(session, this))
    , m_heading(new QLabel)
    , m_explanation(new QLabel)
    , m_message(new QLabel)
    , m_view(new QTableView)
    , m_fillTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("LensPanel"));
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    m_explanation->setWordWrap(true);
    m_message->setWordWrap(true);
    m_view->setModel(m_model);
    m_view->setObjectName(QStringLiteral("LensGrid"));
    m_view->setSelectionMode(QAbstractItemView::NoSelection);
    m_view->setWordWrap(false);
    m_view->horizontalHeader()->setMinimumSectionSize(kMinimumColumnWidth);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    // Two lines of a cell, measured on Chinese glyphs: they come from a fallback font taller than
    // the Latin lines of fontMetrics().height(), and a top token 猫 lost its probability.
    const QRect twoLines = m_view->fontMetrics().boundingRect(
        QRect(0, 0, 400, 400), Qt::AlignCenter, QStringLiteral("猫鱼\n%1").arg(PredictionPanel::percentText(1)));
    m_view->verticalHeader()->setDefaultSectionSize(twoLines.height() + 6);
    m_view->verticalHeader()->setMaximumWidth(160);
    m_view->verticalHeader()->setTextElideMode(Qt::ElideRight);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    auto *top = new QHBoxLayout;
    top->addWidget(m_heading, 1);
    // The lens's caveats and a worksheet question on this model's own lens (ui/lessons).
    top->addWidget(new LessonButton(QStringLiteral("lens"), session, this));
    layout->addLayout(top);
    layout->addWidget(m_explanation);
    layout->addWidget(m_message);
    layout->addWidget(m_view, 1);

    m_fillTimer->setSingleShot(true);
    m_fillTimer->setInterval(kFillDelayMs);
    connect(m_fillTimer, &QTimer::timeout, this, &LensPanel::fillVisible);
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this, &LensPanel::scheduleFill);
    connect(m_session, &ModelSession::computed, this, &LensPanel::refresh);
    connect(m_session, &ModelSession::modelLoaded, this, &LensPanel::refresh);
    // A fill asked for while another job ran (the attribution, the block board) comes now.
    connect(m_session, &ModelSession::busyChanged, this, [this](bool busy) {
        if (!busy)
            scheduleFill();
    });
    retranslate();
}

void LensPanel::retranslate()
{
    setToolTip(tr("The logit lens: what the model would predict if it stopped after each layer."));
    m_heading->setText(tr("Logit lens"));
    m_explanation->setText(
        tr("Each cell applies the model's own output head — the final norm and the unembedding (BERT: its "
           "masked-LM head) — to the residual stream of a token after a layer, and shows the most likely token "
           "and its probability. Column “emb” reads the embeddings; the last column is the model's output, and on "
           "the row marked ▶ it is the prediction. Rows are computed as they scroll into view."));
    m_view->setToolTip(tr("Rows are tokens, columns are layers; hover a cell for its five most likely tokens."));
    refreshMessage();
    if (m_model->rowCount() > 0) // the header's and the cells' tooltips are worded anew
        Q_EMIT m_model->headerDataChanged(Qt::Horizontal, 0, m_model->columnCount() - 1);
}

QString LensPanel::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

void LensPanel::refresh()
{
    // A cancelled, failed or refused run leaves the last good grid (the room says why).
    if (m_session->isStale() && !m_session->isComputed() && m_model->rowCount() > 0)
        return;
    ++m_epoch;
    m_model->reset();
    refreshMessage();
    if (m_model->predictionRow() >= 0) {
        // After the view has laid out the new rows.
        m_scrollPending = true;
        QTimer::singleShot(0, this, [this] {
            m_scrollPending = false;
            // A hidden panel (a tab behind another) has no size to scroll in: it scrolls when shown.
            m_scrollOwed = !isVisible();
            if (!m_scrollOwed && m_model->predictionRow() >= 0)
                showRow(m_model->predictionRow());
            scheduleFill();
        });
    }
}

void LensPanel::showRow(int row)
{
    const QModelIndex index = m_model->index(row, 0);
    m_view->scrollTo(index);
    // The panel may sit in a page that scrolls (the room's tabs get some hundred pixels at
    // 1280 × 720): the row goes into that page's view too, not only into the grid's own.
    for (QWidget *w = parentWidget(); w; w = w->parentWidget()) {
        auto *page = qobject_cast<QScrollArea *>(w);
        if (page && page->widget() && page->widget()->isAncestorOf(m_view)) {
            const QRect cell = m_view->visualRect(index);
            const QPoint centre = m_view->viewport()->mapTo(page->widget(), cell.center());
            page->ensureVisible(0, centre.y(), 0, cell.height() / 2 + 2);
            return;
        }
    }
}

void LensPanel::refreshMessage()
{
    PassMessage::show(m_message,
        PassMessage::text(*m_session, tr("Open a model to see its logit lens."),
            tr("This checkpoint has no output head to read the layers with (a BERT without cls.predictions).")));
}

void LensPanel::scheduleFill()
{
    m_fillTimer->start();
}

void LensPanel::showEvent(QShowEvent *event)
{
    Retranslating<QWidget>::showEvent(event);
    if (m_scrollOwed) // after the page has laid the panel out
        QTimer::singleShot(0, this, [this] {
            if (std::exchange(m_scrollOwed, false) && isVisible() && m_model->predictionRow() >= 0)
                showRow(m_model->predictionRow());
        });
    scheduleFill();
}

void LensPanel::resizeEvent(QResizeEvent *event)
{
    Retranslating<QWidget>::resizeEvent(event);
    scheduleFill();
}

bool LensPanel::fillVisible()
{
    if (m_filling || m_scrollPending || !isVisible() || m_session->isBusy() || !m_session->isComputed()
        || m_model->rowCount() == 0)
        return false;
    const int first = std::max(0, m_view->rowAt(0));
    int last = m_view->rowAt(m_view->viewport()->height() - 1);
    if (last < 0)
        last = m_model->rowCount() - 1;
    const std::vector<int> rows = m_model->missingRows(first, last);
    if (rows.empty())
        return false;
    using Rows = std::vector<std::vector<std::vector<model::TokenProbability>>>;
    auto results = std::make_shared<Rows>();
    const bool queued = m_session->readRunner(
        [rows, results](const model::ForwardRunner &runner, const model::ForwardProgress &progress) {
            for (size_t i = 0; i < rows.size(); ++i) {
                if (progress && !progress(int(i), int(rows.size())))
                    return false;
                results->push_back(model::lensTopTokens(runner, rows[i], LensModel::kTop));
            }
            return true;
        },
        [self = QPointer<LensPanel>(this), rows, results, epoch = m_epoch](bool finished) {
            if (!self)
                return;
            self->m_filling = false;
            if (epoch != self->m_epoch) { // a newer pass came meanwhile: its rows are wanted now
                self->scheduleFill();
                return;
            }
            // A cancelled computation keeps the rows it finished.
            for (size_t i = 0; i < results->size(); ++i)
                self->m_model->setRow(rows[i], std::move((*results)[i]));
            if (finished) // rows may have scrolled into view meanwhile
                self->scheduleFill();
        },
        [] { return tr("Computing the logit lens…"); });
    m_filling = queued;
    return queued;
}

} // namespace attnlab::ui
