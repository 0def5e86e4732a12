#pragma once
// The inspector: a dock that shows how the selected number is computed from its inputs, with
// the real values. It follows the Document's selection and current head, and redraws whenever
// the stages change, so it keeps up while a cell is being scrubbed.

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

protected:
private:
    void retranslate() override;
    void refresh();

    Document *m_document;
    QTextBrowser *m_view;
};

} // namespace attnlab::ui
