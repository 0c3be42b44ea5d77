/*
 * Capability gates (src/device/device_gates.c): whether the device's adapter,
 * under its runtime, has what a method, a view or a query heap needs — a
 * field of a feature's struct at a minimum, not zero, or with a bit — and
 * the reason when it has not. The one implementation behind the command
 * lists' gates (data/command-list-gates.tsv), the query heaps' and command
 * signatures' needs and the descriptors' checks.
 */
#ifndef MOCKD3D12_DEVICE_GATES_H
#define MOCKD3D12_DEVICE_GATES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mockd3d12/d3d12.h>

struct mk_device;
struct mk_field;

enum mk_gate_test
{
    MK_GATE_AT_LEAST = 0, /* the field is at least `minimum` (a BOOL: TRUE for 1) */
    MK_GATE_NONZERO,      /* the field is not zero */
    MK_GATE_BIT,          /* the field has bit `minimum`, below 32 (a flags field, e.g. 1 << a list type) */
};

struct mk_gate
{
    D3D12_FEATURE feature;
    const char *field;    /* a field of the feature's struct in the tables */
    uint8_t test;         /* enum mk_gate_test */
    uint32_t minimum;
};

/* The adapter's true value of the gate's field: false (and 0) when the
 * device's runtime does not know the feature or the field. `field` is set
 * whenever the tables have it. */
bool mk_device_gate_value(const struct mk_device *device, const struct mk_gate *gate, const struct mk_field **field,
        uint64_t *value);

/* Does the adapter pass `gate`? If not, and `why` is not NULL, the reason:
 *   "<what> needs STRUCT::Field >= NAME, which is NAME on ADAPTER"
 *   "<what> needs STRUCT::Field, which is FALSE on ADAPTER" (a BOOL; a flags field: "which is 0")
 *   "<what> needs FLAG in STRUCT::Field, which is 0x.. on ADAPTER"
 *   "<what> needs STRUCT::Field, which this runtime (SDK n) does not report on ADAPTER"
 * (without "<what> " when `what` is NULL). A value without a name, the
 * reference's or the profile's, is written as its number. */
bool mk_device_gate_passes(const struct mk_device *device, const struct mk_gate *gate, const char *what, char *why,
        size_t why_size);

#endif
