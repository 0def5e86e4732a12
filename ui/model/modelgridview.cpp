#include "ui/model/modelgridview.h"

#include "ui/model/modelsession.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QMenu>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cstring>

namespace attnlab::ui {

namespace {
constexpr int kLabelWidth = 50; // the layer numbers, and above them the layers' title
constexpr int kLabelHeight = 18;
constexpr int kGap = 3;
constexpr int kAxisTitle = 16; // the band of an axis title
} // namespace

ModelGridView::ModelGridView(ModelSession *session, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("ModelGridView"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    connect(m_session, &ModelSession::computed, this, &ModelGridView::rebuild);
    connect(m_session, &ModelSession::modelLoaded, this, &ModelGridView::rebuild);
    connect(m_session, &ModelSession::headMaskChanged, this, qOverload<>(&QWidget::update));
    connect(m_session, &ModelSession::selectionChanged, this, qOverload<>(&QWidget::update));
    retranslate();
}

void ModelGridView::retranslate()
{
    setToolTip(tr("Every head of every layer: row = layer, column = head; in a thumbnail the row is the query "
                  "token, the column the key. Click to select a head, Ctrl+click (or right-click) to switch it off."));
    update();
}

namespace {
// colorFor's colours at weights 0, 1/kColorSteps … 1, made once: a thumbnail's pixel is a look-up,
// not a QColor per cell (24 × 14 heads of 64 × 64 cells cost tens of milliseconds per pass that way).
const std::array<QRgb, ModelGridView::kColorSteps + 1> &colorTable()
{
    static const std::array<QRgb, ModelGridView::kColorSteps + 1> table = [] {
        std::array<QRgb, ModelGridView::kColorSteps + 1> t {};
        for (int i = 0; i <= ModelGridView::kColorSteps; ++i) {
            const double w = double(i) / ModelGridView::kColorSteps;
            // From white to a dark blue, so a few strong weights stand out in a tiny image.
            t[size_t(i)] = QColor::fromRgbF(float(1.0 - 0.92 * w), float(1.0 - 0.75 * w), float(1.0 - 0.35 * w)).rgb();
        }
        return t;
    }();
    return table;
}

size_t colorIndex(float weight)
{
    const float w = weight > 0 ? std::min(weight, 1.0f) : 0.0f; // NaN as 0
    return size_t(int(w * float(ModelGridView::kColorSteps) + 0.5f));
}

void drawRow(QRgb *line, const core::Scalar *weights, int count)
{
    const auto &table = colorTable();
    for (int k = 0; k < count; ++k)
        line[k] = table[colorIndex(weights[k])];
}
} // namespace

QRgb ModelGridView::rgbFor(float weight)
{
    return colorTable()[colorIndex(weight)];
}

QColor ModelGridView::colorFor(double weight)
{
    return QColor(rgbFor(float(weight)));
}

QImage ModelGridView::weightsImage(const core::Matrix &w)
{
    return weightsImage(w, core::Matrix(), QImage());
}

QImage ModelGridView::weightsImage(const core::Matrix &w, const core::Matrix &old, const QImage &oldImage, long *drawn)
{
    if (w.size() == 0)
        return {};
    const core::Matrix &rows = w; // row-major: a query row is contiguous
    const int n = int(w.rows()), m = int(w.cols());
    const int oldRows = int(old.rows()), oldCols = int(old.cols());
    const bool reusable = oldImage.width() == oldCols && oldImage.height() == oldRows && oldCols <= m
        && oldImage.format() == QImage::Format_RGB32;
    QImage image(m, n, QImage::Format_RGB32);
    long computed = 0;
    for (int q = 0; q < n; ++q) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(q));
        const core::Scalar *values = rows.data() + std::ptrdiff_t(q) * m;
        const bool kept = reusable && q < oldRows && (rows.row(q).head(oldCols).array() == old.row(q).array()).all()
            && (rows.row(q).tail(m - oldCols).array() == 0).all();
        if (kept) {
            std::memcpy(line, oldImage.constScanLine(q), size_t(oldCols) * sizeof(QRgb));
            drawRow(line + oldCols, values + oldCols, m - oldCols);
        } else {
            drawRow(line, values, m);
            ++computed;
        }
    }
    if (drawn)
        *drawn += computed;
    return image;
}

QImage ModelGridView::pooledImage(const QImage &image, const QSize &size)
{
    if (image.isNull() || size.isEmpty() || (image.width() <= size.width() && image.height() <= size.height()))
        return image;
    const QImage source = image.convertToFormat(QImage::Format_RGB32);
    const int sw = source.width(), sh = source.height();
    const int w = std::min(sw, size.width()), h = std::min(sh, size.height());
    QImage pooled(w, h, QImage::Format_RGB32);
    for (int y = 0; y < h; ++y) {
        const int y0 = y * sh / h, y1 = std::max(y0 + 1, (y + 1) * sh / h);
        auto *out = reinterpret_cast<QRgb *>(pooled.scanLine(y));
        for (int x = 0; x < w; ++x) {
            const int x0 = x * sw / w, x1 = std::max(x0 + 1, (x + 1) * sw / w);
            int red = 255, green = 255, blue = 255;
            for (int yy = y0; yy < y1; ++yy) {
                const auto *in = reinterpret_cast<const QRgb *>(source.constScanLine(yy));
                for (int xx = x0; xx < x1; ++xx) {
                    red = std::min(red, qRed(in[xx]));
                    green = std::min(green, qGreen(in[xx]));
                    blue = std::min(blue, qBlue(in[xx]));
                }
            }
            out[x] = qRgb(red, green, blue);
        }
    }
    return pooled;
}

void ModelGridView::drawThumbnail(
    QPainter &p, const QRect &r, const QImage &image, bool selected, bool ablated, const QPalette &palette)
{
    if (image.isNull())
        p.fillRect(r, palette.color(QPalette::AlternateBase));
    else // nearest-neighbour from the pooled image: SmoothPixmapTransform is off
        p.drawImage(r, pooledImage(image, r.size()));
    if (ablated) {
        p.fillRect(r, QColor(128, 128, 128, 170));
        p.setPen(QPen(QColor(200, 30, 30), 2));
        p.drawLine(r.topLeft(), r.bottomRight());
        p.drawLine(r.topRight(), r.bottomLeft());
    }
    if (selected) {
        p.setPen(QPen(QColor(230, 120, 0), 3));
        p.drawRect(r.adjusted(-1, -1, 1, 1));
    } else {
        p.setPen(QPen(palette.color(QPalette::Mid), 1));
        p.drawRect(r.adjusted(0, 0, -1, -1));
    }
}

void ModelGridView::rebuild()
{
    const core::model::ForwardRunner *runner = m_session->runner();
    const bool fresh = runner && m_session->isComputed();
    // A cancelled, failed or refused run leaves the last good thumbnails (the room says why).
    if (!fresh && m_session->isStale())
        return;
    int layers = 0, heads = 0;
    if (const core::model::ModelConfig *config = m_session->config()) {
        layers = config->layers;
        heads = config->heads;
    }
    if (layers != m_layers || heads != m_heads || !fresh) {
        m_images.clear();
        m_thumbnails.clear();
    }
    m_layers = layers;
    m_heads = heads;
    m_pooled.assign(size_t(m_layers * m_heads), QImage());
    if (fresh) {
        const size_t count = size_t(m_layers * m_heads);
        m_images.resize(count);
        m_thumbnails.resize(count);
        for (int l = 0; l < m_layers; ++l)
            for (int h = 0; h < m_heads; ++h) {
                // Up to ForwardRunner::kThumbnailSize tokens the thumbnail is the weights
                // themselves, one pixel per cell; beyond, each pixel is a block's strongest weight
                // (blocks of 2, 4, 8 … cells a side). Rows the pass left alone keep their pixels.
                const size_t i = size_t(l * m_heads + h);
                const core::Matrix &thumbnail = runner->attentionThumbnail(l, h);
                m_images[i] = weightsImage(thumbnail, m_thumbnails[i], m_images[i], &m_rowsDrawn);
                m_thumbnails[i] = thumbnail;
            }
    }
    updateGeometry();
    update();
}

const QImage &ModelGridView::pooled(int index, const QSize &size)
{
    if (size != m_pooledSize) {
        m_pooledSize = size;
        m_pooled.assign(m_images.size(), QImage());
    }
    QImage &image = m_pooled[size_t(index)];
    if (image.isNull() && !m_images[size_t(index)].isNull()) {
        image = pooledImage(m_images[size_t(index)], size);
        ++m_pooledCount;
    }
    return image;
}

QString ModelGridView::headToolTip(int layer, int head) const
{
    QString text = m_session->isAblated(layer, head)
        ? tr("Layer %1, head %2 (%3), switched off.\nCtrl+click to switch it on again.")
        : tr("Layer %1, head %2 (%3).\nClick to select it, Ctrl+click to switch it off.");
    text = text.arg(layer + 1).arg(head + 1).arg(ModelSession::headName(layer, head));
    const core::model::ForwardRunner *runner = m_session->runner();
    const int n = runner && m_session->isComputed() ? runner->tokenCount() : 0;
    if (n > core::model::ForwardRunner::kThumbnailSize) {
        const int block = core::model::ForwardRunner::thumbnailBlock(n);
        text += QLatin1Char('\n')
            + tr("The text has %1 tokens: each pixel shows the strongest weight of a block of up to %2 × %2 cells; "
                 "the lines beside it show every one.")
                  .arg(n)
                  .arg(block);
    }
    if (n > 0 && !m_session->generatedIds().empty())
        text += QLatin1Char('\n') + tr("The bottom row is the newest token's query over every cached key.");
    return text;
}

QImage ModelGridView::thumbnail(int layer, int head) const
{
    const int i = layer * m_heads + head;
    if (layer < 0 || head < 0 || layer >= m_layers || head >= m_heads || size_t(i) >= m_images.size())
        return QImage();
    return m_images[size_t(i)];
}

int ModelGridView::cellSize() const
{
    if (m_layers == 0 || m_heads == 0)
        return 0;
    const int byWidth = (width() - origin().x()) / m_heads - kGap;
    const int byHeight = (height() - origin().y()) / m_layers - kGap;
    return std::clamp(std::min(byWidth, byHeight), 12, 96);
}

QPoint ModelGridView::origin() const
{
    return QPoint(kLabelWidth, kAxisTitle + kLabelHeight);
}

QString ModelGridView::headAxisTitle() const
{
    return tr("Head →");
}

QString ModelGridView::layerAxisTitle() const
{
    return tr("Layer ↓");
}

QString ModelGridView::tokenCountText() const
{
    const core::model::ForwardRunner *runner = m_session->runner();
    if (!runner || !m_session->isComputed() || runner->tokenCount() == 0)
        return QString();
    return tr("%1 tokens a side").arg(QLocale().toString(runner->tokenCount()));
}

QRect ModelGridView::headAxisRect() const
{
    const int s = cellSize();
    return QRect(origin().x(), 0, std::max(s, m_heads * (s + kGap) - kGap), kAxisTitle);
}

QRect ModelGridView::layerAxisRect() const
{
    return QRect(0, kAxisTitle, kLabelWidth - 4, kLabelHeight);
}

QRect ModelGridView::cellRect(int layer, int head) const
{
    const int s = cellSize();
    return QRect(origin() + QPoint(head * (s + kGap), layer * (s + kGap)), QSize(s, s));
}

QSize ModelGridView::sizeHint() const
{
    return QSize(origin().x() + std::max(1, m_heads) * 40, origin().y() + std::max(1, m_layers) * 40);
}

QSize ModelGridView::minimumSizeHint() const
{
    return QSize(origin().x() + std::max(1, m_heads) * (12 + kGap), origin().y() + std::max(1, m_layers) * (12 + kGap));
}

bool ModelGridView::headAt(const QPoint &pos, int *layer, int *head) const
{
    for (int l = 0; l < m_layers; ++l)
        for (int h = 0; h < m_heads; ++h)
            if (cellRect(l, h).contains(pos)) {
                *layer = l;
                *head = h;
                return true;
            }
    return false;
}

void ModelGridView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (m_layers == 0) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, tr("File → Open Model… shows every head here."));
        return;
    }
    const int s = cellSize();
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.8));
    p.setFont(small);
    p.setPen(palette().color(QPalette::Text));
    for (int h = 0; h < m_heads; ++h)
        p.drawText(QRect(cellRect(0, h).left(), kAxisTitle, s, kLabelHeight), Qt::AlignCenter, QString::number(h + 1));
    for (int l = 0; l < m_layers; ++l)
        p.drawText(QRect(0, cellRect(l, 0).top(), kLabelWidth - 4, s), Qt::AlignRight | Qt::AlignVCenter,
            QString::number(l + 1));
    // The axis titles: the heads' above their numbers, the layers' above theirs, in the corner.
    p.drawText(headAxisRect(), Qt::AlignLeft | Qt::AlignVCenter, headAxisTitle());
    p.drawText(layerAxisRect(), Qt::AlignRight | Qt::AlignVCenter, layerAxisTitle());
    // How many tokens a thumbnail shows, at the heads' axis's far end when there is room for it.
    const QString count = tokenCountText();
    const QRect axis = headAxisRect();
    const int titleWidth = p.fontMetrics().horizontalAdvance(headAxisTitle()) + p.fontMetrics().averageCharWidth() * 2;
    if (!count.isEmpty() && p.fontMetrics().horizontalAdvance(count) <= axis.width() - titleWidth)
        p.drawText(axis, Qt::AlignRight | Qt::AlignVCenter, count);
    for (int l = 0; l < m_layers; ++l)
        for (int h = 0; h < m_heads; ++h) {
            const bool selected = l == m_session->selectedLayer() && h == m_session->selectedHead();
            const QRect cell = cellRect(l, h);
            const int i = l * m_heads + h;
            drawThumbnail(p, cell, size_t(i) < m_images.size() ? pooled(i, cell.size()) : QImage(), selected,
                m_session->isAblated(l, h), palette());
        }
}

void ModelGridView::mousePressEvent(QMouseEvent *event)
{
    int layer = 0, head = 0;
    if (event->button() != Qt::LeftButton || !headAt(event->pos(), &layer, &head))
        return QWidget::mousePressEvent(event);
    setFocus(Qt::MouseFocusReason);
    m_session->setSelectedHead(layer, head);
    if (event->modifiers() & Qt::ControlModifier)
        m_session->toggleAblation(layer, head);
}

void ModelGridView::contextMenuEvent(QContextMenuEvent *event)
{
    int layer = 0, head = 0;
    if (!headAt(event->pos(), &layer, &head))
        return;
    m_session->setSelectedHead(layer, head);
    QMenu menu(this);
    const QString name = ModelSession::headName(layer, head);
    QAction *toggle = menu.addAction(
        m_session->isAblated(layer, head) ? tr("Switch On Head %1").arg(name) : tr("Switch Off Head %1").arg(name));
    if (menu.exec(event->globalPos()) == toggle)
        m_session->toggleAblation(layer, head);
}

bool ModelGridView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        int layer = 0, head = 0;
        if (headAt(help->pos(), &layer, &head)) {
            QToolTip::showText(help->globalPos(), headToolTip(layer, head), this);
            return true;
        }
    }
    return QWidget::event(event);
}

} // namespace attnlab::ui
