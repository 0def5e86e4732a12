#pragma once
// The model's prediction: GPT-2's most likely next tokens after the sentence, BERT's most
// likely fillers for the first [MASK], each with the model's own probability as a bar. The main
// window puts the unembedding lesson's button on it (addLessonWidget), as on the block board.

#include "core/model/topk.h"
#include "ui/i18n/retranslating.h"

#include <QWidget>

#include <vector>

class QLabel;

namespace attnlab::ui {

class ModelSession;

class PredictionPanel : public Retranslating<QWidget> {
    Q_OBJECT
public:
    explicit PredictionPanel(ModelSession *session, QWidget *parent = nullptr);

    static constexpr int kTop = 10;
    const std::vector<core::model::TokenProbability> &entries() const { return m_entries; }
    QStringList entryTexts() const;
    // Why there is no prediction ("" when there is one).
    QString message() const;
    // After a change to the model (ModelSession::probabilitiesBeforeEdit): the top token and its
    // probability before and now, in one line; "" otherwise.
    QString comparison() const;
    // The same entries' probabilities before that change (empty without one).
    const std::vector<double> &probabilitiesBefore() const { return m_before; }
    // Puts `widget` (the unembedding lesson's button, which the main window makes: ui/model cannot
    // depend on ui/lessons) above the heading; the panel takes it.
    void addLessonWidget(QWidget *widget);
    // A probability as the panel shows it: "12.3 %", "0.0031 %" (never 0.0 % unless it is 0).
    static QString percentText(double probability);

private:
    void retranslate() override;
    void refresh();

    ModelSession *m_session;
    QLabel *m_heading;
    QLabel *m_message;
    QLabel *m_comparison;
    QWidget *m_rows;
    std::vector<core::model::TokenProbability> m_entries;
    QStringList m_texts;
    std::vector<double> m_before;
};

} // namespace attnlab::ui
