/* libd3d12.so is mk_core linked whole; this file only gives the target a source. */
typedef int mk_export_anchor_unused;
