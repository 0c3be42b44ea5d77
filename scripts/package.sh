#!/usr/bin/env bash
# Builds every artifact a user installs (docs/install.md) and uses each as a
# user would. scripts/test.sh runs it as its "packages" stage.
#
#   1. the Debian packages: debian/changelog written from VERSION and
#      CHANGELOG.md's newest entry in a copy of the work tree, then
#      dpkg-buildpackage -b (the native packages and the mingw-w64 one)
#   2. lintian on them: no error or warning (debian/*.lintian-overrides say why
#      for each tag they accept)
#   3. the Windows zip: CPack's ZIP of the mingw-w64 build the packages made
#   4. the packages installed into a scratch root (dpkg-deb -x), and apt-get's
#      simulation of `apt-get install ./*.deb` on this machine; then, against the
#      scratch root, a C client through find_package(mockd3d12) and a C++ client
#      through pkg-config (tests/client/), built and run; the installed
#      mockd3d12, its manual page and its completion
#   5. the zip unpacked; a Windows client (tests/packaging/windows) built with
#      mingw-w64 against it alone (find_package through CMAKE_PREFIX_PATH) and
#      run under Wine next to the zip's DLLs; the MSVC import library linked by
#      lld-link (tests/packaging/msvc) and run too
#
# usage: scripts/package.sh [OUT_DIR]      (default out/package)
# The packages and the zip end up in OUT_DIR/dist. MOCKD3D12_PACKAGE_REUSE=1
# takes the packages an earlier run built in OUT_DIR/src instead of building
# them again (a developer's loop over steps 2-5). MOCKD3D12_MINGW_PREFIX names
# the mingw-w64 jansson (default out/mingw-deps/x86_64-w64-mingw32, which
# scripts/install-deps.sh test builds). Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$(mkdir -p "${1:-out/package}" && cd "${1:-out/package}" && pwd)
version=$(head -n 1 VERSION)
jobs=$(nproc)
mingw_prefix=${MOCKD3D12_MINGW_PREFIX:-$root/out/mingw-deps/x86_64-w64-mingw32}
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
passed=0
failed=0
check() { # description, command...: counts, and says a failure
  local what=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok   $what"
  else failed=$((failed + 1)); echo "FAIL $what"; fi
}
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}
log() { echo "package: $*"; }
matches() { grep -q "$1" <<<"$2"; } # regex, text

# ---- 1. The Debian packages ----
src=$out/src/mockd3d12-$version
rm -rf "$out/dist" "$out/root" "$out/clients" "$out/zip"
mkdir -p "$out/dist"
if [ "${MOCKD3D12_PACKAGE_REUSE:-0}" = 1 ] && compgen -G "$out/src/*.changes" >/dev/null; then
  log "reusing the packages of $out/src"
else
  rm -rf "$out/src"
  mkdir -p "$src"
  # The work tree as git sees it (tracked files and new ones, not the ignored
  # out/), and the revision, which a tree without .git cannot ask git for.
  git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
    [ -e "$f" ] && printf '%s\0' "$f"
  done | tar -c --null -T - | tar -x -C "$src"
  git describe --always --dirty --abbrev=12 >"$src/.git-revision" 2>/dev/null || echo unknown >"$src/.git-revision"
  # debian/changelog: VERSION, and the items of CHANGELOG.md's newest entry.
  {
    echo "mockd3d12 ($version) unstable; urgency=medium"
    echo
    awk '/^## /{n++; next} n==1 && /^- /{sub(/^- /, ""); printf "%s  * %s", sep, $0; sep="\n"; next}
         n==1 && /^  [^ ]/{sub(/^  /, ""); printf " %s", $0}' CHANGELOG.md | fold -s -w 76 | sed 's/^\([^ ]\)/    \1/; s/ *$//'
    echo
    echo
    echo " -- The mockd3d12 authors <maintainers@mockd3d12.invalid>  $(date -R -d "@$(git log -1 --format=%ct)")"
  } >"$src/debian/changelog"
  log "dpkg-buildpackage -b in $src"
  if ! (cd "$src" && MOCKD3D12_MINGW_PREFIX=$mingw_prefix DEB_BUILD_OPTIONS="parallel=$jobs" \
        dpkg-buildpackage -b -us -uc >"$out/dpkg-buildpackage.log" 2>&1); then
    tail -n 60 "$out/dpkg-buildpackage.log"
    check "dpkg-buildpackage -b" false
    finish
  fi
  check "dpkg-buildpackage -b" true
fi
cp "$out"/src/*.deb "$out"/src/*.changes "$out"/src/*.buildinfo "$out/dist/"
for p in libmockd3d12-0 libmockd3d12-dev mockd3d12 mockd3d12-mingw-w64; do
  check "package $p" compgen -G "$out/dist/${p}_${version}_*.deb" >/dev/null
done

# ---- 2. lintian ----
lintian --fail-on error,warning --display-info "$out"/dist/*.changes >"$out/lintian.log" 2>&1
status=$?
sed 's/^/  lintian: /' "$out/lintian.log"
check "lintian: no error or warning" test "$status" -eq 0

# ---- 3. The Windows zip: CPack over the packages' mingw-w64 build ----
win_build=$src/obj-x86_64-w64-mingw32
if (cd "$win_build" && cpack -G ZIP -B "$out/dist" >"$out/cpack.log" 2>&1); then
  rm -rf "$out/dist/_CPack_Packages"
  check "the zip" test -f "$out/dist/mockd3d12-$version-win64.zip"
else
  cat "$out/cpack.log"; check "cpack -G ZIP" false
fi

# ---- 4. The packages, installed into a scratch root ----
rootfs=$out/root
for deb in "$out"/dist/*.deb; do dpkg-deb -x "$deb" "$rootfs"; done
# apt-get's plan for installing them here: their dependencies resolve.
check "apt-get install --simulate ./*.deb" \
  bash -c "cd '$out/dist' && apt-get install --simulate -q ./*.deb >'$out/apt-simulate.log' 2>&1"
for f in usr/lib/$multiarch/mockd3d12/libd3d12.so.0 usr/lib/$multiarch/mockd3d12/libdxgi.so.0 \
         usr/lib/$multiarch/mockd3d12/libd3d11.so.0 usr/lib/$multiarch/mockd3d12/libdxcore.so.0 \
         usr/lib/$multiarch/libmockd3d12-guids.a usr/lib/$multiarch/pkgconfig/mockd3d12.pc \
         usr/lib/$multiarch/cmake/mockd3d12/mockd3d12ConfigVersion.cmake usr/include/mockd3d12/version.h \
         usr/bin/mockd3d12 usr/share/man/man1/mockd3d12.1.gz usr/share/man/man1/mockd3d12-caps.1.gz \
         usr/share/bash-completion/completions/mockd3d12 \
         usr/lib/mockd3d12/windows-x64/bin/d3d12.dll usr/lib/mockd3d12/windows-x64/lib/d3d12.lib; do
  check "installed: /$f" test -e "$rootfs/$f"
done
# Nothing where another package's libd3d12/libdxgi/libd3d11/libdxcore would be.
check "no library in the public library directory" \
  test -z "$(find "$rootfs/usr/lib/$multiarch" -maxdepth 1 -name 'lib*.so*')"
check "the SONAME is libd3d12.so.${version%%.*}" \
  bash -c "objdump -p '$rootfs/usr/lib/$multiarch/mockd3d12/libd3d12.so.0' | grep -q 'SONAME *libd3d12.so.${version%%.*}\$'"
check "the packages' version is VERSION" \
  bash -c "dpkg-deb -f '$(ls "$out"/dist/libmockd3d12-dev_*.deb)' Version | grep -qx '$version'"

# The installed command, as installed: its RUNPATH finds the private libraries.
for v in $(env | grep -o '^MOCKD3D12_[A-Z0-9_]*'); do unset "$v"; done
check "mockd3d12 --version" bash -c "'$rootfs/usr/bin/mockd3d12' --version | grep -q '^mockd3d12 $version (git '"
check "mockd3d12 caps --summary" bash -c "'$rootfs/usr/bin/mockd3d12' caps --adapter warp --summary >/dev/null"
check "man mockd3d12 renders" bash -c "MANWIDTH=80 man -l '$rootfs/usr/share/man/man1/mockd3d12.1.gz' 2>&1 | grep -q 'mockd3d12-caps(1)'"
check "the completion loads" bash -c "source '$rootfs/usr/share/bash-completion/completions/mockd3d12' && complete -p mockd3d12 >/dev/null"

# A C client through find_package(mockd3d12) (CMAKE_PREFIX_PATH: the scratch
# root's /usr) and a C++ client through pkg-config: built and run with no
# LD_LIBRARY_PATH (the CMake build's RPATH and the .pc files' RUNPATH find
# the private directory).
clients=$out/clients
export PKG_CONFIG_PATH=$rootfs/usr/lib/$multiarch/pkgconfig
check "C client: configure (find_package)" bash -c "cmake -S '$root/tests/client/c' -B '$clients/c' \
  -DCMAKE_PREFIX_PATH='$rootfs/usr' >'$clients.c.log' 2>&1 || { cat '$clients.c.log'; false; }"
check "C client: build" bash -c "cmake --build '$clients/c' >>'$clients.c.log' 2>&1 || { cat '$clients.c.log'; false; }"
check "C client: run" "$clients/c/client_c"
mkdir -p "$clients/cpp"
check "C++ client: build (pkg-config mockd3d12)" bash -c "c++ -std=c++17 -Wall -Wextra -Werror \
  '$root/tests/client/cpp/client.cpp' \$(pkg-config --cflags --libs mockd3d12) -o '$clients/cpp/client_cpp'"
check "C++ client: run" "$clients/cpp/client_cpp"
check "pkg-config: mockd3d12-dxgi, -d3d11, -dxcore" pkg-config --exists mockd3d12-dxgi mockd3d12-d3d11 mockd3d12-dxcore
check "pkg-config: the version is VERSION" bash -c "[ \"\$(pkg-config --modversion mockd3d12)\" = '$version' ]"
unset PKG_CONFIG_PATH

# ---- 5. The zip, unpacked, with a Windows client under Wine ----
zip=$out/zip
mkdir -p "$zip"
if ! (cd "$zip" && unzip -q "$out/dist/mockd3d12-$version-win64.zip"); then
  check "unzip" false
  finish
fi
for f in bin/d3d12.dll bin/dxgi.dll bin/d3d11.dll bin/dxcore.dll bin/mockd3d12.exe \
         lib/d3d12.lib lib/dxgi.lib lib/d3d11.lib lib/dxcore.lib \
         lib/libd3d12.dll.a lib/libdxgi.dll.a lib/libd3d11.dll.a lib/libdxcore.dll.a \
         lib/libmockd3d12-guids.a lib/mockd3d12-guids.lib include/mockd3d12/d3d12.h include/mockd3d12/version.h \
         lib/cmake/mockd3d12/mockd3d12Config.cmake lib/cmake/mockd3d12/mockd3d12ConfigVersion.cmake LICENSE; do
  check "zip: $f" test -f "$zip/$f"
done
# The MSVC import libraries are in lib.exe's format (every member is named
# after the DLL: an import descriptor and one short import object per export),
# not GNU ld's (members d3d12_dll_d000000.o, ...).
msvc_format() { # lib dll
  [ "$(llvm-ar t "$1" | sort -u)" = "$2" ] && llvm-nm "$1" 2>/dev/null | grep "__imp_" >/dev/null
}
for lib in d3d12 dxgi d3d11 dxcore; do
  check "zip: $lib.lib is an MSVC-format import library" msvc_format "$zip/lib/$lib.lib" "$lib.dll"
done
# The Debian package's Windows tree is the zip's.
check "mockd3d12-mingw-w64 holds the zip's DLLs" \
  cmp "$zip/bin/d3d12.dll" "$rootfs/usr/lib/mockd3d12/windows-x64/bin/d3d12.dll"

wine=$(command -v wine || command -v wine64 || true)
if [ -z "$wine" ] || ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
  check "Wine and mingw-w64 are installed (scripts/install-deps.sh test)" false
  finish
fi
# DirectX-Headers for the cross build: Debian's, as a prefix of its own that
# holds only include/directx (not /usr/include: glibc must not be seen).
dxh=$out/directx-headers
mkdir -p "$dxh/include"
ln -sfn /usr/include/directx "$dxh/include/directx"
check "zip client: configure (find_package through CMAKE_PREFIX_PATH)" bash -c "cmake \
  -S '$root/tests/packaging/windows' -B '$clients/windows' --toolchain '$root/cmake/toolchain-mingw64.cmake' \
  -DCMAKE_PREFIX_PATH='$zip;$dxh' >'$clients.windows.log' 2>&1 || { cat '$clients.windows.log'; false; }"
check "zip client: build" bash -c "cmake --build '$clients/windows' >>'$clients.windows.log' 2>&1 \
  || { cat '$clients.windows.log'; false; }"
mkdir -p "$clients/msvc"
check "MSVC-format import library: clang + lld-link" bash -c "clang --target=x86_64-pc-windows-msvc -O1 -c \
    '$root/tests/packaging/msvc/msvc_client.c' -o '$clients/msvc/msvc_client.obj' \
  && lld-link -nologo -entry:mainCRTStartup -subsystem:console -nodefaultlib '$clients/msvc/msvc_client.obj' \
    '$zip/lib/d3d12.lib' /usr/x86_64-w64-mingw32/lib/libkernel32.a -out:'$clients/msvc/msvc_client.exe'"
# Each program next to the zip's DLLs, as a harness ships them; ours, not
# Wine's builtin d3d12/dxgi/d3d11/dxcore.
run_dir=$clients/run
mkdir -p "$run_dir"
cp "$zip"/bin/*.dll "$clients/windows/zip_client.exe" "$clients/msvc/msvc_client.exe" "$run_dir/" 2>/dev/null
export WINEPREFIX=$out/wineprefix WINEDEBUG=-all WINEDLLOVERRIDES="d3d12,dxgi,d3d11,dxcore=n;mscoree,mshtml=" WINEARCH=win64
unset DISPLAY WAYLAND_DISPLAY
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  timeout 300 wineboot -i >"$out/wineboot.log" 2>&1 || cat "$out/wineboot.log"
fi
wineserver -p10 </dev/null >/dev/null 2>&1 || true
output=$(cd "$run_dir" && timeout 300 "$wine" zip_client.exe 2>&1 | tr -d '\r')
echo "$output" | sed 's/^/  zip_client.exe: /'
check "zip client under Wine" matches '^[1-9][0-9]* passed, 0 failed$' "$output"
check "MSVC-linked client under Wine" bash -c "cd '$run_dir' && timeout 300 '$wine' msvc_client.exe"
output=$(cd "$zip/bin" && timeout 300 "$wine" mockd3d12.exe --version 2>&1 | tr -d '\r')
check "mockd3d12.exe --version says $version" matches "^mockd3d12 $version (git " "$output"
wineserver -k >/dev/null 2>&1 || true

finish
