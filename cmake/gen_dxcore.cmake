# The mock DXCore library (libdxcore.so / dxcore.dll, target dxcore /
# mockd3d12::dxcore). Not part of mk_core: like libdxgi it links libd3d12 so
# that both share the one adapter registry and machine (docs/dxcore.md). A
# gen_*.cmake only so that the top-level CMakeLists picks it up; it generates
# nothing.

# <mockd3d12/dxcore.h> needs nothing beyond the D3D12 headers: in C it
# declares DXCore itself, in C++ it is DirectX-Headers' dxcore.h.
add_library(mockd3d12_dxcore_headers INTERFACE)
target_link_libraries(mockd3d12_dxcore_headers INTERFACE mockd3d12_headers)

file(GLOB MK_DXCORE_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/dxcore/*.c)
add_library(dxcore SHARED ${MK_DXCORE_SOURCES})
# The object base, allocator and platform layer it shares with libd3d12:
# compiled once, linked in statically (hidden symbols).
target_link_libraries(dxcore PRIVATE mk_com mk_base)
target_compile_definitions(dxcore PRIVATE MOCKD3D12_DXCORE_BUILDING)
target_link_libraries(dxcore PUBLIC mockd3d12_dxcore_headers d3d12 PRIVATE Threads::Threads ${CMAKE_DL_LIBS})
set_target_properties(dxcore PROPERTIES
  C_VISIBILITY_PRESET hidden
  VERSION ${PROJECT_VERSION} SOVERSION ${MK_SOVERSION}
  LINK_FLAGS "-Wl,--version-script=${CMAKE_CURRENT_SOURCE_DIR}/src/dxcore/exports.map -Wl,--no-undefined")
set_property(TARGET dxcore APPEND PROPERTY LINK_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/dxcore/exports.map)
if(WIN32)
  # dxcore.dll next to d3d12.dll: the export of src/dxcore/dxcore.def and an
  # import library under mingw's and the SDK's names.
  set_target_properties(dxcore PROPERTIES
    PREFIX "" OUTPUT_NAME dxcore IMPORT_PREFIX "lib" IMPORT_SUFFIX ".dll.a"
    LINK_FLAGS "${CMAKE_CURRENT_SOURCE_DIR}/src/dxcore/dxcore.def -Wl,--no-undefined"
    LINK_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/dxcore/dxcore.def)
  add_custom_command(TARGET dxcore POST_BUILD
    COMMAND ${CMAKE_COMMAND} -E copy_if_different $<TARGET_LINKER_FILE:dxcore> $<TARGET_LINKER_FILE_DIR:dxcore>/dxcore.lib
    COMMENT "dxcore.lib (a copy of the import library)")
endif()
add_library(mockd3d12::dxcore ALIAS dxcore)

# Installation: into the same export set as libd3d12.so (cmake/install.cmake),
# so find_package(mockd3d12 CONFIG) also gives mockd3d12::dxcore, and a
# relocatable mockd3d12-dxcore.pc next to mockd3d12.pc.
install(TARGETS dxcore mockd3d12_dxcore_headers EXPORT mockd3d12Targets
  LIBRARY DESTINATION ${MOCKD3D12_INSTALL_RUNTIME_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
set_target_properties(mockd3d12_dxcore_headers PROPERTIES EXPORT_NAME dxcore_headers)
file(RELATIVE_PATH MK_DXCORE_PC_TO_PREFIX "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
string(REGEX REPLACE "/$" "" MK_DXCORE_PC_TO_PREFIX "${MK_DXCORE_PC_TO_PREFIX}")
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/mockd3d12-dxcore.pc.in ${CMAKE_CURRENT_BINARY_DIR}/mockd3d12-dxcore.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/mockd3d12-dxcore.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
