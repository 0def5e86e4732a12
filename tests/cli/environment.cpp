// Every attnlab process these tests start sees the same neutral environment: an English
// locale and a settings folder of its own, so neither the machine's language nor a language
// chosen earlier in the GUI (remembered in the user's settings) changes what is printed.
#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace {

struct NeutralEnvironment {
    NeutralEnvironment()
    {
        setenv("LC_ALL", "C.UTF-8", 1);
        unsetenv("LANGUAGE");
        std::string dir = "/tmp/attnlab-cli-tests-XXXXXX";
        if (mkdtemp(dir.data())) {
            setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
            m_dir = dir;
        }
    }
    // Each test runs in a process of its own (gtest_discover_tests): its settings folder goes
    // with it, instead of thousands of empty folders piling up in /tmp.
    ~NeutralEnvironment()
    {
        std::error_code ignored;
        if (!m_dir.empty())
            std::filesystem::remove_all(m_dir, ignored);
    }

private:
    std::string m_dir;
};

const NeutralEnvironment kNeutralEnvironment;

} // namespace
