#include "ui/mainwindow.h"

#include "ui/document.h"

#include <QLabel>

namespace attnlab::ui {

MainWindow::MainWindow(Document *document, QWidget *parent)
    : QMainWindow(parent), m_document(document), m_tokens(new QLabel(this))
{
    setCentralWidget(m_tokens);
    m_tokens->setAlignment(Qt::AlignCenter);
    connect(m_document, &Document::sceneReset, this, &MainWindow::refresh);
    connect(m_document, &Document::sceneChanged, this, &MainWindow::refresh);
    refresh();
    resize(1280, 720);
}

void MainWindow::refresh()
{
    QStringList tokens;
    for (const std::string &t : m_document->scene().tokens)
        tokens << QString::fromStdString(t);
    m_tokens->setText(tokens.join(QStringLiteral(" | ")));
    setWindowTitle(QString::fromStdString(m_document->scene().title) + QStringLiteral(" — Attention Lab"));
}

} // namespace attnlab::ui
