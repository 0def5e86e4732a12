// Every keyboard shortcut of the main window belongs to one action only: Qt treats a key bound
// twice in one window as ambiguous and then runs neither action. A window of its own that the
// main window opens (the block board) binds its keys anew, and the list names them under its title.
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/mainwindow/shortcutlist.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QMap>
#include <QSet>
#include <QTextBrowser>
#include <QTimer>

#include <algorithm>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;

namespace {

// The window where an action's key works: the main window, or one of its own (the block board).
const QWidget *windowOf(const QAction *action)
{
    for (const QObject *o = action->parent(); o; o = o->parent())
        if (const auto *widget = qobject_cast<const QWidget *>(o))
            return widget->window();
    return nullptr;
}

} // namespace

TEST(Shortcuts, NoKeyIsBoundTwiceInTheMainWindow)
{
    Document document;
    document.load(*loadExample(QStringLiteral("cat-eats-fish")).scene);
    MainWindow window(&document);
    QMap<std::pair<const QWidget *, QString>, QString> owner;
    int bound = 0;
    for (QAction *action : window.findChildren<QAction *>()) {
        for (const QKeySequence &key : action->shortcuts()) {
            if (key.isEmpty())
                continue;
            const std::pair<const QWidget *, QString> text {windowOf(action), key.toString(QKeySequence::PortableText)};
            ++bound;
            EXPECT_FALSE(owner.contains(text))
                << text.second.toStdString() << " is bound to \"" << owner.value(text).toStdString() << "\" and \""
                << action->text().toStdString() << "\"";
            owner.insert(text, action->text());
        }
    }
    EXPECT_GT(bound, 15); // the presenter's keys are there at all
    for (const char *key : {"F11", "Ctrl+=", "Ctrl+-", "Ctrl+0", "PgDown", "PgUp"})
        EXPECT_TRUE(owner.contains({&window, QString::fromLatin1(key)})) << key;
}

TEST(Shortcuts, TheListNamesEveryKeyOfEveryActionOnce)
{
    Document document;
    document.load(*loadExample(QStringLiteral("cat-eats-fish")).scene);
    MainWindow window(&document);
    // An action added anywhere is listed without an edit to the list.
    auto *extra = new QAction(QStringLiteral("&Extra Test Action"), &window);
    extra->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_T));
    window.addAction(extra);

    const QList<ShortcutList::Row> rows = ShortcutList::rows(&window);
    QSet<QString> listed;
    for (const ShortcutList::Row &row : rows) {
        EXPECT_FALSE(listed.contains(row.group + row.what + row.keys)) << row.what.toStdString();
        listed.insert(row.group + row.what + row.keys);
    }
    int keys = 0;
    QList<QAction *> actions = window.actions();
    actions += window.findChildren<QAction *>();
    for (QAction *action : std::as_const(actions)) {
        if (action->text().isEmpty())
            continue;
        for (const QKeySequence &key : action->shortcuts()) {
            if (key.isEmpty())
                continue;
            ++keys;
            const QString text = key.toString(QKeySequence::NativeText);
            const bool found = std::any_of(rows.begin(), rows.end(),
                [&](const ShortcutList::Row &r) { return r.keys.split(" or ").contains(text); });
            EXPECT_TRUE(found) << text.toStdString() << " (" << action->text().toStdString() << ") is not listed";
        }
    }
    EXPECT_GT(keys, 25);
    const auto row = [&](const QString &what) {
        for (const ShortcutList::Row &r : rows)
            if (r.what == what)
                return r;
        return ShortcutList::Row();
    };
    EXPECT_EQ(row(QStringLiteral("Extra Test Action")).keys,
        QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_T).toString(QKeySequence::NativeText));
    EXPECT_EQ(row(QStringLiteral("Save")).group, QStringLiteral("File"));
    EXPECT_FALSE(row(QStringLiteral("Import Matrix…")).keys.isEmpty());
    const QString undoKey = QKeySequence(Qt::CTRL | Qt::Key_Z).toString(QKeySequence::NativeText);
    EXPECT_TRUE(std::any_of(rows.begin(), rows.end(), [&](const ShortcutList::Row &r) {
        return r.group == QStringLiteral("Block Board") && r.what == QStringLiteral("Undo") && r.keys == undoKey;
    }));
    const QString html = ShortcutList::html(rows);
    EXPECT_TRUE(html.contains(QStringLiteral("<h4>File</h4>")));
    EXPECT_TRUE(html.contains(QStringLiteral("Extra Test Action")));
}

// Help → Keyboard Shortcuts names Esc, the key that leaves presentation mode, once.
TEST(Shortcuts, TheDialogListsLeavingPresentationModeOnce)
{
    Document document;
    document.load(*loadExample(QStringLiteral("cat-eats-fish")).scene);
    MainWindow window(&document);
    QString text;
    QTimer::singleShot(0, [&text] {
        QWidget *dialog = QApplication::activeModalWidget();
        ASSERT_NE(dialog, nullptr);
        if (auto *browser = dialog->findChild<QTextBrowser *>())
            text = browser->toPlainText();
        dialog->close();
    });
    ShortcutList::showDialog(&window, {});
    EXPECT_EQ(text.count(QStringLiteral("Leave Presentation Mode"), Qt::CaseInsensitive), 1) << text.toStdString();
    const QString esc = QKeySequence(Qt::Key_Escape).toString(QKeySequence::NativeText);
    EXPECT_TRUE(text.contains(esc)) << text.toStdString();
}
