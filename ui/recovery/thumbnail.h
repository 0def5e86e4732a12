#pragma once
// A small picture of a head's attention weights for the recovery offer: one pixel per cell
// (sampled down for long sequences) in viridis, scaled up without smoothing.

#include "core/scene/pipeline.h"

#include <QImage>

namespace attnlab::ui {

QImage weightsThumbnail(const core::Stages &stages, int head, int size = 96);

} // namespace attnlab::ui
