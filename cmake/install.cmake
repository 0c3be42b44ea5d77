# Installation: libd3d12.so (in MOCKD3D12_INSTALL_RUNTIME_LIBDIR), the public
# headers (with the generated d3d12_next.h and version.h), a CMake package (find_package(mockd3d12 CONFIG) ->
# mockd3d12::d3d12, mockd3d12_add_test_matrix) and mockd3d12.pc for pkg-config. The CLI installs itself
# from tools/CMakeLists.txt.
include(CMakePackageConfigHelpers)

set(MK_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/mockd3d12)

install(TARGETS d3d12 mockd3d12_headers mockd3d12_guids EXPORT mockd3d12Targets
  LIBRARY DESTINATION ${MOCKD3D12_INSTALL_RUNTIME_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
file(GLOB MK_PUBLIC_HEADERS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/include/mockd3d12/*.h)
install(FILES ${MK_PUBLIC_HEADERS} ${MK_GEN_DIR}/mockd3d12/d3d12_next.h ${MK_GEN_DIR}/mockd3d12/version.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/mockd3d12)

# mockd3d12::mockd3d12_headers carries PkgConfig::DIRECTX_HEADERS (the
# DirectX-Headers include paths -I.../directx -I.../wsl/stubs -I... and
# -lDirectX-Guids); mockd3d12Config.cmake recreates that imported target.
install(EXPORT mockd3d12Targets NAMESPACE mockd3d12:: DESTINATION ${MK_CMAKE_INSTALL_DIR})

set(MK_CONFIG_IN ${CMAKE_CURRENT_BINARY_DIR}/mockd3d12Config.cmake.in)
file(WRITE ${MK_CONFIG_IN} [=[
@PACKAGE_INIT@
# mockd3d12: a mock Direct3D 12 runtime. Target: mockd3d12::d3d12.
# mockd3d12_add_test_matrix(): one CTest test per adapter x runtime (docs/matrix.md),
# which asks the installed mockd3d12 command for the cells.
include(CMakeFindDependencyMacro)
if(NOT TARGET PkgConfig::DIRECTX_HEADERS AND NOT WIN32)
  find_dependency(PkgConfig)
  pkg_check_modules(DIRECTX_HEADERS REQUIRED IMPORTED_TARGET GLOBAL DirectX-Headers)
elseif(NOT TARGET PkgConfig::DIRECTX_HEADERS)
  # Windows (the zip): DirectX-Headers' own CMake package (vcpkg's, or an
  # install of it on CMAKE_PREFIX_PATH), else the directory that holds
  # directx/d3d12.h, found on CMAKE_PREFIX_PATH or named by
  # MOCKD3D12_DIRECTX_HEADERS_INCLUDE_DIR.
  find_package(directx-headers CONFIG QUIET)
  add_library(PkgConfig::DIRECTX_HEADERS INTERFACE IMPORTED GLOBAL)
  set_target_properties(PkgConfig::DIRECTX_HEADERS PROPERTIES
    INTERFACE_COMPILE_DEFINITIONS "WIN32_LEAN_AND_MEAN;_WIN32_WINNT=0x0A00")
  if(TARGET Microsoft::DirectX-Headers)
    set_target_properties(PkgConfig::DIRECTX_HEADERS PROPERTIES INTERFACE_LINK_LIBRARIES Microsoft::DirectX-Headers)
  else()
    find_path(MOCKD3D12_DIRECTX_HEADERS_INCLUDE_DIR directx/d3d12.h
      DOC "The directory holding DirectX-Headers' directx/d3d12.h")
    if(NOT MOCKD3D12_DIRECTX_HEADERS_INCLUDE_DIR)
      set(mockd3d12_FOUND FALSE)
      set(mockd3d12_NOT_FOUND_MESSAGE "mockd3d12 needs DirectX-Headers: put its install (or vcpkg's directx-headers) "
        "on CMAKE_PREFIX_PATH, or set MOCKD3D12_DIRECTX_HEADERS_INCLUDE_DIR to the directory holding directx/d3d12.h")
      return()
    endif()
    set_target_properties(PkgConfig::DIRECTX_HEADERS PROPERTIES
      INTERFACE_INCLUDE_DIRECTORIES "${MOCKD3D12_DIRECTX_HEADERS_INCLUDE_DIR}")
  endif()
endif()
include("${CMAKE_CURRENT_LIST_DIR}/mockd3d12Targets.cmake")
if(NOT DEFINED MOCKD3D12_EXECUTABLE)
  set(MOCKD3D12_EXECUTABLE "@PACKAGE_CMAKE_INSTALL_BINDIR@/mockd3d12${CMAKE_EXECUTABLE_SUFFIX}")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/mockd3d12TestMatrix.cmake")
check_required_components(mockd3d12)
]=])
configure_package_config_file(${MK_CONFIG_IN} ${CMAKE_CURRENT_BINARY_DIR}/mockd3d12Config.cmake
  INSTALL_DESTINATION ${MK_CMAKE_INSTALL_DIR} PATH_VARS CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/mockd3d12ConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/mockd3d12Config.cmake ${CMAKE_CURRENT_BINARY_DIR}/mockd3d12ConfigVersion.cmake
  ${CMAKE_CURRENT_SOURCE_DIR}/cmake/mockd3d12TestMatrix.cmake
  DESTINATION ${MK_CMAKE_INSTALL_DIR})

# pkg-config: relocatable (prefix from the .pc file's own location).
file(RELATIVE_PATH MK_PC_TO_PREFIX "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
string(REGEX REPLACE "/$" "" MK_PC_TO_PREFIX "${MK_PC_TO_PREFIX}")
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/mockd3d12.pc
"prefix=\${pcfiledir}/${MK_PC_TO_PREFIX}
libdir=\${prefix}/${MOCKD3D12_INSTALL_RUNTIME_LIBDIR}
guidsdir=\${prefix}/${CMAKE_INSTALL_LIBDIR}
includedir=\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}

Name: mockd3d12
Description: ${PROJECT_DESCRIPTION}
Version: ${PROJECT_VERSION}
Requires: DirectX-Headers
Libs: -L\${libdir}${MK_PC_RPATH} -ld3d12 -L\${guidsdir} -lmockd3d12-guids
Cflags: -I\${includedir}
")
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/mockd3d12.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
