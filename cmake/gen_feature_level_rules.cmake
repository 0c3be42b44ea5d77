# The rules that complete an adapter profile (src/caps/profile_rules.c), from
# data/feature-level-rules.tsv (tools/gen_feature_level_rules.py).
add_custom_command(
  OUTPUT ${MK_GEN_DIR}/caps_feature_level_rules_gen.c
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_feature_level_rules.py ${MK_DATA_DIR}
          ${MK_GEN_DIR}/caps_feature_level_rules_gen.c
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_feature_level_rules.py ${MK_GEN_COMMON}
          ${MK_DATA_DIR}/feature-level-rules.tsv
  COMMENT "Generating the profile completion rules")
list(APPEND MK_GENERATED_SOURCES ${MK_GEN_DIR}/caps_feature_level_rules_gen.c)

