#pragma once

#include <QMainWindow>

class QLabel;

namespace attnlab::ui {

class Document;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(Document *document, QWidget *parent = nullptr);

private:
    void refresh();

    Document *m_document;
    QLabel *m_tokens;
};

} // namespace attnlab::ui
