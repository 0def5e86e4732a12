#pragma once
// A word-wrapped strip above the pipeline board with the scene's description (the examples
// carry one in each language), shown whenever such a scene is loaded, in the interface
// language, until the user closes it.

#include "ui/i18n/retranslating.h"

#include <QFrame>

class QLabel;
class QToolButton;

namespace attnlab::ui {

class Document;

class DescriptionBanner : public Retranslating<QFrame> {
    Q_OBJECT
public:
    explicit DescriptionBanner(Document *document, QWidget *parent = nullptr);

    // The description shown (in the current language), empty when the scene has none.
    QString text() const;
    // Whether it describes the scene as first opened, before its sentence was changed.
    bool isStale() const { return m_stale; }
    QToolButton *closeButton() const { return m_close; }

protected:
    void retranslate() override;

private:
    void refresh();

    Document *m_document;
    QLabel *m_label;
    QToolButton *m_close;
    // Closed by the user for this scene; the next loaded scene shows its description again.
    bool m_dismissed = false;
    bool m_stale = false;
};

} // namespace attnlab::ui
