# Sourced by scripts/run and scripts/test: installs what is missing, then configures and
# builds a Release build in build/. Quick when nothing changed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${ATTNLAB_BUILD_DIR:-$ROOT/build}"

# Debian 12 packages the build, the tests and the app need.
PACKAGES=(
  cmake ninja-build g++ pkg-config ccache libpcre2-dev
  qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev qt6-qpa-plugins
  libqcustomplot-dev libeigen3-dev nlohmann-json3-dev libopenblas-openmp-dev
  libgtest-dev libbenchmark-dev clang-format libutf8proc-dev libsentencepiece-dev sentencepiece
  fonts-noto-cjk qt6-translations-l10n
  help2man locales librsvg2-bin poppler-utils dpkg-dev file desktop-file-utils appstream
  shared-mime-info libxml2-utils
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "attnlab: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# ccache's hits do not depend on where the clone lies, so a fresh clone in CI reuses them.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$ROOT}"
export CCACHE_NOHASHDIR=true

# Warnings are errors in every build these scripts make, so what is committed stays warning-free.
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTNLAB_WERROR=ON >/dev/null
fi
cmake --build "$BUILD_DIR" -j2
