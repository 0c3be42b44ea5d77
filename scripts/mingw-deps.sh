#!/usr/bin/env bash
# Cross-builds jansson and CMocka for x86_64-w64-mingw32 from Debian's own
# source packages, as static libraries, into a prefix that the Windows build
# finds as a vcpkg user's build finds its packages (docs/windows.md):
#
#   cmake -S . -B out/mingw64 --toolchain cmake/toolchain-mingw64.cmake \
#         -DCMAKE_PREFIX_PATH=$PWD/out/mingw-deps/x86_64-w64-mingw32
#
# usage: scripts/mingw-deps.sh [DIR]       (scripts/install-deps.sh test runs it)
#   DIR  default out/mingw-deps under the repository (git ignores out/):
#          DIR/src/                  what `apt-get source` downloads and unpacks
#          DIR/build/{jansson,cmocka}  their CMake build trees and logs
#          DIR/x86_64-w64-mingw32/   the prefix: include/, lib/libjansson.a,
#                                    lib/libcmocka-static.a, lib/pkgconfig/,
#                                    lib/cmake/{jansson,cmocka}/
#
# The versions are those of the installed libjansson-dev and libcmocka-dev
# (the Linux build's), so both builds use the same jansson and CMocka. The
# prefix is built once: DIR/x86_64-w64-mingw32/mockd3d12-deps.stamp names the
# versions and this script's recipe, and a run that finds it up to date does
# nothing. Needs mingw-w64, cmake, dpkg-dev and a deb-src entry for the
# configured Debian mirror, which it adds (as root, or through sudo) if apt has
# none: /etc/apt/sources.list.d/mockd3d12-deb-src.sources, the same URIs,
# suites, components and Signed-By as the configured entries that serve
# libjansson-dev and libcmocka-dev (apt-cache madison says which).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dir=${1:-$root/out/mingw-deps}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
triple=x86_64-w64-mingw32
prefix=$dir/$triple
stamp=$prefix/mockd3d12-deps.stamp
recipe=1 # bump when the build options below change
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
say() { echo "mingw-deps: $*" >&2; }

for tool in $triple-gcc cmake dpkg-source; do
  command -v "$tool" >/dev/null || { say "$tool is missing (scripts/install-deps.sh test installs it)"; exit 1; }
done

# The source packages of the installed development packages, at their versions.
declare -A version
for dev in libjansson-dev libcmocka-dev; do
  line=$(dpkg-query -W -f='${Status}|${source:Package}|${source:Version}' "$dev" 2>/dev/null || true)
  case $line in
    "install ok installed|"*) ;;
    *) say "$dev is not installed (scripts/install-deps.sh test installs it)"; exit 1 ;;
  esac
  IFS='|' read -r _ pkg ver <<<"$line"
  version[$pkg]=$ver
done
want=$(printf 'recipe %s\njansson %s\ncmocka %s\n' "$recipe" "${version[jansson]}" "${version[cmocka]}")
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] \
   && [ -f "$prefix/lib/cmake/jansson/janssonConfig.cmake" ] && [ -f "$prefix/lib/cmake/cmocka/cmocka-config.cmake" ]; then
  exit 0
fi
say "building jansson ${version[jansson]} and cmocka ${version[cmocka]} for $triple in $prefix"
start=$SECONDS

# A deb-src entry for the mirror that serves the binary packages, unless apt
# already has deb-src entries. Prints the file it wrote, if any.
add_deb_src() {
  python3 - "$@" <<'PY'
import glob, os, re, subprocess, sys

def one_line(path):
    """sources.list format: type [options] uri suite [component...]"""
    entries = []
    for raw in open(path, encoding="utf-8", errors="replace"):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.match(r"(\S+)\s+(?:\[([^\]]*)\]\s+)?(\S+)\s+(\S+)\s*(.*)$", line)
        if not m:
            continue
        opts = dict(o.split("=", 1) for o in (m.group(2) or "").split() if "=" in o)
        entries.append({"types": [m.group(1)], "uris": [m.group(3)], "suites": [m.group(4)],
                        "components": m.group(5).split(), "signed-by": opts.get("signed-by", ""),
                        "enabled": "yes"})
    return entries

def deb822(path):
    """.sources format: paragraphs of Field: value, continuation lines indented"""
    entries, fields, key = [], {}, None
    for raw in open(path, encoding="utf-8", errors="replace").read().splitlines() + [""]:
        if raw.startswith("#"):
            continue
        if not raw.strip():
            if fields:
                entries.append({"types": fields.get("types", "").split(), "uris": fields.get("uris", "").split(),
                                "suites": fields.get("suites", "").split(),
                                "components": fields.get("components", "").split(),
                                "signed-by": fields.get("signed-by", "").strip(),
                                "enabled": fields.get("enabled", "yes").strip().lower()})
            fields, key = {}, None
        elif raw[0] in " \t" and key:
            fields[key] += "\n" + raw.strip()
        elif ":" in raw:
            key, value = raw.split(":", 1)
            key = key.strip().lower()
            fields[key] = value.strip()
    return entries

entries = []
paths = ["/etc/apt/sources.list"] + sorted(glob.glob("/etc/apt/sources.list.d/*.list"))
for path in paths:
    if os.path.isfile(path):
        entries += one_line(path)
for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
    entries += deb822(path)
entries = [e for e in entries if e["enabled"] != "no"]
if any("deb-src" in e["types"] for e in entries):
    sys.exit(0)

# Which configured URI and suite serve the development packages, by apt's own
# account: "libjansson-dev | 2.14-2 | http://deb.debian.org/debian bookworm/main amd64 Packages".
served = set()
out = subprocess.run(["apt-cache", "madison"] + sys.argv[1:], capture_output=True, text=True).stdout
for line in out.splitlines():
    parts = [p.strip() for p in line.split("|")]
    if len(parts) == 3 and parts[2].endswith("Packages"):
        words = parts[2].split()
        if len(words) >= 2 and "/" in words[1]:
            served.add((words[0].rstrip("/"), words[1].rsplit("/", 1)[0]))
stanzas = []
for e in entries:
    if "deb" not in e["types"]:
        continue
    for uri in e["uris"]:
        suites = [s for s in e["suites"] if (uri.rstrip("/"), s) in served]
        if suites:
            stanza = ["Types: deb-src", "URIs: " + uri, "Suites: " + " ".join(suites),
                      "Components: " + " ".join(e["components"])]
            if e["signed-by"]:
                # A path, or an inline key (continuation lines, indented again).
                lines = e["signed-by"].split("\n")
                stanza.append("Signed-By: " + lines[0])
                stanza += [" " + (l if l else ".") for l in lines[1:]]
            stanzas.append("\n".join(stanza))
if not stanzas:
    sys.exit("no configured apt source serves " + " ".join(sys.argv[1:]) + " (apt-cache madison)")
target = "/etc/apt/sources.list.d/mockd3d12-deb-src.sources"
text = ("# Added by mockd3d12's scripts/mingw-deps.sh: the sources of the configured\n"
        "# Debian mirror, for `apt-get source jansson cmocka`.\n" + "\n\n".join(stanzas) + "\n")
print(target)
print(text, end="")
PY
}

apt_updated=0
if ! apt-cache madison libjansson-dev | grep -q Packages; then
  $sudo apt-get update -qq
  apt_updated=1
fi
deb_src=$(add_deb_src libjansson-dev libcmocka-dev)
if [ -n "$deb_src" ]; then
  file=$(head -n 1 <<<"$deb_src")
  say "adding a deb-src entry for the configured mirror: $file"
  tail -n +2 <<<"$deb_src" | $sudo tee "$file" >/dev/null
  $sudo apt-get update -qq
  apt_updated=1
fi

# The sources, unpacked with Debian's patches applied (dpkg-source -x).
rm -rf "$dir/src" "$dir/build" "$prefix"
mkdir -p "$dir/src" "$dir/build"
fetch() {
  (cd "$dir/src" && apt-get source -q "jansson=${version[jansson]}" "cmocka=${version[cmocka]}") \
    >"$dir/build/apt-get-source.log" 2>&1
}
if ! fetch; then
  if [ "$apt_updated" -eq 1 ] || ! { $sudo apt-get update -qq && fetch; }; then
    cat "$dir/build/apt-get-source.log" >&2
    say "apt-get source jansson=${version[jansson]} cmocka=${version[cmocka]} failed"
    exit 1
  fi
fi
source_dir() { # package: its unpacked tree, named after the upstream version
  local upstream=${version[$1]#*:}
  upstream=${upstream%-*}
  [ -d "$dir/src/$1-$upstream" ] || { say "apt-get source left no $dir/src/$1-$upstream"; return 1; }
  echo "$dir/src/$1-$upstream"
}
jansson_src=$(source_dir jansson)
cmocka_src=$(source_dir cmocka)

# Each with the project's mingw-w64 toolchain file (win32 thread model, no
# libgcc DLL, C99 printf formats), Release, static, nothing but the library.
build() { # name, source dir, cmake options...
  local name=$1 source=$2; shift 2
  local tree=$dir/build/$name
  if ! { cmake -S "$source" -B "$tree" --toolchain "$root/cmake/toolchain-mingw64.cmake" \
           -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" "$@" \
         && cmake --build "$tree" -j"$(nproc)" && cmake --install "$tree"; } >"$tree.log" 2>&1; then
    tail -n 40 "$tree.log" >&2
    say "$name failed to build ($tree.log)"
    exit 1
  fi
}
# jansson: CMake config under lib/cmake/jansson (its default on Windows is
# <prefix>/cmake), jansson::jansson, and lib/pkgconfig/jansson.pc.
build jansson "$jansson_src" -DJANSSON_BUILD_SHARED_LIBS=OFF -DJANSSON_BUILD_DOCS=OFF \
  -DJANSSON_EXAMPLES=OFF -DJANSSON_WITHOUT_TESTS=ON -DJANSSON_INSTALL_CMAKE_DIR="$prefix/lib/cmake/jansson"
# CMocka 1.1.5 always builds its DLL; WITH_STATIC_LIB adds and installs
# libcmocka-static.a, which the Windows suites link (tests/windows/CMakeLists.txt).
build cmocka "$cmocka_src" -DWITH_STATIC_LIB=ON -DUNIT_TESTING=OFF -DWITH_EXAMPLES=OFF \
  -DWITH_CMOCKERY_SUPPORT=OFF -DPICKY_DEVELOPER=OFF -DCMAKE_INSTALL_LIBDIR=lib
for f in include/jansson.h lib/libjansson.a lib/pkgconfig/jansson.pc lib/cmake/jansson/janssonConfig.cmake \
         include/cmocka.h lib/libcmocka-static.a lib/pkgconfig/cmocka.pc lib/cmake/cmocka/cmocka-config.cmake; do
  [ -f "$prefix/$f" ] || { say "$prefix/$f was not installed"; exit 1; }
done
printf '%s\n' "$want" >"$stamp"
say "done in $((SECONDS - start)) s: $prefix"
