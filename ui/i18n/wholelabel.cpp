#include "ui/i18n/wholelabel.h"

#include <QResizeEvent>

#include <algorithm>

namespace attnlab::ui {

WholeLabel::WholeLabel(QWidget *parent)
    : QLabel(parent)
{
    setWordWrap(true);
}

QSize WholeLabel::minimumSizeHint() const
{
    QSize size = QLabel::minimumSizeHint();
    if (wordWrap() && width() > 0)
        size.setHeight(std::max(size.height(), heightForWidth(width())));
    return size;
}

void WholeLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    // Narrower, the text needs more lines: the layout asks again (setText already makes it ask).
    if (event->size().width() != event->oldSize().width())
        updateGeometry();
}

} // namespace attnlab::ui
