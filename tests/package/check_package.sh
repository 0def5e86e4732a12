#!/usr/bin/env bash
# Builds the .deb from a finished build tree, unpacks it into a temporary root (dpkg -x, no root
# rights needed) and checks what a user gets: the installed binary runs on an installed example,
# the launcher, metainfo and MIME type validate and agree with each other, icons and man pages
# are there. Usage: check_package.sh BUILD_DIR BUILT_ATTNLAB APP_ID VERSION
set -euo pipefail

BUILD_DIR=$1
BUILT_EXE=$2
APP_ID=$3
VERSION=$4
MIME=application/x-attnlab-scene

WORK=$(mktemp -d "${TMPDIR:-/tmp}/attnlab-package.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export QT_QPA_PLATFORM=offscreen
# The installed binary must not find its way back to the build tree's settings or files.
export HOME=$WORK/home XDG_CONFIG_HOME=$WORK/home/.config XDG_DATA_HOME=$WORK/home/.local/share
mkdir -p "$HOME"

failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
# A here-string, not a pipe: under pipefail, grep -q closing the pipe early fails the producer.
contains() { grep -qF -- "$2" <<<"$1"; }
need() { command -v "$1" >/dev/null || { echo "FAIL: $1 is missing (scripts/setup.sh installs it)" >&2; exit 1; }; }
for tool in cpack dpkg-deb desktop-file-validate appstreamcli xmllint update-mime-database file; do need "$tool"; done

# --- build and unpack ------------------------------------------------------------------------
cpack --config "$BUILD_DIR/CPackConfig.cmake" -G DEB -B "$WORK/pkg" >"$WORK/cpack.log" 2>&1 ||
  { cat "$WORK/cpack.log" >&2; echo "FAIL: cpack" >&2; exit 1; }
debs=("$WORK"/pkg/attnlab_"$VERSION"_*.deb)
[ -f "${debs[0]}" ] || { ls -R "$WORK/pkg" >&2; echo "FAIL: no attnlab_${VERSION}_*.deb" >&2; exit 1; }
DEB=${debs[0]}
echo "built $(basename "$DEB") ($(stat -c %s "$DEB") bytes)"

field() { dpkg-deb -f "$DEB" "$1"; }
[ "$(field Package)" = attnlab ] || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$VERSION" ] || fail "Version is '$(field Version)', project says $VERSION"
[ "$(field Section)" = science ] || fail "Section is '$(field Section)'"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
contains "$(field Description)" "self-attention" || fail "Description does not describe the app"
# dpkg-shlibdeps found the libraries the binary links to; a hand-typed list would not track them.
depends=$(field Depends)
echo "Depends: $depends"
for lib in libqt6widgets6 libqt6gui6 libqt6core6 libqt6svg6 libc6 libstdc++6; do
  grep -q "\b$lib\b" <<<"$depends" || fail "Depends lacks $lib (dpkg-shlibdeps did not run?)"
done

ROOT=$WORK/root
dpkg -x "$DEB" "$ROOT"
USR=$ROOT/usr
SHARE=$USR/share
EXE=$USR/bin/attnlab

# --- files -----------------------------------------------------------------------------------
for f in "$EXE" \
  "$SHARE/applications/$APP_ID.desktop" \
  "$SHARE/metainfo/$APP_ID.metainfo.xml" \
  "$SHARE/mime/packages/$APP_ID.xml" \
  "$SHARE/icons/hicolor/scalable/apps/$APP_ID.svg" \
  "$SHARE/icons/hicolor/scalable/mimetypes/application-x-attnlab-scene.svg" \
  "$SHARE/man/man1/attnlab.1.gz" \
  "$SHARE/man/zh_CN/man1/attnlab.1.gz" \
  "$SHARE/doc/attnlab/copyright" \
  "$SHARE/attnlab/examples/cat-eats-fish.attn.json"; do
  [ -s "$f" ] || fail "missing or empty: ${f#"$ROOT"}"
done
[ -x "$EXE" ] || fail "usr/bin/attnlab is not executable"
for size in 16 22 24 32 48 64 128 256; do
  for icon in "apps/$APP_ID" "mimetypes/application-x-attnlab-scene"; do
    png=$SHARE/icons/hicolor/${size}x${size}/$icon.png
    contains "$(file "$png")" "PNG image data, $size x $size" || fail "${png#"$ROOT"} is not a ${size}x${size} PNG"
  done
done
n_src=$(find "$(dirname "$0")/../../resources/examples" -name '*.attn.json' | wc -l)
n_inst=$(find "$SHARE/attnlab/examples" -name '*.attn.json' | wc -l)
[ "$n_src" -eq "$n_inst" ] || fail "$n_inst examples installed, $n_src in resources/examples"

# --- the installed binary on an installed example ---------------------------------------------
EXAMPLE=$SHARE/attnlab/examples/cat-eats-fish.attn.json
[ "$("$EXE" --version)" = "attnlab $VERSION" ] || fail "--version: $("$EXE" --version 2>&1)"
if "$EXE" --dump "$EXAMPLE" >"$WORK/installed.json" 2>"$WORK/dump.err"; then
  grep -q '"weights"' "$WORK/installed.json" || fail "--dump has no weights"
  grep -q '猫' "$WORK/installed.json" || fail "--dump lacks the token 猫"
  # Same numbers as the build tree's binary: the package ships the program that was tested.
  "$BUILT_EXE" --dump "$EXAMPLE" >"$WORK/built.json"
  cmp -s "$WORK/installed.json" "$WORK/built.json" || fail "installed and built --dump differ"
else
  fail "--dump exited $?: $(cat "$WORK/dump.err")"
fi
if "$EXE" --export weights --out "$WORK/x.png" "$EXAMPLE" 2>"$WORK/export.err"; then
  contains "$(file "$WORK/x.png")" "PNG image data" || fail "--export wrote no PNG: $(file "$WORK/x.png")"
  [ "$(stat -c %s "$WORK/x.png")" -gt 2000 ] || fail "--export PNG is suspiciously small"
else
  fail "--export exited $?: $(cat "$WORK/export.err")"
fi
# The translations are compiled into the binary: the installed one speaks Chinese on its own.
contains "$("$EXE" --lang zh_CN --help)" "逐步演示自注意力" || fail "installed --lang zh_CN --help is not Chinese"

# --- launcher, metainfo, MIME type -------------------------------------------------------------
DESKTOP=$SHARE/applications/$APP_ID.desktop
# Hints pass (Education and Science are both main categories, as the issue asks); errors and
# warnings fail.
out=$(desktop-file-validate "$DESKTOP" 2>&1) && ! grep -Eq "error|warning" <<<"$out" ||
  fail "desktop-file-validate: $out"
key() { grep -m1 "^$1=" "$DESKTOP" | cut -d= -f2-; }
[ "$(key Exec)" = "attnlab %f" ] || fail "Exec is '$(key Exec)'"
[ "$(key Icon)" = "$APP_ID" ] || fail "Icon is '$(key Icon)'"
contains "$(key MimeType)" "$MIME;" || fail "MimeType lacks $MIME"
contains "$(key Categories)" "Education;Science;" || fail "Categories: $(key Categories)"
grep -q '^Name\[zh_CN\]=' "$DESKTOP" || fail "no Name[zh_CN]"
grep -q '^Comment\[zh_CN\]=' "$DESKTOP" || fail "no Comment[zh_CN]"

METAINFO=$SHARE/metainfo/$APP_ID.metainfo.xml
# Not --pedantic: its one note is the upper-case letters of the reverse-DNS id, kept on purpose
# (the desktop file, icon and D-Bus style names all use it).
out=$(appstreamcli validate --no-net "$METAINFO" 2>&1) && ! grep -Eq "^[EWI]:" <<<"$out" ||
  fail "appstreamcli validate: $out"
# The tree check also looks for the launcher the metainfo names.
out=$(appstreamcli validate-tree --no-net "$ROOT" 2>&1) && ! grep -Eq "^ *[EWI]:" <<<"$out" ||
  fail "appstreamcli validate-tree: $out"
grep -q "<launchable type=\"desktop-id\">$APP_ID.desktop</launchable>" "$METAINFO" ||
  fail "metainfo launchable does not name $APP_ID.desktop"
grep -q "<release version=\"$VERSION\"" "$METAINFO" || fail "metainfo has no release $VERSION"
grep -q '<p xml:lang="zh_CN">' "$METAINFO" || fail "metainfo description has no zh_CN text"
grep -q "<mediatype>$MIME</mediatype>" "$METAINFO" || fail "metainfo does not provide $MIME"
# Every screenshot names an image that exists in docs/images/.
docs=$(dirname "$0")/../../docs
for img in $(grep -o 'docs/[^<]*\.png' "$METAINFO"); do
  [ -f "$docs/${img#docs/}" ] || fail "metainfo screenshot $img is not in docs/images/"
done

MIMEXML=$SHARE/mime/packages/$APP_ID.xml
xmllint --noout "$MIMEXML" || fail "xmllint: $MIMEXML"
# Build a MIME database from the system's types plus ours: *.attn.json must map to the scene
# type, above application/json's *.json.
mkdir -p "$WORK/mime/mime/packages"
cp /usr/share/mime/packages/freedesktop.org.xml "$MIMEXML" "$WORK/mime/mime/packages/"
update-mime-database "$WORK/mime/mime" 2>"$WORK/mime.err" || fail "update-mime-database: $(cat "$WORK/mime.err")"
# It prints a note that the temporary folder is not on XDG_DATA_DIRS; anything else is a complaint.
complaints=$(grep -v -e "not in the search path" -e "XDG_DATA" -e "environment variables" \
  -e "applications may not" -e "be able to find" -e "directories currently" -e "^- " -e "^$" \
  "$WORK/mime.err" || true)
[ -z "$complaints" ] || fail "update-mime-database complained: $complaints"
globs=$WORK/mime/mime/globs2
grep -q "^\([0-9]*\):$MIME:\*\.attn\.json$" "$globs" || fail "no *.attn.json glob in globs2"
ours=$(grep ":$MIME:\*\.attn\.json$" "$globs" | cut -d: -f1 || true)
json=$(grep ":application/json:\*\.json$" "$globs" | cut -d: -f1 || true)
[ "${ours:-0}" -gt "${json:-100}" ] || fail "glob weight $ours does not beat application/json's $json"
grep -q "^$MIME:application-x-attnlab-scene$" "$WORK/mime/mime/icons" || fail "the scene type has no own icon"

# --- man pages ----------------------------------------------------------------------------------
zcat "$SHARE/man/man1/attnlab.1.gz" >"$WORK/en.1"
zcat "$SHARE/man/zh_CN/man1/attnlab.1.gz" >"$WORK/zh.1"
grep -q '^\.SH NAME' "$WORK/en.1" || fail "English man page has no NAME"
grep -q 'dump' "$WORK/en.1" || fail "English man page does not list --dump"
grep -q "$VERSION" "$WORK/en.1" || fail "English man page lacks the version"
grep -q '^\.SH 名称' "$WORK/zh.1" || fail "Chinese man page has no 名称 section"
grep -q '^\.SH 选项' "$WORK/zh.1" || fail "Chinese man page has no 选项 section"
grep -q '逐步演示自注意力' "$WORK/zh.1" || fail "Chinese man page text is not Chinese"
if command -v man >/dev/null; then
  # groff renders both; the English page without a single warning. (Long Chinese lines have no
  # spaces to stretch, so groff's "cannot adjust line" is expected there and not checked.)
  LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$WORK/en.1" 2>"$WORK/man.err" >/dev/null ||
    fail "man -l (English) failed: $(cat "$WORK/man.err")"
  if [ -s "$WORK/man.err" ]; then fail "man (English): $(cat "$WORK/man.err")"; fi
  contains "$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$WORK/zh.1" 2>"$WORK/man.err")" "名称" ||
    fail "man -l (Chinese) failed: $(cat "$WORK/man.err")"
fi

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "package ok: $(basename "$DEB")"
