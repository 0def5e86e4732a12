#include "ui/board/stagecard.h"

#include "core/text/chain.h"

#include "ui/board/heatmapview.h"
#include "ui/document/document.h"

#include <QApplication>
#include <QEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace attnlab::ui {

namespace {

QString number(double v)
{
    return QString::number(v, 'g', 3);
}

} // namespace

StageCard::StageCard(Document *document, core::Stage stage, QWidget *parent)
    : Retranslating<QFrame>(parent)
    , m_document(document)
    , m_stage(stage)
    , m_title(new QLabel(this))
    , m_formula(new QLabel(this))
    , m_shape(new QLabel(this))
    , m_body(new QStackedWidget(this))
    , m_heatmap(new HeatmapView(document, stage, this))
    , m_veil(new QLabel(this))
{
    setObjectName(QStringLiteral("StageCard"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->setSpacing(2);
    auto *header = new QHBoxLayout;
    header->addWidget(m_title, 1);
    header->addWidget(m_shape);
    layout->addLayout(header);
    layout->addWidget(m_formula);
    layout->addWidget(m_body, 1);
    m_body->addWidget(m_heatmap);
    m_body->addWidget(m_veil);
    m_title->setTextFormat(Qt::PlainText);
    m_formula->setTextFormat(Qt::PlainText);
    m_shape->setTextFormat(Qt::PlainText);
    m_veil->setAlignment(Qt::AlignCenter);
    m_veil->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    m_shape->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_formula->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_title->setObjectName(QStringLiteral("StageCardTitle"));
    m_title->installEventFilter(this); // re-elide whenever the layout gives the title a new width

    connect(m_heatmap, &HeatmapView::doubleClicked, this, [this] { Q_EMIT enlargeRequested(m_stage); });
    connect(m_document, &Document::stagesChanged, this, &StageCard::refreshTexts);
    connect(m_document, &Document::sceneReset, this, &StageCard::refreshTexts);
    connect(m_document, &Document::currentHeadChanged, this, &StageCard::refreshTexts);
    refreshTexts();
    applyStyle();
}

QString StageCard::stageTitle(core::Stage stage)
{
    switch (stage) {
    case core::StageX:
        return tr("X — input vectors");
    case core::StageQ:
        return tr("Q — queries");
    case core::StageK:
        return tr("K — keys");
    case core::StageV:
        return tr("V — values");
    case core::StageQRotated:
        return tr("Q rotated (RoPE)");
    case core::StageKRotated:
        return tr("K rotated (RoPE)");
    case core::StageScores:
        return tr("Scores");
    case core::StageScaled:
        return tr("Scaled scores");
    case core::StageMasked:
        return tr("Masked scores");
    case core::StageWeights:
        return tr("Attention weights");
    case core::StageContext:
        return tr("Context vectors");
    case core::StageConcat:
        return tr("Concatenated heads");
    case core::StageOutput:
        return tr("Output");
    default:
        return QString::fromLatin1(core::stageName(stage));
    }
}

QString StageCard::stageFormula(core::Stage stage, const core::Scene &scene)
{
    const bool rope = !scene.direct && scene.positional == core::PositionalEncoding::Rope;
    switch (stage) {
    case core::StageX:
        if (scene.hasInputX())
            return tr("X (given: what this layer's attention reads)");
        return scene.positional == core::PositionalEncoding::Sinusoidal ? tr("X = embedding of each token + position")
                                                                        : tr("X = embedding of each token");
    case core::StageQ:
        return scene.direct ? tr("Q (given directly)") : scene.bq.size() > 0 ? tr("Q = X·W_Q + b_Q") : tr("Q = X·W_Q");
    case core::StageK:
        return scene.direct ? tr("K (given directly)") : scene.bk.size() > 0 ? tr("K = X·W_K + b_K") : tr("K = X·W_K");
    case core::StageV:
        return scene.direct ? tr("V (given directly)") : scene.bv.size() > 0 ? tr("V = X·W_V + b_V") : tr("V = X·W_V");
    case core::StageQRotated:
        return tr("Q_rot = RoPE(Q), rotated by position");
    case core::StageKRotated:
        return tr("K_rot = RoPE(K), rotated by position");
    case core::StageScores:
        return rope ? tr("scores = Q_rot·K_rotᵀ") : tr("scores = Q·Kᵀ");
    case core::StageScaled:
        switch (scene.scale) {
        case core::ScaleKind::SqrtDk:
            return tr("scaled = scores ÷ √%1").arg(scene.keyDim());
        case core::ScaleKind::None:
            return tr("scaled = scores (no scaling)");
        case core::ScaleKind::Custom:
            return tr("scaled = scores ÷ %1").arg(number(core::divisor(scene)));
        }
        break;
    case core::StageMasked:
        return scene.mask == core::MaskKind::None ? tr("masked = scaled (no mask)")
                                                  : tr("masked = scaled, −∞ where hidden");
    case core::StageWeights:
        return tr("weights = softmax(masked)");
    case core::StageContext:
        return tr("context = weights·V");
    case core::StageConcat:
        return tr("concat = [context of each head]");
    case core::StageOutput:
        if (!scene.hasOutputWeights())
            return tr("output = concat");
        return scene.bo.size() > 0 ? tr("output = concat·W_O + b_O") : tr("output = concat·W_O");
    default:
        break;
    }
    return QString();
}

QString StageCard::shapeText(const core::Stages &stages, core::Stage stage, int head)
{
    const core::Matrix &m = core::stageMatrix(stages, stage, head);
    return m.size() ? QStringLiteral("%1×%2").arg(m.rows()).arg(m.cols()) : QString();
}

QString StageCard::title() const
{
    return m_fullTitle;
}

bool StageCard::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_title && event->type() == QEvent::Resize)
        elideTitle();
    return QFrame::eventFilter(watched, event);
}

void StageCard::elideTitle()
{
    // Before the first layout the width is meaningless; the resize that follows elides.
    const int width = m_title->width();
    m_title->setText(width > 0 ? m_title->fontMetrics().elidedText(m_fullTitle, Qt::ElideRight, width) : m_fullTitle);
}

QString StageCard::formula() const
{
    return m_formula->text();
}

QString StageCard::shape() const
{
    return m_shape->text();
}

void StageCard::setCurrent(bool current)
{
    if (current == m_current)
        return;
    m_current = current;
    applyStyle();
}

void StageCard::setRevealed(bool revealed)
{
    if (revealed == m_revealed)
        return;
    m_revealed = revealed;
    if (revealed)
        m_body->setCurrentWidget(m_heatmap);
    else
        m_body->setCurrentWidget(m_veil);
    m_formula->setVisible(revealed);
    m_shape->setVisible(revealed);
    applyStyle();
}

void StageCard::setStepNumber(int number)
{
    m_stepNumber = number;
    refreshTexts();
}

void StageCard::setZoom(double zoom)
{
    m_zoom = zoom;
    applyStyle();
}

void StageCard::setSequentialMap(const QString &name)
{
    m_heatmap->setSequentialMap(name);
}

void StageCard::setAutoWeightsRange(bool autoRange)
{
    m_heatmap->setAutoWeightsRange(autoRange);
}

void StageCard::setPresentationStyle(bool presentation)
{
    m_presentation = presentation;
    // The presentation view cannot scroll: there the labels shrink to what the screen gives.
    if (presentation)
        m_heatmap->setMinimumSize(120, 90);
    else
        m_heatmap->setMinimumSize(0, 0);
    applyStyle();
}

void StageCard::setMinimumFloor(const QSize &floor)
{
    m_floor = floor;
    updateGeometry();
}

QSize StageCard::minimumSizeHint() const
{
    return QFrame::minimumSizeHint().expandedTo(m_floor);
}

void StageCard::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        Q_EMIT activated(m_stage);
    QFrame::mousePressEvent(event);
}

void StageCard::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && m_revealed)
        Q_EMIT enlargeRequested(m_stage);
    QFrame::mouseDoubleClickEvent(event);
}

void StageCard::refreshTexts()
{
    const core::Scene &scene = m_document->scene();
    QString title = stageTitle(m_stage);
    if (core::isPerHead(m_stage) && scene.headCount() > 1)
        title = tr("%1 (head %2 of %3)").arg(title).arg(m_document->currentHead() + 1).arg(scene.headCount());
    m_fullTitle = title;
    m_title->setToolTip(title);
    elideTitle();
    m_formula->setText(stageFormula(m_stage, scene));
    m_formula->setToolTip(m_stage == core::StageScaled && scene.scale == core::ScaleKind::SqrtDk
            ? tr("scaled = scores ÷ √d_k, with %1")
                  .arg(QString::fromStdString(core::Chain()
                                                  .symbol("√d_k")
                                                  .equals()
                                                  .root(scene.keyDim())
                                                  .equals()
                                                  .number(core::divisor(scene))
                                                  .text()))
            : m_formula->text());
    m_shape->setText(shapeText(m_document->stages(), m_stage, m_document->currentHead()));
    m_shape->setToolTip(tr("Shape: rows × columns"));
    m_veil->setText(tr("Step %1").arg(m_stepNumber));
    m_veil->setToolTip(tr("Not reached yet: press Next (→ or Page Down) to reveal the stages in order, or Show All"));
    setToolTip(tr("%1: %2. Click to make it the current card; double-click (or E) to enlarge it.")
                   .arg(stageTitle(m_stage), m_formula->text()));
}

void StageCard::applyStyle()
{
    QFont base = font();
    const double appPoint = QApplication::font().pointSizeF();
    const double basePoint = appPoint > 0 ? appPoint : 9.0;
    const double scale = m_zoom * (m_presentation ? 2.0 : 1.0);
    QFont titleFont = base;
    titleFont.setPointSizeF(basePoint * 1.15 * scale);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    elideTitle();
    QFont small = base;
    small.setPointSizeF(basePoint * scale);
    m_formula->setFont(small);
    m_shape->setFont(small);
    m_veil->setFont(small);
    m_heatmap->setZoom(scale);
    m_heatmap->setTheme(m_presentation ? Theme::HighContrast : Theme::Light);

    // The current card gets a thick accent frame; a veiled one is drawn faint.
    const QString accent = m_presentation ? QStringLiteral("#ffd400") : palette().color(QPalette::Highlight).name();
    QString style;
    if (m_presentation)
        style = QStringLiteral("#StageCard { background: black; border: 3px solid %1; border-radius: 6px; }"
                               "#StageCard QLabel { color: white; }")
                    .arg(accent);
    else if (m_current)
        style = QStringLiteral("#StageCard { border: 3px solid %1; border-radius: 6px; }").arg(accent);
    else if (!m_revealed)
        style = QStringLiteral("#StageCard { border: 1px dashed palette(mid); border-radius: 6px; }"
                               "#StageCard QLabel { color: palette(mid); }");
    else
        style = QStringLiteral("#StageCard { border: 1px solid palette(mid); border-radius: 6px; }");
    setStyleSheet(style);
}

} // namespace attnlab::ui
