/*
 * The one way the device refuses (src/device/refusal.c): a refusal records
 * the debug layer's message, the HRESULT and the reason; a capability gate
 * says whether the device's adapter, under its runtime, has what a method, a
 * view, a resource or a pipeline needs — a field of a feature's struct at a
 * minimum, not zero, or with a bit — and words the reason when it has not.
 * Capabilities are named by the generated field constants of the tables
 * (MK_FIELD_<feature>_<field>, mk_tables.h): the compiler checks them and a
 * gate costs an index, not a search.
 */
#ifndef MOCKD3D12_REFUSAL_H
#define MOCKD3D12_REFUSAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mockd3d12/d3d12.h>

#include "mk_tables.h"
#include "printf_format.h"

struct mk_device;

/* ---- Refusals ---- */

/* Why a call writes nothing: the message, the result and the reason. */
struct mk_refusal
{
    D3D12_MESSAGE_ID id;
    HRESULT hr;
    char why[640];
};

/* Records a refusal (E_INVALIDARG; set r->hr for another result) and
 * returns false, so that a check can end with `return mk_refuse(...)`. */
bool mk_refuse(struct mk_refusal *r, D3D12_MESSAGE_ID id, const char *format, ...) MK_PRINTF_FORMAT(3, 4);

/* An allocation failed: E_OUTOFMEMORY, with no message of its own. */
bool mk_refuse_out_of_memory(struct mk_refusal *r);

/* The debug layer's report of `r` for `method` ("<method>: <why>; returning
 * <result>", as the message's text has it), with message `fallback` when
 * the refusal names none; nothing for an allocation failure without a
 * message. Returns r->hr. */
HRESULT mk_refusal_report(struct mk_device *device, const char *method, const struct mk_refusal *r,
        D3D12_MESSAGE_ID fallback);

/* The name of a result a refusal returns ("E_INVALIDARG", ...). */
const char *mk_result_name(HRESULT hr);

/* ---- Capability gates ---- */

enum mk_gate_test
{
    MK_GATE_AT_LEAST = 0, /* the field is at least `minimum` (a BOOL: TRUE for 1) */
    MK_GATE_NONZERO,      /* the field is not zero */
    MK_GATE_BIT,          /* the field has bit `minimum`, below 32 (a flags field, e.g. 1 << a list type) */
};

struct mk_gate
{
    uint16_t field;       /* enum mk_field_id: the field, and through its struct the feature */
    uint8_t test;         /* enum mk_gate_test */
    uint32_t minimum;
};

/* A gate on field `field` of feature D3D12_FEATURE_`feature` (both without
 * prefix: MK_GATE(D3D12_OPTIONS5, RaytracingTier, MK_GATE_AT_LEAST, ...)):
 * an initializer (..._INIT) for tables, a value for calls. */
#define MK_GATE_INIT(feature, field, test, minimum) {MK_FIELD_##feature##_##field, (test), (minimum)}
#define MK_GATE(feature, field, test, minimum) ((struct mk_gate)MK_GATE_INIT(feature, field, test, minimum))
#define MK_AT_LEAST_INIT(feature, field, minimum) MK_GATE_INIT(feature, field, MK_GATE_AT_LEAST, minimum)
#define MK_AT_LEAST(feature, field, minimum) MK_GATE(feature, field, MK_GATE_AT_LEAST, minimum)

/* The adapter's true value of `field` (enum mk_field_id) under the device's
 * runtime: false (and 0) when the runtime does not know its feature or the
 * field. */
bool mk_device_field_value(const struct mk_device *device, unsigned field, uint64_t *value);
/* The same, 0 when unknown. */
uint64_t mk_device_field(const struct mk_device *device, unsigned field);

/* Does the adapter pass `gate`? If not, and `why` is not NULL, the reason:
 *   "<what> needs STRUCT::Field >= NAME, which is NAME on ADAPTER"
 *   "<what> needs STRUCT::Field, which is FALSE on ADAPTER" (a BOOL; a flags field: "which is 0")
 *   "<what> needs FLAG in STRUCT::Field, which is 0x.. on ADAPTER"
 *   "<what> needs STRUCT::Field, which this runtime (SDK n) does not report on ADAPTER"
 * (without "<what> " when `what` is NULL). A value without a name, the
 * reference's or the profile's, is written as its number. */
bool mk_device_gate_passes(const struct mk_device *device, const struct mk_gate *gate, const char *what, char *why,
        size_t why_size);

/* mk_device_gate_passes, the reason recorded as a refusal with message `id`:
 * the check of a capability a call needs. */
bool mk_require(const struct mk_device *device, struct mk_gate gate, const char *what, D3D12_MESSAGE_ID id,
        struct mk_refusal *r);

/* Does the adapter have what shader feature flags `requires` (a DXBC or DXIL
 * container's SFI0 bits, data/shader-requires.tsv) need? If not, the
 * refusal with message `id`, naming "<who>'s <flag>". */
bool mk_require_shader_features(const struct mk_device *device, uint64_t requires, const char *who,
        D3D12_MESSAGE_ID id, struct mk_refusal *r);

#endif
