#pragma once
// Sizes in bytes as every view of the app writes them (issue 36): binary units (KiB, MiB, GiB:
// powers of 1,024, as memory is counted), in the interface language's digits. Below 1 KiB a size
// is its count of bytes and nothing more: "192 bytes", never "192 bytes (192 bytes)".

#include <QString>

#include <cstdint>

namespace attnlab::ui {

// "8.3 KiB", "1.2 GiB": rounded to one decimal; "192 bytes" below 1 KiB.
QString sizeText(std::int64_t bytes);

// The exact count, then the rounded size where it says something the count does not:
// "8,448 bytes (8.3 KiB)", but "192 bytes" below 1 KiB.
QString exactSizeText(std::int64_t bytes);

} // namespace attnlab::ui
