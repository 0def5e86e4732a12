#include "ui/inspector/explanationpanel.h"

#include "ui/document/document.h"
#include "ui/i18n/language.h"
#include "ui/inspector/worksheetquestions.h"
#include "ui/plot/stagelook.h"

#include <QBoxLayout>
#include <QEvent>
#include <QFile>
#include <QTextBrowser>
#include <QToolButton>
#include <QUrl>

namespace attnlab::ui {

ExplanationPanel::ExplanationPanel(Document *document, QWidget *parent)
    : Retranslating<QDockWidget>(parent)
    , m_document(document)
    , m_view(new QTextBrowser)
    , m_glossaryButton(new QToolButton)
    , m_backButton(new QToolButton)
{
    setObjectName(QStringLiteral("ExplanationPanel"));
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_backButton);
    buttons->addWidget(m_glossaryButton);
    buttons->addStretch();
    layout->addLayout(buttons);
    layout->addWidget(m_view);
    setWidget(body);
    m_view->setOpenLinks(false);
    connect(m_view, &QTextBrowser::anchorClicked, this, &ExplanationPanel::openLink);
    connect(m_glossaryButton, &QToolButton::clicked, this, [this] { showGlossary(); });
    connect(m_backButton, &QToolButton::clicked, this, &ExplanationPanel::showStage);
    connect(m_document, &Document::selectionChanged, this, [this](const Selection &) {
        if (!m_glossary)
            refresh();
    });
    connect(m_document, &Document::sceneReset, this, &ExplanationPanel::refresh);
    connect(m_document, &Document::sceneChanged, this, &ExplanationPanel::refresh);
    retranslate();
}

QString ExplanationPanel::pageFor(core::Stage stage)
{
    return QString::fromLatin1(stageLook(stage).page);
}

QString ExplanationPanel::pageFor(core::Stage stage, const core::Scene &scene)
{
    return explanationPage(stage, scene);
}

QString ExplanationPanel::pageHtml(const QString &page, const QString &language)
{
    for (const QString &lang : {language, QStringLiteral("en")}) {
        QFile file(QStringLiteral(":/explanations/%1/%2.html").arg(lang, page));
        if (file.open(QIODevice::ReadOnly))
            return fillWorksheetQuestion(page, QString::fromUtf8(file.readAll()));
    }
    return QString();
}

void ExplanationPanel::showGlossary(const QString &term)
{
    m_glossary = true;
    m_glossaryTerm = term;
    refresh();
}

void ExplanationPanel::showStage()
{
    m_glossary = false;
    refresh();
}

QString ExplanationPanel::plainText() const
{
    return m_view->toPlainText();
}

void ExplanationPanel::retranslate()
{
    setWindowTitle(tr("Explanation"));
    m_glossaryButton->setText(tr("Glossary"));
    m_glossaryButton->setToolTip(tr("Short definitions of token, embedding, query, key, value, score, mask, "
                                    "softmax, context vector and head"));
    m_backButton->setText(tr("Back to the stage"));
    m_backButton->setToolTip(tr("Return to the explanation of the selected stage"));
    m_view->setToolTip(tr("What the selected stage computes and why"));
    refresh();
}

void ExplanationPanel::openLink(const QUrl &url)
{
    if (url.fileName() == QStringLiteral("glossary.html") || (url.path().isEmpty() && m_glossary))
        showGlossary(url.fragment());
    else if (url.scheme() == QStringLiteral("stage"))
        showStage();
    else if (url.scheme() == QStringLiteral("lesson"))
        Q_EMIT lessonRequested(url.path());
}

void ExplanationPanel::refresh()
{
    const QString language = currentLanguage();
    m_backButton->setVisible(m_glossary);
    m_glossaryButton->setVisible(!m_glossary);
    if (m_glossary) {
        m_view->setHtml(pageHtml(QStringLiteral("glossary"), language));
        if (!m_glossaryTerm.isEmpty())
            m_view->scrollToAnchor(m_glossaryTerm);
        return;
    }
    const core::Stage stage = m_document->selection().stage;
    m_view->setHtml(pageHtml(pageFor(stage, m_document->scene()), language) + shapes(stage));
}

QString ExplanationPanel::shapes(core::Stage stage) const
{
    // Every formula in these lines is a core::Chain: its shapes are checked to multiply out in tests.
    const QStringList lines = stageLook(stage).sceneShapes(m_document->scene());
    return lines.isEmpty()
        ? QString()
        : QStringLiteral("<h4>%1</h4><p>%2</p>").arg(tr("In this scene"), lines.join(QStringLiteral("<br/>")));
}

} // namespace attnlab::ui
