#pragma once
// The model room's Logit Lens tab: a tokens × layers grid of what the model would predict if it
// stopped after each layer, the top token and its probability in every cell, coloured by that
// probability. Only the rows in view are computed — one product of (layers + 1) rows with the
// unembedding per token, on the session's worker with its progress and Cancel — so a text of
// 1,024 tokens costs what the screen shows, and scrolling computes the rest as it appears.

#include "ui/i18n/retranslating.h"

#include <QWidget>

class QLabel;
class QTableView;
class QTimer;

namespace attnlab::ui {

class LensModel;
class ModelSession;

class LensPanel : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit LensPanel(ModelSession *session, QWidget *parent = nullptr);

    LensModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QString message() const;
    // Starts computing the rows in view that are not computed yet; false when there are none, a
    // computation is under way, the panel is hidden or the session has no finished pass.
    bool fillVisible();
    bool isFilling() const { return m_filling; }

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void retranslate() override;
    void refresh();
    void refreshMessage();
    // Scrolls `row` into sight: in the grid, and in a scrolling page the panel sits in.
    void showRow(int row);
    void scheduleFill();

    ModelSession *m_session;
    LensModel *m_model;
    QLabel *m_heading;
    QLabel *m_explanation;
    QLabel *m_message;
    QTableView *m_view;
    QTimer *m_fillTimer;
    bool m_filling = false;
    // A new pass scrolls to its prediction row first: until then the rows in view are not the
    // ones to compute.
    bool m_scrollPending = false;
    bool m_scrollOwed = false; // the panel was hidden when a new pass should have scrolled it
    int m_epoch = 0; // counts the passes shown, so a late result of an older one is dropped
};

} // namespace attnlab::ui
