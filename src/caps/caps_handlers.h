/*
 * Fill functions named by data/feature-handlers.tsv (the generated feature
 * table points at them). caps_fill_copy answers every feature without inputs
 * from the adapter's true values. A fill marked `atomic` in the TSV writes
 * nothing (in the struct or through its pointers) when it fails, so the walk
 * and the legacy entry point's fast path may run it on the caller's buffer
 * when nothing can be clamped (src/check_feature.c).
 */
#ifndef MOCKD3D12_CAPS_HANDLERS_H
#define MOCKD3D12_CAPS_HANDLERS_H

#include "caps/caps.h"

HRESULT caps_fill_barrier_layout(const struct caps_fill *fill);
HRESULT caps_fill_command_queue_priority(const struct caps_fill *fill);
HRESULT caps_fill_cooperative_vector(const struct caps_fill *fill);
HRESULT caps_fill_copy(const struct caps_fill *fill);
HRESULT caps_fill_driver_optional(const struct caps_fill *fill);
HRESULT caps_fill_feature_levels(const struct caps_fill *fill);
HRESULT caps_fill_fence_barriers(const struct caps_fill *fill);
HRESULT caps_fill_format_info(const struct caps_fill *fill);
HRESULT caps_fill_format_support(const struct caps_fill *fill);
HRESULT caps_fill_guid_texture_layout(const struct caps_fill *fill);
HRESULT caps_fill_linear_algebra_matrix_operation(const struct caps_fill *fill);
HRESULT caps_fill_mlir_exchange(const struct caps_fill *fill);
HRESULT caps_fill_mlir_interface_support(const struct caps_fill *fill);
HRESULT caps_fill_multisample_quality_levels(const struct caps_fill *fill);
HRESULT caps_fill_node_indexed(const struct caps_fill *fill);
HRESULT caps_fill_not_implemented(const struct caps_fill *fill);
HRESULT caps_fill_placed_resource_support_info(const struct caps_fill *fill);
HRESULT caps_fill_protected_session_types(const struct caps_fill *fill);
HRESULT caps_fill_query_meta_command(const struct caps_fill *fill);
HRESULT caps_fill_root_signature(const struct caps_fill *fill);
HRESULT caps_fill_shader_model(const struct caps_fill *fill);

#endif
