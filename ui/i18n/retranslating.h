#pragma once
// One place for live retranslation: a widget class derives from Retranslating<QtBase> and
// implements retranslate(), which runs whenever the application's language changes (Qt sends
// QEvent::LanguageChange to every widget after a translator is installed or removed).
// Constructors still call retranslate() once themselves, after their child widgets exist.

#include <QEvent>

namespace attnlab::ui {

template<class Base> class Retranslating : public Base {
public:
    using Base::Base;

protected:
    // Sets every user-visible text of the widget in the current language.
    virtual void retranslate() = 0;

    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange)
            retranslate();
        Base::changeEvent(event);
    }
};

} // namespace attnlab::ui
