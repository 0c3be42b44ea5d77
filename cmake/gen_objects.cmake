# The objects room's generated source: the command list's recording methods
# and vtable (tools/gen_command_list.py), from the d3d12.h of the
# DirectX-Headers the build uses, data/command-list-next.tsv (the interfaces
# newer than them), data/command-list-gates.tsv and data/dred-ops.tsv. Keep
# MK_COMMAND_LIST_HANDWRITTEN in step with src/objects/command_list.c: the
# generator refuses a name the headers do not declare, and the compiler a
# method written twice or not at all.
set(MK_COMMAND_LIST_HANDWRITTEN
  QueryInterface AddRef Release GetPrivateData SetPrivateData SetPrivateDataInterface SetName GetDevice
  GetType Close Reset ExecuteBundle BeginQuery EndQuery ResolveQueryData SetMarker BeginEvent)
list(JOIN MK_COMMAND_LIST_HANDWRITTEN "," MK_COMMAND_LIST_HANDWRITTEN_ARG)
if(WIN32)
  set(MK_D3D12_HEADER_DIRS ${MK_DIRECTX_HEADERS_DIR})
else()
  set(MK_D3D12_HEADER_DIRS ${DIRECTX_HEADERS_INCLUDE_DIRS})
endif()
find_file(MK_D3D12_HEADER d3d12.h PATHS ${MK_D3D12_HEADER_DIRS} PATH_SUFFIXES directx
  NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH DOC "The DirectX-Headers' d3d12.h the command list is generated from")
if(NOT MK_D3D12_HEADER)
  message(FATAL_ERROR "DirectX-Headers' d3d12.h not found in ${MK_D3D12_HEADER_DIRS}: install directx-headers-dev")
endif()
# The second output is the tests' (tests/unit/test_command_list_calls.c): every
# generated method by name, and a call of each with zeroed arguments.
add_custom_command(
  OUTPUT ${MK_GEN_DIR}/objects/command_list_gen.inc ${MK_GEN_DIR}/tests/command_list_calls.inc
  COMMAND ${CMAKE_COMMAND} -E make_directory ${MK_GEN_DIR}/objects ${MK_GEN_DIR}/tests
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_command_list.py ${MK_DATA_DIR}
          ${MK_D3D12_HEADER} ${MK_GEN_DIR}/objects/command_list_gen.inc "${MK_COMMAND_LIST_HANDWRITTEN_ARG}"
          ${MK_GEN_DIR}/tests/command_list_calls.inc
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_command_list.py ${CMAKE_CURRENT_SOURCE_DIR}/tools/refdata.py
          ${MK_DATA_DIR}/command-list-gates.tsv ${MK_DATA_DIR}/command-list-next.tsv ${MK_DATA_DIR}/dred-ops.tsv ${MK_DATA_DIR}/reference/d3d12-features.tsv
          ${MK_DATA_DIR}/reference/d3d12-feature-structs.tsv ${MK_DATA_DIR}/reference/d3d12-enum-values.tsv
          ${MK_DATA_DIR}/reference/d3d12-message-ids.tsv ${MK_D3D12_HEADER}
          ${CMAKE_CURRENT_SOURCE_DIR}/cmake/gen_objects.cmake
  COMMENT "Generating the command list's methods")
set_source_files_properties(${MK_GEN_DIR}/objects/command_list_gen.inc PROPERTIES HEADER_FILE_ONLY ON GENERATED ON)
set(MK_GEN_OBJECTS ${MK_GEN_DIR}/objects/command_list_gen.inc)
# The objects room's per-format layout table (tools/gen_format_layout.py),
# from data/format-layout.tsv and data/format-support.tsv's plane counts; its
# second output lists every DXGI_FORMAT of the dxgiformat.h beside the build's
# d3d12.h, for tests/unit/test_resource_layout.c.
get_filename_component(MK_D3D12_HEADER_DIR ${MK_D3D12_HEADER} DIRECTORY)
set(MK_DXGIFORMAT_HEADER ${MK_D3D12_HEADER_DIR}/dxgiformat.h)
add_custom_command(
  OUTPUT ${MK_GEN_DIR}/objects/format_layout_gen.c ${MK_GEN_DIR}/tests/header_formats.inc
  COMMAND ${CMAKE_COMMAND} -E make_directory ${MK_GEN_DIR}/objects ${MK_GEN_DIR}/tests
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_format_layout.py ${MK_DATA_DIR}
          ${MK_DXGIFORMAT_HEADER} ${MK_GEN_DIR}/objects/format_layout_gen.c ${MK_GEN_DIR}/tests/header_formats.inc
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_format_layout.py ${CMAKE_CURRENT_SOURCE_DIR}/tools/refdata.py
          ${MK_DATA_DIR}/format-layout.tsv ${MK_DATA_DIR}/format-support.tsv ${MK_DXGIFORMAT_HEADER}
          ${CMAKE_CURRENT_SOURCE_DIR}/cmake/gen_objects.cmake
  COMMENT "Generating the DXGI format layout table")
list(APPEND MK_GEN_OBJECTS ${MK_GEN_DIR}/objects/format_layout_gen.c)

# The shader feature flags' capabilities (tools/gen_shader_requires.py): the
# SFI0 bits of data/shader-requires.tsv, checked against data/reference and
# the d3d12shader.h beside the d3d12.h above.
add_custom_command(
  OUTPUT ${MK_GEN_DIR}/objects/shader_requires_gen.c
  COMMAND ${CMAKE_COMMAND} -E make_directory ${MK_GEN_DIR}/objects
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_shader_requires.py ${MK_DATA_DIR}
          ${MK_D3D12_HEADER_DIR}/d3d12shader.h ${MK_GEN_DIR}/objects/shader_requires_gen.c
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_shader_requires.py ${CMAKE_CURRENT_SOURCE_DIR}/tools/refdata.py
          ${MK_DATA_DIR}/shader-requires.tsv ${MK_DATA_DIR}/reference/d3d12-features.tsv
          ${MK_DATA_DIR}/reference/d3d12-feature-structs.tsv ${MK_DATA_DIR}/reference/d3d12-enum-values.tsv
          ${MK_D3D12_HEADER_DIR}/d3d12shader.h ${CMAKE_CURRENT_SOURCE_DIR}/cmake/gen_objects.cmake
  COMMENT "Generating the shader feature flags' capabilities")
list(APPEND MK_GEN_OBJECTS ${MK_GEN_DIR}/objects/shader_requires_gen.c)
