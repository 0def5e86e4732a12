#include "ui/inspector/inspectorpage.h"

#include "core/scene/stagetable.h"
#include "core/text/chain.h"
#include "ui/inspector/inspectorhtml.h"
#include "ui/plot/stagelook.h"

#include <QColor>
#include <QImage>
#include <QPainter>
#include <QTextDocument>
#include <QUrl>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

namespace {

// Long sums are cut after this many terms in the one-line formula (a table lists more).
constexpr int kInlineTerms = 8;

const QString kMinus = QStringLiteral("\u2212");

} // namespace

using namespace inspectorhtml;
using core::formatFixed;

InspectorPage::InspectorPage(const core::Scene &scene, const core::Stages &stages, int head, QTextDocument *target)
    : m_scene(scene)
    , m_stages(stages)
    , m_head(std::clamp(head, 0, std::max(0, int(stages.heads.size()) - 1)))
    , m_target(target)
{
}

QString InspectorPage::number(double value)
{
    if (value == 0)
        return QStringLiteral("0.000");
    const double a = std::abs(value);
    // One format for every number of a table: three decimals (a tiny value reads 0.000 next to
    // 0.001, never 9.01e−05); only values too wide for a column switch to powers of ten.
    if (a < 5e-4)
        return QStringLiteral("0.000");
    QString text = a >= 1e5 ? QString::number(value, 'e', 2) : QString::number(value, 'f', 3);
    text.replace(QLatin1Char('-'), kMinus);
    return text;
}

QString InspectorPage::label(const std::vector<std::string> &tokens, int index)
{
    // A page is built from one scene and its stages; an index past the tokens would mean they
    // disagree, which must show as a placeholder, never as an exception.
    if (index < 0 || size_t(index) >= tokens.size())
        return QStringLiteral("?");
    const std::string &t = tokens[size_t(index)];
    const bool repeated = std::count(tokens.begin(), tokens.end(), t) > 1;
    return repeated ? QStringLiteral("%1<sub>%2</sub>").arg(escaped(t)).arg(index) : escaped(t);
}

QString InspectorPage::token(int row) const
{
    return label(m_scene.tokens, row);
}

QString InspectorPage::keyToken(int index) const
{
    return label(m_scene.keyTokens(), index);
}

QString InspectorPage::header(const QString &title, const QString &where) const
{
    QString h = QStringLiteral("<h3>%1</h3>").arg(title);
    if (m_scene.headCount() > 1)
        h += QStringLiteral("<p>%1</p>").arg(tr("Head %1 of %2").arg(m_head + 1).arg(m_scene.headCount()));
    if (!where.isEmpty())
        h += QStringLiteral("<p>%1</p>").arg(where);
    return h;
}

QString InspectorPage::dotTable(
    const core::DotTerms &terms, const QString &leftName, const QString &rightName, const QStringList &rowNames) const
{
    QString t = QString::fromLatin1(tableOpen);
    t += QStringLiteral("<tr><th></th><th>%1</th><th></th><th>%2</th><th></th><th>%3</th></tr>")
             .arg(leftName, rightName, tr("product"));
    double scale = 0;
    for (double v : terms.products)
        scale = std::max(scale, std::abs(v));
    for (size_t i = 0; i < terms.products.size(); ++i) {
        const QString name = i < size_t(rowNames.size()) ? rowNames[int(i)] : QString::number(i);
        const QStringList row = rowTerms(
            core::Chain().number(terms.left[i]).times().number(terms.right[i]).equals().number(terms.products[i]));
        t += QStringLiteral("<tr><td>%1</td>").arg(name) + cell(row[0]) + QStringLiteral("<td>\u00d7</td>")
            + cell(row[1]) + QStringLiteral("<td>=</td>") + cell(row[2], tint(terms.products[i], scale))
            + QStringLiteral("</tr>");
    }
    t += QStringLiteral("<tr><td colspan=\"5\" align=\"right\">%1</td>").arg(tr("sum"))
        + cell(number(terms.sum), QString(), true) + QStringLiteral("</tr></table>");
    return t;
}

QString InspectorPage::sumLine(const core::DotTerms &terms, const QString &biasName, double bias) const
{
    core::Chain c;
    const size_t n = terms.products.size(), shown = std::min(n, size_t(kInlineTerms));
    for (size_t i = 0; i < shown; ++i) {
        if (i > 0)
            c.plus();
        c.number(terms.left[i]).times().number(terms.right[i]);
    }
    if (n > shown)
        c.plus().elided((QStringLiteral("… ") + tr("(%1 more terms)").arg(n - shown)).toStdString(),
            {terms.left.begin() + long(shown), terms.left.end()},
            {terms.right.begin() + long(shown), terms.right.end()});
    if (!biasName.isEmpty())
        c.plus().number(bias).label(biasName.toStdString());
    c.equals().number(biasName.isEmpty() ? terms.sum : terms.sum + bias).emphasised();
    return QStringLiteral("<p>%1</p>").arg(chain(c));
}

QString InspectorPage::bar(double fraction, const QColor &colour)
{
    if (!m_target)
        return QString();
    // Narrow enough that the weights table fits the 330 px dock; the number is beside it anyway.
    constexpr int width = 40, height = 10;
    QImage image(width, height, QImage::Format_ARGB32_Premultiplied);
    image.fill(QColor(235, 235, 235));
    QPainter p(&image);
    p.fillRect(QRectF(0, 0, width * std::clamp(fraction, 0.0, 1.0), height), colour);
    p.end();
    const QUrl url(QStringLiteral("inspector://bar/%1").arg(m_images++));
    m_target->addResource(QTextDocument::ImageResource, url, image);
    return QStringLiteral("<img src=\"%1\" width=\"%2\" height=\"%3\"/>").arg(url.toString()).arg(width).arg(height);
}

QString InspectorPage::html(const Selection &sel)
{
    const int n = m_scene.tokenCount();
    if (m_stages.heads.empty() || sel.row >= n)
        return QString();
    // Stages computed for another scene (a different token count) are never explained.
    if (m_stages.heads[size_t(m_head)].weights.rows() != n)
        return QString();
    if (sel.column >= 0) {
        const core::Matrix &m = core::stageMatrix(m_stages, sel.stage, m_head);
        if (m.size() == 0 || sel.column >= m.cols())
            return QString();
    }
    const core::Stage stage = sel.stage;
    if (!sel.hasRow())
        return QStringLiteral("<p>%1</p>")
            .arg(tr("Click a cell or a row label of a stage to see how its numbers "
                    "are computed from the previous stages."));
    const StageLook &look = stageLook(stage);
    if (look.derivesCell && !sel.hasCell())
        return QStringLiteral("<p>%1</p>")
            .arg(tr("Row %1 is selected. Click one of its cells to see that "
                    "number worked out.")
                     .arg(token(sel.row)));
    // One derivation per kind of step; the stage table says which one a stage takes.
    switch (look.derivation) {
    case Derivation::Embedding:
        return m_scene.direct ? QString() : embedding(sel.row, sel.column);
    case Derivation::Memory:
        return memory(sel.row, sel.column);
    case Derivation::Projection:
        return projection(stage, sel.row, sel.column);
    case Derivation::Rotation:
        return rotation(stage, sel.row, sel.column);
    case Derivation::Score:
        return score(sel.row, sel.column);
    case Derivation::Softmax:
        return softmax(sel.row, sel.column);
    case Derivation::Mix:
        return mix(sel.row, sel.column);
    case Derivation::Concat:
        return concat(sel.row, sel.column);
    case Derivation::Output:
        return output(sel.row, sel.column);
    case Derivation::Variant:
        return variant(stage, sel.row, sel.column);
    }
    return QString();
}

QString InspectorPage::memory(int row, int column) const
{
    const core::Memory &m = m_scene.memory;
    if (row < 0 || row >= m.x.rows() || column < 0 || column >= m.x.cols())
        return QString();
    const QString key = escaped(m.tokens[size_t(row)]);
    QString page = header(tr("Memory, row %1, column %2").arg(key).arg(column), QString());
    page += QStringLiteral("<p>%1</p>")
                .arg(tr("The memory is given: it is the encoder's output, one row per source token. "
                        "Cross-attention projects its keys and values from it (K = memory·W_K, V = memory·W_V), "
                        "while its queries come from the decoder's rows X."));
    page += QStringLiteral("<p>memory[%1][%2] = <b>%3</b></p>").arg(key).arg(column).arg(number(m.x(row, column)));
    return page;
}

QString InspectorPage::embedding(int row, int column) const
{
    const core::EmbeddingDerivation d = core::deriveEmbedding(m_scene, m_stages, row, column);
    QString page = header(tr("Input X, row %1, column %2").arg(token(row)).arg(column), QString());
    if (d.given) {
        page += QStringLiteral("<p>%1</p>")
                    .arg(tr("This scene gives X directly (what a layer of a model feeds "
                            "its attention), so nothing is looked up."));
        page += QStringLiteral("<p>X[%1][%2] = <b>%3</b></p>").arg(token(row)).arg(column).arg(number(d.value));
        return page;
    }
    page += QStringLiteral("<p>%1</p>").arg(tr("Each token looks up its row in the embedding table E."));
    if (d.hasPositional) {
        page += QStringLiteral("<p>%1</p>")
                    .arg(tr("Sinusoidal positional encoding adds a value that depends "
                            "only on the position (%1) and the column.")
                             .arg(row));
        core::Chain c;
        c.symbol("X")
            .equals()
            .symbol(QStringLiteral("E[%1][%2] + PE[%3][%2]").arg(token(row)).arg(column).arg(row).toStdString())
            .equals()
            .number(d.embedding)
            .plus()
            .number(d.positional)
            .equals()
            .number(d.value)
            .emphasised();
        page += QStringLiteral("<p>%1</p>").arg(chain(c));
    } else {
        page += QStringLiteral("<p>X = E[%1][%2] = <b>%3</b></p>").arg(token(row)).arg(column).arg(number(d.value));
    }
    return page;
}

QString InspectorPage::projection(core::Stage stage, int row, int column) const
{
    const core::ProjectionDerivation d = core::deriveProjection(m_scene, m_stages, stage, m_head, row, column);
    const QString name = QString::fromLatin1(core::stageName(stage));
    // Cross-attention projects K and V from the memory, one row per source token.
    const bool fromMemory = core::readsMemory(m_scene, stage);
    const QString rowToken = fromMemory ? keyToken(row) : token(row);
    QString page = header(tr("%1, row %2, column %3").arg(name, rowToken).arg(column), QString());
    if (d.given) {
        page += QStringLiteral("<p>%1</p>")
                    .arg(tr("In direct mode %1 is typed in, not computed: this number is <b>%2</b>.")
                             .arg(name, number(d.value)));
        return page;
    }
    const QString how = fromMemory
        ? tr("%1[%2][%3] = row %2 of the memory \u00b7 column %4 of W<sub>%1</sub>: multiply them entry by "
             "entry and add the products.")
        : tr("%1[%2][%3] = row %2 of X \u00b7 column %4 of W<sub>%1</sub>: multiply them entry by "
             "entry and add the products.");
    page += QStringLiteral("<p>%1</p>").arg(how.arg(name, rowToken).arg(column).arg(d.weightColumn));
    QStringList rows;
    for (int i = 0; i < m_scene.dModel; ++i)
        rows << QString::number(i);
    page += dotTable(d.terms, fromMemory ? tr("memory row %1").arg(rowToken) : tr("X row %1").arg(rowToken),
        tr("W<sub>%1</sub> column %2").arg(name).arg(d.weightColumn), rows);
    page += d.hasBias ? sumLine(d.terms, QStringLiteral("b<sub>%1</sub>[%2]").arg(name).arg(d.weightColumn), d.bias)
                      : sumLine(d.terms);
    return page;
}

QString InspectorPage::rotation(core::Stage stage, int row, int column) const
{
    const core::RotationDerivation d = core::deriveRotation(m_scene, m_stages, stage, m_head, row, column);
    const QString plain = stage == core::StageQRotated ? QStringLiteral("q") : QStringLiteral("k");
    QString page = header(tr("RoPE: %1 rotated, row %2, column %3").arg(plain, token(row)).arg(column), QString());
    const bool half = d.convention == core::RotaryConvention::HalfSplit;
    const int dk = m_scene.keyDim();
    page += QStringLiteral("<p>%1</p>")
                .arg(half ? tr("This scene pairs columns the rotate-half way (Llama, Qwen2): column i turns with "
                               "column i + %1, so column %2 belongs to pair %3, columns %4 and %5.")
                                .arg(dk / 2)
                                .arg(column)
                                .arg(d.pair)
                                .arg(d.first)
                                .arg(d.second)
                          : tr("This scene pairs neighbouring columns (interleaved, as in RoFormer): column %1 "
                               "belongs to pair %2, columns %3 and %4.")
                                .arg(column)
                                .arg(d.pair)
                                .arg(d.first)
                                .arg(d.second));
    core::Chain theta;
    theta.symbol(QStringLiteral("\u03b8<sub>%1</sub>").arg(d.pair).toStdString()).equals();
    if (d.tabled)
        theta.significant(d.theta).label(tr("the scene's frequency table").toStdString());
    else
        theta
            .symbol(QStringLiteral("%1<sup>\u2212%2/%3</sup>")
                        .arg(QString::fromStdString(core::Chain().compact(d.base).text(false)))
                        .arg(2 * d.pair)
                        .arg(dk)
                        .toStdString())
            .equals()
            .significant(d.theta);
    page += QStringLiteral("<p>%1</p>")
                .arg(tr("Pair %1 turns by %2 per position; at position %3 the angle is %4 rad.")
                         .arg(d.pair)
                         .arg(chain(theta))
                         .arg(row)
                         .arg(angleChain(row, d.theta, d.angle)));
    const double c = std::cos(d.angle), s = std::sin(d.angle);
    const std::string a = formatFixed(d.firstValue, 3), b = formatFixed(d.secondValue, 3);
    core::Chain line;
    if (column == d.first)
        line.symbol(a + " \u00d7 cos \u2212 " + b + " \u00d7 sin")
            .equals()
            .number(d.firstValue)
            .times()
            .number(c)
            .minus()
            .number(d.secondValue)
            .times()
            .number(s);
    else
        line.symbol(a + " \u00d7 sin + " + b + " \u00d7 cos")
            .equals()
            .number(d.firstValue)
            .times()
            .number(s)
            .plus()
            .number(d.secondValue)
            .times()
            .number(c);
    line.equals().number(d.value).emphasised();
    page += QStringLiteral("<p>%1</p>").arg(chain(line));
    if (half)
        page += QStringLiteral("<p>%1</p>")
                    .arg(tr("Interleaved pairs would turn column %1 with column %2 instead. The two ways give "
                            "the same scores once the columns of W_Q and W_K (and the entries of b_Q and b_K) are "
                            "reordered (column 2i ↔ i, "
                            "2i + 1 ↔ i + %3), so a model trained one way is the other's with its weights "
                            "permuted.")
                             .arg(column)
                             .arg(column % 2 == 0 ? column + 1 : column - 1)
                             .arg(dk / 2));
    return page;
}

QString InspectorPage::score(int row, int column) const
{
    const core::ScoreDerivation d = core::deriveScore(m_scene, m_stages, m_head, row, column);
    QString page = header(tr("Score: %1 looks at %2").arg(token(row), keyToken(column)),
        tr("Row %1 is the query (the token that looks); column %2 is the key (the token "
           "looked at).")
            .arg(token(row), keyToken(column)));
    const QString q = d.rotated ? tr("q (rotated) of %1").arg(token(row)) : tr("q of %1").arg(token(row));
    const QString k = d.rotated ? tr("k (rotated) of %1").arg(keyToken(column)) : tr("k of %1").arg(keyToken(column));
    QStringList rows;
    for (size_t i = 0; i < d.terms.products.size(); ++i)
        rows << QString::number(i);
    page += QStringLiteral("<p>%1</p>")
                .arg(tr("The score is the dot product q \u00b7 k: multiply the two vectors "
                        "entry by entry and add up."));
    page += dotTable(d.terms, q, k, rows);
    page += sumLine(d.terms);
    core::Chain scaled;
    scaled.number(d.terms.sum).divide();
    switch (m_scene.scale) {
    case core::ScaleKind::SqrtDk:
        scaled.number(d.divisor).alias(
            "\u221a" + std::to_string(m_scene.keyDim()), std::sqrt(double(m_scene.keyDim())));
        break;
    case core::ScaleKind::None:
        scaled.count(1).label(tr("no scaling").toStdString());
        break;
    case core::ScaleKind::Custom:
        scaled.number(d.divisor).label(tr("a custom divisor").toStdString());
        break;
    }
    scaled.equals().number(d.scaled).emphasised();
    page += QStringLiteral("<p>%1</p>").arg(tr("Scaled: %1").arg(chain(scaled)));
    if (!d.visible)
        page += QStringLiteral("<p><i>%1</i></p>")
                    .arg(tr("The mask hides this cell: it becomes \u2212\u221e, and "
                            "its weight will be exactly 0."));
    return page;
}

QString InspectorPage::softmax(int row, int column)
{
    const core::SoftmaxDerivation d = core::deriveSoftmax(m_stages, m_head, row);
    QString page = header(tr("Weights of row %1: softmax").arg(token(row)), QString());
    if (!d.anyVisible) {
        page += QStringLiteral("<p>%1</p>")
                    .arg(tr("The mask hides every key from %1, so there is nothing to share "
                            "out: the weights are all 0 and the context vector is zero. "
                            "(A plain softmax would divide 0 by 0 here.)")
                             .arg(token(row)));
        return page;
    }
    const QString e
        = d.shift == 0 ? QStringLiteral("e<sup>x</sup>") : QStringLiteral("e<sup>x\u2212%1</sup>").arg(number(d.shift));
    page += QStringLiteral("<p>%1</p>")
                .arg(tr("Take e to the power of each visible scaled score, add them up, and "
                        "divide each by the sum. The weights are positive and add up to 1."));
    if (d.shift != 0)
        page += QStringLiteral("<p>%1</p>")
                    .arg(tr("These scores are too large for e<sup>x</sup>, so the largest, %1, "
                            "is subtracted first; the quotients stay the same.")
                             .arg(number(d.shift)));
    QString t = QString::fromLatin1(tableOpen);
    t += QStringLiteral("<tr><th style=\"white-space:nowrap;\">%1</th><th>%2</th><th>%3</th><th>%4</th><th></th></tr>")
             .arg(tr("key"), tr("scaled score x"), e, tr("weight"));
    const std::vector<size_t> listed = listedKeys(d.weights, column);
    for (size_t j : listed) {
        const bool selected = int(j) == column;
        // The anchor the inspector scrolls to when the cell is clicked.
        const QString key = selected
            ? QStringLiteral("<a name=\"%1\"><b>%2</b></a>").arg(QLatin1String(kSelectedAnchor), keyToken(int(j)))
            : keyToken(int(j));
        if (d.visible[j]) {
            // A row is two checked chains: e^(x − shift) = e, and e ÷ the sum = the weight.
            const QStringList e = rowTerms(core::Chain().exponential(d.scaled[j], d.shift).equals().number(d.exps[j]));
            const QStringList w
                = rowTerms(core::Chain().number(d.exps[j]).divide().number(d.sum).equals().number(d.weights[j]));
            t += QStringLiteral("<tr><td>%1</td>").arg(key) + cell(number(d.scaled[j])) + cell(e[1])
                + cell(w[2], QString(), selected)
                + QStringLiteral("<td>%1</td></tr>").arg(bar(d.weights[j], QColor(76, 114, 176)));
        } else {
            t += QStringLiteral("<tr><td>%1</td><td align=\"right\">\u2212\u221e</td><td align=\"right\">0</td>"
                                "<td align=\"right\">0</td><td><i>%2</i></td></tr>")
                     .arg(key, tr("hidden by the mask"));
        }
    }
    if (listed.size() < d.weights.size())
        t += QStringLiteral("<tr><td colspan=\"2\"><i>%1</i></td>")
                 .arg(tr("… and %1 other keys").arg(d.weights.size() - listed.size()))
            + cell(number(sumOfOthers(d.exps, listed))) + cell(number(sumOfOthers(d.weights, listed)))
            + QStringLiteral("<td></td></tr>");
    t += QStringLiteral("<tr><td colspan=\"2\" align=\"right\">%1</td>").arg(tr("sum"))
        + cell(number(d.sum), QString(), true) + cell(QStringLiteral("1.000"))
        + QStringLiteral("<td></td></tr></table>");
    page += t;
    // The division spelled out for the selected key only: as a column it made the table too
    // wide for the dock.
    if (column >= 0 && size_t(column) < d.weights.size() && d.visible[size_t(column)])
        page += QStringLiteral("<p>%1</p>")
                    .arg(chain(
                        core::Chain()
                            .symbol(QStringLiteral("w(%1\u2192%2)").arg(token(row), keyToken(column)).toStdString())
                            .equals()
                            .number(d.exps[size_t(column)])
                            .divide()
                            .number(d.sum)
                            .equals()
                            .number(d.weights[size_t(column)])
                            .emphasised()));
    if (std::find(d.visible.begin(), d.visible.end(), false) != d.visible.end())
        page += QStringLiteral("<p><i>%1</i></p>")
                    .arg(tr("A hidden cell counts as \u2212\u221e, and e<sup>\u2212\u221e"
                            "</sup> = 0: it gets no weight at all, and the visible "
                            "keys share the whole 1."));
    return page;
}

QString InspectorPage::mix(int row, int column)
{
    const core::MixDerivation d = core::deriveMix(m_stages, m_head, row);
    QString page = header(tr("Context vector of %1: a weighted mix of the V rows").arg(token(row)), QString());
    page += QStringLiteral("<p>%1</p>")
                .arg(tr("Each V row is multiplied by the weight %1 gives its token; the "
                        "scaled rows are added column by column.")
                         .arg(token(row)));
    const double scale = std::max(largestMagnitude(d.values), 1e-12);
    QString t = QString::fromLatin1(tableOpen);
    // Token columns hold one short word each: without nowrap the header is what gives way,
    // broken one letter per line.
    t += QStringLiteral("<tr><th style=\"white-space:nowrap;\">%1</th><th colspan=\"2\">%2</th>")
             .arg(tr("token"), tr("weight"));
    for (size_t c = 0; c < d.sum.size(); ++c)
        t += int(c) == column
            ? QStringLiteral("<th><a name=\"%1\">\u25b6%2</a></th>").arg(QLatin1String(kSelectedAnchor)).arg(c)
            : QStringLiteral("<th>%1</th>").arg(c);
    t += QStringLiteral("</tr>");
    const std::vector<size_t> listed = listedKeys(d.weights, -1);
    for (size_t j : listed) {
        t += QStringLiteral("<tr><td rowspan=\"2\">%1</td><td rowspan=\"2\" style=\"white-space:nowrap;\">%2 %3</td>")
                 .arg(keyToken(int(j)), bar(d.weights[j], QColor(76, 114, 176)), number(d.weights[j]))
            + cell(QStringLiteral("V<sub>%1</sub>").arg(keyToken(int(j))));
        // Each entry of the scaled row is weight × V entry, a checked chain.
        QStringList values, products;
        for (size_t c = 0; c < d.values[j].size(); ++c) {
            const QStringList p = rowTerms(
                core::Chain().number(d.weights[j]).times().number(d.values[j][c]).equals().number(d.scaled[j][c]));
            values << cell(p[1], tint(d.values[j][c], scale));
            products << cell(p[2], tint(d.scaled[j][c], scale));
        }
        t += values.join(QString()) + QStringLiteral("</tr><tr>")
            + cell(QStringLiteral("%1\u00b7V").arg(number(d.weights[j]))) + products.join(QString());
        t += QStringLiteral("</tr>");
    }
    if (listed.size() < d.weights.size())
        t += QStringLiteral("<tr><td colspan=\"2\"><i>%1</i></td>")
                 .arg(tr("… and %1 other keys").arg(d.weights.size() - listed.size()))
            + cell(number(sumOfOthers(d.weights, listed)))
            + QStringLiteral("<td colspan=\"%1\"></td></tr>").arg(d.sum.size());
    t += QStringLiteral("<tr><td colspan=\"3\" align=\"right\"><b>%1</b></td>").arg(tr("context = sum"));
    for (double v : d.sum)
        t += cell(number(v), tint(v, scale), true);
    t += QStringLiteral("</tr></table>");
    page += t;
    QStringList parts;
    for (size_t j : listed)
        parts << QStringLiteral("%1\u00b7V<sub>%2</sub>").arg(number(d.weights[j]), keyToken(int(j)));
    if (listed.size() < d.weights.size())
        parts << QStringLiteral("\u2026 ") + tr("(%1 more terms)").arg(d.weights.size() - listed.size());
    page += QStringLiteral("<p>%1 = %2</p>")
                .arg(parts.join(QStringLiteral(" + ")), tr("the context vector of %1").arg(token(row)));
    if (column >= 0 && size_t(column) < d.sum.size()) {
        core::Chain col;
        std::vector<double> leftOutWeights, leftOutValues;
        size_t next = 0;
        for (size_t j = 0; j < d.weights.size(); ++j) {
            if (next < listed.size() && listed[next] == j) {
                if (next > 0)
                    col.plus();
                ++next;
                col.number(d.weights[j]).times().number(d.values[j][size_t(column)]);
            } else {
                leftOutWeights.push_back(d.weights[j]);
                leftOutValues.push_back(d.values[j][size_t(column)]);
            }
        }
        if (!leftOutWeights.empty())
            col.plus().elided((QStringLiteral("… ") + tr("(%1 more terms)").arg(leftOutWeights.size())).toStdString(),
                leftOutWeights, leftOutValues);
        col.equals().number(d.sum[size_t(column)]).emphasised();
        page += QStringLiteral("<p>%1: %2</p>").arg(tr("Column %1").arg(column), chain(col));
    }
    return page;
}

QString InspectorPage::concat(int row, int column) const
{
    QString page = header(tr("Concatenation, row %1").arg(token(row)), QString());
    page += QStringLiteral("<p>%1</p>")
                .arg(tr("The heads' context vectors are placed side by side: each head fills "
                        "its own block of columns."));
    QString t = QString::fromLatin1(tableOpen);
    t += QStringLiteral("<tr><th>%1</th><th>%2</th><th>%3</th></tr>").arg(tr("head"), tr("columns"), tr("values"));
    for (const core::ConcatSpan &span : core::concatSpans(m_scene)) {
        QStringList values;
        for (int c = 0; c < span.width; ++c) {
            const QString v = number(m_stages.concat(row, span.first + c));
            values << (span.first + c == column ? QStringLiteral("<b>%1</b>").arg(v) : v);
        }
        t += QStringLiteral("<tr><td>%1</td><td>%2\u2013%3</td><td>%4</td></tr>")
                 .arg(span.head + 1)
                 .arg(span.first)
                 .arg(span.first + span.width - 1)
                 .arg(values.join(QStringLiteral(", ")));
    }
    page += t + QStringLiteral("</table>");
    return page;
}

QString InspectorPage::output(int row, int column) const
{
    const core::OutputDerivation d = core::deriveOutput(m_scene, m_stages, row, column);
    QString page = header(tr("Output, row %1, column %2").arg(token(row)).arg(column), QString());
    if (!d.hasWeights) {
        page += QStringLiteral("<p>%1</p>")
                    .arg(tr("This scene has no W<sub>O</sub>, so the output is the "
                            "concatenation itself: <b>%1</b>.")
                             .arg(number(d.value)));
        return page;
    }
    page += QStringLiteral("<p>%1</p>")
                .arg(tr("output = concat \u00b7 W<sub>O</sub>: row %1 of concat times "
                        "column %2 of W<sub>O</sub> mixes what every head found.")
                         .arg(token(row))
                         .arg(column));
    QStringList rows;
    for (const core::ConcatSpan &span : core::concatSpans(m_scene))
        for (int c = 0; c < span.width; ++c)
            rows << tr("head %1, %2").arg(span.head + 1).arg(c);
    page += dotTable(d.terms, tr("concat row %1").arg(token(row)), tr("W<sub>O</sub> column %1").arg(column), rows);
    page += d.hasBias ? sumLine(d.terms, QStringLiteral("b<sub>O</sub>[%1]").arg(column), d.bias) : sumLine(d.terms);
    return page;
}

} // namespace attnlab::ui
