// Every keyboard shortcut of the main window belongs to one action only: Qt treats a key bound
// twice as ambiguous and then runs neither action.
#include "ui/document/document.h"
#include "ui/document/examples.h"
#include "ui/mainwindow/mainwindow.h"

#include <QAction>
#include <QMap>

#include <gtest/gtest.h>

using namespace attnlab;
using namespace attnlab::ui;

TEST(Shortcuts, NoKeyIsBoundTwiceInTheMainWindow)
{
    Document document;
    document.load(*loadExample(QStringLiteral("cat-eats-fish")).scene);
    MainWindow window(&document);
    QMap<QString, QString> owner;
    int bound = 0;
    for (QAction *action : window.findChildren<QAction *>()) {
        for (const QKeySequence &key : action->shortcuts()) {
            if (key.isEmpty())
                continue;
            const QString text = key.toString(QKeySequence::PortableText);
            ++bound;
            EXPECT_FALSE(owner.contains(text))
                << text.toStdString() << " is bound to \"" << owner.value(text).toStdString() << "\" and \""
                << action->text().toStdString() << "\"";
            owner.insert(text, action->text());
        }
    }
    EXPECT_GT(bound, 15); // the presenter's keys are there at all
    for (const char *key : {"F11", "Ctrl+=", "Ctrl+-", "Ctrl+0", "PgDown", "PgUp"})
        EXPECT_TRUE(owner.contains(QString::fromLatin1(key))) << key;
}
