#include "ui/experiments/abcomparison.h"

#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/i18n/coremessages.h"
#include "ui/i18n/localizedfiledialog.h"
#include "ui/plot/matrixplot.h"
#include "ui/plot/stageinfo.h"

#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace attnlab::ui {

namespace {

// Variation choices are stored in the combo as (variation, head) packed in one int; the two
// whole-scene sources have negative codes.
int pack(core::Variation v, int head)
{
    return int(v) * 1000 + head;
}
constexpr int kCurrentScene = -1; // A is the snapshot, B the current scene
constexpr int kFileScene = -2; // B is a scene file

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
    , m_keep(new QPushButton(this))
    , m_open(new QPushButton(this))
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
    controls->addWidget(m_keep);
    controls->addWidget(m_open);

    auto *plots = new QHBoxLayout;
    for (MatrixPlot *p : {m_a, m_b, m_diff})
        plots->addWidget(p, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addLayout(plots, 1);

    connect(m_variation, &QComboBox::currentIndexChanged, this, &AbComparison::recompute);
    connect(m_keep, &QPushButton::clicked, this, &AbComparison::keepAsA);
    connect(m_open, &QPushButton::clicked, this, &AbComparison::chooseFile);
    connect(m_stage, &QComboBox::currentIndexChanged, this, &AbComparison::redraw);
    connect(m_document, &Document::stagesChanged, this, &AbComparison::recompute);
    connect(m_document, &Document::currentHeadChanged, this, &AbComparison::recompute);
    connect(m_document, &Document::sceneReset, this, [this] {
        fillChoices();
        recompute();
    });
    // Presets that would change nothing come and go with the scene's settings.
    connect(m_document, &Document::sceneChanged, this, &AbComparison::fillChoices);

    retranslate();
}

void AbComparison::fillChoices()
{
    const int previous = m_variation->currentData().toInt();
    const QSignalBlocker blocker(m_variation);
    m_variation->clear();
    if (m_hasSnapshot)
        m_variation->addItem(tr("B: the current scene (A is the kept snapshot)"), kCurrentScene);
    if (m_hasFile)
        m_variation->addItem(tr("B: %1").arg(m_fileName), kFileScene);
    const core::Scene &scene = m_document->scene();
    using V = core::Variation;
    const auto offer = [&](const QString &text, V v, int head) {
        if (offers(v, head))
            m_variation->addItem(text, pack(v, head));
    };
    offer(tr("B: no positional encoding"), V::PositionalNone, 0);
    offer(tr("B: sinusoidal positions"), V::PositionalSinusoidal, 0);
    offer(tr("B: rotary positions (RoPE)"), V::PositionalRope, 0);
    offer(tr("B: unscaled (divisor 1)"), V::ScaleNone, 0);
    offer(tr("B: scaled by √d_k"), V::ScaleSqrtDk, 0);
    offer(tr("B: causal mask"), V::MaskCausal, 0);
    offer(tr("B: no mask"), V::MaskNone, 0);
    for (int h = 0; h < scene.headCount(); ++h)
        offer(tr("B: head %1").arg(h + 1), V::Head, h);
    const int again = m_variation->findData(previous);
    m_variation->setCurrentIndex(again >= 0 ? again : 0);
    if (m_variation->currentData().toInt() != previous)
        recompute();
}

bool AbComparison::offers(core::Variation variation, int otherHead) const
{
    const core::Scene &scene = m_document->scene();
    if (variation == core::Variation::Head)
        return otherHead >= 0 && otherHead < scene.headCount() && otherHead != m_document->currentHead();
    core::Scene b;
    return !core::applyVariation(scene, variation, &b) && b != scene;
}

void AbComparison::keepAsA()
{
    m_snapshot = m_document->scene();
    m_pipelineSnapshot.compute(m_snapshot);
    m_hasSnapshot = true;
    fillChoices();
    m_variation->setCurrentIndex(m_variation->findData(kCurrentScene));
    recompute();
}

bool AbComparison::compareWithFile(const QString &path)
{
    const core::LoadResult r = loadSceneFile(path);
    if (!r.ok()) {
        const core::Problem &p = r.problems.front();
        m_status->setText(tr("%1 cannot be compared: %2").arg(QFileInfo(path).fileName(), problemText(p)));
        return false;
    }
    m_fileScene = *r.scene;
    m_fileName = QFileInfo(path).fileName();
    m_hasFile = true;
    fillChoices();
    m_variation->setCurrentIndex(m_variation->findData(kFileScene));
    recompute();
    return true;
}

void AbComparison::chooseFile()
{
    const QString path = LocalizedFileDialog::getOpenFileName(
        this, tr("Compare with a Scene"), QString(), tr("Attention Lab scenes (*.attn.json *.json);;All files (*)"));
    if (!path.isEmpty())
        compareWithFile(path);
}

const core::Scene &AbComparison::sceneA() const
{
    return m_hasSnapshot && m_variation->currentData().toInt() == kCurrentScene ? m_snapshot : m_document->scene();
}

const core::Stages &AbComparison::stagesA() const
{
    return m_hasSnapshot && m_variation->currentData().toInt() == kCurrentScene ? m_pipelineSnapshot.stages()
                                                                                : m_document->stages();
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
    QString why;
    if (m_variation->count() == 0) {
        why = tr("no change of this scene makes a different B; keep it as A or open a scene file");
        m_sceneB = a;
    } else if (packed == kCurrentScene || packed == kFileScene) {
        m_sceneB = packed == kCurrentScene ? a : m_fileScene;
        m_headB = std::clamp(m_document->currentHead(), 0, m_sceneB.headCount() - 1);
    } else {
        const auto variation = core::Variation(packed / 1000);
        m_headB = variation == core::Variation::Head ? packed % 1000 : m_document->currentHead();
        if (const std::optional<core::Message> refused = core::applyVariation(a, variation, &m_sceneB))
            why = coreMessageText(*refused);
    }
    if (why.isEmpty())
        if (const std::vector<core::Problem> problems = core::validate(m_sceneB); !problems.empty())
            why = problemText(problems.front());
    m_valid = why.isEmpty();
    if (m_valid)
        m_pipelineB.compute(m_sceneB);
    else
        m_status->setText(tr("B cannot be made: %1").arg(why));

    // Offer the stages either side has.
    const unsigned previous = m_stage->currentData().toUInt();
    const QSignalBlocker blocker(m_stage);
    m_stage->clear();
    for (core::Stage s : core::allStages()) {
        const bool inA = !stagesA().heads.empty() && core::stageMatrix(stagesA(), s, 0).size() > 0;
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
    const core::Scene &sceneA = this->sceneA();
    const core::Stages &stagesA = this->stagesA();
    if (stagesA.heads.empty() || m_stage->count() == 0)
        return;
    const auto stage = core::Stage(m_stage->currentData().toUInt());
    const int headA = std::clamp(m_document->currentHead(), 0, int(stagesA.heads.size()) - 1);
    const core::Matrix &a = core::stageMatrix(stagesA, stage, headA);
    const core::Matrix empty;
    const core::Matrix &b = m_valid ? core::stageMatrix(m_pipelineB.stages(), stage, m_headB) : empty;

    const QStringList tokens = tokenLabels(sceneA);
    const QStringList tokensB = m_valid ? tokenLabels(m_sceneB) : tokens;
    const QStringList columnsA = isSquareStage(stage) ? tokens : featureLabels(a.cols());
    const QStringList columnsB = isSquareStage(stage) ? tokensB : featureLabels(b.cols());
    const bool weights = stage == core::StageWeights;
    for (MatrixPlot *p : {m_a, m_b}) {
        if (weights)
            p->setFixedRange(0, 1);
        else
            p->clearFixedRange();
    }
    m_a->setMatrix(a, tokens, columnsA);
    m_b->setMatrix(b, tokensB, columnsB);
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
    m_variation->setToolTip(tr("B is a copy of the current scene with this one change, a scene file, or the "
                               "current scene against the snapshot kept as A"));
    m_keep->setText(tr("&Keep as A"));
    m_keep->setToolTip(tr("Freeze the current scene as A; then edit the scene and watch B − A"));
    m_open->setText(tr("&Open B…"));
    m_open->setToolTip(tr("Compare the current scene with a saved scene file"));
    m_stage->setToolTip(tr("The pipeline stage shown for A, B and their difference"));
    m_a->setToolTip(tr("A: the current scene, or the snapshot kept as A. Right-click to export."));
    m_b->setToolTip(tr("B: what A is compared with. Right-click to export."));
    m_diff->setToolTip(tr("B − A cell by cell: red where B is larger, blue where it is smaller. "
                          "Right-click to export."));
    fillChoices();
    recompute();
}

} // namespace attnlab::ui
