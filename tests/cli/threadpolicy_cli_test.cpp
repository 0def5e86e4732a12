// The binary sets its own OpenMP wait policy (issue 18): started without OMP_WAIT_POLICY or
// GOMP_SPINCOUNT, the OpenMP runtime it loads sees a spin count of 3,000 (idle workers spin that
// long, then sleep; not libgomp's 300,000, not PASSIVE's 0), while a user's own
// policy, spin count and thread count are kept. libgomp prints what it read at start-up when
// OMP_DISPLAY_ENV=VERBOSE, so these tests read the runtime's own view, not the environment.
#include "runattnlab.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using ProcessRun = attnlab::test::Run;
using attnlab::test::runAttnlab;

const std::string kClean = "env -u OMP_WAIT_POLICY -u GOMP_SPINCOUNT -u OMP_NUM_THREADS OMP_DISPLAY_ENV=VERBOSE";

bool has(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

TEST(ThreadPolicy, WithoutAPolicyTheRuntimeSeesAShortSpin)
{
    const ProcessRun run = runAttnlab("--version", {}, kClean);
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_TRUE(has(run.err, "GOMP_SPINCOUNT = '3000'")) << run.err;
    // The runtime starts once: the replaced process's runtime never ran.
    EXPECT_EQ(run.err.find("OPENMP DISPLAY ENVIRONMENT BEGIN"), run.err.rfind("OPENMP DISPLAY ENVIRONMENT BEGIN"));
}

TEST(ThreadPolicy, AUsersPolicyIsKept)
{
    const ProcessRun run = runAttnlab("--version", {}, kClean + " OMP_WAIT_POLICY=ACTIVE");
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_TRUE(has(run.err, "OMP_WAIT_POLICY = 'ACTIVE'")) << run.err;
    EXPECT_FALSE(has(run.err, "GOMP_SPINCOUNT = '3000'")) << run.err;
}

TEST(ThreadPolicy, AUsersSpinCountIsKept)
{
    const ProcessRun run = runAttnlab("--version", {}, kClean + " GOMP_SPINCOUNT=1234");
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_TRUE(has(run.err, "GOMP_SPINCOUNT = '1234'")) << run.err;
}

TEST(ThreadPolicy, AUsersThreadCountIsKeptBesideThePolicy)
{
    const ProcessRun run = runAttnlab("--version", {}, kClean + " OMP_NUM_THREADS=3");
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_TRUE(has(run.err, "OMP_NUM_THREADS = '3'")) << run.err;
    EXPECT_TRUE(has(run.err, "GOMP_SPINCOUNT = '3000'")) << run.err;
}

TEST(ThreadPolicy, ArgumentsAndInputReachTheRestartedProcess)
{
    const std::string args = "--dump -";
    const std::string scene = attnlab::test::readFile(ATTNLAB_SOURCE_DIR "/resources/examples/multi-head.attn.json");
    const ProcessRun restarted = runAttnlab(args, scene, "env -u OMP_WAIT_POLICY -u GOMP_SPINCOUNT");
    const ProcessRun direct = runAttnlab(args, scene, "env GOMP_SPINCOUNT=3000");
    EXPECT_EQ(restarted.code, direct.code);
    EXPECT_EQ(restarted.out, direct.out);
    EXPECT_EQ(restarted.err, direct.err);
    EXPECT_EQ(restarted.code, 0) << restarted.err;
    EXPECT_TRUE(has(restarted.out, "\"tokens\"")) << restarted.out;
}

} // namespace
