// The binary's own OpenMP threading policy, so that an installed attnlab (or one started from a
// .deb's menu entry) runs as fast as one started by scripts/run used to.
//
// Idle OpenMP workers should sleep instead of spinning: on a machine with few cores a spinning
// libgomp worker takes a core away from the GUI thread and from OpenBLAS (docs/performance.md).
// libgomp reads OMP_WAIT_POLICY once, in its own ELF constructor, before main() runs, and has no
// API to change the policy afterwards. Setting the variable earlier does not work either: an
// executable's .preinit_array runs before every library's constructor, but also before libc's,
// which then resets the environment to the one the kernel passed. So when neither
// OMP_WAIT_POLICY nor GOMP_SPINCOUNT is set, the process replaces itself with the same program and
// arguments and that environment plus OMP_WAIT_POLICY=PASSIVE, from .preinit_array: no library
// has run any code yet, and the second start finds the variable set and goes on. A user's own
// policy, spin count or thread counts (OMP_NUM_THREADS, OPENBLAS_NUM_THREADS) are left as they are.
#include <alloca.h>
#include <unistd.h>

namespace {

constexpr char kPolicy[] = "OMP_WAIT_POLICY=PASSIVE";

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
