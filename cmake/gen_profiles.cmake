# Built-in adapter profile texts: the D3d12info reports of
# data/adapters/reports (imported at bake time), the other real adapters of
# data/adapters/real-adapters.json converted to the profile shape, plus the
# hand-written data/profiles/*.json, embedded as C strings. They are the input
# of the baker (tools/bake, the top-level CMakeLists.txt), which turns them into
# the C tables the runtime registers; the runtime itself never holds them.
file(GLOB MK_PROFILE_JSON CONFIGURE_DEPENDS ${MK_DATA_DIR}/profiles/*.json ${MK_DATA_DIR}/adapters/reports/*.json)
add_custom_command(
  OUTPUT ${MK_GEN_DIR}/caps_profiles_gen.c
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_profiles.py ${MK_DATA_DIR}
          ${MK_GEN_DIR}/caps_profiles_gen.c
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_profiles.py ${CMAKE_CURRENT_SOURCE_DIR}/tools/refdata.py
          ${MK_DATA_DIR}/adapters/real-adapters.json
          ${MK_PROFILE_JSON}
  COMMENT "Generating the built-in adapter profiles")
set(MK_PROFILE_TEXTS_SOURCE ${MK_GEN_DIR}/caps_profiles_gen.c)
