#pragma once
// The offer at start-up: the scenes left behind by an instance that crashed or was killed,
// each with its title, original file, time and a thumbnail of its weights, to restore or
// discard. The window holds one scene: the selected one is restored, the others wait for the
// next start unless the user discards them all.

#include "ui/recovery/recoverystore.h"

#include <QDialog>

#include <vector>

class QListWidget;

namespace attnlab::ui {

class RecoveryDialog : public QDialog {
    Q_OBJECT
public:
    RecoveryDialog(const std::vector<RecoveryEntry> &entries, QWidget *parent = nullptr);

    enum class Choice { Later, Restore, DiscardAll };
    Choice choice() const { return m_choice; }
    // The entry to restore (with Choice::Restore).
    RecoveryEntry selected() const;

private:
    std::vector<RecoveryEntry> m_entries;
    QListWidget *m_list;
    Choice m_choice = Choice::Later;
};

} // namespace attnlab::ui
