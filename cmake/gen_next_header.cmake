# mockd3d12/d3d12_next.h's custom command is in the top-level CMakeLists.txt;
# the types no reference TSV describes are data/helper-types.tsv and the macros
# that tell a preview DirectX-Headers data/directx-headers-preview-markers.tsv,
# which it must also be regenerated after (APPEND adds to that command's DEPENDS).
add_custom_command(OUTPUT ${MK_GEN_DIR}/mockd3d12/d3d12_next.h APPEND
  DEPENDS ${MK_DATA_DIR}/helper-types.tsv ${MK_DATA_DIR}/directx-headers-preview-markers.tsv)
