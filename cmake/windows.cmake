# The Windows (mingw-w64) side of the build, included by the top-level
# CMakeLists.txt when WIN32 (cmake/toolchain-mingw64.cmake, docs/windows.md).
# Part 1, before the targets: what pkg-config gives the Linux build.

# DirectX-Headers: Debian's directx-headers-dev headers are plain MIDL output,
# usable with mingw-w64's <windows.h>. Its /usr/include/wsl stubs are the
# Linux replacement for <windows.h> and must not be seen here, and /usr/include
# itself (glibc) must not be on the path either, so <directx/...> resolves
# through a directory of the build tree holding one link to /usr/include/directx.
find_path(MK_DIRECTX_HEADERS_DIR d3d12.h PATHS /usr/include/directx NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH
  DOC "DirectX-Headers' include directory (Debian package directx-headers-dev)")
if(NOT MK_DIRECTX_HEADERS_DIR)
  message(FATAL_ERROR "DirectX-Headers' d3d12.h not found: install directx-headers-dev")
endif()
set(MK_WIN_INCLUDE_DIR ${CMAKE_CURRENT_BINARY_DIR}/win-include)
file(MAKE_DIRECTORY ${MK_WIN_INCLUDE_DIR})
if(NOT EXISTS ${MK_WIN_INCLUDE_DIR}/directx/d3d12.h)
  file(CREATE_LINK ${MK_DIRECTX_HEADERS_DIR} ${MK_WIN_INCLUDE_DIR}/directx SYMBOLIC)
endif()
add_library(PkgConfig::DIRECTX_HEADERS INTERFACE IMPORTED)
# DirectX-Headers' directory first, so that d3d12.h's own includes
# (d3dcommon.h, dxgiformat.h) are its versions and not mingw-w64's older ones.
set_target_properties(PkgConfig::DIRECTX_HEADERS PROPERTIES
  INTERFACE_INCLUDE_DIRECTORIES "${MK_DIRECTX_HEADERS_DIR};${MK_WIN_INCLUDE_DIR}"
  INTERFACE_COMPILE_DEFINITIONS "WIN32_LEAN_AND_MEAN;_WIN32_WINNT=0x0A00")

# JSON: jansson for mingw-w64, found by its CMake package config as any
# mingw-w64 dependency is (jansson::jansson, from a prefix on
# CMAKE_PREFIX_PATH): the one scripts/mingw-deps.sh builds from Debian's
# source package into out/mingw-deps/x86_64-w64-mingw32 (scripts/install-deps.sh
# test runs it; Debian has no mingw-w64 jansson), vcpkg's x64-mingw-static
# triplet, or a prefix of your own. Static: d3d12.dll and
# mockd3d12.exe carry it and ship without a jansson DLL. PkgConfig::JANSSON is
# the name the rest of the build links, as on Linux (pkg_check_modules).
find_package(jansson CONFIG)
if(NOT TARGET jansson::jansson)
  message(FATAL_ERROR "jansson for mingw-w64 not found: run scripts/mingw-deps.sh (or scripts/install-deps.sh test) "
    "and configure with -DCMAKE_PREFIX_PATH=${CMAKE_CURRENT_SOURCE_DIR}/out/mingw-deps/x86_64-w64-mingw32, "
    "or point CMAKE_PREFIX_PATH at a prefix with a static jansson (lib/cmake/jansson)")
endif()
get_target_property(MK_JANSSON_TYPE jansson::jansson TYPE)
if(NOT MK_JANSSON_TYPE STREQUAL "STATIC_LIBRARY")
  message(FATAL_ERROR "jansson::jansson (${jansson_DIR}) is a ${MK_JANSSON_TYPE}: d3d12.dll links jansson "
    "statically, so that it ships alone; build jansson with JANSSON_BUILD_SHARED_LIBS=OFF")
endif()
message(STATUS "jansson for mingw-w64: ${jansson_DIR}")
add_library(PkgConfig::JANSSON INTERFACE IMPORTED)
set_target_properties(PkgConfig::JANSSON PROPERTIES INTERFACE_LINK_LIBRARIES jansson::jansson)

# The platform layer: platform_win32.c instead of platform_posix.c, and the
# storage of DirectX-Headers' IIDs (libDirectX-Guids on Linux).
set(MK_WIN32_SOURCES
  ${CMAKE_CURRENT_SOURCE_DIR}/src/base/platform_win32.c
  ${CMAKE_CURRENT_SOURCE_DIR}/src/win32/guids_win32.c)

# FindThreads finds mingw-w64's winpthreads, which would make every program
# need libwinpthread-1.dll; src/base/platform_win32.c uses Windows' own SRW locks.
set_property(TARGET Threads::Threads PROPERTY INTERFACE_LINK_LIBRARIES "")
