#pragma once
// Help → Keyboard Shortcuts, generated from the window's actions: every action with a key, in
// menu order and grouped by menu (actions outside the menus by the dock they live in), so that a
// new shortcut is listed without an edit here.

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>

class QAction;
class QWidget;

namespace attnlab::ui {

class ShortcutList {
    Q_DECLARE_TR_FUNCTIONS(ShortcutList)
public:
    struct Row {
        QString group; // the menu ("File", "File › Export") or the dock the action belongs to
        QString what; // the action's text without its mnemonic
        QString keys; // every key of the action, in the platform's notation
    };

    // `names` replaces the text of some actions (Undo's text names the entry it would undo now).
    static QList<Row> rows(const QWidget *window, const QHash<const QAction *, QString> &names = {});
    // The rows as HTML tables, one per group.
    static QString html(const QList<Row> &rows);
    // Help → Keyboard Shortcuts: the rows of `window` in a dialog sized for the screen.
    static void showDialog(QWidget *window, const QHash<const QAction *, QString> &names);
};

} // namespace attnlab::ui
