#include "ui/lessons/lessondialog.h"

#include "ui/lessons/lessonpages.h"
#include "ui/model/modelsession.h"

#include <QScrollBar>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace attnlab::ui {

LessonDialog::LessonDialog(ModelSession *session, QWidget *parent)
    : Retranslating<QDialog>(parent)
    , m_session(session)
    , m_browser(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("LessonDialog"));
    resize(600, 520);
    m_browser->setObjectName(QStringLiteral("LessonPage"));
    m_browser->setOpenLinks(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    connect(m_browser, &QTextBrowser::anchorClicked, this, &LessonDialog::openLink);
    if (m_session) {
        connect(m_session, &ModelSession::computed, this, &LessonDialog::refresh);
        connect(m_session, &ModelSession::modelLoaded, this, &LessonDialog::refresh);
    }
}

void LessonDialog::showPage(const QString &page)
{
    m_page = page;
    show();
    raise();
    retranslate();
}

void LessonDialog::retranslate()
{
    setWindowTitle(lessonTitle(m_page));
    refresh();
}

void LessonDialog::refresh()
{
    // A page may read the whole vocabulary (the lens): only an open window follows the passes.
    if (m_page.isEmpty() || !isVisible())
        return;
    const int scroll = m_browser->verticalScrollBar()->value();
    m_browser->setHtml(lessonPageHtml(m_page, m_session));
    m_browser->verticalScrollBar()->setValue(scroll);
}

void LessonDialog::openLink(const QUrl &url)
{
    const QString page = lessonOfLink(url);
    if (!page.isEmpty()) {
        showPage(page);
        m_browser->verticalScrollBar()->setValue(0);
    }
}

LessonDialog *openLesson(const QString &page, ModelSession *session, QWidget *owner)
{
    auto *dialog = owner->findChild<LessonDialog *>(QString(), Qt::FindDirectChildrenOnly);
    if (!dialog)
        dialog = new LessonDialog(session, owner);
    dialog->showPage(page);
    return dialog;
}

QString lessonOfLink(const QUrl &url)
{
    if (url.scheme() != QLatin1String("lesson"))
        return QString();
    const QString page = url.path();
    return lessonPage(page) ? page : QString();
}

LessonButton::LessonButton(const QString &page, ModelSession *session, QWidget *parent)
    : Retranslating<QToolButton>(parent)
    , m_page(page)
{
    setObjectName(QStringLiteral("Lesson_") + page);
    setAutoRaise(true);
    connect(this, &QToolButton::clicked, this, [this, session] { openLesson(m_page, session, this); });
    retranslate();
}

void LessonButton::retranslate()
{
    setText(tr("%1 (lesson)").arg(lessonTitle(m_page)));
    setToolTip(tr("Open the lesson page on this subject, with the numbers of the open model and a worksheet "
                  "question"));
}

} // namespace attnlab::ui
