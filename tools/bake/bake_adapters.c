/*
 * The build-time host tool that turns the built-in profiles into C tables
 * (docs/architecture.md, "Built-in adapters"), as Mesa turns its format
 * description into tables: the process that uses an adapter never parses it.
 *
 * It runs the loader that reads user profiles: every built-in profile text
 * (tools/gen_profiles.py's caps_builtin_profiles[]) and every built-in Vulkan
 * report is registered exactly as a profile file would be, in the same order,
 * so ids, inheritance, rules and LUIDs are the ones a user's profile gets.
 * Then each registered adapter is written out as static C data. Values are
 * written field by field with designated initializers, never as bytes, so the
 * output compiles to the right layout on every target (WCHAR is 4 bytes on
 * Linux, 2 on Windows).
 *
 * usage: mk_bake OUTPUT.c
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "caps/adapter.h"
#include "caps/vulkan.h"

static FILE *out;
static int failures;

static void fail(const char *fmt, ...)
{
    va_list args;

    va_start(args, fmt);
    fputs("mk_bake: ", stderr);
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
    va_end(args);
    ++failures;
}

/* A C string literal of UTF-8 bytes: printable ASCII as is, the rest octal. */
static void put_string(const char *s)
{
    if (!s)
    {
        fputs("NULL", out);
        return;
    }
    fputc('"', out);
    for (; *s; ++s)
    {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c >= 0x20 && c < 0x7f && c != '?') /* '?': no trigraphs */
            fputc(c, out);
        else
            fprintf(out, "\\%03o", c);
    }
    fputc('"', out);
}

/* A wide literal the target's compiler encodes in its own WCHAR: code points
 * as universal character names, the rest octal. */
static bool put_wide(const unsigned char *bytes, size_t size)
{
    size_t i, n = size / sizeof(WCHAR);

    fputs("L\"", out);
    for (i = 0; i < n; ++i)
    {
        WCHAR w;
        uint32_t c;

        memcpy(&w, bytes + i * sizeof(WCHAR), sizeof(w));
        c = (uint32_t)w;
        if (!c)
            break;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", (int)c);
        else if (c >= 0x20 && c < 0x7f && c != '?')
            fputc((int)c, out);
        else if (c < 0x80)
            fprintf(out, "\\%03o", (unsigned)c);
        else if (c < 0xa0 || (c >= 0xd800 && c < 0xe000) || c > 0x10ffff)
            return false; /* no universal character name exists for these */
        else
            fprintf(out, "\\U%08" PRIX32, c);
    }
    fputc('"', out);
    return true;
}

static bool all_zero(const unsigned char *p, size_t n)
{
    while (n--)
        if (*p++)
            return false;
    return true;
}

/* One feature-data struct: its non-zero fields by name, as the initialiser
 * of its member of the adapter's struct mk_value_block. */
static void put_struct(const struct caps_adapter *a, unsigned s)
{
    const struct mk_struct *st = &mk_structs[s];
    const unsigned char *v = caps_adapter_struct(a, s);
    unsigned char covered[4096] = {0};
    unsigned f, written = 0;
    size_t i;

    if (st->size > sizeof(covered))
    {
        fail("%s: %s is larger than the baker expects", a->id, mk_struct_name(st));
        return;
    }
    if (all_zero(v, st->size))
        return;
    fprintf(out, "\n    .s%u = {", s);
    for (f = st->first_field; f < (unsigned)st->first_field + st->field_count; ++f)
    {
        const struct mk_field *fd = &mk_fields[f];
        const unsigned char *p = v + fd->offset;

        memset(covered + fd->offset, 1, fd->size);
        if (all_zero(p, fd->size))
            continue;
        fprintf(out, "\n    .%s = ", mk_field_name(fd));
        ++written;
        if (fd->kind != MK_FIELD_OPAQUE)
        {
            uint64_t n = mk_field_get(v, fd);
            if (fd->kind == MK_FIELD_ENUM)
                fprintf(out, "(%s)0x%" PRIx64 "u,", mk_field_type(fd), n);
            else
                fprintf(out, "0x%" PRIx64 "%s,", n, fd->size == 8 ? "ull" : "u");
        }
        else if (!strncmp(mk_field_type(fd), "WCHAR[", 6))
        {
            if (!put_wide(p, fd->size))
                fail("%s: %s.%s holds a character no C literal can hold", a->id, mk_struct_name(st), mk_field_name(fd));
            fputc(',', out);
        }
        else if (!strcmp(mk_field_type(fd), "D3D12_VERSION_NUMBER") && fd->size == 8)
        {
            uint64_t n;
            memcpy(&n, p, 8);
            fprintf(out, "{0x%" PRIx64 "ull},", n); /* the union's first member, Version */
        }
        else
            fail("%s: %s.%s (%s) is not zero and the baker cannot write it", a->id, mk_struct_name(st),
                    mk_field_name(fd), mk_field_type(fd));
    }
    for (i = 0; i < st->size; ++i)
        if (v[i] && !covered[i])
            fail("%s: %s has a non-zero byte at %zu outside every field", a->id, mk_struct_name(st), i);
    fputs(written ? "\n    }," : "0},", out);
}

/* The displays of a built-in machine (docs/profiles.md, "outputs"): each
 * output's modes, then the outputs, doubles exactly ("%.17g"). */
static void put_outputs(unsigned i, const struct caps_adapter *a)
{
    unsigned k, m;

    for (k = 0; k < a->output_count; ++k)
    {
        fprintf(out, "static const struct caps_output_mode b%u_o%u_modes[] = {", i, k);
        for (m = 0; m < a->outputs[k].mode_count; ++m)
        {
            const struct caps_output_mode *d = &a->outputs[k].modes[m];
            fprintf(out, "\n    {%uu, %uu, %uu, %uu, %uu, %uu, %uu, %d},", d->width, d->height, d->refresh_numerator,
                    d->refresh_denominator, d->format, d->scanline_ordering, d->scaling, d->stereo);
        }
        fputs("\n};\n", out);
    }
    fprintf(out, "static const struct caps_output b%u_outputs[] = {", i);
    for (k = 0; k < a->output_count; ++k)
    {
        const struct caps_output *o = &a->outputs[k];

        fputs("\n    {.name = ", out);
        put_string(o->name);
        fprintf(out, ", .left = %" PRId32 ", .top = %" PRId32 ", .right = %" PRId32 ", .bottom = %" PRId32
                ", .rotation = %uu,\n        .mode_count = %uu, .modes = (struct caps_output_mode *)b%u_o%u_modes, .color_space = %uu,"
                " .bits_per_color = %uu,\n        .primaries = {", o->left, o->top, o->right, o->bottom, o->rotation,
                o->mode_count, i, k, o->color_space, o->bits_per_color);
        for (m = 0; m < 4; ++m)
            fprintf(out, "%s{%.17g, %.17g}", m ? ", " : "", o->primaries[m][0], o->primaries[m][1]);
        fprintf(out, "}, .luminance = {%.17g, %.17g, %.17g}},", o->luminance[0], o->luminance[1], o->luminance[2]);
    }
    fputs("\n};\n", out);
}

/* The name of an adapter's block of values: values_ and its id, each character
 * that cannot be in a C name an underscore ("values_nvidia_rtx_5070_ti"), so
 * that src/lib/startup.list can name the default adapter's. */
static void put_values_name(const struct caps_adapter *a)
{
    const char *c;

    fputs("values_", out);
    for (c = a->id; *c; ++c)
        fputc(isalnum((unsigned char)*c) ? *c : '_', out);
}

/* Adapter i's arrays, which its slot points at once filled (put_links): read-only
 * data, which nothing writes (the loader's adapters are the ones it builds). */
static void put_adapter_arrays(unsigned i, const struct caps_adapter *a)
{
    unsigned s, k;

    /* Meta commands hold WCHAR names whose code units depend on the target:
     * profile files loaded at run time may declare them, built-ins not yet. */
    if (a->meta_command_count)
        fail("%s: a built-in profile cannot declare metaCommands (load it as a file)", a->id);
    fprintf(out, "\n/* %s (%s) */\n", a->id, a->origin);
    fputs("static const struct mk_value_block ", out);
    put_values_name(a);
    fputs(" = {", out);
    for (s = 0; s < mk_struct_count; ++s)
        put_struct(a, s);
    fputs("\n};\n", out);

    if (a->coop_vector)
    {
        unsigned n = 0;

        for (k = 0; k < CAPS_COOP_VECTOR_ARRAYS; ++k)
            n += a->coop_vector_counts[k] * caps_coop_vector_width[k];
        fprintf(out, "static const uint32_t b%u_coop_vector[] = {", i);
        for (k = 0; k < n; ++k)
            fprintf(out, "%s%uu,", k % 12 ? " " : "\n    ", a->coop_vector[k]);
        fputs(n ? "\n};\n" : "0};\n", out);
    }

    fprintf(out, "static const uint8_t b%u_origins[] = {", i);
    for (k = 0; k < mk_field_count; ++k)
        fprintf(out, "%s%u,", k % 32 ? "" : "\n    ", a->origins[k]);
    fputs("\n};\n", out);

    if (a->format_count)
    {
        fprintf(out, "static const struct caps_format_override b%u_formats[] = {", i);
        for (k = 0; k < a->format_count; ++k)
        {
            const struct caps_format_override *f = &a->formats[k];
            unsigned slot;

            fprintf(out, "\n    {(DXGI_FORMAT)%u, 0x%xu, 0x%xu, %d, {", (unsigned)f->format, (unsigned)f->support1,
                    (unsigned)f->support2, f->has_quality_levels);
            for (slot = 0; slot < CAPS_SAMPLE_COUNT_SLOTS; ++slot)
                fprintf(out, "%s%uu", slot ? ", " : "", f->quality_levels[slot]);
            fprintf(out, "}, %u},", f->planes);
        }
        fputs("\n};\n", out);
    }
    if (a->new_value_count)
    {
        fprintf(out, "static const struct mk_declared_value b%u_new_values[] = {", i);
        for (k = 0; k < a->new_value_count; ++k)
        {
            const struct mk_enum_value *e = &a->new_values[k].value;
            fprintf(out, "\n    {%u, ", a->new_values[k].field_index);
            put_string(a->new_values[k].name);
            fprintf(out, ", {0x%" PRIx32 "u, %u, %u, %u, %u}},", e->value, e->first_retail, e->first_preview,
                    e->is_alias, e->last_preview);
        }
        fputs("\n};\n", out);
    }
    if (a->output_count)
        put_outputs(i, a);
    if (a->metadata)
    {
        /* A named array, not a literal of caps_baked_adapter_fill: read
         * only when asked for (src/lib/startup.list keeps that function's
         * literals with the start-up path). */
        char *text = json_dumps(a->metadata, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII);

        if (!text)
            fail("%s: out of memory", a->id);
        fprintf(out, "static const char b%u_metadata[] = ", i);
        put_string(text ? text : "");
        fputs(";\n", out);
        free(text);
    }
    if (a->lower_bound_count)
    {
        fprintf(out, "static const struct caps_lower_bound b%u_lower_bounds[] = {", i);
        for (k = 0; k < a->lower_bound_count; ++k)
            fprintf(out, "\n    {%u, 0x%" PRIx64 "ull},", a->lower_bounds[k].field_index, a->lower_bounds[k].value);
        fputs("\n};\n", out);
    }
}

/* Adapter i's fields without pointers, as an element of baked_templates[]:
 * constants only, so the array is read-only data the dynamic loader never
 * relocates (the pointers are put_links'). */
static void put_template(unsigned i, const struct caps_adapter *a)
{
    unsigned k;

    fprintf(out, "    /* b%u */ {\n", i);
    fprintf(out, "    .vendor_id = 0x%xu, .device_id = 0x%xu, .subsys_id = 0x%xu, .revision = %uu,\n",
            a->vendor_id, a->device_id, a->subsys_id, a->revision);
    fprintf(out, "    .luid = {0x%" PRIx32 "u, %" PRId32 "}, .luid_explicit = %d,\n", (uint32_t)a->luid.LowPart,
            (int32_t)a->luid.HighPart, a->luid_explicit);
    fprintf(out, "    .dedicated_video_memory = %" PRIu64 "ull, .dedicated_system_memory = %" PRIu64 "ull,"
            " .shared_system_memory = %" PRIu64 "ull,\n", (uint64_t)a->dedicated_video_memory,
            (uint64_t)a->dedicated_system_memory, (uint64_t)a->shared_system_memory);
    fprintf(out, "    .node_count = %u, .software = %d, .uma = %d, .cache_coherent_uma = %d,\n", a->node_count,
            a->software, a->uma, a->cache_coherent_uma);
    fprintf(out, "    .extra = {.dxgi_flags = 0x%xu, .graphics_preemption = %u, .compute_preemption = %u,\n"
            "        .has_umd_version = %d, .umd_version = %" PRIu64 "ull, .has_video_memory = %d,\n"
            "        .budget = {%" PRIu64 "ull, %" PRIu64 "ull}, .available_for_reservation = {%" PRIu64 "ull, %" PRIu64 "ull},\n"
            "        .allow_tearing = %d, .descriptor_sizes = {%uu, %uu, %uu, %uu},\n        .queue_priorities = {",
            a->extra.dxgi_flags, a->extra.graphics_preemption, a->extra.compute_preemption, a->extra.has_umd_version,
            (uint64_t)a->extra.umd_version, a->extra.has_video_memory, (uint64_t)a->extra.budget[0],
            (uint64_t)a->extra.budget[1], (uint64_t)a->extra.available_for_reservation[0],
            (uint64_t)a->extra.available_for_reservation[1], a->extra.allow_tearing, a->extra.descriptor_sizes[0],
            a->extra.descriptor_sizes[1], a->extra.descriptor_sizes[2], a->extra.descriptor_sizes[3]);
    for (k = 0; k < CAPS_QUEUE_TYPE_SLOTS; ++k)
        fprintf(out, "%s%u", k ? ", " : "", a->extra.queue_priorities[k]);
    fprintf(out, "}, .timestamp_frequency = %" PRIu64 "ull, .api_extensions = %d},\n    .report_index = %d,\n",
            (uint64_t)a->extra.timestamp_frequency, a->extra.api_extensions, a->report_index);
    fprintf(out, "    .max_feature_level = (D3D_FEATURE_LEVEL)0x%x,\n", (unsigned)a->max_feature_level);
    fprintf(out, "    .format_count = %u, .new_value_count = %u, .lower_bound_count = %u,\n", a->format_count,
            a->new_value_count, a->lower_bound_count);
    if (a->coop_vector)
        fprintf(out, "    .coop_vector_counts = {%uu, %uu, %uu},\n", a->coop_vector_counts[0],
                a->coop_vector_counts[1], a->coop_vector_counts[2]);
    /* An inheriting child's outputs are its parent's, written again: never freed. */
    fprintf(out, "    .output_count = %u,\n    },\n", a->output_count);
}

/* Adapter i's pointers, as a case of caps_baked_adapter_fill: stores of
 * addresses the code computes, where an initializer would be relocated. */
static void put_links(unsigned i, const struct caps_adapter *a)
{
    fprintf(out, "    case %u:\n        a->id = ", i);
    put_string(a->id);
    fputs(";\n        a->description = ", out);
    put_string(a->description);
    fputs(";\n        a->origin = ", out);
    put_string(a->origin);
    fputs(";\n        a->inherits = ", out);
    put_string(a->inherits);
    fputs(";\n        a->value_block = (unsigned char *)&", out);
    put_values_name(a);
    fprintf(out, ";\n        a->origins = (uint8_t *)b%u_origins;\n", i);
    if (a->format_count)
        fprintf(out, "        a->formats = (struct caps_format_override *)b%u_formats;\n", i);
    if (a->new_value_count)
        fprintf(out, "        a->new_values = (struct mk_declared_value *)b%u_new_values;\n", i);
    if (a->lower_bound_count)
        fprintf(out, "        a->lower_bounds = (struct caps_lower_bound *)b%u_lower_bounds;\n", i);
    if (a->coop_vector)
        fprintf(out, "        a->coop_vector = b%u_coop_vector;\n", i);
    if (a->output_count)
        fprintf(out, "        a->outputs = (struct caps_output *)b%u_outputs;\n", i);
    if (a->metadata)
        fprintf(out, "        a->metadata_json = b%u_metadata;\n", i);
    fputs("        break;\n", out);
}

/* The ids, one pool read without filling a slot (a lookup by id). */
static void put_ids(unsigned count)
{
    size_t at = 0;
    unsigned i;

    fputs("\nstatic const char baked_ids[] =", out);
    for (i = 0; i < count; ++i)
    {
        fputs("\n    ", out);
        put_string(caps_adapter_at(i)->id);
        fputs(" \"\\0\"", out);
    }
    fputs(";\nstatic const unsigned short baked_id_at[] = {", out);
    for (i = 0; i < count; ++i)
    {
        fprintf(out, "%s%zu", i ? ", " : "", at);
        at += strlen(caps_adapter_at(i)->id) + 1;
        if (at > 65535)
            fail("the baked ids pass 64 KiB");
    }
    fputs("};\n", out);
}

int main(int argc, char **argv)
{
    char error[2048];
    unsigned i, count;

    if (argc != 2)
    {
        fprintf(stderr, "usage: mk_bake OUTPUT.c\n");
        return 2;
    }
    if (caps_adapter_count())
    {
        fprintf(stderr, "mk_bake: linked with baked adapters (it must link the empty set)\n");
        return 1;
    }
    for (i = 0; i < caps_builtin_profile_count; ++i)
    {
        const struct caps_builtin_profile *b = &caps_builtin_profiles[i];
        char *text = caps_builtin_profile_text(b, error, sizeof(error));

        if (!text || FAILED(caps_profile_load(text, strlen(text), b->origin, true, NULL, error, sizeof(error))))
            fail("built-in profile %s does not load: %s", b->id, error);
        free(text);
    }
    for (i = 0; i < caps_vulkan_builtin_count(); ++i)
    {
        const char *origin = "?";
        char *text = caps_vulkan_builtin_profile(i, &origin, error, sizeof(error));

        if (!text || FAILED(caps_register_profile(text, origin, NULL, error, sizeof(error))))
            fail("built-in Vulkan report %s does not load: %s", origin, error);
        free(text);
    }
    if (failures)
        return 1;

    if (!(out = fopen(argv[1], "w")))
    {
        perror(argv[1]);
        return 1;
    }
    if (!(count = caps_adapter_count()))
        fail("no built-in adapter");
    fputs("/* Generated by tools/bake/bake_adapters.c from the built-in profiles: do not edit. */\n"
          "#include \"caps/adapter.h\"\n"
          "/* The block's layout, compiled for the target: its sizes, not this host's. */\n"
          "#include \"mk_value_block_gen.h\"\n", out);
    for (i = 0; i < count; ++i)
        put_adapter_arrays(i, caps_adapter_at(i));
    fputs("\nstatic const struct caps_adapter baked_templates[] = {\n", out);
    for (i = 0; i < count; ++i)
        put_template(i, caps_adapter_at(i));
    fputs("};\n", out);
    put_ids(count);
    fprintf(out, "\nstruct caps_adapter caps_baked_adapters[%u];\nconst unsigned caps_baked_adapter_count = %u;\n\n"
            "const char *caps_baked_adapter_id(unsigned i)\n{\n    return baked_ids + baked_id_at[i];\n}\n\n"
            "void caps_baked_adapter_fill(unsigned i, struct caps_adapter *a)\n{\n    *a = baked_templates[i];\n"
            "    switch (i)\n    {\n", count, count);
    for (i = 0; i < count; ++i)
        put_links(i, caps_adapter_at(i));
    fputs("    }\n}\n", out);
    /* The tables the values were laid out against: the registry checks them. */
    fprintf(out, "const unsigned caps_baked_struct_count = %u, caps_baked_field_count = %u;\n",
            (unsigned)mk_struct_count, (unsigned)mk_field_count);
    if (fclose(out))
    {
        perror(argv[1]);
        return 1;
    }
    if (failures)
    {
        remove(argv[1]);
        return 1;
    }
    return 0;
}
