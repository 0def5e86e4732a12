#pragma once
// A lesson page (lessonpages.h) in a window of its own, with the numbers of the session's model:
// it follows the session's passes and the interface language while it is open, and a link to
// another lesson ("lesson:gqa") turns it to that page. openLesson() is how every place in the
// app that meets a subject opens its page: the KV-cache panel, the block board's inspector, the
// glossary.

#include "ui/i18n/retranslating.h"

#include <QDialog>
#include <QString>
#include <QToolButton>

class QTextBrowser;
class QUrl;

namespace attnlab::ui {

class ModelSession;

class LessonDialog : public Retranslating<QDialog> {
    Q_OBJECT
public:
    LessonDialog(ModelSession *session, QWidget *parent = nullptr);

    // Shows `page` (a row of lessonPages()) with the session's numbers.
    void showPage(const QString &page);
    QString page() const { return m_page; }
    QTextBrowser *browser() const { return m_browser; }

private:
    void retranslate() override;
    void refresh();
    void openLink(const QUrl &url);

    ModelSession *m_session;
    QTextBrowser *m_browser;
    QString m_page;
};

// Shows lesson `page` for `session`'s model in `owner`'s lesson window (made when first needed);
// returns it.
LessonDialog *openLesson(const QString &page, ModelSession *session, QWidget *owner);

// "lesson:kvcache" → "kvcache"; empty for any other link.
QString lessonOfLink(const QUrl &url);

// A button that opens a lesson page, titled with the page's title.
class LessonButton : public Retranslating<QToolButton> {
    Q_OBJECT
public:
    LessonButton(const QString &page, ModelSession *session, QWidget *parent = nullptr);

private:
    void retranslate() override;
    QString m_page;
};

} // namespace attnlab::ui
