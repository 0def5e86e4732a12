#include "ui/board/linkbar.h"

#include "ui/document/document.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace attnlab::ui {

LinkBar::LinkBar(Document *document, QWidget *parent)
    : Retranslating<QFrame>(parent)
    , m_document(document)
    , m_label(new QLabel(this))
    , m_close(new QToolButton(this))
{
    setObjectName(QStringLiteral("LinkBar"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    setAutoFillBackground(true);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::PlainText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 3, 4, 3);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_close, 0, Qt::AlignTop);
    connect(m_close, &QToolButton::clicked, this, [this] {
        m_dismissed = true;
        hide();
    });
    connect(m_document, &Document::linkChanged, this, [this] {
        m_dismissed = false;
        refresh();
    });
    retranslate();
}

QString LinkBar::text() const
{
    return isHidden() ? QString() : m_label->text();
}

void LinkBar::retranslate()
{
    m_close->setToolTip(tr("Hide this line until the board is linked or unlinked again"));
    refresh();
}

void LinkBar::refresh()
{
    const bool linked = m_document->link() != nullptr;
    const QString text = linked ? m_document->link()->description() : m_document->unlinkNote();
    m_label->setText(text);
    // Blue while the board edits the model, amber once it no longer does.
    setStyleSheet(linked ? QStringLiteral("QFrame#LinkBar { background: #dbe9f7; color: #0b3a66; }")
                         : QStringLiteral("QFrame#LinkBar { background: #fff3cd; color: #5c4400; }"));
    setToolTip(linked ? tr("The board shows a head of the open model, and its weight edits are the model's")
                      : tr("The board no longer edits the model"));
    setVisible(!text.isEmpty() && !m_dismissed);
}

} // namespace attnlab::ui
