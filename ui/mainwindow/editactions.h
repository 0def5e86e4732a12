#pragma once
// The Edit menu's Undo and Redo. Qt's createUndoAction() keeps the prefix ("Undo %1") in the
// language it was created in; these actions are retranslated, and they undo through the
// Document, so an edit that fails on the way back is rolled back and reported.

#include <QObject>

class QAction;

namespace attnlab::ui {

class Document;

class EditActions : public QObject {
    Q_OBJECT
public:
    EditActions(Document *document, QObject *parent);

    QAction *undoAction() const { return m_undo; }
    QAction *redoAction() const { return m_redo; }
    // "Undo" and "Redo" without the entry's text, for the list of shortcuts.
    static QString undoName();
    static QString redoName();
    // Re-applies the translated texts (after a language switch).
    void retranslate();

private:
    Document *m_document;
    QAction *m_undo;
    QAction *m_redo;
};

} // namespace attnlab::ui
