#pragma once
// The explanation of the current stage: what it computes, why it is there, the formula and the
// shapes with this scene's numbers, in the interface language. A glossary of the basic terms is
// one click away. The texts are HTML pages compiled in as :/explanations/LANG/PAGE.html.

#include "core/scene/pipeline.h"
#include "ui/i18n/retranslating.h"

#include <QDockWidget>

class QTextBrowser;
class QToolButton;
class QUrl;

namespace attnlab::ui {

class Document;

class ExplanationPanel : public Retranslating<QDockWidget> {
    Q_OBJECT
public:
    explicit ExplanationPanel(Document *document, QWidget *parent = nullptr);

    // The page name explaining `stage` ("scores", "qkv", "rope", …).
    static QString pageFor(core::Stage stage);
    // The same for a stage of `scene`: a given X (a head from a model) has its own page, "x-given".
    static QString pageFor(core::Stage stage, const core::Scene &scene);
    // The HTML of a page in a language, falling back to English; empty when there is none. The
    // worksheet question of an engine page has its numbers filled in (worksheetquestions.h).
    static QString pageHtml(const QString &page, const QString &language);

    // Shows the glossary, scrolled to `term` when given ("softmax", "head", …).
    void showGlossary(const QString &term = QString());
    // Back to the current stage's explanation.
    void showStage();
    bool isShowingGlossary() const { return m_glossary; }
    QString plainText() const;

Q_SIGNALS:
    // A link to a lesson page of the model room ("lesson:kvcache" in the glossary) was clicked:
    // whoever composes the window opens it with the open model's numbers (ui/lessons).
    void lessonRequested(const QString &page);

protected:
private:
    void retranslate() override;
    void refresh();
    void openLink(const QUrl &url);
    QString shapes(core::Stage stage) const;

    Document *m_document;
    QTextBrowser *m_view;
    QToolButton *m_glossaryButton;
    QToolButton *m_backButton;
    bool m_glossary = false;
    QString m_glossaryTerm;
};

} // namespace attnlab::ui
