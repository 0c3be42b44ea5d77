# The debug layer's message tables: our catalog (data/messages.tsv) and the
# name of every D3D12_MESSAGE_ID (data/reference/d3d12-message-ids.tsv).
add_custom_command(
  OUTPUT ${MK_GEN_DIR}/dbg_messages_gen.c
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_messages.py ${MK_DATA_DIR}
          ${MK_GEN_DIR}/dbg_messages_gen.c
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_messages.py ${MK_GEN_COMMON} ${MK_DATA_DIR}/messages.tsv
  COMMENT "Generating the debug-layer message catalog")
list(APPEND MK_GENERATED_SOURCES ${MK_GEN_DIR}/dbg_messages_gen.c)
