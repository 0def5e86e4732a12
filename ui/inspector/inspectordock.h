#pragma once
// The inspector: a dock that shows how the selected number is computed from its inputs, with
// the real values. It follows the Document's selection and current head, and redraws whenever
// the stages change, so it keeps up while a cell is being scrubbed.

#include "ui/document/document.h"
#include "ui/i18n/retranslating.h"

#include <QDockWidget>

class QTextBrowser;

namespace attnlab::ui {

class Document;

class InspectorDock : public Retranslating<QDockWidget> {
    Q_OBJECT
public:
    explicit InspectorDock(Document *document, QWidget *parent = nullptr);

    // The page's text as shown (for tests and for copying).
    QString plainText() const;
    // Where the selected key or column is on the page, in the viewport's coordinates (after a
    // click it is in view).
    QRect selectedRect() const;
    QTextBrowser *view() const { return m_view; }

protected:
private:
    void retranslate() override;
    void refresh();
    // Brings the page's selected key or column into view; false when the page has none.
    bool scrollToSelected();

    Document *m_document;
    QTextBrowser *m_view;
    Selection m_shown; // the selection the page was last scrolled for
};

} // namespace attnlab::ui
