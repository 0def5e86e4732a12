#include "ui/mainwindow/shortcutlist.h"

#include <algorithm>

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScreen>
#include <QSet>
#include <QTextBrowser>
#include <QVBoxLayout>

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

// Where an action outside the menus lives: the title of its dock, of the panel that names
// itself (a widget inside the window with a window title, as the model room's Generate control)
// or of a window of its own that the main window opens (the block board), else the board.
QString homeOf(const QAction *action)
{
    for (const QObject *o = action->parent(); o; o = o->parent()) {
        if (const auto *dock = qobject_cast<const QDockWidget *>(o))
            return withoutMnemonic(dock->windowTitle());
        if (const auto *panel = qobject_cast<const QWidget *>(o);
            panel && !panel->windowTitle().isEmpty() && (!panel->isWindow() || panel->parentWidget()))
            return withoutMnemonic(panel->windowTitle());
    }
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

void ShortcutList::showDialog(QWidget *window, const QHash<const QAction *, QString> &names)
{
    // Esc leaves presentation mode through the window's Leave Presentation Mode action, which
    // lists it like any other key.
    const QList<Row> rows = ShortcutList::rows(window, names);
    QDialog dialog(window);
    dialog.setObjectName(QStringLiteral("ShortcutsDialog"));
    dialog.setWindowTitle(tr("Keyboard Shortcuts"));
    auto *text = new QTextBrowser(&dialog);
    text->setHtml(tr("<p>The arrow keys step while the board has the focus; Page Up and Page Down "
                     "(what presentation clickers send) step everywhere.</p>")
        + html(rows));
    text->setToolTip(tr("Every key of every menu and panel, read from the actions themselves"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    // Tall enough for most of the list, never taller than the screen (a 720-pixel projector).
    const QRect screen = window->screen() ? window->screen()->availableGeometry() : QRect(0, 0, 1280, 720);
    dialog.resize(std::min(560, screen.width() - 40), std::min(720, screen.height() - 80));
    dialog.exec();
}

} // namespace attnlab::ui
