# The clamp room's generated table: SDK release pairs (retail <-> preview
# numbers) from data/reference/sdk-versions.tsv.
add_custom_command(
  OUTPUT ${MK_GEN_DIR}/clamp_sdk_versions_gen.c
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_sdk_versions.py ${MK_DATA_DIR}
          ${MK_GEN_DIR}/clamp_sdk_versions_gen.c
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_sdk_versions.py ${MK_GEN_COMMON}
  COMMENT "Generating the SDK release table")
list(APPEND MK_GENERATED_SOURCES ${MK_GEN_DIR}/clamp_sdk_versions_gen.c)
