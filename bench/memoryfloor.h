#pragma once
// The memory floor of a decoding step: a step reads every weight once, so it cannot be faster
// than the checkpoint's bytes divided by the machine's read bandwidth, measured in the same run
// (core/engine/bandwidth, the measurement the model room's roofline meter shows).

#include "core/engine/bandwidth.h"
#include "core/engine/roofline.h"

namespace attnlab::bench {

// Read bandwidth in MB/s, measured once per process.
inline double readBandwidth()
{
    return core::engine::readBandwidth() / 1e6;
}

// The floor in milliseconds for a checkpoint of `bytes`.
inline double memoryFloorMs(double bytes)
{
    return core::engine::floorMs(bytes, core::engine::readBandwidth());
}

} // namespace attnlab::bench
