/*
 * Refusals and capability gates (src/device/refusal.h): one record of why a
 * call fails and one report of it; one test of a feature field against the
 * adapter's true value under the device's runtime, and one wording of its
 * refusal.
 */
#include <stdarg.h>
#include <stdio.h>

#include "caps/caps.h"
#include "debuglayer/debuglayer.h"
#include "device.h"
#include "refusal.h"
#include "mk_tables.h"
#include "shader_bytecode.h"

/* ---- Refusals ---- */

bool mk_refuse(struct mk_refusal *r, D3D12_MESSAGE_ID id, const char *format, ...)
{
    va_list args;

    r->id = id;
    r->hr = E_INVALIDARG;
    va_start(args, format);
    vsnprintf(r->why, sizeof(r->why), format, args);
    va_end(args);
    return false;
}

bool mk_refuse_out_of_memory(struct mk_refusal *r)
{
    r->id = D3D12_MESSAGE_ID_UNKNOWN;
    r->hr = E_OUTOFMEMORY;
    r->why[0] = 0;
    return false;
}

const char *mk_result_name(HRESULT hr)
{
    switch (hr)
    {
        case E_INVALIDARG: return "E_INVALIDARG";
        case E_OUTOFMEMORY: return "E_OUTOFMEMORY";
        case D3D12_ERROR_ADAPTER_NOT_FOUND: return "D3D12_ERROR_ADAPTER_NOT_FOUND";
        case D3D12_ERROR_DRIVER_VERSION_MISMATCH: return "D3D12_ERROR_DRIVER_VERSION_MISMATCH";
        case DXGI_ERROR_UNSUPPORTED: return "DXGI_ERROR_UNSUPPORTED";
        default: return "E_FAIL";
    }
}

HRESULT mk_refusal_report(struct mk_device *device, const char *method, const struct mk_refusal *r,
        D3D12_MESSAGE_ID fallback)
{
    D3D12_MESSAGE_ID id = r->id != D3D12_MESSAGE_ID_UNKNOWN ? r->id
            : r->hr != E_OUTOFMEMORY ? fallback : D3D12_MESSAGE_ID_UNKNOWN;

    if (id != D3D12_MESSAGE_ID_UNKNOWN)
        dbg_report(device->debug, id, method, r->why, mk_result_name(r->hr));
    return r->hr;
}

/* ---- Capability gates ---- */

bool mk_device_field_value(const struct mk_device *device, unsigned field_id, uint64_t *value)
{
    const struct mk_field *field = &mk_fields[field_id];
    const struct mk_feature *feature = mk_feature_from_value(mk_structs[field->struct_index].feature);

    *value = 0;
    /* Every struct of the tables answers one live feature (tools/gen_tables.py). */
    if (!caps_runtime_knows_until(&device->runtime, feature->first_retail, feature->first_preview,
            feature->last_preview)
            || !caps_runtime_knows_until(&device->runtime, field->first_retail, field->first_preview,
                    field->last_preview))
        return false;
    /* Never NULL for a struct of the tables. */
    *value = mk_field_get(caps_adapter_values(device->adapter, field->struct_index), field);
    return true;
}

uint64_t mk_device_field(const struct mk_device *device, unsigned field)
{
    uint64_t value;

    mk_device_field_value(device, field, &value);
    return value;
}

bool mk_require(const struct mk_device *device, struct mk_gate gate, const char *what, D3D12_MESSAGE_ID id,
        struct mk_refusal *r)
{
    char why[512];

    if (mk_device_gate_passes(device, &gate, what, why, sizeof(why)))
        return true;
    return mk_refuse(r, id, "%s", why);
}

static bool test_passes(const struct mk_gate *gate, uint64_t value)
{
    switch (gate->test)
    {
    case MK_GATE_NONZERO:
        return value != 0;
    case MK_GATE_BIT: /* a bit of a flags field: below 32 */
        return (value >> gate->minimum) & 1u;
    default:
        return value >= gate->minimum;
    }
}

/* A value of an enum field as a message shows it: its name, else its number. */
static const char *value_text(const struct mk_device *device, const struct mk_field *field, uint64_t value,
        char *text, size_t size)
{
    const char *name = caps_value_name(device->adapter, (unsigned)(field - mk_fields), (uint32_t)value);

    if (name)
        return name;
    snprintf(text, size, "%llu", (unsigned long long)value);
    return text;
}

bool mk_device_gate_passes(const struct mk_device *device, const struct mk_gate *gate, const char *what, char *why,
        size_t why_size)
{
    const struct mk_field *field = &mk_fields[gate->field];
    char have[48], want[48], prefix[160];
    const char *structure, *adapter, *flag;
    uint64_t value;
    bool known = mk_device_field_value(device, gate->field, &value);

    if (known && test_passes(gate, value))
        return true;
    if (!why)
        return false;
    snprintf(prefix, sizeof(prefix), "%s%sneeds", what ? what : "", what ? " " : "");
    structure = mk_struct_name(&mk_structs[field->struct_index]);
    adapter = caps_adapter_id(device->adapter);
    if (!known)
        snprintf(why, why_size, "%s %s::%s, which this runtime (SDK %u) does not report on %s", prefix, structure,
                mk_field_name(field), (unsigned)device->runtime.sdk_version, adapter);
    else if (gate->test == MK_GATE_BIT)
    {
        flag = field->enum_index >= 0 ? mk_enum_value_name((unsigned)field->enum_index, 1u << gate->minimum) : NULL;
        snprintf(want, sizeof(want), "bit %u", (unsigned)gate->minimum);
        snprintf(why, why_size, "%s %s in %s::%s, which is 0x%llx on %s", prefix, flag ? flag : want, structure,
                mk_field_name(field), (unsigned long long)value, adapter);
    }
    else if (field->kind == MK_FIELD_BOOL || gate->test == MK_GATE_NONZERO)
        snprintf(why, why_size, "%s %s::%s, which is %s on %s", prefix, structure, mk_field_name(field),
                field->kind == MK_FIELD_BOOL ? "FALSE" : "0", adapter);
    else
        snprintf(why, why_size, "%s %s::%s >= %s, which is %s on %s", prefix, structure, mk_field_name(field),
                value_text(device, field, gate->minimum, want, sizeof(want)),
                value_text(device, field, value, have, sizeof(have)), adapter);
    return false;
}

bool mk_require_shader_features(const struct mk_device *device, uint64_t requires, const char *who,
        D3D12_MESSAGE_ID id, struct mk_refusal *r)
{
    char what[152]; /* with " needs", within mk_device_gate_passes' prefix */
    size_t i;

    for (i = 0; i < obj_shader_requirement_count; ++i)
    {
        const struct obj_shader_requirement *q = &obj_shader_requirements[i];
        const struct mk_gate gate = {(uint16_t)q->field, q->test ? MK_GATE_NONZERO : MK_GATE_AT_LEAST, q->minimum};

        if (!(requires & q->bit) || q->field < 0)
            continue;
        snprintf(what, sizeof(what), "%s's %s", who, obj_shader_requirement_name(q));
        if (!mk_require(device, gate, what, id, r))
            return false;
    }
    return true;
}
