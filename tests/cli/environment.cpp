// Every attnlab process these tests start sees the same neutral environment: an English
// locale and a settings folder of its own, so neither the machine's language nor a language
// chosen earlier in the GUI (remembered in the user's settings) changes what is printed.
#include <cstdlib>
#include <string>

namespace {

struct NeutralEnvironment {
    NeutralEnvironment()
    {
        setenv("LC_ALL", "C.UTF-8", 1);
        unsetenv("LANGUAGE");
        std::string dir = "/tmp/attnlab-cli-tests-XXXXXX";
        if (mkdtemp(dir.data()))
            setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
    }
};

const NeutralEnvironment kNeutralEnvironment;

} // namespace
