#include "ui/board/descriptionbanner.h"

#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/i18n/language.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace attnlab::ui {

DescriptionBanner::DescriptionBanner(Document *document, QWidget *parent)
    : Retranslating<QFrame>(parent)
    , m_document(document)
    , m_label(new QLabel(this))
    , m_close(new QToolButton(this))
{
    setObjectName(QStringLiteral("DescriptionBanner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::PlainText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_close, 0, Qt::AlignTop);

    connect(m_close, &QToolButton::clicked, this, [this] {
        m_dismissed = true;
        hide();
    });
    connect(m_document, &Document::sceneReset, this, [this] {
        m_dismissed = false;
        refresh();
    });
    // Typed tokens mark the description as written for the original scene (and undo removes
    // the mark): the banner follows.
    connect(m_document, &Document::sceneChanged, this, &DescriptionBanner::refresh);
    retranslate();
}

QString DescriptionBanner::text() const
{
    return m_label->text();
}

void DescriptionBanner::retranslate()
{
    m_close->setToolTip(tr("Hide this description until another scene is opened"));
    refresh();
}

void DescriptionBanner::refresh()
{
    const QString description = sceneDescription(m_document->scene(), Language::instance()->current());
    m_label->setText(description);
    m_stale = isStaleDescription(description);
    // Greyed: it still helps to read, but its numbers belong to the original sentence.
    QPalette palette = m_label->palette();
    palette.setColor(QPalette::WindowText,
        m_stale ? this->palette().color(QPalette::PlaceholderText) : this->palette().color(QPalette::WindowText));
    m_label->setPalette(palette);
    setToolTip(m_stale ? tr("This description was written for the original example; the sentence has changed "
                            "since, so the numbers it quotes no longer match the board.")
                       : tr("What this scene shows"));
    setVisible(!description.isEmpty() && !m_dismissed);
}

} // namespace attnlab::ui
