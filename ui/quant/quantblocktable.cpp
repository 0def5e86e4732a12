#include "ui/quant/quantblocktable.h"

#include "ui/plot/stageinfo.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

namespace {

QTableWidgetItem *cell(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

// The group's number and, for a k-quant, its sub-scale (and sub-min) as stored: "2 · sc 37, m 12".
QString groupText(const core::gguf::QuantBlock &b, const core::gguf::QuantGroup *g)
{
    if (!g)
        return {};
    QString text = QString::number(g->first / std::max(1, g->count));
    if (b.groups.size() > 1)
        text += QStringLiteral(" · sc %1").arg(g->rawScale);
    if (b.groups.size() > 1 && b.hasMin)
        text += QStringLiteral(", m %1").arg(g->rawMin);
    return text;
}

} // namespace

QuantBlockTable::QuantBlockTable(QWidget *parent)
    : QWidget(parent)
    , m_heading(new QLabel(this))
    , m_table(new QTableWidget(this))
{
    m_heading->setWordWrap(true);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_heading);
    layout->addWidget(m_table, 1);
    retranslate();
}

void QuantBlockTable::setBlock(
    const core::gguf::QuantBlock &block, int cols, std::uint64_t blocks, const float *original)
{
    m_block = block;
    m_cols = cols;
    m_blocks = blocks;
    m_original = original;
    fill();
}

void QuantBlockTable::clear()
{
    m_block = {};
    m_original = nullptr;
    fill();
}

int QuantBlockTable::sharedDecimals(const std::vector<double> &values)
{
    double smallest = INFINITY;
    for (double v : values)
        if (std::isfinite(v) && v != 0)
            smallest = std::min(smallest, std::abs(v));
    if (!std::isfinite(smallest))
        return 3;
    // 0.0000153's first significant digit is decimal 5 = −floor(log10(1.53e−5)).
    const int first = -int(std::floor(std::log10(smallest)));
    return std::clamp(first + 2, 3, 9);
}

QString QuantBlockTable::heading() const
{
    return m_heading->text();
}

void QuantBlockTable::retranslate()
{
    m_table->setToolTip(tr("One row per weight of the picked block: its group (a k-quant's sub-block, with the "
                           "sub-scale sc and sub-min m as stored), the integer code as the file stores it, the "
                           "scale and min it is computed with, and the value the model uses"));
    fill();
}

void QuantBlockTable::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void QuantBlockTable::fill()
{
    using core::gguf::QuantFormula;
    const core::gguf::QuantBlock &b = m_block;
    if (b.elements == 0 || m_cols <= 0) {
        m_heading->setText(tr("Click a block of the heatmap to see its scale, min and codes."));
        m_table->clear();
        m_table->setRowCount(0);
        m_table->setColumnCount(0);
        return;
    }
    // One fixed format for the heading and every number of the table (never 1.52588E-05 beside
    // 0.0123): the decimals that keep three significant digits of the smallest number shown.
    std::vector<double> shown = {b.hasD ? double(b.d) : 0.0, b.hasMin ? double(b.m) : 0.0};
    for (int e = 0; e < b.elements; ++e) {
        const core::gguf::QuantGroup *g = b.groupOf(e);
        if (g && b.formula != QuantFormula::Plain)
            shown.insert(shown.end(), {double(g->scale), b.hasMin ? double(g->min) : 0.0});
        const double value = b.values[std::size_t(e)];
        shown.push_back(value);
        if (m_original) {
            const double o = m_original[b.firstElement + std::uint64_t(e)];
            shown.insert(shown.end(), {o, value - o});
        }
    }
    const int decimals = sharedDecimals(shown);
    const auto number = [decimals](double v) { return formatCellValue(v, decimals); };
    const auto row = qint64(b.firstElement / std::uint64_t(m_cols));
    const auto col = qint64(b.firstElement % std::uint64_t(m_cols));
    QString head = tr("Block %1 of %2: row %3, columns %4–%5")
                       .arg(QLocale().toString(qint64(b.index)), QLocale().toString(qint64(m_blocks)),
                           QLocale().toString(row), QLocale().toString(col), QLocale().toString(col + b.elements - 1));
    if (b.hasD)
        head += QStringLiteral(" · d = ") + number(b.d);
    if (b.hasMin)
        head += (b.formula == QuantFormula::ScaleMinusMin ? QStringLiteral(" · dmin = ") : QStringLiteral(" · m = "))
            + number(b.m);
    switch (b.formula) {
    case QuantFormula::Zero:
        if (b.groups.size() > 1)
            head += QStringLiteral("\n") + tr("value = (code − %1) × scale, scale = d × the group's scale").arg(b.zero);
        else if (b.zero != 0)
            head += QStringLiteral("\n") + tr("value = (code − %1) × d").arg(b.zero);
        else
            head += QStringLiteral("\n") + tr("value = code × d");
        break;
    case QuantFormula::ScalePlusMin:
        head += QStringLiteral("\n") + tr("value = code × d + m");
        break;
    case QuantFormula::ScaleMinusMin:
        head += QStringLiteral("\n")
            + tr("value = scale × code − min, scale = d × the sub-block's scale, min = dmin × "
                 "the sub-block's min");
        break;
    case QuantFormula::Plain:
        head += QStringLiteral("\n") + tr("A plain float: no scale; the code is its bit pattern.");
        break;
    }
    m_heading->setText(head);

    QStringList headers = {tr("Column"), tr("Group"), tr("Code"), tr("Scale"), tr("Min"), tr("Value")};
    if (m_original)
        headers << tr("Original") << tr("Error");
    m_table->clear();
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(b.elements);
    for (int e = 0; e < b.elements; ++e) {
        const core::gguf::QuantGroup *g = b.groupOf(e);
        const std::int64_t code = b.codes[std::size_t(e)];
        m_table->setItem(e, 0, cell(QLocale().toString(col + e)));
        m_table->setItem(e, 1, cell(groupText(b, g)));
        m_table->setItem(e, 2,
            cell(b.formula == QuantFormula::Plain ? QStringLiteral("0x") + QString::number(code, 16).toUpper()
                                                  : QString::number(code)));
        m_table->setItem(e, 3, cell(g ? number(g->scale) : QString()));
        m_table->setItem(e, 4, cell(g && b.hasMin ? number(g->min) : QString()));
        const float value = b.values[std::size_t(e)];
        m_table->setItem(e, 5, cell(number(value)));
        if (m_original) {
            const float o = m_original[b.firstElement + std::uint64_t(e)];
            m_table->setItem(e, 6, cell(number(o)));
            m_table->setItem(e, 7, cell(number(double(value) - double(o))));
        }
    }
}

} // namespace attnlab::ui
