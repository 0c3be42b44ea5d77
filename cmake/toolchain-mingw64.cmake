# Cross-compiling mockd3d12 for 64-bit Windows with Debian's mingw-w64
# (packages mingw-w64, and wine64 to run the result): d3d12.dll, its import
# library libd3d12.dll.a (usable as d3d12.lib) and mockd3d12.exe.
#
#   cmake -S . -B build-win --toolchain cmake/toolchain-mingw64.cmake \
#         -DCMAKE_PREFIX_PATH=$PWD/out/mingw-deps/x86_64-w64-mingw32
#   cmake --preset mingw64          (the same, in out/mingw64)
#
# CMAKE_PREFIX_PATH names where jansson and CMocka for mingw-w64 are (Debian
# has none: scripts/mingw-deps.sh builds them from its source packages into
# out/mingw-deps/x86_64-w64-mingw32; a vcpkg installed tree serves as well).
#
# The win32 thread model compilers are preferred: their programs need no
# libwinpthread-1.dll next to them (we use SRW locks, not pthreads).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(MK_MINGW_TRIPLE x86_64-w64-mingw32)

find_program(CMAKE_C_COMPILER NAMES ${MK_MINGW_TRIPLE}-gcc-win32 ${MK_MINGW_TRIPLE}-gcc REQUIRED)
find_program(CMAKE_CXX_COMPILER NAMES ${MK_MINGW_TRIPLE}-g++-win32 ${MK_MINGW_TRIPLE}-g++ REQUIRED)
find_program(CMAKE_RC_COMPILER NAMES ${MK_MINGW_TRIPLE}-windres)

set(CMAKE_FIND_ROOT_PATH /usr/${MK_MINGW_TRIPLE})
# Every CMAKE_PREFIX_PATH entry is a target root too, so that find_package()
# and find_library(), restricted to the roots below, see into it.
list(APPEND CMAKE_FIND_ROOT_PATH ${CMAKE_PREFIX_PATH})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# No libgcc_s_seh-1.dll / libstdc++-6.dll to ship next to the DLL.
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static-libgcc")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static-libgcc -static-libstdc++")
# C99 printf formats (%zu, %lld, %" PRIu64 ") from mingw-w64's own stdio
# rather than msvcrt's.
set(CMAKE_C_FLAGS_INIT "-D__USE_MINGW_ANSI_STDIO=1")
set(CMAKE_CXX_FLAGS_INIT "-D__USE_MINGW_ANSI_STDIO=1")

# How the tests run the programs from Linux (ctest, tests/windows).
find_program(CMAKE_CROSSCOMPILING_EMULATOR NAMES wine wine64)
