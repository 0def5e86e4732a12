#include "ui/generate/kvvectorsview.h"

#include "ui/model/modelsession.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

namespace {
constexpr int kTitleHeight = 18;
constexpr int kLabelWidth = 70;
constexpr int kGap = 10;

double largestMagnitude(const core::Matrix &m)
{
    return m.size() == 0 ? 0.0 : double(m.cwiseAbs().maxCoeff());
}
} // namespace

QImage KvVectorsView::cellsImage(const core::Matrix &m)
{
    QImage image(int(m.cols()), int(m.rows()), QImage::Format_RGB32);
    const double range = largestMagnitude(m);
    for (int r = 0; r < int(m.rows()); ++r) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(r));
        for (int c = 0; c < int(m.cols()); ++c)
            line[c] = colorFor(double(m(r, c)), range).rgb();
    }
    return image;
}

KvVectorsView::KvVectorsView(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("KvVectorsView"));
    connect(m_session, &ModelSession::computed, this, &KvVectorsView::refresh);
    connect(m_session, &ModelSession::modelLoaded, this, [this] {
        m_layer = 0;
        refresh();
    });
    retranslate();
}

void KvVectorsView::retranslate()
{
    setToolTip(tr("The keys and values this layer has cached, one row per token: a new token adds its own row "
                  "(outlined) and reads all of them; the earlier rows never change."));
    update();
}

void KvVectorsView::setLayer(int layer)
{
    if (layer == m_layer)
        return;
    m_layer = layer;
    refresh();
}

void KvVectorsView::refresh()
{
    const core::model::ForwardRunner *runner = m_session->runner();
    if (runner && m_session->isComputed() && runner->config().family->causal && m_layer >= 0
        && m_layer < runner->layers()) {
        m_keys = runner->cachedKeys(m_layer);
        m_values = runner->cachedValues(m_layer);
        m_headDim = runner->config().headDim();
        m_tokens = m_session->displayTokens();
    } else if (!m_session->isBusy() && !m_session->isStale()) {
        m_keys.resize(0, 0);
        m_values.resize(0, 0);
        m_tokens.clear();
    }
    m_keyImage = m_valueImage = QImage();
    updateGeometry();
    update();
}

QColor KvVectorsView::colorFor(double value, double range)
{
    const double t = range > 0 ? std::clamp(value / range, -1.0, 1.0) : 0.0;
    // White at 0, red for positive, blue for negative.
    if (t >= 0)
        return QColor::fromRgbF(1.0f, float(1.0 - 0.8 * t), float(1.0 - 0.8 * t));
    return QColor::fromRgbF(float(1.0 + 0.8 * t), float(1.0 + 0.5 * t), 1.0f);
}

QRect KvVectorsView::mapRect(bool value) const
{
    const int half = (width() - kLabelWidth - kGap) / 2;
    const int left = kLabelWidth + (value ? half + kGap : 0);
    return QRect(left, kTitleHeight, std::max(0, half), std::max(0, height() - kTitleHeight));
}

QRect KvVectorsView::cellRect(int token, int column, bool value) const
{
    const QRect area = mapRect(value);
    const int rows = std::max<int>(1, int(m_keys.rows())), cols = std::max<int>(1, int(m_keys.cols()));
    const int top = area.top() + token * area.height() / rows, bottom = area.top() + (token + 1) * area.height() / rows;
    const int left = area.left() + column * area.width() / cols,
              right = area.left() + (column + 1) * area.width() / cols;
    return QRect(left, top, std::max(1, right - left), std::max(1, bottom - top));
}

QSize KvVectorsView::sizeHint() const
{
    return QSize(kLabelWidth + 2 * 200 + kGap, kTitleHeight + std::max<int>(4, int(m_keys.rows())) * 8);
}

QSize KvVectorsView::minimumSizeHint() const
{
    return QSize(kLabelWidth + 2 * 80 + kGap, kTitleHeight + 40);
}

QString KvVectorsView::cellText(const QPoint &pos) const
{
    for (const bool value : {false, true}) {
        const QRect area = mapRect(value);
        if (!area.contains(pos) || m_keys.size() == 0)
            continue;
        const int token = std::clamp(
            int((pos.y() - area.top()) * m_keys.rows() / std::max(1, area.height())), 0, int(m_keys.rows()) - 1);
        const int column = std::clamp(
            int((pos.x() - area.left()) * m_keys.cols() / std::max(1, area.width())), 0, int(m_keys.cols()) - 1);
        const core::Matrix &m = value ? m_values : m_keys;
        const QString text = value ? tr("Layer %1, token %2 “%3”: V of key/value head %4, dimension %5 = %6")
                                   : tr("Layer %1, token %2 “%3”: K of key/value head %4, dimension %5 = %6");
        return text.arg(m_layer + 1)
            .arg(token + 1)
            .arg(token < m_tokens.size() ? m_tokens[token] : QString())
            .arg(column / m_headDim + 1)
            .arg(column % m_headDim + 1)
            .arg(double(m(token, column)), 0, 'f', 4);
    }
    return QString();
}

void KvVectorsView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (m_keys.size() == 0) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, tr("The cached keys and values appear here."));
        return;
    }
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    const int rows = int(m_keys.rows()), cols = int(m_keys.cols());
    for (const bool value : {false, true}) {
        const QRect area = mapRect(value);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRect(area.left(), 0, area.width(), kTitleHeight), Qt::AlignCenter,
            value ? tr("V, layer %1 (%2 × %3)").arg(m_layer + 1).arg(rows).arg(cols)
                  : tr("K, layer %1 (%2 × %3)").arg(m_layer + 1).arg(rows).arg(cols));
        QImage &image = value ? m_valueImage : m_keyImage;
        if (image.isNull())
            image = cellsImage(value ? m_values : m_keys);
        // Nearest-neighbour (no smooth transform): each cell a block of whole pixels, as cellRect
        // lays them out.
        p.drawImage(cellRect(0, 0, value).united(cellRect(rows - 1, cols - 1, value)), image);
        // The newest token's row: what the last step added.
        const QRect last = cellRect(rows - 1, 0, value).united(cellRect(rows - 1, cols - 1, value));
        p.setPen(QPen(QColor(230, 120, 0), 2));
        p.drawRect(last.adjusted(0, 0, -1, -1));
    }
    p.setFont(font());
    p.setPen(palette().color(QPalette::Text));
    // Each label in a line's height centred on its row (rows shorter than a line label every k-th).
    const int line = fontMetrics().height();
    for (const int r : labelledRows()) {
        const QRect cell = cellRect(r, 0, false);
        const QString label = fontMetrics().elidedText(m_tokens[r], Qt::ElideRight, kLabelWidth - 6);
        p.drawText(
            QRect(0, cell.center().y() - line / 2, kLabelWidth - 4, line), Qt::AlignRight | Qt::AlignVCenter, label);
    }
}

QList<int> KvVectorsView::labelledRows() const
{
    const int rows = std::min<int>(int(m_keys.rows()), int(m_tokens.size()));
    QList<int> out;
    const double rowHeight = double(mapRect(false).height()) / std::max(1, int(m_keys.rows()));
    if (rows == 0 || rowHeight <= 0)
        return out;
    // At 17 rows in the panel's height a row is shorter than a line: every label used to go.
    const int step = std::max(1, int(std::ceil(fontMetrics().height() / rowHeight)));
    for (int r = 0; r < rows; r += step)
        out << r;
    // The newest token's row is the one a step adds: it is labelled, in place of the row before
    // it when they would touch.
    if (out.last() != rows - 1) {
        if (rows - 1 - out.last() < step)
            out.removeLast();
        out << rows - 1;
    }
    return out;
}

bool KvVectorsView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = cellText(help->pos());
        if (!text.isEmpty()) {
            QToolTip::showText(help->globalPos(), text, this);
            return true;
        }
    }
    return QWidget::event(event);
}

} // namespace attnlab::ui
