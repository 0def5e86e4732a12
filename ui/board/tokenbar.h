#pragma once
// The sentence line: the user types text, picks how it is cut into tokens, and sees the tokens
// as numbered chips. A committed edit (Enter, leaving the field, or a short pause in typing)
// becomes one undo step on the Document.

#include "ui/board/tokenizer.h"
#include "ui/i18n/retranslating.h"

#include <QTimer>
#include <QWidget>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QScrollArea;

namespace attnlab::ui {

class Document;

class TokenBar : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit TokenBar(Document *document, QWidget *parent = nullptr);
    ~TokenBar() override;

    QString text() const;
    // Sets the sentence as if typed, without committing it.
    void setText(const QString &text);
    TokenizerMode mode() const;
    void setMode(TokenizerMode mode);
    QString separator() const;
    // Tokenizes the current text and, when it differs from the scene and makes a valid scene,
    // pushes it as one undo step. Returns false (and shows why) when it was refused.
    bool commit();
    // The tokens the chips show.
    QStringList chipTexts() const;
    QString message() const;

    // How long typing may pause before the sentence is tokenized and committed.
    static constexpr int kCommitDelayMs = 300;
    // Whether typed text waits for that pause.
    bool isCommitPending() const { return m_commitTimer.isActive(); }

private:
    // Enter or leaving the field: commits, or gives an emptied field the scene's sentence back.
    void finishEditing();
    void retranslate() override;
    void syncFromScene();
    // Read-only (with the reason as tooltip) for a head taken from a real model.
    void updateEditability();
    void showChips(const QStringList &tokens, bool pending);
    void showMessage(const QString &text);
    void updateSeparatorVisibility();

    Document *m_document;
    QLineEdit *m_edit;
    QComboBox *m_mode;
    QLineEdit *m_separator;
    QLabel *m_separatorLabel;
    QLabel *m_sentenceLabel;
    QScrollArea *m_scroll;
    QWidget *m_chipBox;
    QHBoxLayout *m_chipLayout;
    QLabel *m_message;
    QStringList m_chips;
    bool m_chipsPending = false;
    QTimer m_commitTimer;
};

} // namespace attnlab::ui
