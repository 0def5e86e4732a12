#include "ui/plot/stageshapes.h"

#include "core/scene/positional.h"
#include "core/text/chain.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

namespace {

// The lines keep the explanation panel's translation context, where they were first shown.
struct Explain {
    Q_DECLARE_TR_FUNCTIONS(attnlab::ui::ExplanationPanel)
};

QString shape(int rows, int columns)
{
    return QStringLiteral("%1 \u00d7 %2").arg(rows).arg(columns);
}

// A checked chain (its shapes multiply out, see the chain tests) as the explanation prints it.
QString text(const core::Chain &c)
{
    return QString::fromStdString(c.text(true));
}

std::string pattern(const QString &p)
{
    return p.toStdString();
}

QString maskName(core::MaskKind mask)
{
    switch (mask) {
    case core::MaskKind::None:
        return Explain::tr("none");
    case core::MaskKind::Causal:
        return Explain::tr("causal");
    case core::MaskKind::Custom:
        return Explain::tr("custom");
    }
    return QString();
}

// The pairs this scene rotates, the first few written out ("(0, 4), (1, 5), …").
QString ropePairs(const core::Scene &s)
{
    const int dk = s.keyDim(), shown = std::min(dk / 2, 4);
    QStringList pairs;
    for (int i = 0; i < shown; ++i) {
        const auto [a, b] = core::ropePairColumns(s.ropeConvention, i, dk);
        pairs << QStringLiteral("(%1, %2)").arg(a).arg(b);
    }
    if (shown < dk / 2)
        pairs << QStringLiteral("…");
    return pairs.join(QStringLiteral(", "));
}

// θ of the first and the last pair, from the scene's base or its table.
QString ropeFrequencyLine(const core::Scene &s)
{
    const std::vector<double> theta = core::ropeFrequencies(s);
    const int last = int(theta.size()) - 1;
    core::Chain first, end;
    first.symbol("θ<sub>0</sub>").equals().significant(theta.front());
    end.symbol(QStringLiteral("θ<sub>%1</sub>").arg(last).toStdString()).equals().significant(theta.back());
    if (s.ropeFrequencies.size() > 0)
        return Explain::tr("Each pair's frequency comes from the scene's own table (a model's, e.g. "
                           "llama3-scaled): %1 … %2.")
            .arg(text(first), text(end));
    return Explain::tr("θ<sub>i</sub> = %1<sup>−2i/%2</sup>: %3 … %4.")
        .arg(text(core::Chain().compact(double(s.ropeBase))))
        .arg(s.keyDim())
        .arg(text(first), text(end));
}

} // namespace

bool usesRope(const core::Scene &s)
{
    return s.positional == core::PositionalEncoding::Rope;
}

bool rotatesHalf(const core::Scene &s)
{
    return s.ropeConvention == core::RotaryConvention::HalfSplit;
}

QString softCapText(const core::Scene &s)
{
    return text(core::Chain().compact(double(s.variants.softCap)));
}

QStringList xShapes(const core::Scene &s)
{
    if (s.direct)
        return {Explain::tr("This scene is in direct mode: Q, K and V are typed in, so there is no X.")};
    return {Explain::tr("X: %1 tokens \u00d7 d_model = %2").arg(s.tokenCount()).arg(shape(s.tokenCount(), s.dModel))};
}

QStringList memoryShapes(const core::Scene &s)
{
    return {Explain::tr("memory: %1 source tokens \u00d7 d_model = %2, one row per key token; X: %3 target tokens, "
                        "one row per query token.")
                .arg(s.keyCount())
                .arg(shape(s.keyCount(), s.dModel))
                .arg(s.tokenCount())};
}

QStringList projectionShapes(const core::Scene &s)
{
    const int n = s.tokenCount(), dk = s.keyDim(), h = s.headCount();
    if (s.direct)
        return {
            Explain::tr("Direct mode: Q and K are %1, V is %2, typed in.").arg(shape(n, dk), shape(n, s.valueDim()))};
    core::Chain c;
    c.shape(pattern(Explain::tr("X (%1)")), n, s.dModel).dot().shape(pattern(Explain::tr("W (%1)")), s.dModel, h * dk);
    if (s.bq.size() > 0 || s.bk.size() > 0 || s.bv.size() > 0)
        c.plus().shape(pattern(Explain::tr("b (%1)")), 1, h * dk);
    c.equals().shape("%1", n, h * dk);
    QStringList out {
        Explain::tr("%1 for all heads; each head takes %2 columns: %3").arg(text(c)).arg(dk).arg(shape(n, dk))};
    if (s.hasMemory()) {
        // Cross-attention: K and V are projected from the memory's s rows instead.
        core::Chain m;
        m.shape(pattern(Explain::tr("memory (%1)")), s.keyCount(), s.dModel)
            .dot()
            .shape(pattern(Explain::tr("W_K (%1)")), s.dModel, h * dk)
            .equals()
            .shape("%1", s.keyCount(), h * dk);
        out << Explain::tr("K and V come from the memory instead: %1, one row per source token.").arg(text(m));
    }
    return out;
}

QStringList rotationShapes(const core::Scene &s)
{
    const QString pairing = rotatesHalf(s)
        ? Explain::tr("Rotate-half pairing (Llama, Qwen2): column i turns with column i + %1: %2.")
              .arg(s.keyDim() / 2)
              .arg(ropePairs(s))
        : Explain::tr("Interleaved pairing (RoFormer): column 2i turns with column 2i + 1: %1.").arg(ropePairs(s));
    return {Explain::tr("Q and K keep their shape %1; %2 pairs of columns are rotated.")
                .arg(shape(s.tokenCount(), s.keyDim()))
                .arg(s.keyDim() / 2),
        pairing, ropeFrequencyLine(s)};
}

QStringList scoresShapes(const core::Scene &s)
{
    const int n = s.tokenCount(), keys = s.keyCount(), dk = s.keyDim();
    core::Chain c;
    c.shape(pattern(usesRope(s) ? Explain::tr("Q_rot (%1)") : Explain::tr("Q (%1)")), n, dk)
        .dot()
        .shape(pattern(usesRope(s) ? Explain::tr("K_rot\u1d40 (%1)") : Explain::tr("K\u1d40 (%1)")), dk, keys)
        .equals()
        .shape(pattern(Explain::tr("scores %1")), n, keys);
    return {Explain::tr("%1: one row per query, one column per key.").arg(text(c))};
}

QStringList scaledShapes(const core::Scene &s)
{
    const int n = s.tokenCount(), keys = s.keyCount(), dk = s.keyDim();
    core::Chain c;
    c.shape(pattern(Explain::tr("scores %1")), n, keys).divide();
    if (s.scale == core::ScaleKind::SqrtDk)
        c.compact(double(core::divisor(s))).alias("\u221a" + std::to_string(dk), std::sqrt(double(dk)));
    else
        c.compact(double(core::divisor(s)));
    c.equals().shape(pattern(Explain::tr("scaled %1")), n, keys);
    return {text(c)};
}

QStringList maskedShapes(const core::Scene &s)
{
    return {Explain::tr("masked: %1, hidden cells are \u2212\u221e (mask: %2)")
                .arg(shape(s.tokenCount(), s.keyCount()), maskName(s.mask))};
}

QStringList weightsShapes(const core::Scene &s)
{
    return {Explain::tr("weights: %1, each row adds up to 1 over its visible keys")
                .arg(shape(s.tokenCount(), s.keyCount()))};
}

QStringList normShapes(const core::Scene &s)
{
    if (s.hasMemory()) // cross-attention: K has a row per source token
        return {Explain::tr("Q keeps its shape %1 and K its shape %2 (one row per source token); each row is "
                            "divided by its own root mean square, then multiplied by one weight per column (%3 "
                            "weights).")
                    .arg(shape(s.tokenCount(), s.keyDim()))
                    .arg(shape(s.keyCount(), s.keyDim()))
                    .arg(s.keyDim())};
    return {Explain::tr("Q and K keep their shape %1; each row is divided by its own root mean square, then "
                        "multiplied by one weight per column (%2 weights).")
                .arg(shape(s.tokenCount(), s.keyDim()))
                .arg(s.keyDim())};
}

QStringList cappedShapes(const core::Scene &s)
{
    return {Explain::tr("capped: %1, every cell between −%2 and %2")
                .arg(shape(s.tokenCount(), s.keyCount()), softCapText(s))};
}

QStringList sinkShapes(const core::Scene &s)
{
    return {Explain::tr("sink: %1, one share per query; the row's weights add up to 1 minus it")
                .arg(shape(s.tokenCount(), 1))};
}

QStringList contextShapes(const core::Scene &s)
{
    const int n = s.tokenCount(), dv = s.valueDim();
    core::Chain c;
    c.shape(pattern(Explain::tr("weights (%1)")), n, n)
        .dot()
        .shape(pattern(Explain::tr("V (%1)")), n, dv)
        .equals()
        .shape(pattern(Explain::tr("context %1")), n, dv);
    return {text(c)};
}

QStringList concatShapes(const core::Scene &s)
{
    const int n = s.tokenCount(), dv = s.valueDim(), h = s.headCount();
    return {
        Explain::tr("%1 heads \u00d7 context %2 side by side = concat %3").arg(h).arg(shape(n, dv), shape(n, h * dv))};
}

QStringList outputShapes(const core::Scene &s)
{
    const int n = s.tokenCount(), dv = s.valueDim(), h = s.headCount();
    if (!s.hasOutputWeights())
        return {Explain::tr("This scene has no W_O: the output is concat itself, %1.").arg(shape(n, h * dv))};
    core::Chain c;
    c.shape(pattern(Explain::tr("concat (%1)")), n, h * dv)
        .dot()
        .shape(pattern(Explain::tr("W_O (%1)")), h * dv, s.dModel);
    if (s.bo.size() > 0)
        c.plus().shape(pattern(Explain::tr("b_O (%1)")), 1, s.dModel);
    c.equals().shape(pattern(Explain::tr("output %1")), n, s.dModel);
    return {text(c)};
}

} // namespace attnlab::ui
