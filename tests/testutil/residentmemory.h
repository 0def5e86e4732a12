#pragma once
// The process's resident memory, from /proc/self/status (Linux), for the checks and benchmarks
// that hold the app's memory on long sentences.

#include <fstream>
#include <string>

namespace attnlab::test {

// A "VmRSS" (resident now) or "VmHWM" (the peak so far) line of /proc/self/status, in MiB;
// −1 where there is none.
inline double residentMiB(const std::string &field = "VmRSS")
{
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key) {
        if (key == field + ":") {
            double kib = -1;
            status >> kib;
            return kib / 1024.0;
        }
        std::getline(status, key);
    }
    return -1;
}

} // namespace attnlab::test
