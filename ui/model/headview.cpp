#include "ui/model/headview.h"

#include "ui/model/modelsession.h"

#include <QLineF>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QVector>

#include <algorithm>
#include <cmath>
#include <map>

namespace attnlab::ui {

namespace {
constexpr int kHeadingHeight = 18;
constexpr int kTitleHeight = 22 + kHeadingHeight; // the title, then the two columns' headings
constexpr int kColumnWidth = 110;
} // namespace

HeadView::HeadView(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("HeadView"));
    setMouseTracking(true);
    connect(m_session, &ModelSession::computed, this, &HeadView::refresh);
    connect(m_session, &ModelSession::selectionChanged, this, &HeadView::refresh);
    connect(m_session, &ModelSession::headMaskChanged, this, &HeadView::refresh);
    retranslate();
}

void HeadView::retranslate()
{
    setToolTip(tr("The selected head: each token on the left attends to the tokens on the right; thicker, darker "
                  "lines carry more weight. Point at a token to see only its lines. The prediction is read from the "
                  "token marked ▶."));
    refresh();
}

void HeadView::refresh()
{
    const core::model::ForwardRunner *runner = m_session->runner();
    const int layer = m_session->selectedLayer();
    const int head = m_session->selectedHead();
    if (runner && m_session->isComputed() && layer < runner->layers() && head < runner->heads()) {
        m_weights = runner->attentionWeights(layer, head);
        m_tokens = m_session->displayTokens();
        // The session's: −1 for BERT without [MASK], which predicts nothing (the runner would
        // read its last position, [SEP]).
        m_position = m_session->predictionPosition();
        m_newest = m_session->generatedIds().empty() ? -1 : int(m_weights.rows()) - 1;
        m_title = tr("Layer %1, head %2").arg(layer + 1).arg(head + 1);
        if (m_session->isAblated(layer, head))
            m_title += tr(" (switched off: its output is zero)");
        else if (m_newest >= 0)
            m_title += tr(": the new token reads all %1 cached positions").arg(m_weights.cols());
    } else if (!m_session->hasModel() || (!m_session->isBusy() && !m_session->isStale())) {
        // Nothing to show (no model, no text). A busy or stale session keeps the last result.
        m_weights.resize(0, 0);
        m_tokens.clear();
        m_title.clear();
        m_position = -1;
        m_newest = -1;
    }
    if (m_hovered >= m_tokens.size())
        m_hovered = -1;
    updateGeometry();
    update();
}

int HeadView::penStep(double weight)
{
    return int(std::lround(std::clamp(weight, 0.0, 1.0) * kPenSteps));
}

double HeadView::lineWidth(double weight)
{
    return 0.5 + 4.5 * std::clamp(weight, 0.0, 1.0);
}

double HeadView::lineOpacity(double weight)
{
    return 0.15 + 0.85 * std::clamp(weight, 0.0, 1.0);
}

std::vector<HeadView::Line> HeadView::visibleLines() const
{
    std::vector<Line> lines;
    for (int q = 0; q < m_weights.rows(); ++q)
        for (int k = 0; k < m_weights.cols(); ++k) {
            if (m_hovered >= 0 && (m_hoveredIsKey ? k : q) != m_hovered)
                continue;
            const double w = m_weights(q, k);
            if (w >= kMinWeight)
                lines.push_back({q, k, w});
        }
    return lines;
}

std::vector<HeadView::Line> HeadView::newestLines() const
{
    std::vector<Line> lines;
    if (m_newest < 0)
        return lines;
    for (int k = 0; k < m_weights.cols(); ++k)
        if (m_weights(m_newest, k) >= kMinWeight)
            lines.push_back({m_newest, k, m_weights(m_newest, k)});
    return lines;
}

void HeadView::setHoveredToken(int token, bool isKey)
{
    m_hovered = token;
    m_hoveredIsKey = isKey;
    update();
}

int HeadView::compactRowHeight() const
{
    return fontMetrics().height() + 2;
}

// Comfortable rows when they fit, else as many compact rows as the height holds (the rest
// scrolls: minimumSizeHint() asks for compact rows).
int HeadView::rowHeight() const
{
    const int comfortable = fontMetrics().height() + 6;
    const int n = std::max(1, int(m_tokens.size()));
    return std::clamp((height() - kTitleHeight) / n, compactRowHeight(), comfortable);
}

QSize HeadView::sizeHint() const
{
    return QSize(
        2 * kColumnWidth + 120, kTitleHeight + std::max(4, int(m_tokens.size())) * (fontMetrics().height() + 6));
}

QSize HeadView::minimumSizeHint() const
{
    return QSize(2 * kColumnWidth + 40, kTitleHeight + std::max(1, int(m_tokens.size())) * compactRowHeight());
}

QString HeadView::columnHeading(bool isKey) const
{
    return isKey ? tr("Keys (being read)") : tr("Queries (reading)");
}

QRect HeadView::headingRect(bool isKey) const
{
    // Each heading may use its half of the width, over its column and the lines beside it.
    const int half = std::max(kColumnWidth, width() / 2 - 4);
    return QRect(isKey ? width() - half : 0, kTitleHeight - kHeadingHeight, half, kHeadingHeight);
}

QRect HeadView::tokenRect(int token, bool isKey) const
{
    const int x = isKey ? width() - kColumnWidth : 0;
    return QRect(x, kTitleHeight + token * rowHeight(), kColumnWidth, rowHeight());
}

void HeadView::paintEvent(QPaintEvent *event)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().color(QPalette::Text));
    if (m_weights.size() == 0) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, tr("Select a head in the grid."));
        return;
    }
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QRect(0, 0, width(), kTitleHeight - kHeadingHeight), Qt::AlignCenter, m_title);
    p.setFont(font());
    p.setPen(palette().color(QPalette::PlaceholderText));
    for (const bool isKey : {false, true})
        p.drawText(headingRect(isKey).adjusted(4, 0, -4, 0),
            (isKey ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter,
            p.fontMetrics().elidedText(columnHeading(isKey), Qt::ElideRight, headingRect(isKey).width() - 8));
    p.setPen(palette().color(QPalette::Text));
    const QColor lineColor(40, 80, 200);
    // Without a hovered token, a generated token's row stands out over the faded others.
    const bool emphasize = m_newest >= 0 && m_hovered < 0;
    // Thin lines (most of them: weights spread over many keys) are added up in the fan and drawn
    // as one image; the few wide ones (at most four a row) go to the painter, one call per pen,
    // with their round ends. Lines wholly outside the exposed rows are left out. At ~90 tokens a
    // pen and a call per line made this paint as slow as the model's pass for the token, and
    // grouping the pens still left it at 150–350 ms (issue 36).
    const QRect exposed = event->rect();
    const QRect between(QPoint(kColumnWidth, exposed.top()), QPoint(width() - kColumnWidth - 1, exposed.bottom()));
    const auto draw = [&](const std::vector<Line> &lines, bool newest, const QColor &color, double fade) {
        std::map<int, QVector<QLineF>> groups;
        m_fan.begin(between, devicePixelRatioF());
        bool fanned = false;
        for (const Line &line : lines) {
            if (emphasize && (line.query == m_newest) != newest)
                continue;
            const QRect from = tokenRect(line.query, false);
            const QRect to = tokenRect(line.key, true);
            const int top = std::min(from.center().y(), to.center().y()) - 3;
            const int bottom = std::max(from.center().y(), to.center().y()) + 3;
            if (bottom < exposed.top() || top > exposed.bottom())
                continue;
            const QLineF segment(QPointF(from.right() + 4, from.center().y()), QPointF(to.left() - 4, to.center().y()));
            if (lineWidth(line.weight) <= kFannedWidth) {
                m_fan.addLine(segment.p1(), segment.p2(), lineWidth(line.weight), fade * lineOpacity(line.weight));
                fanned = true;
            } else {
                groups[penStep(line.weight)].append(segment);
            }
        }
        if (fanned)
            p.drawImage(m_fan.origin(), m_fan.image(color));
        for (const auto &[step, segments] : groups) {
            const double weight = double(step) / kPenSteps;
            QColor c = color;
            c.setAlphaF(float(fade * lineOpacity(weight)));
            p.setPen(QPen(c, lineWidth(weight), Qt::SolidLine, Qt::RoundCap));
            p.drawLines(segments);
        }
    };
    draw(visibleLines(), false, lineColor, emphasize ? 0.3 : 1.0);
    if (emphasize)
        draw(newestLines(), true, QColor(230, 120, 0), 1.0);
    for (int i = 0; i < m_tokens.size(); ++i)
        for (const bool isKey : {false, true}) {
            const QRect r = tokenRect(i, isKey);
            const bool hovered = m_hovered == i && m_hoveredIsKey == isKey;
            const bool predicting = !isKey && i == m_position;
            if (hovered)
                p.fillRect(r, QColor(255, 220, 150));
            else if (predicting)
                p.fillRect(r, QColor(255, 243, 205));
            p.setPen(palette().color(QPalette::Text));
            p.setFont(predicting ? bold : font());
            // The prediction's row carries an arrow before its token.
            const QString label = predicting ? QStringLiteral("▶ ") + m_tokens[i] : m_tokens[i];
            const QString text = p.fontMetrics().elidedText(label, Qt::ElideRight, kColumnWidth - 8);
            p.drawText(r.adjusted(4, 0, -4, 0), (isKey ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter, text);
        }
}

void HeadView::mouseMoveEvent(QMouseEvent *event)
{
    for (int i = 0; i < m_tokens.size(); ++i)
        for (const bool isKey : {false, true})
            if (tokenRect(i, isKey).contains(event->pos())) {
                if (m_hovered != i || m_hoveredIsKey != isKey)
                    setHoveredToken(i, isKey);
                return;
            }
    if (m_hovered >= 0)
        setHoveredToken(-1, false);
}

void HeadView::leaveEvent(QEvent *event)
{
    setHoveredToken(-1, false);
    QWidget::leaveEvent(event);
}

} // namespace attnlab::ui
