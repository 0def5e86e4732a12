#include "ui/board/stagecard.h"

#include "ui/board/heatmapview.h"
#include "ui/board/softcapcurve.h"
#include "ui/document/document.h"
#include "ui/plot/stagelook.h"

#include <QApplication>
#include <QEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace attnlab::ui {

namespace {

// The figures a card shows under its heatmap, one row per stage that has one.
struct CardFigure {
    core::Stage stage;
    QWidget *(*create)(Document *document, QWidget *parent);
};
const CardFigure kCardFigures[] = {
    {core::StageCapped, [](Document *d, QWidget *p) -> QWidget * { return new SoftCapCurve(d, p); }},
};

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
    for (const CardFigure &figure : kCardFigures)
        if (figure.stage == stage) {
            m_figures << figure.create(document, this);
            layout->addWidget(m_figures.last());
        }
    m_body->addWidget(m_heatmap);
    m_body->addWidget(m_veil);
    m_title->setTextFormat(Qt::PlainText);
    m_formula->setTextFormat(Qt::PlainText);
    m_shape->setTextFormat(Qt::PlainText);
    m_veil->setAlignment(Qt::AlignCenter);
    m_veil->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    m_shape->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_formula->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    // A long formula (the sliding window's) wraps on a narrow card rather than being cut off.
    m_formula->setWordWrap(true);
    m_formula->setObjectName(QStringLiteral("StageCardFormula"));
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
    return stageCardTitle(stage);
}

QString StageCard::stageFormula(core::Stage stage, const core::Scene &scene)
{
    return stageLook(stage).formula(scene);
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
    for (QWidget *figure : std::as_const(m_figures))
        figure->setVisible(revealed);
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
    const StageLook &look = stageLook(m_stage);
    m_formula->setToolTip(look.formulaTip ? look.formulaTip(scene) : m_formula->text());
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
