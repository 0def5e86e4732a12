#pragma once
// Where the blocks of a printed QTextDocument fall on the A4 page of the handout and the
// worksheet, and headings kept on the page of what they head. QTextDocument::print lays a document
// out on the printer's page (2 cm inside its margins) and breaks pages wherever a line or a table
// row no longer fits; CSS's page-break-after: avoid is not among what it reads, so a heading could
// end a page with its table on the next.

#include <QList>
#include <QString>

class QTextDocument;

namespace attnlab::ui {

// A heading of a printed document and the pages it and what it heads print on: its table when one
// follows before the next heading, else its next paragraph.
struct PrintedHeading {
    QString text;
    int page = 0; // 0-based
    int firstPage = 0; // of what it heads: its table's first row, or the next paragraph
    int lastPage = 0; // of what it heads: its table's last row, or the next paragraph
};

// The headings of `document` laid out as QTextDocument::print lays it out on the printed page
// (printedPageLayout(), at `dotsPerInch`). The document is left as it was.
QList<PrintedHeading> printedHeadings(QTextDocument *document, int dotsPerInch);

// Moves to the next page each heading that would print on another page than the start of what it
// heads, or, when that is a table shorter than a page, than any of the table: a worksheet's
// "weights" heading no longer ends page 1 with its table on page 2. Returns the headings moved.
int keepHeadingsWithWhatTheyHead(QTextDocument *document, int dotsPerInch);

} // namespace attnlab::ui
