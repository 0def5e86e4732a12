#include "ui/export/printedpages.h"

#include "ui/export/exportwriters.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QGuiApplication>
#include <QPdfWriter>
#include <QScreen>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>

#include <cmath>
#include <functional>
#include <utility>

namespace attnlab::ui {

namespace {

// What QTextDocument::print takes as the document's own resolution (qt_defaultDpi).
int sourceDpi()
{
    const QScreen *screen = QGuiApplication::primaryScreen();
    return screen ? qRound(screen->logicalDotsPerInchX()) : 96;
}

// One heading and the blocks around it, in document coordinates of the paginated layout.
struct Span {
    QTextBlock heading;
    qreal top = 0, firstBottom = 0, lastBottom = 0;
};

QList<Span> spans(const QTextDocument *document)
{
    QAbstractTextDocumentLayout *layout = document->documentLayout();
    QList<Span> out;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        if (block.blockFormat().headingLevel() == 0 || QTextCursor(block).currentTable())
            continue;
        Span span;
        span.heading = block;
        span.top = layout->blockBoundingRect(block).top();
        span.firstBottom = span.lastBottom = layout->blockBoundingRect(block).bottom();
        bool paragraph = false;
        for (QTextBlock next = block.next(); next.isValid(); next = next.next()) {
            if (next.blockFormat().headingLevel() > 0 && !QTextCursor(next).currentTable())
                break; // the next heading: no table under this one
            if (next.text().trimmed().isEmpty() && !QTextCursor(next).currentTable())
                continue;
            if (QTextTable *table = QTextCursor(next).currentTable()) {
                qreal first = 0;
                for (int c = 0; c < table->columns(); ++c)
                    first = std::max(
                        first, layout->blockBoundingRect(table->cellAt(0, c).lastCursorPosition().block()).bottom());
                span.firstBottom = first;
                span.lastBottom = layout->frameBoundingRect(table).bottom();
                break;
            }
            // No table yet: the paragraph right after the heading, unless a table follows it.
            if (!std::exchange(paragraph, true))
                span.firstBottom = span.lastBottom = layout->blockBoundingRect(next).bottom();
        }
        out << span;
    }
    return out;
}

// Lays `document` out as print() does on the printed page, runs `read`, and puts it back.
void asPrinted(
    QTextDocument *document, int dotsPerInch, const std::function<void(qreal pageHeight, qreal textHeight)> &read)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buffer);
    pdf.setResolution(dotsPerInch);
    pdf.setPageLayout(printedPageLayout());
    const QSizeF pageSize = document->pageSize();
    const QTextFrameFormat root = document->rootFrame()->frameFormat();
    QAbstractTextDocumentLayout *layout = document->documentLayout();
    QPaintDevice *device = layout->paintDevice();
    // As print(): the layout on the printer, 2 cm margins in the document's units, the page the
    // printer's, in its dots.
    layout->setPaintDevice(&pdf);
    QTextFrameFormat format = root;
    const qreal margin = std::floor(2 / 2.54 * sourceDpi());
    format.setMargin(margin);
    document->rootFrame()->setFrameFormat(format);
    document->setPageSize(QSizeF(pdf.width(), pdf.height()));
    read(pdf.height(), pdf.height() - 2 * margin * dotsPerInch / sourceDpi());
    layout->setPaintDevice(device);
    document->rootFrame()->setFrameFormat(root);
    document->setPageSize(pageSize);
}

int pageOf(qreal y, qreal pageHeight)
{
    return std::max(0, int(std::floor(y / pageHeight)));
}

} // namespace

QList<PrintedHeading> printedHeadings(QTextDocument *document, int dotsPerInch)
{
    QList<PrintedHeading> out;
    asPrinted(document, dotsPerInch, [&](qreal height, qreal) {
        for (const Span &span : spans(document))
            out << PrintedHeading {span.heading.text(), pageOf(span.top, height), pageOf(span.firstBottom - 1, height),
                pageOf(span.lastBottom - 1, height)};
    });
    return out;
}

int keepHeadingsWithWhatTheyHead(QTextDocument *document, int dotsPerInch)
{
    int moved = 0;
    asPrinted(document, dotsPerInch, [&](qreal height, qreal text) {
        // One heading at a time, from the top: moving one moves everything after it.
        for (int i = 0;; ++i) {
            const QList<Span> all = spans(document);
            if (i >= all.size())
                break;
            const Span &span = all[i];
            const int page = pageOf(span.top, height);
            // Kept whole when it fits on a page, else the heading with the table's first row; what
            // no page holds is left to break where it falls.
            const qreal bottom = span.lastBottom - span.top < text ? span.lastBottom : span.firstBottom;
            if (pageOf(bottom - 1, height) == page || bottom - span.top >= text
                || span.heading.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore)
                continue;
            QTextBlockFormat format;
            format.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
            QTextCursor(span.heading).mergeBlockFormat(format);
            ++moved;
        }
    });
    return moved;
}

} // namespace attnlab::ui
