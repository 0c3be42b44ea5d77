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

# JSON: Debian has no mingw-w64 jansson. src/win32/jansson.h + json.c are our
# own implementation of the part of jansson's API that src/caps and the CLI
# use, with jansson's documented behaviour, so that profile files, the
# profile dump and the Vulkan import work on Windows as on Linux.
add_library(mk_json_win32 STATIC ${CMAKE_CURRENT_SOURCE_DIR}/src/win32/json.c)
target_include_directories(mk_json_win32 PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/src/win32)
# Its allocations go through src/alloc.h (mk_alloc..., defined in mk_core).
target_include_directories(mk_json_win32 PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src/base)
add_library(PkgConfig::JANSSON ALIAS mk_json_win32)

# The platform layer: platform_win32.c instead of platform_posix.c, and the
# storage of DirectX-Headers' IIDs (libDirectX-Guids on Linux).
set(MK_WIN32_SOURCES
  ${CMAKE_CURRENT_SOURCE_DIR}/src/base/platform_win32.c
  ${CMAKE_CURRENT_SOURCE_DIR}/src/win32/guids_win32.c)

# FindThreads finds mingw-w64's winpthreads, which would make every program
# need libwinpthread-1.dll; src/platform_win32.c uses Windows' own SRW locks.
set_property(TARGET Threads::Threads PROPERTY INTERFACE_LINK_LIBRARIES "")
