/*
 * Shared helpers of the control API (src/control.c) and the entry points.
 */
#ifndef MOCKD3D12_CONTROL_H
#define MOCKD3D12_CONTROL_H

#include <mockd3d12/d3d12.h>

#include "printf_format.h"

/* Sets this thread's mockd3d12_last_error() text (printf-style). Every
 * mockd3d12_* function that fails calls it. */
void mk_set_last_error(const char *format, ...) MK_PRINTF_FORMAT(1, 2);

/* Forgets what the entry points recorded (D3D12EnableExperimentalFeatures);
 * src/api/entry_points.c. SetSDKVersion's choice lives in the clamp room. */
void mk_entry_points_reset(void);

#endif
