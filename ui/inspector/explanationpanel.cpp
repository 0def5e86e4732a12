#include "ui/inspector/explanationpanel.h"

#include "ui/document/document.h"
#include "ui/i18n/language.h"

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
    switch (stage) {
    case core::StageX:
        return QStringLiteral("x");
    case core::StageQ:
    case core::StageK:
    case core::StageV:
        return QStringLiteral("qkv");
    case core::StageQRotated:
    case core::StageKRotated:
        return QStringLiteral("rope");
    default:
        return QString::fromLatin1(core::stageName(stage));
    }
}

QString ExplanationPanel::pageFor(core::Stage stage, const core::Scene &scene)
{
    return stage == core::StageX && scene.hasInputX() ? QStringLiteral("x-given") : pageFor(stage);
}

QString ExplanationPanel::pageHtml(const QString &page, const QString &language)
{
    for (const QString &lang : {language, QStringLiteral("en")}) {
        QFile file(QStringLiteral(":/explanations/%1/%2.html").arg(lang, page));
        if (file.open(QIODevice::ReadOnly))
            return QString::fromUtf8(file.readAll());
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
    const core::Scene &s = m_document->scene();
    const int n = s.tokenCount(), dk = s.keyDim(), dv = s.valueDim(), h = s.headCount();
    const QString x = QStringLiteral("\u00d7");
    QStringList lines;
    auto shape = [&](int r, int c) { return QStringLiteral("%1 %2 %3").arg(r).arg(x).arg(c); };
    switch (stage) {
    case core::StageX:
        if (s.direct)
            lines << tr("This scene is in direct mode: Q, K and V are typed in, so there is no X.");
        else
            lines << tr("X: %1 tokens %2 d_model = %3").arg(n).arg(x).arg(shape(n, s.dModel));
        break;
    case core::StageQ:
    case core::StageK:
    case core::StageV:
        if (s.direct)
            lines << tr("Direct mode: Q and K are %1, V is %2, typed in.").arg(shape(n, dk), shape(n, dv));
        else
            lines << tr("X (%1) \u00b7 W (%2) = %3 for all heads; each head takes %4 columns: %5")
                         .arg(shape(n, s.dModel), shape(s.dModel, h * dk), shape(n, h * dk))
                         .arg(dk)
                         .arg(shape(n, dk));
        break;
    case core::StageQRotated:
    case core::StageKRotated:
        lines << tr("Q and K keep their shape %1; %2 pairs of columns are rotated.").arg(shape(n, dk)).arg(dk / 2);
        break;
    case core::StageScores:
        lines << tr("Q (%1) \u00b7 K\u1d40 (%2) = scores %3: one row per query, one column per key.")
                     .arg(shape(n, dk), shape(dk, n), shape(n, n));
        break;
    case core::StageScaled: {
        const QString by = s.scale == core::ScaleKind::SqrtDk
            ? QStringLiteral("\u221a%1 = %2").arg(dk).arg(double(core::divisor(s)), 0, 'g', 4)
            : QString::number(double(core::divisor(s)), 'g', 4);
        lines << tr("scores %1 \u00f7 %2 = scaled %1").arg(shape(n, n), by);
        break;
    }
    case core::StageMasked:
        lines << tr("masked: %1, hidden cells are \u2212\u221e (mask: %2)")
                     .arg(shape(n, n), QString::fromLatin1(core::name(s.mask)));
        break;
    case core::StageWeights:
        lines << tr("weights: %1, each row adds up to 1 over its visible keys").arg(shape(n, n));
        break;
    case core::StageContext:
        lines << tr("weights (%1) \u00b7 V (%2) = context %3").arg(shape(n, n), shape(n, dv), shape(n, dv));
        break;
    case core::StageConcat:
        lines
            << tr("%1 heads %2 context %3 side by side = concat %4").arg(h).arg(x).arg(shape(n, dv), shape(n, h * dv));
        break;
    case core::StageOutput:
        if (s.hasOutputWeights())
            lines << tr("concat (%1) \u00b7 W_O (%2) = output %3")
                         .arg(shape(n, h * dv), shape(h * dv, s.dModel), shape(n, s.dModel));
        else
            lines << tr("This scene has no W_O: the output is concat itself, %1.").arg(shape(n, h * dv));
        break;
    default:
        break;
    }
    return lines.isEmpty()
        ? QString()
        : QStringLiteral("<h4>%1</h4><p>%2</p>").arg(tr("In this scene"), lines.join(QStringLiteral("<br/>")));
}

} // namespace attnlab::ui
