#pragma once
// The status bar's list of what the pipeline found wrong in the scene (a row that sees no key),
// built here rather than taken from core's English notes so that it is translated. It belongs to
// the scene: while the model room is in front it is hidden.

#include "ui/i18n/retranslating.h"

#include <QLabel>

namespace attnlab::ui {

class Document;

class SceneWarnings : public Retranslating<QLabel> {
    Q_OBJECT
public:
    explicit SceneWarnings(Document *document, QWidget *parent = nullptr);

    // The warnings ("" when there are none), whether shown or not.
    QString warnings() const { return m_text; }
    // Shown only while the scene is in front (and there is something to say).
    void setSceneInFront(bool inFront);

private:
    void retranslate() override;
    void refresh();

    Document *m_document;
    QString m_text;
    bool m_sceneInFront = true;
};

} // namespace attnlab::ui
