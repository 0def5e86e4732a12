#include "ui/editors/maskeditor.h"

#include "core/scene/sceneedits.h"
#include "core/scene/variants/variants.h"
#include "ui/document/document.h"
#include "ui/i18n/coremessages.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

namespace attnlab::ui {

namespace {

// The painted grid. It reads the mask from the Document and reports clicks; it never edits.
class MaskGrid : public QWidget {
public:
    MaskGrid(Document *document, std::function<void(int, int)> onClick, QWidget *parent)
        : QWidget(parent)
        , m_document(document)
        , m_onClick(std::move(onClick))
    {
        setMouseTracking(true);
    }

    void refresh()
    {
        updateGeometry();
        adjustSize();
        update();
    }

    QSize sizeHint() const override
    {
        const int n = m_document->scene().tokenCount();
        return QSize(labelWidth() + n * cellSize() + 2, labelHeight() + n * cellSize() + 2);
    }

protected:
    void paintEvent(QPaintEvent *event) override
    {
        const core::Scene &s = m_document->scene();
        const core::MaskMatrix mask = core::effectiveMask(s), visible = core::visibleKeys(s);
        const int n = s.tokenCount(), c = cellSize(), lw = labelWidth(), lh = labelHeight();
        // Only the exposed part: a long sentence makes a grid of millions of cells.
        const QRect exposed = event->rect();
        const int firstCol = std::clamp((exposed.left() - lw) / c, 0, n),
                  lastCol = std::clamp((exposed.right() - lw) / c + 1, 0, n);
        const int firstRow = std::clamp((exposed.top() - lh) / c, 0, n),
                  lastRow = std::clamp((exposed.bottom() - lh) / c + 1, 0, n);
        QPainter p(this);
        p.fillRect(exposed, palette().base());
        p.setPen(palette().text().color());
        for (int i = std::min(firstRow, firstCol); i < std::max(lastRow, lastCol); ++i) {
            const QString label = tokenLabel(i);
            p.drawText(QRect(0, lh + i * c, lw - 4, c), Qt::AlignRight | Qt::AlignVCenter, label);
            const QStringList stacked = MaskEditor::stackedColumnLabel(label);
            if (!stacked.isEmpty()) {
                // Upright, bottom-aligned above the column.
                const int line = fontMetrics().height();
                int y = lh - 4 - int(stacked.size()) * line;
                for (const QString &piece : stacked) {
                    p.drawText(QRect(lw + i * c, y, c, line), Qt::AlignCenter,
                        fontMetrics().elidedText(piece, Qt::ElideRight, c));
                    y += line;
                }
                continue;
            }
            p.save();
            p.translate(lw + i * c + c / 2, lh - 4);
            p.rotate(-90);
            p.drawText(QRect(0, -c / 2, lh - 4, c), Qt::AlignLeft | Qt::AlignVCenter, label);
            p.restore();
        }
        for (int r = firstRow; r < lastRow; ++r)
            for (int col = firstCol; col < lastCol; ++col) {
                const QRect cell(lw + col * c, lh + r * c, c, c);
                // Outside the window: the mask's cell is open, the window closes it (lighter hatching).
                const bool outside = mask(r, col) && !visible(r, col);
                if (visible(r, col)) {
                    p.fillRect(cell, QColor(232, 238, 247));
                } else {
                    p.fillRect(cell, outside ? QColor(222, 214, 196) : QColor(190, 190, 190));
                    p.fillRect(cell,
                        QBrush(outside ? QColor(160, 140, 100) : QColor(120, 120, 120),
                            outside ? Qt::FDiagPattern : Qt::BDiagPattern));
                }
                p.setPen(QColor(150, 150, 150));
                p.drawRect(cell.adjusted(0, 0, -1, -1));
                if (c >= 18) {
                    p.setPen(visible(r, col) ? QColor(40, 70, 120) : QColor(60, 60, 60));
                    p.drawText(cell, Qt::AlignCenter, visible(r, col) ? QStringLiteral("✓") : QStringLiteral("✕"));
                }
            }
    }

    void mousePressEvent(QMouseEvent *event) override
    {
        const auto [r, c] = cellAt(event->position().toPoint());
        if (event->button() == Qt::LeftButton && r >= 0)
            m_onClick(r, c);
    }

    bool event(QEvent *event) override
    {
        if (event->type() == QEvent::ToolTip) {
            auto *help = static_cast<QHelpEvent *>(event);
            const auto [r, c] = cellAt(help->pos());
            if (r < 0) {
                QToolTip::showText(help->globalPos(), MaskEditor::tr("Rows are queries, columns are keys."), this);
            } else {
                const core::Scene &s = m_document->scene();
                const QString query = tokenLabel(r), key = tokenLabel(c);
                QString text;
                switch (MaskEditor::cellState(s, r, c)) {
                case MaskEditor::Cell::Visible:
                    text = MaskEditor::tr("Query %1 sees key %2.\nClick to hide it.").arg(query, key);
                    break;
                case MaskEditor::Cell::Masked:
                    text = MaskEditor::tr("Query %1 does not see key %2.\nClick to show it.").arg(query, key);
                    break;
                case MaskEditor::Cell::OutsideWindow:
                    text = MaskEditor::tr("Query %1 does not see key %2: the mask allows it, but it lies outside the "
                                          "sliding window of %3 keys.\nClick to hide it in the mask as well.")
                               .arg(query, key)
                               .arg(s.variants.slidingWindow);
                    break;
                }
                QToolTip::showText(help->globalPos(), text, this);
            }
            return true;
        }
        return QWidget::event(event);
    }

private:
    int cellSize() const
    {
        const int n = m_document->scene().tokenCount();
        return n <= 12 ? 30 : n <= 32 ? 20 : 12;
    }
    int labelWidth() const
    {
        int w = 0;
        for (int i = 0; i < m_document->scene().tokenCount() && i < 256; ++i)
            w = std::max(w, fontMetrics().horizontalAdvance(tokenLabel(i)));
        return std::min(w, 120) + 8;
    }
    int labelHeight() const
    {
        int h = 0;
        for (int i = 0; i < m_document->scene().tokenCount() && i < 256; ++i) {
            const QString label = tokenLabel(i);
            const QStringList stacked = MaskEditor::stackedColumnLabel(label);
            h = std::max(h,
                stacked.isEmpty() ? std::min(fontMetrics().horizontalAdvance(label), 120)
                                  : int(stacked.size()) * fontMetrics().height());
        }
        return h + 8;
    }
    QString tokenLabel(int i) const
    {
        const QString t = QString::fromStdString(m_document->scene().tokens[size_t(i)]);
        return fontMetrics().elidedText(QStringLiteral("%1 %2").arg(i).arg(t), Qt::ElideRight, 120);
    }
    std::pair<int, int> cellAt(const QPoint &pos) const
    {
        const int n = m_document->scene().tokenCount(), c = cellSize();
        const int col = (pos.x() - labelWidth()) / c, row = (pos.y() - labelHeight()) / c;
        if (pos.x() < labelWidth() || pos.y() < labelHeight() || col >= n || row >= n)
            return {-1, -1};
        return {row, col};
    }

    Document *m_document;
    std::function<void(int, int)> m_onClick;
};

} // namespace

QStringList MaskEditor::stackedColumnLabel(const QString &label)
{
    const auto isCjk = [](char32_t c) {
        switch (QChar::script(c)) {
        case QChar::Script_Han:
        case QChar::Script_Hiragana:
        case QChar::Script_Katakana:
        case QChar::Script_Hangul:
        case QChar::Script_Bopomofo:
            return true;
        default:
            return (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF00 && c <= 0xFFEF); // CJK punctuation, full width
        }
    };
    QStringList pieces;
    bool anyCjk = false;
    QString run;
    for (const char32_t c : label.toUcs4()) {
        const QString text = QString::fromUcs4(&c, 1);
        if (isCjk(c)) {
            anyCjk = true;
            if (!run.trimmed().isEmpty())
                pieces << run.trimmed();
            run.clear();
            pieces << text;
        } else if (QChar::isSpace(c)) {
            if (!run.trimmed().isEmpty())
                pieces << run.trimmed();
            run.clear();
        } else {
            run += text;
        }
    }
    if (!run.trimmed().isEmpty())
        pieces << run.trimmed();
    return anyCjk ? pieces : QStringList();
}

MaskEditor::MaskEditor(Document *document, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_document(document)
    , m_scroll(new QScrollArea)
    , m_padding(new QSpinBox)
    , m_status(new QLabel)
{
    m_grid = new MaskGrid(
        m_document, [this](int r, int c) { toggle(r, c); }, m_scroll);
    m_scroll->setWidget(m_grid);
    m_scroll->setWidgetResizable(false);

    m_none = new QPushButton;
    m_causal = new QPushButton;
    m_paddingButton = new QPushButton;
    m_presetsLabel = new QLabel;
    m_padding->setRange(0, 1);
    connect(m_none, &QPushButton::clicked, this, &MaskEditor::applyNone);
    connect(m_causal, &QPushButton::clicked, this, &MaskEditor::applyCausal);
    connect(m_paddingButton, &QPushButton::clicked, this, [this] { applyPadding(m_padding->value()); });

    auto *presets = new QHBoxLayout;
    presets->addWidget(m_presetsLabel);
    presets->addWidget(m_none);
    presets->addWidget(m_causal);
    presets->addWidget(m_paddingButton);
    presets->addWidget(m_padding);
    presets->addStretch(1);

    m_status->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(presets);
    layout->addWidget(m_scroll, 1);
    layout->addWidget(m_status);

    connect(m_document, &Document::sceneReset, this, &MaskEditor::refresh);
    connect(m_document, &Document::sceneChanged, this, [this](const core::Edit &edit) {
        if (edit.target == core::Edit::Target::Everything || edit.target == core::Edit::Target::Mask)
            refresh();
    });
    retranslate();
}

void MaskEditor::retranslate()
{
    m_presetsLabel->setText(tr("Presets:"));
    m_none->setText(tr("None"));
    m_none->setToolTip(tr("Every query sees every key."));
    m_causal->setText(tr("Causal"));
    m_causal->setToolTip(tr("Each query sees itself and the keys before it, as in a decoder."));
    m_paddingButton->setText(tr("Padding"));
    m_paddingButton->setToolTip(tr("Hide the last k keys from every query, as padding tokens are hidden."));
    m_padding->setPrefix(tr("k = "));
    m_padding->setToolTip(tr("How many keys at the end the padding preset hides."));
    m_scroll->setToolTip(tr("Rows are queries, columns are keys. Click a cell to hide or show that key."));
    m_status->setToolTip(tr("The mask in effect, and any query row left without keys."));
    refresh();
}

QString MaskEditor::message() const
{
    return m_status->text();
}

void MaskEditor::pushScene(const core::Scene &scene, const HistoryText &text)
{
    const std::vector<core::Problem> problems = core::validate(scene);
    if (!problems.empty()) {
        m_status->setText(tr("Not applied: %1").arg(coreMessageText(problems.front().message)));
        return;
    }
    core::Edit edit;
    edit.target = core::Edit::Target::Mask;
    m_document->changeScene(scene, text, edit);
}

void MaskEditor::toggle(int row, int column)
{
    const core::Scene &s = m_document->scene();
    if (row < 0 || column < 0 || row >= s.tokenCount() || column >= s.tokenCount())
        return;
    const bool visible = core::effectiveMask(s)(row, column) != 0;
    pushScene(core::edits::withMaskCellToggled(s, row, column), [visible, row, column] {
        return (visible ? tr("Hide key %2 from query %1") : tr("Show key %2 to query %1")).arg(row).arg(column);
    });
}

MaskEditor::Cell MaskEditor::cellState(const core::Scene &scene, int row, int column)
{
    if (!core::effectiveMask(scene)(row, column))
        return Cell::Masked;
    return core::insideWindow(scene.variants, row, column) ? Cell::Visible : Cell::OutsideWindow;
}

void MaskEditor::applyNone()
{
    pushScene(
        core::edits::withMaskKind(m_document->scene(), core::MaskKind::None), [] { return tr("Remove the mask"); });
}

void MaskEditor::applyCausal()
{
    pushScene(core::edits::withMaskKind(m_document->scene(), core::MaskKind::Causal), [] { return tr("Causal mask"); });
}

void MaskEditor::applyPadding(int k)
{
    pushScene(core::edits::withPaddingMask(m_document->scene(), k),
        [k] { return tr("Padding mask hiding the last %n key(s)", nullptr, k); });
}

void MaskEditor::refresh()
{
    const core::Scene &s = m_document->scene();
    m_padding->setRange(0, std::max(0, s.tokenCount() - 1));
    static_cast<MaskGrid *>(m_grid)->refresh();
    const core::MaskMatrix mask = core::visibleKeys(s);
    QStringList blind;
    for (int r = 0; r < mask.rows(); ++r)
        if (mask.row(r).maxCoeff() == 0)
            blind << QString::number(r);
    QString kind;
    switch (s.mask) {
    case core::MaskKind::None:
        kind = tr("No mask: every query sees every key.");
        break;
    case core::MaskKind::Causal:
        kind = tr("Causal mask: each query sees itself and earlier keys.");
        break;
    case core::MaskKind::Custom:
        kind = tr("Custom mask.");
        break;
    }
    if (s.variants.slidingWindow > 0)
        kind += QLatin1Char(' ')
            + tr("On top of it, a sliding window of %n key(s): query i does not see key j when j ≤ i − %n.", nullptr,
                s.variants.slidingWindow);
    if (!blind.isEmpty())
        kind += QLatin1Char(' ')
            + tr("Query rows %1 see no key: their weights and context are all zero.")
                  .arg(blind.join(QStringLiteral(", ")));
    m_status->setText(kind);
}

} // namespace attnlab::ui
