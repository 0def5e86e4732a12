#include "ui/board/presentationview.h"

#include "ui/board/stagecard.h"
#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"

#include <QApplication>
#include <QEvent>
#include <QLabel>
#include <QShortcut>
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
    m_layout->addWidget(m_hint);
    m_sentence->setTextFormat(Qt::PlainText);
    m_progress->setTextFormat(Qt::PlainText);
    m_hint->setTextFormat(Qt::PlainText);
    m_hint->setAlignment(Qt::AlignCenter);
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

void PresentationView::showCurrentStage()
{
    const core::Stage stage = m_steps->currentStage();
    if (!m_card || m_card->stage() != stage) {
        delete m_card;
        m_card = new StageCard(m_document, stage, this);
        m_card->setPresentationStyle(true);
        m_card->setZoom(m_zoom);
        m_card->setSequentialMap(m_sequentialMap);
        m_card->setCurrent(true);
        m_layout->insertWidget(1, m_card, 1);
    }
    refreshTexts();
}

void PresentationView::refreshTexts()
{
    QStringList tokens;
    for (const std::string &t : m_document->scene().tokens)
        tokens << QString::fromStdString(t);
    m_sentence->setText(tokens.join(QStringLiteral("  ·  ")));
    m_sentence->setToolTip(tr("The tokens of the scene"));
    m_progress->setText(tr("Stage %1 / %2").arg(m_steps->step() + 1).arg(m_steps->stepCount()));
    m_progress->setToolTip(tr("How far the class has stepped through the pipeline"));
    m_hint->setText(
        tr("Page Down / → next   ·   Page Up / ← previous   ·   Ctrl+= / Ctrl+- zoom   ·   F11 / Esc leaves"));
    m_hint->setToolTip(tr("Keys that work in presentation mode"));
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
}

} // namespace attnlab::ui
