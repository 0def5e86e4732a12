// Qt's own dialogs in the chosen language (Qt's translations, the file list's type and dates),
// and Chinese drawn with the Simplified Chinese face wherever fonts are picked.
#include "ui/i18n/language.h"
#include "ui/i18n/localizedfiledialog.h"

#include <QAbstractProxyModel>
#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileSystemModel>
#include <QGlyphRun>
#include <QRawFont>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextLayout>

#include <gtest/gtest.h>

#include <memory>

using namespace attnlab::ui;

namespace {

struct QtDialogs : ::testing::Test {
    void TearDown() override { Language::instance()->apply(QStringLiteral("en")); }
};

// The row of `name` in a QFileSystemModel on `dir`, once the model has read the folder.
QModelIndex entry(QFileSystemModel &model, const QString &dir, const QString &name, int column)
{
    QSignalSpy loaded(&model, &QFileSystemModel::directoryLoaded);
    const QModelIndex root = model.setRootPath(dir);
    const QModelIndex found = model.index(QDir(dir).filePath(name));
    if (!found.isValid() || model.rowCount(root) == 0)
        loaded.wait(5000);
    return model.index(QDir(dir).filePath(name), column);
}

} // namespace

TEST_F(QtDialogs, TheFileListSaysFolderAndTheDateInChinese)
{
    QTemporaryDir dir;
    ASSERT_TRUE(QDir(dir.path()).mkdir(QStringLiteral("lessons")));
    {
        QFile f(dir.filePath(QStringLiteral("cat.attn.json")));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("{}");
    }
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("zh_CN")));
    // Qt's own catalogue is loaded: the standard buttons speak Chinese.
    EXPECT_EQ(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("取消"));

    QFileSystemModel model;
    const QModelIndex type = entry(model, dir.path(), QStringLiteral("lessons"), 2);
    ASSERT_TRUE(type.isValid());
    EXPECT_EQ(model.data(type).toString(), QStringLiteral("文件夹")) << "was “Folder”";

    // The date column follows the interface language, not the desktop's locale.
    std::unique_ptr<QAbstractProxyModel> proxy(LocalizedFileDialog::createProxy(nullptr));
    proxy->setSourceModel(&model);
    const QModelIndex date = entry(model, dir.path(), QStringLiteral("cat.attn.json"), 3);
    ASSERT_TRUE(date.isValid());
    const QDateTime modified = model.lastModified(date);
    const QString shown = proxy->data(proxy->mapFromSource(date)).toString();
    EXPECT_EQ(shown, QLocale(QLocale::Chinese, QLocale::China).toString(modified, QLocale::ShortFormat));
    EXPECT_TRUE(shown.contains(QString::number(modified.date().year()))) << shown.toStdString();

    QFileDialog dialog;
    LocalizedFileDialog::localize(&dialog);
    EXPECT_NE(dialog.proxyModel(), nullptr);

    // (QFileSystemModel keeps a type once it has read it; a dialog opened later reads it anew.)
    ASSERT_TRUE(Language::instance()->apply(QStringLiteral("en")));
    EXPECT_EQ(proxy->data(proxy->mapFromSource(date)).toString(),
        QLocale(QLocale::English, QLocale::UnitedStates).toString(modified, QLocale::ShortFormat));
}

TEST_F(QtDialogs, HanCharactersInTheWindowComeFromTheSimplifiedChineseFace)
{
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        ASSERT_TRUE(Language::instance()->apply(language));
        const QFont font = QApplication::font();
        EXPECT_EQ(font.families().value(1), QStringLiteral("Noto Sans CJK SC")) << language.toStdString();
        QTextLayout layout(QStringLiteral("猫吃鱼"), font);
        layout.beginLayout();
        layout.createLine();
        layout.endLayout();
        const QList<QGlyphRun> runs = layout.glyphRuns();
        ASSERT_FALSE(runs.isEmpty());
        for (const QGlyphRun &run : runs)
            EXPECT_EQ(run.rawFont().familyName(), QStringLiteral("Noto Sans CJK SC")) << language.toStdString();
        // Latin text keeps the interface's own face: the Chinese face's middle dot is full width
        // and would turn the formulas' "Q·Kᵀ" into "Q・Kᵀ".
        QTextLayout latin(QStringLiteral("scores = Q·Kᵀ"), font);
        latin.beginLayout();
        latin.createLine();
        latin.endLayout();
        for (const QGlyphRun &run : latin.glyphRuns())
            EXPECT_NE(run.rawFont().familyName(), QStringLiteral("Noto Sans CJK SC")) << language.toStdString();
    }
}
