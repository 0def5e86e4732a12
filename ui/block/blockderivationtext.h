#pragma once
// The inspector's words for one cell of the block board: the derivation of
// core/model/lens/blockderivation.h written out with the real numbers (the mean and variance or
// mean square, the division, the weight and bias; the activation's formula; the residual sum),
// as HTML in the current language.

#include "core/model/lens/blockderivation.h"

#include <QCoreApplication>
#include <QString>

namespace attnlab::ui {

class BlockDerivationText {
    Q_DECLARE_TR_FUNCTIONS(BlockDerivationText)
public:
    // `token` is the row's token as the board labels it.
    static QString html(const core::model::CellDerivation &derivation, const QString &token);
    // A number as the inspector prints it (six significant digits).
    static QString number(double value);
};

} // namespace attnlab::ui
