#pragma once
// A strip above the pipeline board that says whether the board is linked to a model head
// (Document::link(), ui/document/scenelink.h): where its weight edits go and which edits make it
// an ordinary scene; and, once an edit or another model has ended the link, that the board is an
// ordinary scene now. Hidden for an ordinary scene that was never linked.

#include "ui/i18n/retranslating.h"

#include <QFrame>

class QLabel;
class QToolButton;

namespace attnlab::ui {

class Document;

class LinkBar : public Retranslating<QFrame> {
    Q_OBJECT
public:
    explicit LinkBar(Document *document, QWidget *parent = nullptr);

    // What the strip says, in the current language ("" when it is hidden).
    QString text() const;

protected:
    void retranslate() override;

private:
    void refresh();

    Document *m_document;
    QLabel *m_label;
    QToolButton *m_close;
    bool m_dismissed = false; // closed by the user until the link changes
};

} // namespace attnlab::ui
