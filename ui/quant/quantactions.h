#pragma once
// Tools → Quantization… (Ctrl+Shift+Q), also on the model room's tool bar: opens the
// Quantization window on the model the room has open; Tools → Same Head, Several Files… opens
// the comparison of files (QuantCompareWindow) with that model first, on the room's text, layer
// and head. Enabled only while that model is a GGUF file, the only kind whose weights are stored
// quantized.

#include <QObject>

class QAction;
class QMenu;
class QWidget;

namespace attnlab::ui {

class ModelActions;
class QuantCompareWindow;
class QuantWindow;

class QuantActions : public QObject {
    Q_OBJECT
public:
    QuantActions(ModelActions *model, QMenu *tools, QWidget *window);

    QAction *action() const { return m_action; }
    // The window, created when first asked for.
    QuantWindow *view();
    // Opens the window on the room's model.
    void showView();
    QAction *compareAction() const { return m_compareAction; }
    // The comparison window, created when first asked for.
    QuantCompareWindow *compareView();
    // Opens it; when it holds no file yet, with the room's model, text, layer and head.
    void showCompareView();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    void refresh();

    ModelActions *m_model;
    QWidget *m_window;
    QAction *m_action;
    QAction *m_compareAction;
    QuantWindow *m_view = nullptr;
    QuantCompareWindow *m_compareView = nullptr;
};

} // namespace attnlab::ui
