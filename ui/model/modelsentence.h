#pragma once
// The sentence for the model: typed text, tokenized exactly as the model's tokenizer does, shown
// as chips with their ids (display text: ␣ for a leading space, ‹e6 b2› for partial bytes).
// Enter or a short pause in typing runs the model on it.

#include "ui/i18n/retranslating.h"

#include <QTimer>
#include <QWidget>

#include <vector>

class QHBoxLayout;
class QLabel;
class QLineEdit;

namespace attnlab::ui {

class ModelSession;

class ModelSentence : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit ModelSentence(ModelSession *session, QWidget *parent = nullptr);

    QLineEdit *edit() const { return m_edit; }
    // Sends the typed text to the session now.
    void commit();
    // "id: text" of every chip.
    QStringList chipTexts() const { return m_chipTexts; }
    // The error under the field (a refused text), empty when none.
    QString message() const;

    // The typing pause that runs the model, as the token bar's: a run that a newer text makes
    // pointless is cancelled, so a short pause costs nothing.
    static constexpr int kCommitDelayMs = 300;

private:
    void retranslate() override;
    void showChips();

    ModelSession *m_session;
    QLabel *m_label;
    QLineEdit *m_edit;
    QWidget *m_chipBox;
    QHBoxLayout *m_chipLayout;
    QLabel *m_message;
    QStringList m_chipTexts;
    std::vector<int> m_chipIds; // the ids of the chips shown, in order
    QLabel *m_more = nullptr; // "… and N more" past kMostChips
    static constexpr int kMostChips = 200;
    QTimer m_timer;
};

} // namespace attnlab::ui
