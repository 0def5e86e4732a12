#include "ui/experiments/abcomparison.h"

#include "ui/document/document.h"
#include "ui/plot/matrixplot.h"
#include "ui/plot/stageinfo.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace attnlab::ui {

namespace {

// Variation choices are stored in the combo as (variation, head) packed in one int.
int pack(core::Variation v, int head)
{
    return int(v) * 1000 + head;
}

QStringList featureLabels(Eigen::Index count)
{
    QStringList out;
    for (Eigen::Index i = 0; i < count; ++i)
        out << QString::number(i);
    return out;
}

} // namespace

AbComparison::AbComparison(Document *document, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_document(document)
    , m_variation(new QComboBox(this))
    , m_stage(new QComboBox(this))
    , m_variationLabel(new QLabel(this))
    , m_stageLabel(new QLabel(this))
    , m_status(new QLabel(this))
    , m_a(new MatrixPlot(this))
    , m_b(new MatrixPlot(this))
    , m_diff(new MatrixPlot(this))
{
    m_variationLabel->setBuddy(m_variation);
    m_stageLabel->setBuddy(m_stage);
    m_status->setWordWrap(true);
    m_diff->setPalette(MatrixPlot::Palette::Diverging);
    m_a->setExportName(QStringLiteral("ab-a"));
    m_b->setExportName(QStringLiteral("ab-b"));
    m_diff->setExportName(QStringLiteral("ab-difference"));

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_variationLabel);
    controls->addWidget(m_variation, 1);
    controls->addWidget(m_stageLabel);
    controls->addWidget(m_stage, 1);

    auto *plots = new QHBoxLayout;
    for (MatrixPlot *p : {m_a, m_b, m_diff})
        plots->addWidget(p, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addLayout(plots, 1);

    connect(m_variation, &QComboBox::currentIndexChanged, this, &AbComparison::recompute);
    connect(m_stage, &QComboBox::currentIndexChanged, this, &AbComparison::redraw);
    connect(m_document, &Document::stagesChanged, this, &AbComparison::recompute);
    connect(m_document, &Document::currentHeadChanged, this, &AbComparison::recompute);
    connect(m_document, &Document::sceneReset, this, [this] {
        fillChoices();
        recompute();
    });

    retranslate();
}

void AbComparison::fillChoices()
{
    const int previous = m_variation->currentData().toInt();
    const QSignalBlocker blocker(m_variation);
    m_variation->clear();
    const core::Scene &scene = m_document->scene();
    using V = core::Variation;
    if (scene.positional != core::PositionalEncoding::None)
        m_variation->addItem(tr("B: no positional encoding"), pack(V::PositionalNone, 0));
    if (scene.positional != core::PositionalEncoding::Sinusoidal && !scene.direct)
        m_variation->addItem(tr("B: sinusoidal positions"), pack(V::PositionalSinusoidal, 0));
    if (scene.positional != core::PositionalEncoding::Rope)
        m_variation->addItem(tr("B: rotary positions (RoPE)"), pack(V::PositionalRope, 0));
    if (scene.scale != core::ScaleKind::None)
        m_variation->addItem(tr("B: unscaled (divisor 1)"), pack(V::ScaleNone, 0));
    if (scene.scale != core::ScaleKind::SqrtDk)
        m_variation->addItem(tr("B: scaled by √d_k"), pack(V::ScaleSqrtDk, 0));
    if (scene.mask != core::MaskKind::Causal)
        m_variation->addItem(tr("B: causal mask"), pack(V::MaskCausal, 0));
    if (scene.mask != core::MaskKind::None)
        m_variation->addItem(tr("B: no mask"), pack(V::MaskNone, 0));
    for (int h = 0; h < scene.headCount(); ++h)
        m_variation->addItem(tr("B: head %1").arg(h + 1), pack(V::Head, h));
    const int again = m_variation->findData(previous);
    m_variation->setCurrentIndex(again >= 0 ? again : 0);
}

void AbComparison::setVariation(core::Variation variation, int otherHead)
{
    const int index = m_variation->findData(pack(variation, otherHead));
    if (index >= 0)
        m_variation->setCurrentIndex(index);
}

void AbComparison::setStage(core::Stage stage)
{
    const int index = m_stage->findData(unsigned(stage));
    if (index >= 0)
        m_stage->setCurrentIndex(index);
}

void AbComparison::recompute()
{
    const core::Scene &a = m_document->scene();
    const int packed = m_variation->currentData().toInt();
    const auto variation = core::Variation(packed / 1000);
    m_headB = variation == core::Variation::Head ? packed % 1000 : m_document->currentHead();
    const std::string why = core::applyVariation(a, variation, &m_sceneB);
    m_valid = why.empty() && core::validate(m_sceneB).empty();
    if (m_valid)
        m_pipelineB.compute(m_sceneB);
    else
        m_status->setText(tr("B cannot be made: %1").arg(QString::fromStdString(why)));

    // Offer the stages either side has.
    const unsigned previous = m_stage->currentData().toUInt();
    const QSignalBlocker blocker(m_stage);
    m_stage->clear();
    for (core::Stage s : core::allStages()) {
        const bool inA = core::stageMatrix(m_document->stages(), s, 0).size() > 0;
        const bool inB = m_valid && core::stageMatrix(m_pipelineB.stages(), s, 0).size() > 0;
        if (inA || inB)
            m_stage->addItem(stageDisplayName(s), unsigned(s));
    }
    const int again = m_stage->findData(previous ? previous : unsigned(core::StageWeights));
    m_stage->setCurrentIndex(again >= 0 ? again : 0);
    redraw();
}

void AbComparison::redraw()
{
    const core::Scene &sceneA = m_document->scene();
    const core::Stages &stagesA = m_document->stages();
    if (stagesA.heads.empty() || m_stage->count() == 0)
        return;
    const auto stage = core::Stage(m_stage->currentData().toUInt());
    const int headA = std::clamp(m_document->currentHead(), 0, int(stagesA.heads.size()) - 1);
    const core::Matrix &a = core::stageMatrix(stagesA, stage, headA);
    const core::Matrix empty;
    const core::Matrix &b = m_valid ? core::stageMatrix(m_pipelineB.stages(), stage, m_headB) : empty;

    const QStringList tokens = tokenLabels(sceneA);
    const QStringList columnsA = isSquareStage(stage) ? tokens : featureLabels(a.cols());
    const QStringList columnsB = isSquareStage(stage) ? tokens : featureLabels(b.cols());
    const bool weights = stage == core::StageWeights;
    for (MatrixPlot *p : {m_a, m_b}) {
        if (weights)
            p->setFixedRange(0, 1);
        else
            p->clearFixedRange();
    }
    m_a->setMatrix(a, tokens, columnsA);
    m_b->setMatrix(b, tokens, columnsB);
    const core::Matrix diff = core::difference(a, b);
    m_diff->setMatrix(diff, tokens, columnsA);

    const QString name = stageDisplayName(stage);
    const bool perHead = core::isPerHead(stage) && sceneA.headCount() > 1;
    m_a->setTitle(perHead ? tr("A: %1, head %2").arg(name).arg(headA + 1) : tr("A: %1").arg(name));
    m_b->setTitle(perHead ? tr("B: %1, head %2").arg(name).arg(m_headB + 1) : tr("B: %1").arg(name));
    m_diff->setTitle(tr("B − A"));
    if (!m_valid)
        return;
    if (a.size() == 0 || b.size() == 0)
        m_status->setText(tr("Only %1 has the stage %2, so there is no difference to show.")
                              .arg(a.size() ? QStringLiteral("A") : QStringLiteral("B"), name));
    else if (diff.size() == 0)
        m_status->setText(tr("A and B have different shapes at %1.").arg(name));
    else {
        const bool undefined = diff.array().isNaN().any();
        const double largest = double(diff.array().isNaN().select(0, diff.array().abs()).maxCoeff());
        QString text = tr("Largest change at %1: %2.").arg(name, QLocale().toString(largest, 'f', 4));
        if (undefined)
            text += QLatin1Char(' ') + tr("Grey cells are hidden in one of the two scenes.");
        m_status->setText(text);
    }
}

QString AbComparison::statusText() const
{
    return m_status->text();
}

void AbComparison::retranslate()
{
    m_variationLabel->setText(tr("&Compare with:"));
    m_stageLabel->setText(tr("S&tage:"));
    m_variation->setToolTip(tr("B is a copy of the current scene with this one change"));
    m_stage->setToolTip(tr("The pipeline stage shown for A, B and their difference"));
    m_a->setToolTip(tr("A: the current scene. Right-click to export."));
    m_b->setToolTip(tr("B: the copy with one change. Right-click to export."));
    m_diff->setToolTip(tr("B − A cell by cell: red where B is larger, blue where it is smaller. "
                          "Right-click to export."));
    fillChoices();
    recompute();
}

} // namespace attnlab::ui
