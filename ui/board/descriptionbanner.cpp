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
    // The description's numbers are computed from the stages, and an edited example gets a note:
    // the banner follows every recompute (a drag's burst of edits gives one).
    connect(m_document, &Document::stagesChanged, this, &DescriptionBanner::refresh);
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
    const QString description
        = renderedDescription(m_document->scene(), m_document->stages(), Language::instance()->current());
    m_label->setText(description);
    m_stale = isStaleDescription(description);
    // Greyed: it still helps to read, but it was written for the example as shipped.
    QPalette palette = m_label->palette();
    palette.setColor(QPalette::WindowText,
        m_stale ? this->palette().color(QPalette::PlaceholderText) : this->palette().color(QPalette::WindowText));
    m_label->setPalette(palette);
    setToolTip(m_stale ? tr("The scene has been changed since it was opened as an example: the description, "
                            "where it is still shown, is the example's as shipped, with the example's numbers.")
                       : tr("What this scene shows"));
    setVisible(!description.isEmpty() && !m_dismissed);
}

} // namespace attnlab::ui
