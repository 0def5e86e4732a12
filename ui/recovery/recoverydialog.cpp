#include "ui/recovery/recoverydialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPixmap>
#include <QPushButton>
#include <QVBoxLayout>

namespace attnlab::ui {

RecoveryDialog::RecoveryDialog(const std::vector<RecoveryEntry> &entries, QWidget *parent)
    : QDialog(parent)
    , m_entries(entries)
    , m_list(new QListWidget(this))
{
    setWindowTitle(tr("Recover Unsaved Scenes"));
    auto *text = new QLabel(tr("Attention Lab ended without saving these scenes. Restore the selected one, or "
                               "discard them all. Scenes you do not restore now are offered again next time."),
        this);
    text->setWordWrap(true);
    m_list->setIconSize(QSize(96, 96));
    for (const RecoveryEntry &e : m_entries) {
        const QString title = e.title.isEmpty() ? tr("Untitled scene") : e.title;
        const QString file = e.originalPath.isEmpty() ? tr("never saved") : QDir::toNativeSeparators(e.originalPath);
        auto *item = new QListWidgetItem(QIcon(QPixmap(e.thumbnailPath)),
            tr("%1\n%2\nlast change %3").arg(title, file, QLocale().toString(e.time, QLocale::ShortFormat)), m_list);
        item->setToolTip(file);
    }
    auto *buttons = new QDialogButtonBox(this);
    QPushButton *restore = buttons->addButton(tr("&Restore"), QDialogButtonBox::AcceptRole);
    QPushButton *discard = buttons->addButton(tr("&Discard All"), QDialogButtonBox::DestructiveRole);
    buttons->addButton(tr("&Later"), QDialogButtonBox::RejectRole);
    restore->setDefault(true);
    m_list->setCurrentRow(0);
    connect(buttons, &QDialogButtonBox::clicked, this, [this, restore, discard](QAbstractButton *button) {
        m_choice = button == restore ? Choice::Restore : button == discard ? Choice::DiscardAll : Choice::Later;
        accept();
    });
    connect(m_list, &QListWidget::itemDoubleClicked, this, [this] {
        m_choice = Choice::Restore;
        accept();
    });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(text);
    layout->addWidget(m_list);
    layout->addWidget(buttons);
    resize(560, 420);
}

RecoveryEntry RecoveryDialog::selected() const
{
    const int row = m_list->currentRow();
    return row >= 0 && row < int(m_entries.size()) ? m_entries[size_t(row)] : RecoveryEntry();
}

} // namespace attnlab::ui
