#pragma once
// The presentation view: one stage card at a time, large and high-contrast, following the step
// control, for projecting in a classroom. Clickers (Page Up / Page Down) and the arrow keys step.

#include "ui/i18n/retranslating.h"

#include <QWidget>

class QLabel;
class QVBoxLayout;

namespace attnlab::ui {

class Document;
class StageCard;
class StepController;

class PresentationView : public Retranslating<QWidget> {
    Q_OBJECT
public:
    PresentationView(Document *document, StepController *steps, QWidget *parent = nullptr);

    StageCard *card() const { return m_card; }
    void setZoom(double zoom);
    double zoom() const { return m_zoom; }
    void setSequentialMap(const QString &name);

protected:
private:
    void showCurrentStage();
    void refreshTexts();
    void retranslate() override { refreshTexts(); }
    void applyFonts();

    Document *m_document;
    StepController *m_steps;
    QLabel *m_sentence;
    QLabel *m_progress;
    QLabel *m_hint;
    QVBoxLayout *m_layout;
    StageCard *m_card = nullptr;
    double m_zoom = 1.0;
    QString m_sequentialMap = QStringLiteral("viridis");
};

} // namespace attnlab::ui
