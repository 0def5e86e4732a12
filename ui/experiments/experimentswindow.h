#pragma once
// The experiments window: "Why √d_k", "Temperature", "A/B comparison" and "FlashAttention" as tabs, each on the
// document that the main window shows. A window of its own so a teacher can put it on the
// projector beside the board.

#include "ui/i18n/retranslating.h"

#include <QWidget>

class QTabWidget;
class QPushButton;

namespace attnlab::ui {

class AbComparison;
class Document;
class FlashExperiment;
class SqrtDkExperiment;
class TemperatureExperiment;

class ExperimentsWindow : public Retranslating<QWidget> {
    Q_OBJECT
public:
    enum Tab { SqrtDkTab, TemperatureTab, AbTab, FlashTab };

    explicit ExperimentsWindow(Document *document, QWidget *parent = nullptr);

    void showTab(Tab tab);
    SqrtDkExperiment *sqrtDk() const { return m_sqrtDk; }
    TemperatureExperiment *temperature() const { return m_temperature; }
    AbComparison *abComparison() const { return m_ab; }
    FlashExperiment *flash() const { return m_flash; }
    QTabWidget *tabs() const { return m_tabs; }

protected:
private:
    // Exports the main chart of the current tab.
    void exportCurrent();
    void retranslate() override;

    QTabWidget *m_tabs;
    SqrtDkExperiment *m_sqrtDk;
    TemperatureExperiment *m_temperature;
    AbComparison *m_ab;
    FlashExperiment *m_flash;
    QPushButton *m_export;
    QPushButton *m_close;
};

} // namespace attnlab::ui
