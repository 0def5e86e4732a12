#pragma once
// What every document of the app has, whichever room shows it (the scene room's Document, the
// model room's ModelSession): the file or folder it came from, the undo stack whose clean state
// is the modified flag, and undo/redo. The main window's QUndoGroup holds one stack per
// document, so the Edit menu and Ctrl+Z follow the room in front (EditActions).

#include <QObject>
#include <QString>

class QUndoStack;

namespace attnlab::ui {

class DocumentBase : public QObject {
    Q_OBJECT
public:
    explicit DocumentBase(QObject *parent = nullptr);
    ~DocumentBase() override;

    // Owned by the document. Its entries follow a language switch (CommandTranslator).
    QUndoStack *undoStack() const { return m_undoStack; }

    // The scene file, or the model's folder; empty when there is none.
    QString filePath() const { return m_filePath; }
    void setFilePath(const QString &path);

    // Unsaved edits: the undo stack is away from its clean state.
    bool isModified() const;
    // Marks the current state as saved.
    void setClean();

    // Undo and redo the last history entry. A document whose edits can fail on the way back
    // (the Document) overrides these to roll back and report.
    virtual void undo();
    virtual void redo();

    // The document whose undo stack `stack` is (null for any other stack).
    static DocumentBase *ofStack(const QUndoStack *stack);

Q_SIGNALS:
    void modifiedChanged(bool modified);
    void filePathChanged(const QString &path);

private:
    QUndoStack *m_undoStack;
    QString m_filePath;
};

} // namespace attnlab::ui
