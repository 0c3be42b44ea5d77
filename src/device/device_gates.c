/*
 * Capability gates: one test of a feature field against the adapter's true
 * value under the device's runtime, and one wording of its refusal
 * (src/device/device_gates.h).
 */
#include <stdio.h>

#include "caps/caps.h"
#include "device.h"
#include "device_gates.h"
#include "mk_tables.h"

bool mk_device_gate_value(const struct mk_device *device, const struct mk_gate *gate, const struct mk_field **field_out,
        uint64_t *value)
{
    const struct mk_feature *feature = mk_feature_from_value((uint32_t)gate->feature);
    const struct mk_field *field;
    int index;

    *field_out = NULL;
    *value = 0;
    /* Every gate names a feature and a field of the tables (each one's rows are tested). */
    if (!feature || (index = mk_field_find(feature->struct_index, gate->field)) < 0)
        return false;
    *field_out = field = &mk_fields[index];
    if (!caps_runtime_knows(&device->runtime, feature->first_retail, feature->first_preview)
            || !caps_runtime_knows(&device->runtime, field->first_retail, field->first_preview))
        return false;
    /* Never NULL for a struct of the tables. */
    *value = mk_field_get(caps_adapter_values(device->adapter, feature->struct_index), field);
    return true;
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
    const struct mk_field *field;
    char have[48], want[48], prefix[160];
    const char *structure, *adapter, *flag;
    uint64_t value;
    bool known = mk_device_gate_value(device, gate, &field, &value);

    if (known && test_passes(gate, value))
        return true;
    if (!why)
        return false;
    if (!field) /* a gate naming what the tables lack: the build's checks of the gate data prevent it */
    {
        snprintf(why, why_size, "%s%sneeds %s, which the tables do not have", what ? what : "", what ? " " : "",
                gate->field);
        return false;
    }
    snprintf(prefix, sizeof(prefix), "%s%sneeds", what ? what : "", what ? " " : "");
    structure = mk_structs[field->struct_index].name;
    adapter = caps_adapter_id(device->adapter);
    if (!known)
        snprintf(why, why_size, "%s %s::%s, which this runtime (SDK %u) does not report on %s", prefix, structure,
                field->name, (unsigned)device->runtime.sdk_version, adapter);
    else if (gate->test == MK_GATE_BIT)
    {
        flag = field->enum_index >= 0 ? mk_enum_value_name((unsigned)field->enum_index, 1u << gate->minimum) : NULL;
        snprintf(want, sizeof(want), "bit %u", (unsigned)gate->minimum);
        snprintf(why, why_size, "%s %s in %s::%s, which is 0x%llx on %s", prefix, flag ? flag : want, structure,
                field->name, (unsigned long long)value, adapter);
    }
    else if (field->kind == MK_FIELD_BOOL || gate->test == MK_GATE_NONZERO)
        snprintf(why, why_size, "%s %s::%s, which is %s on %s", prefix, structure, field->name,
                field->kind == MK_FIELD_BOOL ? "FALSE" : "0", adapter);
    else
        snprintf(why, why_size, "%s %s::%s >= %s, which is %s on %s", prefix, structure, field->name,
                value_text(device, field, gate->minimum, want, sizeof(want)),
                value_text(device, field, value, have, sizeof(have)), adapter);
    return false;
}
