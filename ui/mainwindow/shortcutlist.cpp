#include "ui/mainwindow/shortcutlist.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>

namespace attnlab::ui {

namespace {

// "&Next" → "Next", "下一步(&N)" → "下一步", "Export…" stays.
QString withoutMnemonic(QString text)
{
    static const QRegularExpression cjkMnemonic(QStringLiteral("\\(&.\\)"));
    text.remove(cjkMnemonic);
    return text.remove(QLatin1Char('&')).trimmed();
}

QString keysOf(const QAction *action)
{
    QStringList keys;
    for (const QKeySequence &key : action->shortcuts())
        if (!key.isEmpty())
            keys << key.toString(QKeySequence::NativeText);
    return keys.join(ShortcutList::tr(" or "));
}

// Where an action outside the menus lives: the title of its dock, else the board.
QString homeOf(const QAction *action)
{
    for (const QObject *o = action->parent(); o; o = o->parent())
        if (const auto *dock = qobject_cast<const QDockWidget *>(o))
            return withoutMnemonic(dock->windowTitle());
    return ShortcutList::tr("Board and presentation");
}

struct Collector {
    const QHash<const QAction *, QString> &names;
    QList<ShortcutList::Row> rows;
    QSet<const QAction *> seen;

    void add(const QAction *action, const QString &group)
    {
        if (seen.contains(action))
            return;
        const QString keys = keysOf(action);
        const QString what = names.value(action, withoutMnemonic(action->text()));
        if (keys.isEmpty() || what.isEmpty())
            return;
        seen.insert(action);
        rows.append({group, what, keys});
    }

    void addMenu(const QMenu *menu, const QString &group)
    {
        for (const QAction *action : menu->actions()) {
            if (const QMenu *sub = action->menu())
                addMenu(sub, group + QStringLiteral(" › ") + withoutMnemonic(sub->title()));
            else if (!action->isSeparator())
                add(action, group);
        }
    }
};

} // namespace

QList<ShortcutList::Row> ShortcutList::rows(const QWidget *window, const QHash<const QAction *, QString> &names)
{
    Collector c {names, {}, {}};
    if (const auto *main = qobject_cast<const QMainWindow *>(window); main && main->menuWidget())
        for (const QAction *top : main->menuBar()->actions())
            if (const QMenu *menu = top->menu())
                c.addMenu(menu, withoutMnemonic(menu->title()));
    // Then the keys that work without a menu: the window's own, and those of panels and docks.
    QList<QAction *> rest = window->actions();
    rest += window->findChildren<QAction *>();
    for (const QAction *action : std::as_const(rest))
        c.add(action, homeOf(action));
    return c.rows;
}

QString ShortcutList::html(const QList<Row> &rows)
{
    QStringList groups;
    for (const Row &row : rows)
        if (!groups.contains(row.group))
            groups << row.group;
    QString out;
    for (const QString &group : std::as_const(groups)) {
        out += QStringLiteral("<h4>%1</h4><table cellspacing=\"2\">").arg(group.toHtmlEscaped());
        for (const Row &row : rows)
            if (row.group == group)
                out += QStringLiteral("<tr><td>%1</td><td>&nbsp;&nbsp;<b>%2</b></td></tr>")
                           .arg(row.what.toHtmlEscaped(), row.keys.toHtmlEscaped());
        out += QStringLiteral("</table>");
    }
    return out;
}

} // namespace attnlab::ui
