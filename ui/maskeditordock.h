#pragma once
// A dock holding the mask editor.

#include <QDockWidget>

namespace attnlab::ui {

class Document;
class MaskEditor;

class MaskEditorDock : public QDockWidget {
    Q_OBJECT
public:
    explicit MaskEditorDock(Document *document, QWidget *parent = nullptr);

    MaskEditor *editor() const { return m_editor; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    MaskEditor *m_editor;
};

} // namespace attnlab::ui
