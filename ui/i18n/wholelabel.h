#pragma once
// A word-wrapped label that asks its layout for the height of all its lines at the width it has.
// QLabel's own minimum height is measured at a width it guesses, so in a short panel (a splitter
// or a tab does not pass heights for widths on) a longer text — a Chinese one, a larger number —
// was squeezed and its lines drawn over its neighbours'. With this one the panel keeps every line
// and the scroll area around it scrolls instead.

#include <QLabel>

namespace attnlab::ui {

class WholeLabel : public QLabel {
    Q_OBJECT
public:
    explicit WholeLabel(QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
};

} // namespace attnlab::ui
