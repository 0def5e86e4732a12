// Time and peak memory of reading the hostile scene texts of tests/core/hostileinputs.h, one
// case per process so that each peak is its own: `attnlab_sceneio_bench CASE`, or with no
// argument the list of cases. scripts/bench-sceneio runs them all (docs/reliability.md).
#include "core/scene/sceneio.h"

#include "hostileinputs.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <string>

using namespace attnlab::core;
using namespace attnlab::test;

namespace {

long peakKiB()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

const std::map<std::string, std::function<std::string()>> &cases()
{
    static const std::map<std::string, std::function<std::string()>> all = {
        {"nesting-10MB", [] { return deepNesting(5'000'000); }},
        {"open-brackets-100MB", [] { return std::string(std::size_t(100) << 20, '['); }},
        {"open-brackets-at-limit", [] { return std::string(kMaxFileBytes, '['); }},
        {"embeddings-80000", [] { return manyEmbeddings(80'000); }},
        {"descriptions-40000", [] { return manyDescriptions(40'000); }},
        {"zeros-at-limit", [] { return flatZeros(kMaxFileBytes - 16); }},
        {"empty-objects-at-limit", [] { return manyObjects(kMaxFileBytes - 16); }},
        {"huge-integer", [] { return sceneWith("\"heads\": 18446744073709551615,"); }},
    };
    return all;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2 || !cases().count(argv[1])) {
        for (const auto &c : cases())
            std::printf("%s\n", c.first.c_str());
        return argc == 1 ? 0 : 2;
    }
    const std::string text = cases().at(argv[1])();
    const long before = peakKiB();
    const auto start = std::chrono::steady_clock::now();
    const LoadResult r = parseScene(text);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const long after = peakKiB();
    // The text itself is the caller's; what the reader adds is the growth of the peak.
    std::printf("%-24s %7.2f MiB  %8.0f ms  +%6ld MiB peak  %s\n", argv[1], text.size() / 1048576.0, ms,
        (after - before) / 1024,
        r.ok() ? "accepted" : ("refused: " + r.problems[0].message.english().substr(0, 60)).c_str());
    return 0;
}
