# The mock DXGI library (libdxgi.so, target dxgi / mockd3d12::dxgi) and its
# example. Not part of mk_core: it links libd3d12.so so that both libraries
# share the one adapter registry (docs/dxgi.md). This is a gen_*.cmake only so
# that the top-level CMakeLists picks it up; it generates nothing.

# mingw-w64's DXGI headers (MOCKD3D12_MINGW_INCLUDE_DIR, found by the
# top-level CMakeLists.txt), searched after the system directories so that its
# C library headers never shadow glibc's (include/mockd3d12/dxgi.h explains).

add_library(mockd3d12_dxgi_headers INTERFACE)
target_link_libraries(mockd3d12_dxgi_headers INTERFACE mockd3d12_headers)
if(NOT WIN32)
  target_compile_options(mockd3d12_dxgi_headers INTERFACE "-idirafter${MOCKD3D12_MINGW_INCLUDE_DIR}")
endif()

file(GLOB MK_DXGI_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/dxgi/*.c)
add_library(dxgi SHARED ${MK_DXGI_SOURCES})
# The object base, private data, allocator, platform layer, trace record
# builder and trace companion (its records go to libd3d12's file), and the
# debug layer's message queue behind IDXGIInfoQueue (src/debuglayer/dbg_queue.c),
# it shares with libd3d12: compiled once, linked in statically
# (hidden symbols: no state shared with libd3d12.so).
target_link_libraries(dxgi PRIVATE mk_trace_companion mk_debuglayer mk_com mk_base)
target_include_directories(dxgi PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src/debuglayer)
target_compile_definitions(dxgi PRIVATE MOCKD3D12_DXGI_BUILDING)
target_link_libraries(dxgi PUBLIC mockd3d12_dxgi_headers d3d12 PRIVATE Threads::Threads ${CMAKE_DL_LIBS})
set_target_properties(dxgi PROPERTIES
  C_VISIBILITY_PRESET hidden
  VERSION ${PROJECT_VERSION} SOVERSION ${MK_SOVERSION}
  LINK_FLAGS "-Wl,--version-script=${CMAKE_CURRENT_SOURCE_DIR}/src/dxgi/exports.map -Wl,--no-undefined")
set_property(TARGET dxgi APPEND PROPERTY LINK_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/dxgi/exports.map)
if(WIN32)
  # dxgi.dll next to d3d12.dll: the exports of src/dxgi/dxgi.def (no version
  # script on PE) and an import library under mingw's and the SDK's names.
  set_target_properties(dxgi PROPERTIES
    PREFIX "" OUTPUT_NAME dxgi IMPORT_PREFIX "lib" IMPORT_SUFFIX ".dll.a"
    LINK_FLAGS "${CMAKE_CURRENT_SOURCE_DIR}/src/dxgi/dxgi.def -Wl,--no-undefined"
    LINK_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/dxgi/dxgi.def)
  add_custom_command(TARGET dxgi POST_BUILD
    COMMAND ${CMAKE_COMMAND} -E copy_if_different $<TARGET_LINKER_FILE:dxgi> $<TARGET_LINKER_FILE_DIR:dxgi>/dxgi.lib
    COMMENT "dxgi.lib (a copy of the import library)")
endif()
add_library(mockd3d12::dxgi ALIAS dxgi)

# The seed sample's adapter-selection code, run by tests/dxgi.cmake.
add_executable(adapter_selection ${CMAKE_CURRENT_SOURCE_DIR}/examples/adapter_selection.cpp)
target_link_libraries(adapter_selection PRIVATE dxgi d3d12)
# A windowed start-up that presents frames (examples/present_frames.cpp),
# run by tests/dxgi.cmake.
add_executable(present_frames ${CMAKE_CURRENT_SOURCE_DIR}/examples/present_frames.cpp)
target_link_libraries(present_frames PRIVATE dxgi d3d12)
# An engine's start-up on the null device (examples/engine-startup/),
# run by tests/engine_startup.cmake on every built-in adapter.
add_executable(engine_startup ${CMAKE_CURRENT_SOURCE_DIR}/examples/engine-startup/engine_startup.cpp)
target_link_libraries(engine_startup PRIVATE dxgi d3d12)

# Installation: into the same export set as libd3d12.so (cmake/install.cmake),
# so find_package(mockd3d12 CONFIG) also gives mockd3d12::dxgi, and a
# relocatable mockd3d12-dxgi.pc next to mockd3d12.pc.
install(TARGETS dxgi mockd3d12_dxgi_headers EXPORT mockd3d12Targets
  LIBRARY DESTINATION ${MOCKD3D12_INSTALL_RUNTIME_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
set_target_properties(mockd3d12_dxgi_headers PROPERTIES EXPORT_NAME dxgi_headers)
file(RELATIVE_PATH MK_DXGI_PC_TO_PREFIX "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
string(REGEX REPLACE "/$" "" MK_DXGI_PC_TO_PREFIX "${MK_DXGI_PC_TO_PREFIX}")
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/mockd3d12-dxgi.pc.in ${CMAKE_CURRENT_BINARY_DIR}/mockd3d12-dxgi.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/mockd3d12-dxgi.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
