#pragma once
// The Edit menu's Undo and Redo, for whichever room is in front: a QUndoGroup holds every
// document's undo stack, and the active one is the room's (setActiveDocument). Qt's
// createUndoAction() keeps the prefix ("Undo %1") in the language it was created in; these
// actions are retranslated, and they undo through the document, so a scene edit that fails on
// the way back is rolled back and reported.

#include <QList>
#include <QObject>

class QAction;
class QUndoGroup;

namespace attnlab::ui {

class DocumentBase;

class EditActions : public QObject {
    Q_OBJECT
public:
    // The first document is active at first.
    EditActions(const QList<DocumentBase *> &documents, QObject *parent);

    QAction *undoAction() const { return m_undo; }
    QAction *redoAction() const { return m_redo; }
    QUndoGroup *group() const { return m_group; }
    // The document whose history Undo and Redo move (Ctrl+Z, Ctrl+Shift+Z).
    DocumentBase *activeDocument() const;
    void setActiveDocument(DocumentBase *document);
    // "Undo" and "Redo" without the entry's text, for the list of shortcuts.
    static QString undoName();
    static QString redoName();
    // Re-applies the translated texts (after a language switch).
    void retranslate();

private:
    QUndoGroup *m_group;
    QAction *m_undo;
    QAction *m_redo;
};

} // namespace attnlab::ui
