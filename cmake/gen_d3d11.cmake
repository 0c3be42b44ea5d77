# The mock Direct3D 11 library (libd3d11.so, target d3d11 / mockd3d12::d3d11),
# docs/d3d11.md. Like libdxgi it is not part of mk_core: it links libd3d12.so
# (one adapter registry; every D3D11 device is backed by a D3D12 device) and
# libdxgi.so (the machine's WARP for D3D_DRIVER_TYPE_WARP). Generated here:
# the method stubs from mingw-w64's vtables and the CheckFeatureSupport rules
# from data/d3d11-mapping.tsv and the format support per feature level from
# data/d3d11-format-levels.tsv (tools/gen_d3d11.py).

# mingw-w64's headers: MOCKD3D12_MINGW_INCLUDE_DIR, found by the top-level
# CMakeLists.txt. The Windows build compiles with them as its system headers
# and still needs the directory for the stub generator.

set(MK_D3D11_GEN ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_d3d11.py)
add_custom_command(
  OUTPUT ${MK_GEN_DIR}/d3d11/d3d11_stubs.c ${MK_GEN_DIR}/d3d11/d3d11_methods.h
  COMMAND ${CMAKE_COMMAND} -E make_directory ${MK_GEN_DIR}/d3d11
  COMMAND Python3::Interpreter ${MK_D3D11_GEN} stubs ${MOCKD3D12_MINGW_INCLUDE_DIR}
          ${CMAKE_CURRENT_SOURCE_DIR}/src/d3d11/methods.txt
          ${MK_GEN_DIR}/d3d11/d3d11_stubs.c ${MK_GEN_DIR}/d3d11/d3d11_methods.h
  DEPENDS ${MK_D3D11_GEN} ${CMAKE_CURRENT_SOURCE_DIR}/tools/refdata.py
          ${CMAKE_CURRENT_SOURCE_DIR}/src/d3d11/methods.txt ${CMAKE_CURRENT_SOURCE_DIR}/include/mockd3d12/d3d11.h
  COMMENT "Generating the D3D11 method stubs")
add_custom_command(
  OUTPUT ${MK_GEN_DIR}/d3d11/d3d11_mapping.c
  COMMAND ${CMAKE_COMMAND} -E make_directory ${MK_GEN_DIR}/d3d11
  COMMAND Python3::Interpreter ${MK_D3D11_GEN} mapping ${MK_DATA_DIR}/d3d11-mapping.tsv
          ${MK_GEN_DIR}/d3d11/d3d11_mapping.c
  DEPENDS ${MK_D3D11_GEN} ${CMAKE_CURRENT_SOURCE_DIR}/tools/refdata.py ${MK_DATA_DIR}/d3d11-mapping.tsv
  COMMENT "Generating the D3D11 mapping table")

add_custom_command(
  OUTPUT ${MK_GEN_DIR}/d3d11/d3d11_format_levels.c
  COMMAND ${CMAKE_COMMAND} -E make_directory ${MK_GEN_DIR}/d3d11
  COMMAND Python3::Interpreter ${MK_D3D11_GEN} formats ${MK_DATA_DIR}/d3d11-format-levels.tsv
          ${MK_DATA_DIR}/format-support.tsv ${MK_GEN_DIR}/d3d11/d3d11_format_levels.c
  DEPENDS ${MK_D3D11_GEN} ${CMAKE_CURRENT_SOURCE_DIR}/tools/refdata.py ${MK_DATA_DIR}/d3d11-format-levels.tsv
          ${MK_DATA_DIR}/format-support.tsv
  COMMENT "Generating the D3D11 format support per feature level")

add_custom_command(
  OUTPUT ${MK_GEN_DIR}/d3d11/d3d11_resource_rules.c
  COMMAND ${CMAKE_COMMAND} -E make_directory ${MK_GEN_DIR}/d3d11
  COMMAND Python3::Interpreter ${MK_D3D11_GEN} resources ${MK_DATA_DIR}/d3d11-resource-rules.tsv
          ${MK_GEN_DIR}/d3d11/d3d11_resource_rules.c
  DEPENDS ${MK_D3D11_GEN} ${MK_DATA_DIR}/d3d11-resource-rules.tsv
  COMMENT "Generating the D3D11 resource rules")

add_custom_command(
  OUTPUT ${MK_GEN_DIR}/d3d11/d3d11_state_rules.c
  COMMAND ${CMAKE_COMMAND} -E make_directory ${MK_GEN_DIR}/d3d11
  COMMAND Python3::Interpreter ${MK_D3D11_GEN} states ${MK_DATA_DIR}/d3d11-state-rules.tsv
          ${MK_GEN_DIR}/d3d11/d3d11_state_rules.c
  DEPENDS ${MK_D3D11_GEN} ${MK_DATA_DIR}/d3d11-state-rules.tsv
  COMMENT "Generating the D3D11 query rules")

add_custom_command(
  OUTPUT ${MK_GEN_DIR}/d3d11/d3d11_messages.c ${MK_GEN_DIR}/d3d11/d3d11_messages.h
  COMMAND ${CMAKE_COMMAND} -E make_directory ${MK_GEN_DIR}/d3d11
  COMMAND Python3::Interpreter ${MK_D3D11_GEN} messages ${MK_DATA_DIR}/d3d11-messages.tsv
          ${MOCKD3D12_MINGW_INCLUDE_DIR} ${MK_GEN_DIR}/d3d11/d3d11_messages.c ${MK_GEN_DIR}/d3d11/d3d11_messages.h
  DEPENDS ${MK_D3D11_GEN} ${CMAKE_CURRENT_SOURCE_DIR}/tools/refdata.py ${MK_DATA_DIR}/d3d11-messages.tsv
  COMMENT "Generating the D3D11 debug layer's messages")

add_library(mockd3d12_d3d11_headers INTERFACE)
target_link_libraries(mockd3d12_d3d11_headers INTERFACE mockd3d12_dxgi_headers)

file(GLOB MK_D3D11_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/d3d11/*.c)
add_library(d3d11 SHARED ${MK_D3D11_SOURCES} ${MK_GEN_DIR}/d3d11/d3d11_stubs.c ${MK_GEN_DIR}/d3d11/d3d11_mapping.c
  ${MK_GEN_DIR}/d3d11/d3d11_format_levels.c ${MK_GEN_DIR}/d3d11/d3d11_messages.c
  ${MK_GEN_DIR}/d3d11/d3d11_resource_rules.c ${MK_GEN_DIR}/d3d11/d3d11_state_rules.c)
# The rooms' code it shares with libd3d12, compiled once and linked in
# statically (hidden symbols: no state shared with libd3d12.so): the object
# base and private data (mk_com), the allocator and platform layer
# (mk_base), the debug layer's message queue behind ID3D11InfoQueue
# (src/debuglayer/dbg_queue.c), the format layout table and the DXBC reader
# (mk_objects) for mapped textures' pitches, shaders and input layouts.
target_link_libraries(d3d11 PRIVATE mk_objects mk_debuglayer mk_trace_companion mk_com mk_base)
target_include_directories(d3d11 PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src/d3d11 ${CMAKE_CURRENT_SOURCE_DIR}/src/debuglayer
  ${MK_GEN_DIR}/d3d11)
target_compile_definitions(d3d11 PRIVATE MOCKD3D12_D3D11_BUILDING)
target_link_libraries(d3d11 PUBLIC mockd3d12_d3d11_headers d3d12 dxgi
  PRIVATE Threads::Threads ${CMAKE_DL_LIBS})
if(NOT WIN32)
  # libm: the clears' conversions (src/d3d11/clear.c: floor, powf for sRGB).
  target_link_libraries(d3d11 PRIVATE m)
endif()
set_target_properties(d3d11 PROPERTIES
  C_VISIBILITY_PRESET hidden
  VERSION ${PROJECT_VERSION} SOVERSION ${MK_SOVERSION}
  LINK_FLAGS "-Wl,--version-script=${CMAKE_CURRENT_SOURCE_DIR}/src/d3d11/exports.map -Wl,--no-undefined")
set_property(TARGET d3d11 APPEND PROPERTY LINK_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/d3d11/exports.map)
if(WIN32)
  # d3d11.dll next to d3d12.dll and dxgi.dll (src/d3d11/d3d11.def), with its
  # import library under mingw's and the SDK's names.
  set_target_properties(d3d11 PROPERTIES
    PREFIX "" OUTPUT_NAME d3d11 IMPORT_PREFIX "lib" IMPORT_SUFFIX ".dll.a"
    LINK_FLAGS "${CMAKE_CURRENT_SOURCE_DIR}/src/d3d11/d3d11.def -Wl,--no-undefined"
    LINK_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/d3d11/d3d11.def)
  add_custom_command(TARGET d3d11 POST_BUILD
    COMMAND ${CMAKE_COMMAND} -E copy_if_different $<TARGET_LINKER_FILE:d3d11> $<TARGET_LINKER_FILE_DIR:d3d11>/d3d11.lib
    COMMENT "d3d11.lib (a copy of the import library)")
endif()
add_library(mockd3d12::d3d11 ALIAS d3d11)

# Installation: the same export set as libd3d12.so and libdxgi.so
# (find_package(mockd3d12 CONFIG) -> mockd3d12::d3d11) and mockd3d12-d3d11.pc.
install(TARGETS d3d11 mockd3d12_d3d11_headers EXPORT mockd3d12Targets
  LIBRARY DESTINATION ${MOCKD3D12_INSTALL_RUNTIME_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
set_target_properties(mockd3d12_d3d11_headers PROPERTIES EXPORT_NAME d3d11_headers)
file(RELATIVE_PATH MK_D3D11_PC_TO_PREFIX "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
string(REGEX REPLACE "/$" "" MK_D3D11_PC_TO_PREFIX "${MK_D3D11_PC_TO_PREFIX}")
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/mockd3d12-d3d11.pc.in ${CMAKE_CURRENT_BINARY_DIR}/mockd3d12-d3d11.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/mockd3d12-d3d11.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
