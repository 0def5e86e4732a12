#include "ui/export/handout.h"

#include "core/scene/derivation.h"
#include "core/scene/variants/variants.h"
#include "core/text/chain.h"
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/export/exporter.h"
#include "ui/export/exportformat.h"
#include "ui/export/exportwriters.h"
#include "ui/export/printedpages.h"
#include "ui/i18n/language.h"
#include "ui/inspector/explanationpanel.h"
#include "ui/plot/stageinfo.h"
#include "ui/plot/stagelook.h"

#include <QCoreApplication>
#include <QImage>
#include <QRegularExpression>
#include <QTextDocument>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <utility>

namespace attnlab::ui {

namespace {

QString tr(const char *text)
{
    // lupdate files a tr() call in a namespace-level function under the namespace's name.
    return QCoreApplication::translate("attnlab::ui", text);
}

QString tr(const char *text, const char *disambiguation, int n)
{
    return QCoreApplication::translate("attnlab::ui", text, disambiguation, n);
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

// The stages the handout prints: those the board shows for this scene (one head without W_O has
// no concat or output card: both would repeat its context).
QList<core::Stage> handoutStages(const Document &doc)
{
    QList<core::Stage> stages;
    for (core::Stage stage : availableStages(doc))
        if (!stageLook(stage).onBoard || stageLook(stage).onBoard(doc.scene()))
            stages << stage;
    return stages;
}

// The explanation page of a stage without its links (paper has nowhere to go) and without what
// the pages say only to the reader at the screen (class "screen": "Click any cell…", the
// Inspector), which paper cannot do.
QString explanationBody(core::Stage stage, const core::Scene &scene)
{
    QString html = ExplanationPanel::pageHtml(ExplanationPanel::pageFor(stage, scene), Language::instance()->current());
    html = withoutScreenOnlyText(html);
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
    QTextDocument doc;
    doc.setDocumentMargin(0);
    for (int i = 0; i < printout.images.size(); ++i)
        doc.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("image:%1").arg(i)), printout.images[i]);
    doc.setHtml(printout.html);
    keepHeadingsWithWhatTheyHead(&doc, kPrintedDotsPerInch);
    return writeExport(PrintedText {&doc, title}, path, error);
}

QString divisorLine(const core::Scene &scene, int dk)
{
    switch (scene.scale) {
    case core::ScaleKind::SqrtDk:
        return tr("divide every score by %1")
            .arg(QString::fromStdString(
                core::Chain().symbol("√d_k").equals().root(dk).equals().number(core::divisor(scene)).text()));
    case core::ScaleKind::None:
        return tr("no scaling: scaled = scores");
    case core::ScaleKind::Custom:
        return tr("divide every score by %1").arg(number(core::divisor(scene)));
    }
    return QString();
}

// The mask the masked scores need: a sentence for the causal one, the whole table for a custom one
// or under a sliding window (the keys it hides are the table's ✗ too, as the pipeline hides them).
QString maskPart(const core::Scene &scene)
{
    const int window = scene.variants.slidingWindow;
    if (scene.mask == core::MaskKind::Causal && window <= 0)
        return QStringLiteral("<p>%1</p>")
            .arg(tr("Causal mask: each query sees its own token and the ones before it; every later key is hidden "
                    "(−∞)."));
    if (scene.mask != core::MaskKind::Custom && window <= 0)
        return QString();
    const QStringList tokens = tokenLabels(scene);
    const core::MaskMatrix mask = core::visibleKeys(scene);
    QString legend = tr("✓: the query (row) may look at the key (column); ✗: hidden, −∞.");
    if (window > 0)
        legend += QLatin1Char(' ')
            + tr("A sliding window of %n key(s) hides more: query i does not see key j when j ≤ i − %n.", nullptr,
                window);
    if (window > 0 && scene.variants.firstTokenSink)
        legend += QLatin1Char(' ') + tr("The first token stays visible to every query as a sink.");
    QString t = QStringLiteral("<h2>%1</h2><p>%2</p><table><tr><th></th>").arg(tr("Mask"), legend);
    for (const QString &token : tokens)
        t += QStringLiteral("<th>%1</th>").arg(escaped(token));
    t += QStringLiteral("</tr>");
    for (Eigen::Index r = 0; r < mask.rows(); ++r) {
        t += QStringLiteral("<tr><th>%1</th>").arg(escaped(tokens.value(int(r))));
        for (Eigen::Index c = 0; c < mask.cols(); ++c)
            t += QStringLiteral("<td align=\"center\">%1</td>")
                     .arg(mask(r, c) ? QStringLiteral("✓") : QStringLiteral("✗"));
        t += QStringLiteral("</tr>");
    }
    return t + QStringLiteral("</table>");
}

// One cell of a blank stage worked out in the answer key, from the numbers the sheet prints
// (the given tables and the answers before it) at the precision it prints them: a chain that
// does not hold shows that the sheet gives other numbers than its answers come from.
QString workedExample(
    const core::Scene &scene, const core::Stages &stages, int head, core::Stage stage, const QList<core::Stage> &given)
{
    const core::HeadStages &h = stages.heads[size_t(head)];
    const int n = scene.tokenCount();
    // The second token looking at the first (吃 → 猫 in the examples), or the only one.
    const int row = std::min(1, n - 1), column = 0;
    const QStringList tokens = tokenLabels(scene);
    const core::Matrix &q = core::stageMatrix(stages, given[0], head);
    const core::Matrix &k = core::stageMatrix(stages, given[1], head);
    const core::Matrix &v = core::stageMatrix(stages, given[2], head);
    core::Chain c;
    QString what;
    switch (stageLook(stage).workedExample) {
    case WorkedExample::DotProduct:
        for (Eigen::Index i = 0; i < q.cols(); ++i) {
            if (i > 0)
                c.plus();
            c.number(q(row, i)).times().number(k(column, i));
        }
        c.equals().number(h.scores(row, column));
        what = tr("score %1 → %2").arg(tokens.value(row), tokens.value(column));
        break;
    case WorkedExample::Division:
        c.number(h.scores(row, column)).divide().number(core::divisor(scene)).equals().number(h.scaled(row, column));
        what = tr("scaled %1 → %2").arg(tokens.value(row), tokens.value(column));
        break;
    case WorkedExample::WeightedSum:
        for (int j = 0; j < n; ++j) {
            if (j > 0)
                c.plus();
            c.number(h.weights(row, j)).times().number(v(j, 0));
        }
        c.equals().number(h.context(row, 0));
        what = tr("context of %1, column 0").arg(tokens.value(row));
        break;
    case WorkedExample::Softmax: {
        // The row's softmax from the scaled scores as the sheet prints them: e^x of each key the
        // mask lets the row see, their sum, and each e^x ÷ the sum.
        const core::SoftmaxDerivation d = core::deriveSoftmax(stages, head, row);
        if (!d.anyVisible)
            return QString();
        QStringList lines;
        core::Chain sum;
        bool first = true;
        for (int j = 0; j < n; ++j) {
            if (!d.visible[size_t(j)])
                continue;
            lines << QStringLiteral("%1: %2").arg(escaped(tokens.value(j)),
                escaped(QString::fromStdString(core::Chain()
                                                   .exponential(d.scaled[size_t(j)], d.shift)
                                                   .equals()
                                                   .number(d.exps[size_t(j)])
                                                   .text())));
            if (!std::exchange(first, false))
                sum.plus();
            sum.number(d.exps[size_t(j)]);
        }
        sum.equals().number(d.sum);
        lines << escaped(tr("sum: %1").arg(QString::fromStdString(sum.text())));
        for (int j = 0; j < n; ++j)
            if (d.visible[size_t(j)])
                lines << escaped(tr("weight %1 → %2: %3")
                                     .arg(tokens.value(row), tokens.value(j),
                                         QString::fromStdString(core::Chain()
                                                                    .number(d.exps[size_t(j)])
                                                                    .divide()
                                                                    .number(d.sum)
                                                                    .equals()
                                                                    .number(d.weights[size_t(j)])
                                                                    .text())));
        if (std::find(d.visible.begin(), d.visible.end(), false) != d.visible.end())
            lines << escaped(tr("A key the mask hides counts as −∞, and e^(−∞) = 0: its weight is 0."));
        return QStringLiteral("<p>%1<br/>%2</p>")
            .arg(escaped(tr("Worked example, the softmax of the row of %1:").arg(tokens.value(row))),
                lines.join(QStringLiteral("<br/>")));
    }
    case WorkedExample::None:
        return QString();
    }
    return QStringLiteral("<p>%1</p>")
        .arg(tr("Worked example, %1: %2").arg(escaped(what), escaped(QString::fromStdString(c.text()))));
}

// The formula over a blank table. The board's "weights = softmax(masked)" names the masked
// scores, which a sheet without them does not print: it then says what the softmax reads.
QString worksheetFormula(const core::Scene &scene, core::Stage stage, const QList<core::Stage> &blanks)
{
    if (stage != core::StageWeights || blanks.contains(core::StageMasked))
        return stageTitle(scene, stage);
    if (scene.mask == core::MaskKind::None && scene.variants.slidingWindow <= 0)
        return tr("weights = softmax(scaled), row by row");
    return tr("weights = softmax(scaled), row by row, over the keys the mask lets the row see; a hidden key's "
              "weight is 0");
}

} // namespace

QString withoutScreenOnlyText(const QString &html)
{
    // Spans do not nest in these pages, and a screen-only paragraph holds no other paragraph.
    static const QRegularExpression screen(
        QStringLiteral("<span class=\"screen\">.*?</span>|<p class=\"screen\">.*?</p>"),
        QRegularExpression::DotMatchesEverythingOption);
    QString out = html;
    return out.remove(screen);
}

QList<core::Stage> defaultWorksheetStages(const Document &doc)
{
    const bool masked = doc.scene().mask != core::MaskKind::None || doc.scene().variants.slidingWindow > 0;
    QList<core::Stage> out;
    for (const StageLook &look : stageLooks())
        if (look.worksheet == WorksheetUse::Blank || (look.worksheet == WorksheetUse::BlankWhenMasked && masked))
            out << look.stage;
    return out;
}

QList<HandoutFigure> handoutBoard(const Document &doc, int head)
{
    // Cells a little smaller than on screen, so that a card of eight columns fits the page at its
    // own size, where its values print at 8 pt; rendered at twice that for the printer.
    ExportOptions o;
    o.scale = 2;
    o.header = false;
    o.largestCell = 44;
    constexpr double kPointsPerPixel = 72.0 / 96.0;
    QList<HandoutFigure> figures;
    for (core::Stage stage : handoutStages(doc)) {
        HandoutFigure figure;
        figure.stage = stage;
        int valuePixels = 0;
        figure.image = renderStagesImage(doc, {stage}, head, o, &valuePixels);
        if (figure.image.isNull())
            continue;
        const double natural = figure.image.width() / o.scale;
        // The space between two figures on a row is a word space; a figure alone on its row
        // never touches the right margin.
        figure.width = std::min(natural, kHandoutTextWidth - 1);
        figure.valuePoints = valuePixels * (figure.width / natural) * kPointsPerPixel;
        figures << figure;
    }
    return figures;
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
    QString html = style() + QStringLiteral("<h1>%1</h1><p>%2</p>").arg(escaped(title), sceneLine(scene));
    const QString description = renderedDescription(scene, doc.stages(), Language::instance()->current());
    if (!description.isEmpty())
        html += QStringLiteral("<p>%1</p>")
                    .arg(escaped(description).replace(QLatin1Char('\n'), QStringLiteral("<br/>")));
    // The figures are words of one paragraph: the text layout wraps them into rows that fit.
    QStringList figures;
    for (const HandoutFigure &figure : handoutBoard(doc, head))
        figures << imageTag(out, figure.image, int(std::floor(figure.width)));
    html += QStringLiteral("<p>%1</p>").arg(figures.join(QStringLiteral(" ")));
    ExportOptions o;
    QStringList seen;
    for (core::Stage stage : handoutStages(doc)) {
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
    // A RoPE scene's scores come from the rotated Q and K: those are what the sheet gives.
    const bool rope = h.qRotated.size() > 0;
    const QList<core::Stage> given = rope ? QList<core::Stage> {core::StageQRotated, core::StageKRotated, core::StageV}
                                          : QList<core::Stage> {core::StageQ, core::StageK, core::StageV};
    QString html = style();
    html += QStringLiteral("<h1>%1</h1>")
                .arg(answers ? tr("Answer key: %1").arg(escaped(title)) : tr("Worksheet: %1").arg(escaped(title)));
    html += QStringLiteral("<p>%1</p>").arg(sceneLine(scene));
    if (!answers)
        html += QStringLiteral("<p>%1</p>")
                    .arg(rope ? tr("Work out the blank tables by hand from the given Q_rot, K_rot (Q and K already "
                                   "rotated by position) and V, one stage after the other. Round to three decimals.")
                              : tr("Work out the blank tables by hand from the given Q, K and V, one stage after the "
                                   "other. Round to three decimals."));
    html += QStringLiteral("<p>%1</p>").arg(escaped(divisorLine(scene, int(h.q.cols()))));
    html += maskPart(scene);
    if (scene.headCount() > 1)
        html += QStringLiteral("<p>%1</p>").arg(tr("Head %1 of %2").arg(head + 1).arg(scene.headCount()));
    for (core::Stage stage : given) {
        html += QStringLiteral("<h2>%1</h2>").arg(escaped(stageDisplayName(stage)));
        html += table(scene, core::stageMatrix(stages, stage, head), false, false);
    }
    for (core::Stage stage : blanks) {
        const core::Matrix &m = core::stageMatrix(stages, stage, head);
        if (m.size() == 0)
            continue;
        html += QStringLiteral("<h2>%1</h2><p>%2</p>")
                    .arg(escaped(stageDisplayName(stage)), escaped(worksheetFormula(scene, stage, blanks)));
        html += table(scene, m, isSquareStage(stage), !answers);
        if (answers)
            html += workedExample(scene, stages, head, stage, given);
    }
    return html;
}

QString printedWorksheetHtml(const Document &doc, int head, const QList<core::Stage> &blanks, QString *why)
{
    const QString exercise = worksheetHtml(doc, head, blanks, false, why);
    if (exercise.isEmpty())
        return {};
    // The answer key starts on a page of its own.
    const QString key = worksheetHtml(doc, head, blanks, true, why);
    return exercise + QStringLiteral("<p style=\"page-break-before: always\"></p>") + key.mid(style().size());
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
    const QString html = printedWorksheetHtml(doc, head, blanks, error);
    if (html.isEmpty())
        return false;
    return writePdf({html, {}}, sceneTitle(doc.scene(), Language::instance()->current()), path, error);
}

} // namespace attnlab::ui
