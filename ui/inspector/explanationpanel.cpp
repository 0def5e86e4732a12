#include "ui/inspector/explanationpanel.h"

#include "ui/document/document.h"
#include "ui/i18n/language.h"

#include "core/text/chain.h"

#include <QBoxLayout>
#include <QEvent>
#include <QFile>
#include <QTextBrowser>
#include <QToolButton>
#include <QUrl>

#include <cmath>

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
    auto shape = [](int r, int c) { return QStringLiteral("%1 \u00d7 %2").arg(r).arg(c); };
    // Every formula below is a core::Chain: its shapes are checked to multiply out in tests.
    auto text = [](const core::Chain &c) { return QString::fromStdString(c.text(true)); };
    auto pattern = [](const QString &p) { return p.toStdString(); };
    QStringList lines;
    switch (stage) {
    case core::StageX:
        if (s.direct)
            lines << tr("This scene is in direct mode: Q, K and V are typed in, so there is no X.");
        else
            lines << tr("X: %1 tokens \u00d7 d_model = %2").arg(n).arg(shape(n, s.dModel));
        break;
    case core::StageQ:
    case core::StageK:
    case core::StageV:
        if (s.direct) {
            lines << tr("Direct mode: Q and K are %1, V is %2, typed in.").arg(shape(n, dk), shape(n, dv));
        } else {
            core::Chain c;
            c.shape(pattern(tr("X (%1)")), n, s.dModel).dot().shape(pattern(tr("W (%1)")), s.dModel, h * dk);
            if (s.bq.size() > 0 || s.bk.size() > 0 || s.bv.size() > 0)
                c.plus().shape(pattern(tr("b (%1)")), 1, h * dk);
            c.equals().shape("%1", n, h * dk);
            lines << tr("%1 for all heads; each head takes %2 columns: %3").arg(text(c)).arg(dk).arg(shape(n, dk));
        }
        break;
    case core::StageQRotated:
    case core::StageKRotated:
        lines << tr("Q and K keep their shape %1; %2 pairs of columns are rotated.").arg(shape(n, dk)).arg(dk / 2);
        break;
    case core::StageScores: {
        const bool rope = !s.direct && s.positional == core::PositionalEncoding::Rope;
        core::Chain c;
        c.shape(pattern(rope ? tr("Q_rot (%1)") : tr("Q (%1)")), n, dk)
            .dot()
            .shape(pattern(rope ? tr("K_rot\u1d40 (%1)") : tr("K\u1d40 (%1)")), dk, n)
            .equals()
            .shape(pattern(tr("scores %1")), n, n);
        lines << tr("%1: one row per query, one column per key.").arg(text(c));
        break;
    }
    case core::StageScaled: {
        core::Chain c;
        c.shape(pattern(tr("scores %1")), n, n).divide();
        if (s.scale == core::ScaleKind::SqrtDk)
            c.compact(double(core::divisor(s))).alias("\u221a" + std::to_string(dk), std::sqrt(double(dk)));
        else
            c.compact(double(core::divisor(s)));
        c.equals().shape(pattern(tr("scaled %1")), n, n);
        lines << text(c);
        break;
    }
    case core::StageMasked:
        lines << tr("masked: %1, hidden cells are \u2212\u221e (mask: %2)").arg(shape(n, n), maskName(s.mask));
        break;
    case core::StageWeights:
        lines << tr("weights: %1, each row adds up to 1 over its visible keys").arg(shape(n, n));
        break;
    case core::StageContext: {
        core::Chain c;
        c.shape(pattern(tr("weights (%1)")), n, n)
            .dot()
            .shape(pattern(tr("V (%1)")), n, dv)
            .equals()
            .shape(pattern(tr("context %1")), n, dv);
        lines << text(c);
        break;
    }
    case core::StageConcat:
        lines << tr("%1 heads \u00d7 context %2 side by side = concat %3").arg(h).arg(shape(n, dv), shape(n, h * dv));
        break;
    case core::StageOutput:
        if (s.hasOutputWeights()) {
            core::Chain c;
            c.shape(pattern(tr("concat (%1)")), n, h * dv).dot().shape(pattern(tr("W_O (%1)")), h * dv, s.dModel);
            if (s.bo.size() > 0)
                c.plus().shape(pattern(tr("b_O (%1)")), 1, s.dModel);
            c.equals().shape(pattern(tr("output %1")), n, s.dModel);
            lines << text(c);
        } else {
            lines << tr("This scene has no W_O: the output is concat itself, %1.").arg(shape(n, h * dv));
        }
        break;
    default:
        break;
    }
    return lines.isEmpty()
        ? QString()
        : QStringLiteral("<h4>%1</h4><p>%2</p>").arg(tr("In this scene"), lines.join(QStringLiteral("<br/>")));
}

QString ExplanationPanel::maskName(core::MaskKind mask)
{
    switch (mask) {
    case core::MaskKind::None:
        return tr("none");
    case core::MaskKind::Causal:
        return tr("causal");
    case core::MaskKind::Custom:
        return tr("custom");
    }
    return QString();
}

} // namespace attnlab::ui
