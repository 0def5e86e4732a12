#pragma once
// The pieces the inspector's pages are built from: table cells tinted by their value, checked
// chains as HTML, and which keys a long softmax or mix table lists.

#include "core/text/chain.h"

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace attnlab::ui::inspectorhtml {

constexpr const char *tableOpen
    = "<table cellspacing=\"0\" cellpadding=\"3\" border=\"1\" style=\"border-collapse:collapse;\">";

QString escaped(const std::string &text);

// A light tint for a value: warm for positive, cool for negative, white for zero, so a row of
// numbers shows its pattern at a glance.
QString tint(double value, double scale);

double largestMagnitude(const std::vector<std::vector<double>> &rows);

// A chain printed through core::Chain (checked in tests), as HTML with the result in bold. A
// product never breaks across lines in the narrow dock: "0.200 ×" above "−0.710" misreads.
QString chain(const core::Chain &c);

// The printed terms of a table row's chain ("x × y = p"), one per cell: the row is checked in
// tests like every other chain.
QStringList rowTerms(const core::Chain &c);

// A right-aligned cell that never wraps, on `background` when given.
QString cell(const QString &text, const QString &background = QString(), bool bold = false);

// "r × θ = r × 0.000562 = 0.00112": θ and the angle with three significant digits, so a small θ
// at a large d_k never prints as 0.000.
QString angleChain(int position, double theta, double angle);

// The keys a softmax or mix table lists, in order: all of them up to a couple of dozen, else the
// largest weights, the last of them replaced by `selected` when it is not among them.
std::vector<size_t> listedKeys(const std::vector<double> &weights, int selected);

// Σ values[j] over the keys not in `listed` (sorted).
double sumOfOthers(const std::vector<double> &values, const std::vector<size_t> &listed);

} // namespace attnlab::ui::inspectorhtml
