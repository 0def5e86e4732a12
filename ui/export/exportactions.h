#pragma once
// File → Export: the current card or the whole board as PNG (1×–4×), SVG or PDF, the current
// card's image on the clipboard, the current card's matrix as CSV or .npy, and the printed
// handout and worksheet (PDF).

#include "core/scene/pipeline.h"
#include "ui/export/exportformat.h"

#include <QList>
#include <QObject>

#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace attnlab::ui {

class Document;
class StepController;

class ExportActions : public QObject {
    Q_OBJECT
public:
    ExportActions(Document *document, StepController *steps, QWidget *window);

    QMenu *menu() const { return m_menu; }
    QAction *exportCardAction() const { return m_exportCard; }
    QAction *exportBoardAction() const { return m_exportBoard; }
    QAction *copyImageAction() const { return m_copyImage; }
    QAction *exportCsvAction() const { return m_exportCsv; }
    QAction *exportHandoutAction() const { return m_exportHandout; }
    QAction *exportWorksheetAction() const { return m_exportWorksheet; }

    // Without dialogs; the format follows the file name (.png, .svg, .pdf). `scale` is for PNG.
    bool exportImage(const QList<core::Stage> &stages, const QString &path, double scale, QString *error) const;
    bool exportMatrix(core::Stage stage, const QString &path, QString *error) const;
    void copyImage(core::Stage stage);

    // The colour map exported weights use (the one on screen).
    void setColorMap(const QString &name) { m_colorMap = name; }
    QString colorMap() const { return m_colorMap; }

    void retranslate();

Q_SIGNALS:
    void statusMessage(const QString &text);

private:
    void exportInteractive(const QList<core::Stage> &stages, const QString &baseName);
    void exportCsvInteractive();
    void exportHandoutInteractive();
    void exportWorksheetInteractive();
    // The stages the user wants left blank on a worksheet; empty when cancelled.
    QList<core::Stage> chooseWorksheetStages() const;
    // ExportDialog::savePath for the current scene.
    QString choosePath(const QString &baseName, ExportContent content) const;
    // Writes with `write` and reports the outcome in the status bar or a message box.
    void finish(const QString &path, const std::function<bool(QString *error)> &write);
    // The PNG scale the user picks (1×–4×), 0 when cancelled.
    double chooseScale() const;

    Document *m_document;
    StepController *m_steps;
    QWidget *m_window;
    QMenu *m_menu;
    QAction *m_exportCard;
    QAction *m_exportBoard;
    QAction *m_copyImage;
    QAction *m_exportCsv;
    QAction *m_exportHandout;
    QAction *m_exportWorksheet;
    QString m_colorMap = QStringLiteral("viridis");
};

} // namespace attnlab::ui
