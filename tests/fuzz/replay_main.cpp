// Replays files through a fuzz target's LLVMFuzzerTestOneInput with an ordinary compiler, so the
// default test run checks every committed corpus input and every input that ever crashed.
// Arguments: files or folders (their files, recursively). A crash fails the test by itself; an
// exception that escapes is reported here.
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

int main(int argc, char **argv)
{
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    for (int i = 1; i < argc; ++i) {
        if (fs::is_directory(argv[i])) {
            for (const auto &entry : fs::recursive_directory_iterator(argv[i]))
                if (entry.is_regular_file() && entry.path().filename() != ".gitkeep")
                    files.push_back(entry.path());
        } else {
            files.emplace_back(argv[i]);
        }
    }
    int failures = 0;
    for (const fs::path &file : files) {
        std::ifstream in(file, std::ios::binary);
        const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        try {
            LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t *>(data.data()), data.size());
        } catch (const std::exception &e) {
            std::fprintf(stderr, "%s: exception escaped: %s\n", file.c_str(), e.what());
            ++failures;
        } catch (...) {
            std::fprintf(stderr, "%s: unknown exception escaped\n", file.c_str());
            ++failures;
        }
    }
    std::printf("%zu inputs replayed, %d failed\n", files.size(), failures);
    return failures == 0 && !files.empty() ? 0 : 1;
}
