#pragma once
// Writes the inspector's page for one selection: the derivation of the selected number as
// HTML, with the bars of a context mix drawn as images registered on the target document.

#include "core/scene/derivation.h"
#include "ui/document/document.h"

#include <QCoreApplication>
#include <QString>

class QTextDocument;

namespace attnlab::ui {

class InspectorPage {
    Q_DECLARE_TR_FUNCTIONS(InspectorPage)
public:
    // `target` receives the images the HTML refers to; it may be null (no bars then).
    InspectorPage(const core::Scene &scene, const core::Stages &stages, int head, QTextDocument *target);

    // The anchor on the selected key or column in a page that lists many, for scrolling to it.
    static constexpr const char *kSelectedAnchor = "selected";

    // The page for `selection`: a derivation, or a hint when nothing derivable is selected.
    QString html(const Selection &selection);

    // Numbers as the inspector prints them: three decimals, a true minus sign, scientific
    // notation for very large or very small magnitudes.
    static QString number(double value);

private:
    QString token(int row) const;
    // The label of key `index` (a column of scores and weights, a row of K, K_norm and V): a
    // source token under cross-attention (the scene's memory), else token(index).
    QString keyToken(int index) const;
    // `tokens[index]` escaped, with its index when the token repeats; "?" past the end.
    static QString label(const std::vector<std::string> &tokens, int index);
    QString header(const QString &title, const QString &where) const;
    QString dotTable(const core::DotTerms &terms, const QString &leftName, const QString &rightName,
        const QStringList &rowNames) const;
    // The sum written out; with a bias (`biasName` not empty) it is added last, labelled.
    QString sumLine(const core::DotTerms &terms, const QString &biasName = QString(), double bias = 0) const;
    QString bar(double fraction, const QColor &colour);

    QString embedding(int row, int column) const;
    QString memory(int row, int column) const;
    QString projection(core::Stage stage, int row, int column) const;
    QString rotation(core::Stage stage, int row, int column) const;
    QString score(int row, int column) const;
    QString softmax(int row, int column);
    QString mix(int row, int column);
    QString concat(int row, int column) const;
    QString output(int row, int column) const;
    // QK-norm, soft cap and sink (inspectorvariants.cpp).
    QString variant(core::Stage stage, int row, int column) const;

    const core::Scene &m_scene;
    const core::Stages &m_stages;
    int m_head;
    QTextDocument *m_target;
    int m_images = 0;
};

} // namespace attnlab::ui
