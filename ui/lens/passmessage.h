#pragma once
// What a panel that reads the session's finished pass (the logit lens, the attribution) shows in
// place of its numbers while there is nothing to read: no model, a checkpoint without an output
// head, no text, a pass still running.

#include <QCoreApplication>
#include <QString>

class QLabel;

namespace attnlab::ui {

class ModelSession;

class PassMessage {
    Q_DECLARE_TR_FUNCTIONS(PassMessage)
public:
    // `noModel` and `noHead` say it in the panel's own words; empty when the pass can be read.
    static QString text(const ModelSession &session, const QString &noModel, const QString &noHead);
    // Shows `text` in `label`, or hides the label when it is empty.
    static void show(QLabel *label, const QString &text);
};

} // namespace attnlab::ui
