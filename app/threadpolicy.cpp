// The binary's own OpenMP threading policy, so that an installed attnlab (or one started from a
// .deb's menu entry) runs as fast as one started by scripts/run used to.
//
// An idle OpenMP worker should spin only briefly, then sleep. libgomp's default (300,000 spins,
// about 3 ms) lets a worker that has nothing to do take a core away from the GUI thread and from
// OpenBLAS on a machine with few cores; no spinning at all (PASSIVE) makes every parallel region
// wake its workers through the kernel, and a decoding step of Qwen2.5-0.5B runs about 120 of them
// back to back (docs/performance.md). A spin count of 3,000 keeps the workers awake across those
// gaps and lets them sleep soon after a pass.
// libgomp reads GOMP_SPINCOUNT once, in its own ELF constructor, before main() runs, and has no
// API to change the policy afterwards. Setting the variable earlier does not work either: an
// executable's .preinit_array runs before every library's constructor, but also before libc's,
// which then resets the environment to the one the kernel passed. So when neither
// OMP_WAIT_POLICY nor GOMP_SPINCOUNT is set, the process replaces itself with the same program and
// arguments and that environment plus GOMP_SPINCOUNT=3000, from .preinit_array: no library
// has run any code yet, and the second start finds the variable set and goes on. A user's own
// policy, spin count or thread counts (OMP_NUM_THREADS, OPENBLAS_NUM_THREADS) are left as they are.
#include <alloca.h>
#include <unistd.h>

namespace {

constexpr char kPolicy[] = "GOMP_SPINCOUNT=3000";

bool startsWith(const char *text, const char *prefix)
{
    for (; *prefix; ++text, ++prefix)
        if (*text != *prefix)
            return false;
    return true;
}

// Runs before libc is initialised: only the arguments, the stack and system calls are used.
void reexecWithThreadPolicy(int, char **argv, char **envp)
{
    if (!envp)
        return;
    int count = 0;
    for (; envp[count]; ++count)
        if (startsWith(envp[count], "OMP_WAIT_POLICY=") || startsWith(envp[count], "GOMP_SPINCOUNT="))
            return;
    char **env = static_cast<char **>(alloca(sizeof(char *) * (count + 2)));
    for (int i = 0; i < count; ++i)
        env[i] = envp[i];
    env[count] = const_cast<char *>(kPolicy);
    env[count + 1] = nullptr;
    execve("/proc/self/exe", argv, env);
    // Only reached when /proc is not mounted: the process goes on with libgomp's default policy.
}

} // namespace

// Only an executable may have a .preinit_array; this file is compiled into attnlab itself.
__attribute__((section(".preinit_array"), used)) void (*const kReexecWithThreadPolicy)(int, char **, char **)
    = &reexecWithThreadPolicy;
