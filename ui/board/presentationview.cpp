#include "ui/board/presentationview.h"

#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"

#include <QApplication>
#include <QEvent>
#include <QLabel>
#include <QShortcut>
#include <QSplitter>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>

namespace attnlab::ui {

PresentationView::PresentationView(Document *document, StepController *steps, QWidget *parent)
    : Retranslating<QWidget>(parent)
    , m_document(document)
    , m_steps(steps)
    , m_sentence(new QLabel(this))
    , m_progress(new QLabel(this))
    , m_hint(new QLabel(this))
    , m_layout(new QVBoxLayout(this))
    , m_body(new QSplitter(Qt::Horizontal, this))
{
    setObjectName(QStringLiteral("PresentationView"));
    setFocusPolicy(Qt::StrongFocus);
    // High contrast for projectors: white on black, the accent in yellow.
    setAttribute(Qt::WA_StyledBackground, true);
    setStyleSheet(QStringLiteral("#PresentationView { background: black; }"
                                 "#PresentationView > QLabel { color: white; }"));
    m_layout->setContentsMargins(24, 12, 24, 12);
    m_layout->setSpacing(8);
    auto *header = new QHBoxLayout;
    header->addWidget(m_sentence, 1);
    header->addWidget(m_progress);
    m_layout->addLayout(header);
    m_layout->addWidget(m_body, 1);
    m_layout->addWidget(m_hint);
    m_body->setChildrenCollapsible(false);
    // A sentence of long tokens is elided (in full as its tooltip), never widening the view.
    m_sentence->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_sentence->setMinimumWidth(40);
    m_sentence->setTextFormat(Qt::PlainText);
    m_progress->setTextFormat(Qt::PlainText);
    m_hint->setTextFormat(Qt::PlainText);
    m_hint->setAlignment(Qt::AlignCenter);
    // At a large zoom the keys take two lines rather than running off both edges.
    m_hint->setWordWrap(true);
    m_progress->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    for (auto [key, forward] :
        {std::pair {Qt::Key_Left, false}, std::pair {Qt::Key_Right, true}, std::pair {Qt::Key_Up, false},
            std::pair {Qt::Key_Down, true}, std::pair {Qt::Key_Space, true}, std::pair {Qt::Key_Backspace, false}}) {
        auto *shortcut = new QShortcut(QKeySequence(key), this, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, m_steps, forward ? &StepController::next : &StepController::previous);
    }

    auto *home = new QShortcut(QKeySequence(Qt::Key_Home), this, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(home, &QShortcut::activated, m_steps, &StepController::first);
    connect(m_steps, &StepController::changed, this, &PresentationView::showCurrentStage);
    connect(m_document, &Document::sceneReset, this, &PresentationView::refreshTexts);
    connect(m_document, &Document::sceneChanged, this, &PresentationView::refreshTexts);
    showCurrentStage();
    applyFonts();
}

void PresentationView::setZoom(double zoom)
{
    m_zoom = zoom;
    applyFonts();
}

void PresentationView::setSequentialMap(const QString &name)
{
    m_sequentialMap = name;
    if (m_card)
        m_card->setSequentialMap(name);
}

void PresentationView::setAutoWeightsRange(bool autoRange)
{
    m_autoRange = autoRange;
    if (m_card)
        m_card->setAutoWeightsRange(autoRange);
}

void PresentationView::setSidePanelFactory(std::function<QWidget *()> factory)
{
    m_sideFactory = std::move(factory);
}

void PresentationView::setSidePanelVisible(bool visible)
{
    m_sideVisible = visible;
    if (visible && !m_side && m_sideFactory) {
        m_side = m_sideFactory();
        m_body->addWidget(m_side);
        // The card keeps about three fifths of the width.
        m_body->setStretchFactor(0, 3);
        m_body->setStretchFactor(1, 2);
        m_body->setSizes({600, 400});
        applyFonts();
    }
    applyVisibility();
}

void PresentationView::setEnlarged(bool enlarged)
{
    if (enlarged == m_enlarged)
        return;
    m_enlarged = enlarged;
    applyVisibility();
    Q_EMIT enlargedChanged(enlarged);
}

void PresentationView::applyVisibility()
{
    m_sentence->setVisible(!m_enlarged);
    m_progress->setVisible(!m_enlarged);
    m_hint->setVisible(!m_enlarged);
    if (m_side)
        m_side->setVisible(m_sideVisible && !m_enlarged);
}

void PresentationView::showCurrentStage()
{
    const core::Stage stage = m_steps->currentStage();
    if (!m_card || m_card->stage() != stage) {
        delete m_card;
        m_card = new StageCard(m_document, stage, this);
        m_card->setPresentationStyle(true);
        m_card->setZoom(m_zoom);
        m_card->setSequentialMap(m_sequentialMap);
        m_card->setAutoWeightsRange(m_autoRange);
        m_card->setCurrent(true);
        connect(m_card, &StageCard::enlargeRequested, this, [this] { setEnlarged(!m_enlarged); });
        m_body->insertWidget(0, m_card);
        m_body->setStretchFactor(0, 3);
    }
    refreshTexts();
}

void PresentationView::resizeEvent(QResizeEvent *event)
{
    Retranslating<QWidget>::resizeEvent(event);
    elideSentence();
}

void PresentationView::elideSentence()
{
    m_sentence->setText(
        m_sentence->fontMetrics().elidedText(m_sentenceText, Qt::ElideRight, std::max(40, m_sentence->width())));
}

void PresentationView::refreshTexts()
{
    QStringList tokens;
    for (const std::string &t : m_document->scene().tokens)
        tokens << QString::fromStdString(t);
    m_sentenceText = tokens.join(QStringLiteral("  ·  "));
    elideSentence();
    m_sentence->setToolTip(m_sentenceText);
    m_progress->setText(tr("Stage %1 / %2").arg(m_steps->step() + 1).arg(m_steps->stepCount()));
    m_progress->setToolTip(tr("How far the class has stepped through the pipeline"));
    m_hint->setText(
        tr("Page Down / → next   ·   Page Up / ← previous   ·   E enlarge   ·   I inspector   ·   Ctrl+= / Ctrl+- "
           "zoom   ·   F11 / Esc leaves"));
    m_hint->setToolTip(tr("Keys that work in presentation mode"));
}

QPalette PresentationView::sidePalette()
{
    QPalette p;
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        p.setColor(group, QPalette::Window, Qt::black);
        p.setColor(group, QPalette::Base, Qt::black);
        p.setColor(group, QPalette::AlternateBase, QColor(0x20, 0x20, 0x20));
        p.setColor(group, QPalette::WindowText, Qt::white);
        p.setColor(group, QPalette::Text, Qt::white);
        p.setColor(group, QPalette::Button, QColor(0x30, 0x30, 0x30));
        p.setColor(group, QPalette::ButtonText, Qt::white);
        p.setColor(group, QPalette::Highlight, QColor(0xff, 0xd7, 0x00)); // the view's yellow accent
        p.setColor(group, QPalette::HighlightedText, Qt::black);
        p.setColor(group, QPalette::Link, QColor(0x8a, 0xb4, 0xf8));
        p.setColor(group, QPalette::LinkVisited, QColor(0xc5, 0x8a, 0xf9));
        p.setColor(group, QPalette::PlaceholderText, QColor(0xb0, 0xb0, 0xb0));
    }
    p.setColor(QPalette::Disabled, QPalette::Window, Qt::black);
    p.setColor(QPalette::Disabled, QPalette::Base, Qt::black);
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x90, 0x90, 0x90));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x90, 0x90, 0x90));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x90, 0x90, 0x90));
    return p;
}

void PresentationView::applyFonts()
{
    const double appPoint = QApplication::font().pointSizeF() > 0 ? QApplication::font().pointSizeF() : 9.0;
    QFont big = font();
    big.setPointSizeF(appPoint * 2.0 * m_zoom);
    big.setBold(true);
    m_sentence->setFont(big);
    m_progress->setFont(big);
    QFont small = font();
    small.setPointSizeF(appPoint * 1.1 * m_zoom);
    m_hint->setFont(small);
    if (m_card)
        m_card->setZoom(m_zoom);
    if (m_side) {
        // Readable from the back of the room, yet leaving the card most of the screen, and in
        // the view's white on black. Set on every widget of the panel: under the view's style
        // sheet a font or palette set on the panel alone does not reach its children.
        QFont side = font();
        side.setPointSizeF(appPoint * 1.4 * m_zoom);
        const QPalette dark = sidePalette();
        const QList<QWidget *> widgets = m_side->findChildren<QWidget *>();
        for (QWidget *w : widgets + QList<QWidget *> {m_side}) {
            w->setFont(side);
            w->setPalette(dark);
        }
        // Qt's HTML reader colours links from the application's palette, dark blue on black:
        // the pages' own style sheet gives them the panel's light blue from the next page on.
        for (QTextBrowser *page : m_side->findChildren<QTextBrowser *>())
            page->document()->setDefaultStyleSheet(
                QStringLiteral("a { color: %1; }").arg(dark.color(QPalette::Link).name()));
    }
    elideSentence();
}

} // namespace attnlab::ui
