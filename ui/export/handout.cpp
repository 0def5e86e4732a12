#include "ui/export/handout.h"

#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/export/exporter.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/plot/stageinfo.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTextDocument>
#include <QUrl>

#include <cmath>

namespace attnlab::ui {

namespace {

QString tr(const char *text)
{
    // lupdate files a tr() call in a namespace-level function under the namespace's name.
    return QCoreApplication::translate("attnlab::ui", text);
}

QString escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

// The number as the inspector prints it: three decimals, the true minus sign, −∞ for hidden cells.
QString number(double v)
{
    if (std::isinf(v))
        return v < 0 ? QStringLiteral("\u2212\u221e") : QStringLiteral("\u221e");
    QString text = std::abs(v) < 5e-4 ? QStringLiteral("0.000") : QString::number(v, 'f', 3);
    return text.replace(QLatin1Char('-'), QChar(0x2212));
}

// HTML with the images it refers to (QTextDocument takes images as resources, not data URLs).
struct Printout {
    QString html;
    QList<QImage> images; // referred to as "image:N"
};

QString imageTag(Printout &out, const QImage &image, int widthPx)
{
    out.images << image;
    return QStringLiteral("<img src=\"image:%1\" width=\"%2\">").arg(out.images.size() - 1).arg(widthPx);
}

Printout handout(const Document &doc, int head);

// The explanation page of a stage without its links (paper has nowhere to go).
QString explanationBody(core::Stage stage, const core::Scene &scene)
{
    QString html = ExplanationPanel::pageHtml(ExplanationPanel::pageFor(stage, scene), Language::instance()->current());
    static const QRegularExpression links(QStringLiteral("</?a\\b[^>]*>"));
    html.remove(links);
    static const QRegularExpression heading(QStringLiteral("<h3>.*?</h3>"));
    return html.remove(heading);
}

QString style()
{
    return QStringLiteral(
        "<style>body { font-family: 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif; font-size: 10pt; }"
        "h1 { font-size: 18pt; } h2 { font-size: 13pt; margin-top: 14pt; }"
        "table { border-collapse: collapse; } td, th { border: 1px solid #888; padding: 3px 6px; }"
        "th { background: #eeeeee; } td { text-align: right; min-width: 42px; }</style>");
}

QString sceneLine(const core::Scene &s)
{
    QStringList tokens;
    for (const std::string &t : s.tokens)
        tokens << escaped(QString::fromStdString(t));
    return tr("Tokens: %1").arg(tokens.join(QStringLiteral(" | ")));
}

// A matrix as an HTML table with token row headers; blank cells when `blank`.
QString table(const core::Scene &scene, const core::Matrix &m, bool squareStage, bool blank)
{
    const QStringList tokens = tokenLabels(scene);
    QString t = QStringLiteral("<table><tr><th></th>");
    for (Eigen::Index c = 0; c < m.cols(); ++c)
        t += QStringLiteral("<th>%1</th>")
                 .arg(squareStage && c < tokens.size() ? escaped(tokens[int(c)]) : QString::number(c));
    t += QStringLiteral("</tr>");
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        t += QStringLiteral("<tr><th>%1</th>").arg(r < tokens.size() ? escaped(tokens[int(r)]) : QString::number(r));
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            t += QStringLiteral("<td width=\"64\" height=\"26\">%1</td>")
                     .arg(blank ? QStringLiteral("&nbsp;") : number(double(m(r, c))));
        t += QStringLiteral("</tr>");
    }
    return t + QStringLiteral("</table>");
}

bool writePdf(const Printout &printout, const QString &title, const QString &path, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = tr("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    {
        QPdfWriter pdf(&file);
        pdf.setTitle(title);
        pdf.setCreator(QStringLiteral("Attention Lab"));
        pdf.setResolution(150);
        pdf.setPageLayout(QPageLayout(
            QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter));
        QTextDocument doc;
        doc.setDocumentMargin(0);
        for (int i = 0; i < printout.images.size(); ++i)
            doc.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("image:%1").arg(i)), printout.images[i]);
        doc.setHtml(printout.html);
        doc.print(&pdf);
    }
    if (!file.commit()) {
        *error = tr("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace

QList<core::Stage> defaultWorksheetStages(const Document &doc)
{
    QList<core::Stage> out {core::StageScores, core::StageScaled};
    if (doc.scene().mask != core::MaskKind::None)
        out << core::StageMasked;
    out << core::StageWeights << core::StageContext;
    return out;
}

QString handoutHtml(const Document &doc, int head)
{
    return handout(doc, head).html;
}

namespace {

Printout handout(const Document &doc, int head)
{
    Printout out;
    const core::Scene &scene = doc.scene();
    const QString title = sceneTitle(scene, Language::instance()->current());
    ExportOptions o;
    o.scale = 1.5;
    QString html = style() + QStringLiteral("<h1>%1</h1><p>%2</p>").arg(escaped(title), sceneLine(scene));
    html += QStringLiteral("<p>%1</p>").arg(imageTag(out, renderStagesImage(doc, availableStages(doc), head, o), 680));
    QStringList seen;
    for (core::Stage stage : availableStages(doc)) {
        const QString page = ExplanationPanel::pageFor(stage, scene);
        html += QStringLiteral("<h2>%1</h2>").arg(escaped(stageDisplayName(stage)));
        if (!seen.contains(page)) {
            html += explanationBody(stage, scene);
            seen << page;
        }
        o.scale = 1;
        html += QStringLiteral("<p>%1</p>").arg(imageTag(out, renderStagesImage(doc, {stage}, head, o), 260));
    }
    html += QStringLiteral("<h2>%1</h2>").arg(tr("Glossary"));
    QString glossary = ExplanationPanel::pageHtml(QStringLiteral("glossary"), Language::instance()->current());
    static const QRegularExpression links(QStringLiteral("</?a\\b[^>]*>"));
    static const QRegularExpression back(QStringLiteral("<p><a href=\"stage:\">.*?</a></p>|<h3>.*?</h3>"));
    glossary.remove(back);
    glossary.remove(links);
    out.html = html + glossary;
    return out;
}

} // namespace

QString worksheetHtml(const Document &doc, int head, const QList<core::Stage> &blanks, bool answers, QString *why)
{
    const core::Scene &scene = doc.scene();
    const core::Stages &stages = doc.stages();
    if (stages.heads.empty()) {
        *why = tr("there is nothing to calculate");
        return {};
    }
    head = std::clamp(head, 0, int(stages.heads.size()) - 1);
    const core::HeadStages &h = stages.heads[size_t(head)];
    if (scene.tokenCount() > kWorksheetMaxTokens || h.q.cols() > kWorksheetMaxWidth
        || h.v.cols() > kWorksheetMaxWidth) {
        *why = tr("a worksheet is for pencil and paper: at most %1 tokens and %2 columns per head (this scene has %3 "
                  "tokens and d_k = %4)")
                   .arg(kWorksheetMaxTokens)
                   .arg(kWorksheetMaxWidth)
                   .arg(scene.tokenCount())
                   .arg(h.q.cols());
        return {};
    }
    const QString title = sceneTitle(scene, Language::instance()->current());
    QString html = style();
    html += QStringLiteral("<h1>%1</h1>")
                .arg(answers ? tr("Answer key: %1").arg(escaped(title)) : tr("Worksheet: %1").arg(escaped(title)));
    html += QStringLiteral("<p>%1</p>").arg(sceneLine(scene));
    if (!answers)
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("Work out the blank tables by hand from the given Q, K and V, one stage after the "
                            "other. Round to three decimals."));
    QString divisorText;
    switch (scene.scale) {
    case core::ScaleKind::SqrtDk:
        divisorText = tr("divide every score by √d_k = √%1 = %2").arg(h.q.cols()).arg(number(core::divisor(scene)));
        break;
    case core::ScaleKind::None:
        divisorText = tr("no scaling: scaled = scores");
        break;
    case core::ScaleKind::Custom:
        divisorText = tr("divide every score by %1").arg(number(core::divisor(scene)));
        break;
    }
    html += QStringLiteral("<p>%1</p>").arg(escaped(divisorText));
    if (scene.headCount() > 1)
        html += QStringLiteral("<p>%1</p>").arg(tr("Head %1 of %2").arg(head + 1).arg(scene.headCount()));
    for (core::Stage given : {core::StageQ, core::StageK, core::StageV}) {
        html += QStringLiteral("<h2>%1</h2>").arg(escaped(stageDisplayName(given)));
        html += table(scene, core::stageMatrix(stages, given, head), false, false);
    }
    for (core::Stage stage : blanks) {
        const core::Matrix &m = core::stageMatrix(stages, stage, head);
        if (m.size() == 0)
            continue;
        html += QStringLiteral("<h2>%1</h2><p>%2</p>")
                    .arg(escaped(stageDisplayName(stage)), escaped(stageTitle(scene, stage)));
        html += table(scene, m, isSquareStage(stage), !answers);
    }
    return html;
}

bool exportHandout(const Document &doc, int head, const QString &path, QString *error)
{
    if (doc.stages().heads.empty()) {
        *error = tr("there is nothing to export");
        return false;
    }
    return writePdf(handout(doc, head), sceneTitle(doc.scene(), Language::instance()->current()), path, error);
}

bool exportWorksheet(
    const Document &doc, int head, const QList<core::Stage> &blanks, const QString &path, QString *error)
{
    QString why;
    const QString exercise = worksheetHtml(doc, head, blanks, false, &why);
    if (exercise.isEmpty()) {
        *error = why;
        return false;
    }
    // The answer key starts on a page of its own.
    const QString key = worksheetHtml(doc, head, blanks, true, &why);
    const QString html
        = exercise + QStringLiteral("<p style=\"page-break-before: always\"></p>") + key.mid(style().size());
    return writePdf({html, {}}, sceneTitle(doc.scene(), Language::instance()->current()), path, error);
}

} // namespace attnlab::ui
