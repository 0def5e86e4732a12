// The inspector's pages for the attention variants' stages: one number of QK-norm, of the soft
// cap or of the sink's share, worked out from the stage before it.
#include "ui/inspector/inspectorpage.h"

#include "core/scene/variants/variants.h"

#include <cmath>

namespace attnlab::ui {

QString InspectorPage::variant(core::Stage stage, int row, int column) const
{
    if (m_head < 0 || size_t(m_head) >= m_stages.heads.size())
        return QString();
    const core::HeadStages &h = m_stages.heads[size_t(m_head)];
    const core::AttentionVariants &v = m_scene.variants;
    if (stage == core::StageQNormed || stage == core::StageKNormed) {
        const bool isQ = stage == core::StageQNormed;
        const core::Matrix &raw = isQ ? h.q : h.k;
        const core::Matrix &normed = isQ ? h.qNormed : h.kNormed;
        const core::RowVector &weight = isQ ? v.qNormWeight : v.kNormWeight;
        if (row >= raw.rows() || column < 0 || column >= raw.cols())
            return QString();
        const double meanSquare = double(raw.row(row).squaredNorm()) / double(raw.cols());
        const double rms = std::sqrt(meanSquare + double(v.qkNormEpsilon));
        const double w = weight.size() ? double(weight[column]) : 1.0;
        QString page
            = header(tr("QK-norm: %1, row %2, column %3")
                         .arg(isQ ? QStringLiteral("q") : QStringLiteral("k"), isQ ? token(row) : keyToken(row))
                         .arg(column),
                QString());
        page += QStringLiteral("<p>%1</p>")
                    .arg(tr("Mean of the squares of the row: %1. Root mean square with ε: √(%1 + ε) = %2.")
                             .arg(number(meanSquare), number(rms)));
        page += QStringLiteral("<p>%1</p>")
                    .arg(tr("%1 ÷ %2 × weight %3 = %4")
                             .arg(number(double(raw(row, column))), number(rms), number(w),
                                 number(double(normed(row, column)))));
        return page;
    }
    if (stage == core::StageCapped) {
        if (row >= h.capped.rows() || column < 0 || column >= h.capped.cols())
            return QString();
        const double s = double(h.scaled(row, column)), c = double(v.softCap);
        QString page = header(tr("Soft cap: query %1, key %2").arg(token(row), keyToken(column)), QString());
        page += QStringLiteral("<p>%1</p>")
                    .arg(tr("tanh(%1 ÷ %2) × %2 = tanh(%3) × %2 = %4")
                             .arg(number(s), number(c), number(s / c), number(double(h.capped(row, column)))));
        return page;
    }
    if (stage == core::StageSink) {
        if (row >= h.sink.rows())
            return QString();
        const double share = double(h.sink(row, 0));
        QString page = header(tr("Sink: query %1").arg(token(row)), QString());
        page += QStringLiteral("<p>%1</p>")
                    .arg(tr("The sink logit %1 takes %2 of this row's weight; the keys share the other %3.")
                             .arg(number(double(core::sinkLogitOf(v, m_head))), number(share),
                                 number(double(h.weights.row(row).sum()))));
        return page;
    }
    return QString();
}

} // namespace attnlab::ui
