#include "ui/export/exportactions.h"
#include "ui/export/handout.h"

#include "ui/board/stepcontroller.h"
#include "ui/document/document.h"
#include "ui/export/exportdialog.h"
#include "ui/export/exporter.h"
#include "ui/plot/stageinfo.h"
#include "ui/plot/stagelook.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QVBoxLayout>

namespace attnlab::ui {

namespace {
const QString kScaleKey = QStringLiteral("export/pngScale");
} // namespace

ExportActions::ExportActions(Document *document, StepController *steps, QWidget *window)
    : QObject(window)
    , m_document(document)
    , m_steps(steps)
    , m_window(window)
    , m_menu(new QMenu(window))
    , m_exportCard(new QAction(this))
    , m_exportBoard(new QAction(this))
    , m_copyImage(new QAction(this))
    , m_exportCsv(new QAction(this))
    , m_exportHandout(new QAction(this))
    , m_exportWorksheet(new QAction(this))
{
    m_exportCard->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportBoard->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_copyImage->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_exportCard->setIcon(QIcon::fromTheme(QStringLiteral("document-export")));
    m_copyImage->setIcon(QIcon::fromTheme(QStringLiteral("edit-copy")));
    m_menu->addAction(m_exportCard);
    m_menu->addAction(m_exportBoard);
    m_menu->addAction(m_copyImage);
    m_menu->addSeparator();
    m_menu->addAction(m_exportCsv);
    m_menu->addSeparator();
    m_menu->addAction(m_exportHandout);
    m_menu->addAction(m_exportWorksheet);
    m_menu->setToolTipsVisible(true);

    connect(m_exportCard, &QAction::triggered, this, [this] {
        const core::Stage stage = m_steps->currentStage();
        exportInteractive({stage}, QString::fromLatin1(core::stageName(stage)));
    });
    connect(m_exportBoard, &QAction::triggered, this,
        [this] { exportInteractive(m_steps->stages(), QStringLiteral("board")); });
    connect(m_copyImage, &QAction::triggered, this, [this] { copyImage(m_steps->currentStage()); });
    connect(m_exportCsv, &QAction::triggered, this, &ExportActions::exportCsvInteractive);
    connect(m_exportHandout, &QAction::triggered, this, &ExportActions::exportHandoutInteractive);
    connect(m_exportWorksheet, &QAction::triggered, this, &ExportActions::exportWorksheetInteractive);
    retranslate();
}

bool ExportActions::exportImage(
    const QList<core::Stage> &stages, const QString &path, double scale, QString *error) const
{
    ExportOptions options;
    options.scale = scale;
    options.colorMap = m_colorMap;
    return exportStages(*m_document, stages, m_document->currentHead(), options, path, error);
}

bool ExportActions::exportMatrix(core::Stage stage, const QString &path, QString *error) const
{
    return exportCsv(*m_document, stage, m_document->currentHead(), path, error);
}

void ExportActions::copyImage(core::Stage stage)
{
    ExportOptions options;
    options.colorMap = m_colorMap;
    const QImage image = renderStagesImage(*m_document, {stage}, m_document->currentHead(), options);
    QApplication::clipboard()->setImage(image);
    Q_EMIT statusMessage(tr("Copied the %1 card to the clipboard").arg(stageDisplayName(stage)));
}

void ExportActions::retranslate()
{
    m_menu->setTitle(tr("E&xport"));
    m_menu->setToolTip(tr("Images and tables for slides and handouts"));
    m_exportCard->setText(tr("Export Current &Card…"));
    m_exportCard->setToolTip(tr("Save the current card as %1 (Ctrl+E)").arg(exportFormatList(ExportContent::Picture)));
    m_exportBoard->setText(tr("Export Whole &Board…"));
    m_exportBoard->setToolTip(
        tr("Save every stage side by side as %1 (Ctrl+Shift+E)").arg(exportFormatList(ExportContent::Picture)));
    m_copyImage->setText(tr("C&opy Card Image"));
    m_copyImage->setToolTip(tr("Put an image of the current card on the clipboard (Ctrl+Shift+C)"));
    m_exportHandout->setText(tr("Export &Handout…"));
    m_exportHandout->setToolTip(tr("One PDF with the board and every stage's explanation, in the current language"));
    m_exportWorksheet->setText(tr("Export &Worksheet…"));
    m_exportWorksheet->setToolTip(tr("The hand calculation of this scene as a PDF exercise with blank tables, "
                                     "followed by an answer key"));
    m_exportCsv->setText(tr("Export &Matrix as CSV or NumPy…"));
    m_exportCsv->setToolTip(tr("Save the numbers of the current card as a CSV table or a NumPy .npy array"));
}

void ExportActions::exportInteractive(const QList<core::Stage> &stages, const QString &baseName)
{
    const QString path = choosePath(baseName, ExportContent::Picture);
    if (path.isEmpty())
        return;
    double scale = 1;
    if (exportFormatFor(path, ExportContent::Picture)->pixels) {
        scale = chooseScale();
        if (scale <= 0)
            return;
    }
    finish(path, [&](QString *error) { return exportImage(stages, path, scale, error); });
}

void ExportActions::exportCsvInteractive()
{
    const core::Stage stage = m_steps->currentStage();
    const QString path = choosePath(QString::fromLatin1(core::stageName(stage)), ExportContent::Matrix);
    if (!path.isEmpty())
        finish(path, [&](QString *error) { return exportMatrix(stage, path, error); });
}

void ExportActions::exportHandoutInteractive()
{
    const QString path = choosePath(tr("handout"), ExportContent::PrintedText);
    if (!path.isEmpty())
        finish(
            path, [&](QString *error) { return exportHandout(*m_document, m_document->currentHead(), path, error); });
}

QList<core::Stage> ExportActions::chooseWorksheetStages() const
{
    QDialog dialog(m_window);
    dialog.setWindowTitle(tr("Worksheet"));
    auto *layout = new QVBoxLayout(&dialog);
    auto *label = new QLabel(tr("Leave these stages blank for the class to fill in (Q, K and V are printed):"));
    label->setWordWrap(true);
    layout->addWidget(label);
    const QList<core::Stage> defaults = defaultWorksheetStages(*m_document);
    QList<QPair<core::Stage, QCheckBox *>> boxes;
    for (const StageLook &look : stageLooks()) {
        if (look.worksheet == WorksheetUse::None)
            continue;
        auto *box = new QCheckBox(stageDisplayName(look.stage));
        box->setChecked(defaults.contains(look.stage));
        layout->addWidget(box);
        boxes.append({look.stage, box});
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return {};
    QList<core::Stage> out;
    for (const auto &[stage, box] : boxes)
        if (box->isChecked())
            out << stage;
    return out;
}

void ExportActions::exportWorksheetInteractive()
{
    const QList<core::Stage> blanks = chooseWorksheetStages();
    if (blanks.isEmpty())
        return;
    const QString path = choosePath(tr("worksheet"), ExportContent::PrintedText);
    if (!path.isEmpty())
        finish(path, [&](QString *error) {
            return exportWorksheet(*m_document, m_document->currentHead(), blanks, path, error);
        });
}

QString ExportActions::choosePath(const QString &baseName, ExportContent content) const
{
    return ExportDialog::savePath(m_window, baseName, content, m_document->filePath());
}

void ExportActions::finish(const QString &path, const std::function<bool(QString *error)> &write)
{
    QString error;
    if (!write(&error)) {
        ExportDialog::showFailure(m_window, error);
        return;
    }
    Q_EMIT statusMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)));
}

double ExportActions::chooseScale() const
{
    const QStringList scales {tr("1× (screen)"), tr("2× (slides)"), tr("3×"), tr("4× (print)")};
    QSettings settings;
    const int current = std::clamp(settings.value(kScaleKey, 2).toInt(), 1, 4);
    bool ok = false;
    const QString picked
        = QInputDialog::getItem(m_window, tr("PNG Scale"), tr("Pixels per point:"), scales, current - 1, false, &ok);
    if (!ok)
        return 0;
    const int scale = int(scales.indexOf(picked)) + 1;
    settings.setValue(kScaleKey, scale);
    return scale;
}

} // namespace attnlab::ui
