# What the installed tree and the packages carry beyond the libraries and
# headers (cmake/install.cmake): the version resources of the Windows
# binaries, the MSVC import libraries, the documents, and the CPack archives
# (the Windows zip; docs/install.md). The manual pages and the bash
# completion are generated and installed by tools/CMakeLists.txt. The Debian
# packages are debian/'s (scripts/package.sh).

mk_version_resource(d3d12 "mockd3d12: a mock Direct3D 12 runtime")
mk_version_resource(dxgi "mockd3d12: DXGI over the simulated adapters")
mk_version_resource(d3d11 "mockd3d12: Direct3D 11 over the simulated adapters")
mk_version_resource(dxcore "mockd3d12: DXCore over the simulated adapters")
mk_version_resource(mockd3d12_cli "mockd3d12: what a simulated adapter reports")

if(WIN32)
  # Import libraries under the Windows SDK's names for MSVC: made from the
  # .def files by llvm-dlltool (Debian's llvm), in the short-import format
  # lib.exe /def writes, which link.exe and lld-link read; mingw's lib*.dll.a
  # are installed beside them (ARCHIVE DESTINATION). Without llvm-dlltool the
  # build's copies of the mingw import libraries are installed under the .lib
  # names instead (tests/packaging checks the format).
  find_program(MK_LLVM_DLLTOOL NAMES llvm-dlltool llvm-dlltool-16 llvm-dlltool-15 llvm-dlltool-14)
  set(MK_MSVC_LIB_DIR ${CMAKE_BINARY_DIR}/msvc-lib)
  foreach(pair "d3d12|src/d3d12.def" "dxgi|src/dxgi/dxgi.def" "d3d11|src/d3d11/d3d11.def" "dxcore|src/dxcore/dxcore.def")
    string(REPLACE "|" ";" pair "${pair}")
    list(GET pair 0 lib)
    list(GET pair 1 def)
    if(NOT TARGET ${lib})
      continue()
    endif()
    if(MK_LLVM_DLLTOOL)
      add_custom_command(OUTPUT ${MK_MSVC_LIB_DIR}/${lib}.lib
        COMMAND ${CMAKE_COMMAND} -E make_directory ${MK_MSVC_LIB_DIR}
        COMMAND ${MK_LLVM_DLLTOOL} -m i386:x86-64 -D ${lib}.dll -d ${CMAKE_SOURCE_DIR}/${def}
                -l ${MK_MSVC_LIB_DIR}/${lib}.lib
        DEPENDS ${CMAKE_SOURCE_DIR}/${def}
        COMMENT "${lib}.lib for MSVC (llvm-dlltool, from ${def})")
      add_custom_target(mk_msvc_${lib} ALL DEPENDS ${MK_MSVC_LIB_DIR}/${lib}.lib)
      install(FILES ${MK_MSVC_LIB_DIR}/${lib}.lib DESTINATION ${CMAKE_INSTALL_LIBDIR})
    else()
      install(FILES $<TARGET_LINKER_FILE_DIR:${lib}>/${lib}.lib DESTINATION ${CMAKE_INSTALL_LIBDIR})
    endif()
  endforeach()
  # The IIDs newer than the headers, for MSVC by the name it looks for.
  install(FILES $<TARGET_FILE:mockd3d12_guids> DESTINATION ${CMAKE_INSTALL_LIBDIR} RENAME mockd3d12-guids.lib)
  # The zip: the documents at its top.
  install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/CHANGELOG.md ${CMAKE_SOURCE_DIR}/LICENSE
    DESTINATION .)
else()
  # share/doc/mockd3d12: the README, the changelog and docs/ (the manual pages
  # name them); the licence is the Debian packages' copyright file.
  install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
  install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs FILES_MATCHING PATTERN "*.md")
endif()

# CPack: `cmake --build BUILD --target package`. The Windows build makes the
# zip (mockd3d12-VERSION-win64.zip: bin/ the DLLs and mockd3d12.exe, lib/ the
# import libraries and the CMake package, include/); a Linux build a tarball
# of the same install (the Debian packages are debian/'s, not CPack's).
set(CPACK_PACKAGE_NAME mockd3d12)
set(CPACK_PACKAGE_VENDOR "The mockd3d12 authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_SOURCE_DIR}/LICENSE)
set(CPACK_INCLUDE_TOPLEVEL_DIRECTORY OFF)
if(WIN32)
  set(CPACK_GENERATOR ZIP)
  set(CPACK_PACKAGE_FILE_NAME mockd3d12-${PROJECT_VERSION}-win64)
else()
  set(CPACK_GENERATOR TGZ)
  set(CPACK_PACKAGE_FILE_NAME mockd3d12-${PROJECT_VERSION}-linux-${CMAKE_SYSTEM_PROCESSOR})
endif()
set(CPACK_SOURCE_GENERATOR "")
include(CPack)
