# The version, from VERSION (the one place it is written; docs/install.md,
# "Versions"), carried to: the public header mockd3d12/version.h (and so
# mockd3d12_version()), the SONAMEs' VERSION properties, the DLLs' and
# mockd3d12.exe's version resources, `mockd3d12 --version` (with the git
# revision and the DirectX-Headers version), the CMake package's version
# file, the pkg-config files, the CPack archives and debian/changelog
# (scripts/package.sh writes it from VERSION and CHANGELOG.md).
# Included by the top-level CMakeLists.txt after project().

configure_file(${CMAKE_CURRENT_LIST_DIR}/version.h.in ${MK_GEN_DIR}/mockd3d12/version.h @ONLY)

# The DirectX-Headers the build compiles against: pkg-config's answer on
# Linux; the cross build reads the same DirectX-Headers.pc (cmake/windows.cmake
# uses Debian's /usr/include/directx).
if(NOT DIRECTX_HEADERS_VERSION)
  file(GLOB MK_DIRECTX_HEADERS_PC /usr/lib/*/pkgconfig/DirectX-Headers.pc /usr/share/pkgconfig/DirectX-Headers.pc
    /usr/lib/pkgconfig/DirectX-Headers.pc)
  set(DIRECTX_HEADERS_VERSION unknown)
  foreach(pc ${MK_DIRECTX_HEADERS_PC})
    file(STRINGS ${pc} MK_DXH_VERSION_LINE REGEX "^Version:")
    if(MK_DXH_VERSION_LINE)
      string(REGEX REPLACE "^Version: *" "" DIRECTX_HEADERS_VERSION "${MK_DXH_VERSION_LINE}")
      break()
    endif()
  endforeach()
endif()

# The build's git revision, asked of git at every build (the file changes only
# when the revision does); a source tree without git (a package's) has it in
# .git-revision, which scripts/package.sh writes.
add_custom_target(mk_build_info
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_SOURCE_DIR} -DOUT=${MK_GEN_DIR}/cli/cli_build_info.h
          -DDIRECTX_HEADERS_VERSION=${DIRECTX_HEADERS_VERSION} -P ${CMAKE_CURRENT_LIST_DIR}/build_info.cmake
  BYPRODUCTS ${MK_GEN_DIR}/cli/cli_build_info.h
  COMMENT "The build's revision (mockd3d12 --version)"
  VERBATIM)

# Windows: a VERSIONINFO resource (FileVersion, ProductVersion: VERSION) in
# each DLL and in mockd3d12.exe, as Explorer and GetFileVersionInfo show it.
function(mk_version_resource target description)
  if(NOT WIN32 OR NOT TARGET ${target})
    return()
  endif()
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "EXECUTABLE")
    set(MK_RC_FILETYPE VFT_APP)
    set(MK_RC_FILENAME mockd3d12.exe)
  else()
    set(MK_RC_FILETYPE VFT_DLL)
    set(MK_RC_FILENAME ${target}.dll)
  endif()
  set(MK_RC_DESCRIPTION "${description}")
  configure_file(${CMAKE_SOURCE_DIR}/cmake/version.rc.in ${CMAKE_BINARY_DIR}/version/${target}.rc @ONLY)
  target_sources(${target} PRIVATE ${CMAKE_BINARY_DIR}/version/${target}.rc)
endfunction()

# The shared libraries' SONAME: libd3d12.so.MAJOR (the ABI promise of
# docs/install.md, "Compatibility": a major version changes it).
set(MK_SOVERSION ${PROJECT_VERSION_MAJOR})
