# The caps room's format rules: DXGI format support per format, from
# data/format-support.tsv (tools/gen_formats.py).
add_custom_command(
  OUTPUT ${MK_GEN_DIR}/caps_formats_gen.c
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_formats.py ${MK_DATA_DIR}
          ${MK_GEN_DIR}/caps_formats_gen.c
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_formats.py ${CMAKE_CURRENT_SOURCE_DIR}/tools/refdata.py
          ${MK_DATA_DIR}/format-support.tsv
  COMMENT "Generating the DXGI format support rules")
list(APPEND MK_GENERATED_SOURCES ${MK_GEN_DIR}/caps_formats_gen.c)
