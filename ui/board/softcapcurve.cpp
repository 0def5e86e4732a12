#include "ui/board/softcapcurve.h"

#include "core/scene/variants/variants.h"
#include "ui/document/document.h"
#include "ui/plot/qcp.h"

#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace attnlab::ui {

namespace {

constexpr int kCurvePoints = 121;

} // namespace

SoftCapCurve::SoftCapCurve(Document *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_plot(new QCustomPlot(this))
{
    setObjectName(QStringLiteral("softCapCurve"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    setMinimumHeight(90);
    m_identity = m_plot->addGraph();
    m_identity->setPen(QPen(Qt::gray, 1, Qt::DashLine));
    m_curve = m_plot->addGraph();
    m_curve->setPen(QPen(QColor(33, 102, 172), 2));
    m_cell = m_plot->addGraph();
    m_cell->setLineStyle(QCPGraph::lsNone);
    m_cell->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(178, 24, 43), 8));
    m_plot->xAxis->setLabel(QStringLiteral("s"));
    m_plot->yAxis->setLabel(QStringLiteral("tanh(s/c)·c"));
    connect(m_document, &Document::stagesChanged, this, &SoftCapCurve::refresh);
    connect(m_document, &Document::sceneReset, this, &SoftCapCurve::refresh);
    connect(m_document, &Document::selectionChanged, this, &SoftCapCurve::refresh);
    connect(m_document, &Document::currentHeadChanged, this, &SoftCapCurve::refresh);
    refresh();
}

void SoftCapCurve::refresh()
{
    const core::Scalar cap = m_document->scene().variants.softCap;
    const core::Stages &stages = m_document->stages();
    const int head = m_document->currentHead();
    m_hasPoint = false;
    if (!(cap > 0) || head < 0 || size_t(head) >= stages.heads.size()) {
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const core::HeadStages &h = stages.heads[size_t(head)];
    // Wide enough for every scaled score and for the bend: at least three caps either side.
    double reach = 3 * double(cap);
    if (h.scaled.size() > 0)
        reach = std::max(reach, double(h.scaled.cwiseAbs().maxCoeff()));
    QVector<double> x(kCurvePoints), y(kCurvePoints);
    for (int i = 0; i < kCurvePoints; ++i) {
        x[i] = -reach + 2 * reach * i / (kCurvePoints - 1);
        y[i] = double(core::softCapped(core::Scalar(x[i]), cap));
    }
    m_curve->setData(x, y, true);
    m_identity->setData({-double(cap), double(cap)}, {-double(cap), double(cap)}, true);
    const Selection sel = m_document->selection();
    const bool scoreCell = sel.hasCell()
        && (sel.stage == core::StageCapped || sel.stage == core::StageScaled || sel.stage == core::StageScores
            || sel.stage == core::StageMasked || sel.stage == core::StageWeights);
    if (scoreCell && sel.row < h.capped.rows() && sel.column < h.capped.cols()) {
        m_point = QPointF(double(h.scaled(sel.row, sel.column)), double(h.capped(sel.row, sel.column)));
        m_hasPoint = true;
        m_cell->setData({m_point.x()}, {m_point.y()});
    } else {
        m_cell->data()->clear();
    }
    m_plot->xAxis->setRange(-reach, reach);
    m_plot->yAxis->setRange(-1.15 * double(cap), 1.15 * double(cap));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace attnlab::ui
