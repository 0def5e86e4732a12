// File → Open Model…'s dialog takes either kind of model: a checkpoint folder (selected, or the
// one being shown, or through its own config.json) or a .gguf file; any other folder is entered.
#include "tests/testutil/modelfixtures.h"
#include "ui/i18n/modelpathdialog.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <gtest/gtest.h>

namespace {

using attnlab::ui::ModelPathDialog;

void touch(const QString &path)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("{}");
}

class ModelPathDialogTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_root = QString::fromStdString(attnlab::test::makeTempDir("modelpathdialog"));
        QDir root(m_root);
        ASSERT_TRUE(root.mkpath(QStringLiteral("model")));
        ASSERT_TRUE(root.mkpath(QStringLiteral("plain")));
        touch(root.filePath(QStringLiteral("model/config.json")));
        touch(root.filePath(QStringLiteral("model/model.safetensors")));
        touch(root.filePath(QStringLiteral("tiny.gguf")));
    }
    QString path(const QString &name) const { return QFileInfo(QDir(m_root).filePath(name)).absoluteFilePath(); }
    QString m_root;
};

TEST_F(ModelPathDialogTest, AGgufFileIsChosen)
{
    ModelPathDialog dialog(nullptr, QStringLiteral("Open"), m_root, QStringLiteral("GGUF files (*.gguf)"));
    dialog.selectFile(path(QStringLiteral("tiny.gguf")));
    dialog.accept();
    EXPECT_EQ(dialog.result(), QDialog::Accepted);
    EXPECT_EQ(dialog.chosenPath(), path(QStringLiteral("tiny.gguf")));
}

TEST_F(ModelPathDialogTest, ASelectedModelFolderIsChosenNotEntered)
{
    ModelPathDialog dialog(nullptr, QStringLiteral("Open"), m_root, QStringLiteral("GGUF files (*.gguf)"));
    dialog.selectFile(path(QStringLiteral("model")));
    dialog.accept();
    EXPECT_EQ(dialog.result(), QDialog::Accepted);
    EXPECT_EQ(dialog.chosenPath(), path(QStringLiteral("model")));
}

TEST_F(ModelPathDialogTest, TheModelFolderShownOrItsConfigIsChosen)
{
    ModelPathDialog shown(nullptr, QStringLiteral("Open"), path(QStringLiteral("model")), QString());
    shown.accept(); // nothing selected
    EXPECT_EQ(shown.result(), QDialog::Accepted);
    EXPECT_EQ(shown.chosenPath(), path(QStringLiteral("model")));

    ModelPathDialog config(nullptr, QStringLiteral("Open"), path(QStringLiteral("model")), QString());
    config.selectFile(path(QStringLiteral("model/config.json")));
    config.accept();
    EXPECT_EQ(config.result(), QDialog::Accepted);
    EXPECT_EQ(config.chosenPath(), path(QStringLiteral("model")));
}

TEST_F(ModelPathDialogTest, AnotherFolderIsEnteredNotChosen)
{
    ModelPathDialog dialog(nullptr, QStringLiteral("Open"), m_root, QString());
    dialog.selectFile(path(QStringLiteral("plain")));
    dialog.accept();
    EXPECT_NE(dialog.result(), QDialog::Accepted);
    EXPECT_TRUE(dialog.chosenPath().isEmpty());
    EXPECT_EQ(dialog.directory().absolutePath(), path(QStringLiteral("plain")));
}

} // namespace
