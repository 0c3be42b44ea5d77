/*
 * Loading a Vulkan report (`vulkaninfo --json`, Vulkan Profiles JSON) and
 * checking its shape, so the derivation can trust what it reads. Every error
 * names the JSON path of the offending value; a struct the report does not
 * contain is not an error (the device does not expose it).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "caps/caps.h"
#include "caps/adapter.h"
#include "caps/json_locate.h"
#include "caps/vulkan.h"

struct shape_ctx
{
    const char *origin;
    char *error;
    size_t error_size;
    const char *text;   /* the report, to name the line and column of a path */
    size_t length;
};

static const char *json_kind(const json_t *v)
{
    switch (json_typeof(v))
    {
        case JSON_OBJECT: return "an object";
        case JSON_ARRAY: return "an array";
        case JSON_STRING: return "a string";
        case JSON_INTEGER: return "an integer";
        case JSON_REAL: /* integers are decoded as reals */
            return json_real_value(v) == (double)(long long)json_real_value(v) ? "an integer" : "a real number";
        case JSON_TRUE: case JSON_FALSE: return "a boolean";
        case JSON_NULL: return "null";
    }
    return "a value";
}

static bool shape_fail(struct shape_ctx *ctx, const char *path, const char *fmt, ...)
{
    size_t n;
    int w;
    va_list args;

    unsigned line, column;

    if (ctx->text && caps_json_locate_dotted(ctx->text, ctx->length, path, &line, &column))
        w = snprintf(ctx->error, ctx->error_size, "%s:%u:%u: %s: ", ctx->origin, line, column, path);
    else
        w = snprintf(ctx->error, ctx->error_size, "%s: %s: ", ctx->origin, path);
    n = w < 0 ? 0 : (size_t)w;
    if (n < ctx->error_size)
    {
        va_start(args, fmt);
        vsnprintf(ctx->error + n, ctx->error_size - n, fmt, args);
        va_end(args);
    }
    return false;
}

static bool expect(struct shape_ctx *ctx, const json_t *v, json_type type, const char *path)
{
    static const char names[][14] = {"an object", "an array", "a string", "an integer", "a real number",
            "a boolean", "a boolean", "null"};

    if (json_typeof(v) == type || (type == JSON_TRUE && json_is_boolean(v)))
        return true;
    /* Integers are decoded as reals (uint64 limits exceed jansson's json_int_t). */
    if (type == JSON_INTEGER && json_is_real(v) && json_real_value(v) >= 0
            && json_real_value(v) == (double)(unsigned long long)json_real_value(v))
        return true;
    /* A number that is not a non-negative integer: say which number. */
    if (type == JSON_INTEGER && json_is_number(v))
        return shape_fail(ctx, path, "expected a non-negative integer, got %.17g", json_number_value(v));
    return shape_fail(ctx, path, "expected %s, got %s", names[type], json_kind(v));
}

/* An optional member of an object, type-checked; *out NULL when absent. */
static bool member(struct shape_ctx *ctx, const json_t *obj, const char *key, json_type type, const char *path,
        bool required, json_t **out)
{
    char sub[512];
    json_t *v = json_object_get(obj, key);

    *out = v;
    snprintf(sub, sizeof(sub), "%.300s.%.200s", path, key); /* JSON paths are short; bound them */
    if (!v)
        return required ? shape_fail(ctx, sub, "missing (required in a vulkaninfo --json report)") : true;
    return expect(ctx, v, type, sub);
}

static bool check_string_array(struct shape_ctx *ctx, const json_t *array, const char *path)
{
    char sub[512];
    size_t i;
    json_t *v;

    if (!expect(ctx, array, JSON_ARRAY, path))
        return false;
    json_array_foreach(array, i, v)
    {
        snprintf(sub, sizeof(sub), "%s[%zu]", path, i);
        if (!expect(ctx, v, JSON_STRING, sub))
            return false;
    }
    return true;
}

static bool check_extensions(struct shape_ctx *ctx, const json_t *ext)
{
    char sub[512];
    const char *name;
    json_t *v;

    json_object_foreach((json_t *)ext, name, v)
    {
        snprintf(sub, sizeof(sub), "capabilities.device.extensions.%s", name);
        if (strncmp(name, "VK_", 3))
            return shape_fail(ctx, sub, "not an extension name (expected VK_...)");
        if (!expect(ctx, v, JSON_INTEGER, sub))
            return false;
    }
    return true;
}

static bool check_features(struct shape_ctx *ctx, const json_t *features)
{
    char path[512], sub[640];
    const char *name, *mname;
    json_t *s, *v;
    size_t i;

    json_object_foreach((json_t *)features, name, s)
    {
        snprintf(path, sizeof(path), "capabilities.device.features.%s", name);
        if (!expect(ctx, s, JSON_OBJECT, path))
            return false;
        json_object_foreach(s, mname, v)
        {
            snprintf(sub, sizeof(sub), "%s.%s", path, mname);
            /* Feature structs hold VkBool32 members only. */
            if (!json_is_boolean(v))
                return shape_fail(ctx, sub, "expected a boolean (VkBool32), got %s", json_kind(v));
        }
        if (strcmp(name, "VkPhysicalDeviceFeatures"))
            continue;
        /* The core struct is always written whole: a partial one is a damaged report. */
        for (i = 0; i < caps_vulkan_core_feature_count; ++i)
        {
            if (!json_object_get(s, caps_vulkan_rule_string(caps_vulkan_core_features[i])))
            {
                snprintf(sub, sizeof(sub), "%s.%s", path, caps_vulkan_rule_string(caps_vulkan_core_features[i]));
                return shape_fail(ctx, sub, "missing (VkPhysicalDeviceFeatures has %zu members; a report lists all)",
                        caps_vulkan_core_feature_count);
            }
        }
        json_object_foreach(s, mname, v)
        {
            for (i = 0; i < caps_vulkan_core_feature_count; ++i)
                if (!strcmp(mname, caps_vulkan_rule_string(caps_vulkan_core_features[i])))
                    break;
            if (i == caps_vulkan_core_feature_count)
            {
                snprintf(sub, sizeof(sub), "%s.%s", path, mname);
                return shape_fail(ctx, sub, "not a VkPhysicalDeviceFeatures member");
            }
        }
    }
    return true;
}

/* A required uint32_t member of VkPhysicalDeviceProperties: an integer below 2^32. */
static bool member_u32(struct shape_ctx *ctx, const json_t *obj, const char *key, const char *path)
{
    char sub[512];
    json_t *v;

    if (!member(ctx, obj, key, JSON_INTEGER, path, true, &v))
        return false;
    if (json_number_value(v) <= 4294967295.0)
        return true;
    snprintf(sub, sizeof(sub), "%.300s.%.200s", path, key);
    return shape_fail(ctx, sub, "%.17g is not a uint32_t (at most 4294967295)", json_number_value(v));
}

/* deviceName is a char[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE] (256) with its
 * terminating NUL: at most 255 bytes of UTF-8. */
static bool check_device_name(struct shape_ctx *ctx, const json_t *props, const char *path)
{
    char sub[512];
    json_t *v;
    size_t n;

    if (!member(ctx, props, "deviceName", JSON_STRING, path, true, &v))
        return false;
    if ((n = json_string_length(v)) < 256)
        return true;
    snprintf(sub, sizeof(sub), "%.300s.deviceName", path);
    return shape_fail(ctx, sub, "%zu bytes; VK_MAX_PHYSICAL_DEVICE_NAME_SIZE (256) holds 255 and the terminating NUL",
            n);
}

static bool check_properties(struct shape_ctx *ctx, const json_t *properties)
{
    static const char base[] = "capabilities.device.properties.VkPhysicalDeviceProperties";
    char path[512];
    const char *name;
    json_t *s, *v;

    json_object_foreach((json_t *)properties, name, s)
    {
        snprintf(path, sizeof(path), "capabilities.device.properties.%s", name);
        if (!expect(ctx, s, JSON_OBJECT, path))
            return false;
    }
    if (!(s = json_object_get(properties, "VkPhysicalDeviceProperties")))
        return true;
    return member(ctx, s, "limits", JSON_OBJECT, base, true, &v)
            && member(ctx, s, "sparseProperties", JSON_OBJECT, base, true, &v)
            && check_device_name(ctx, s, base)
            && member_u32(ctx, s, "vendorID", base)
            && member_u32(ctx, s, "deviceID", base)
            && member_u32(ctx, s, "apiVersion", base)
            && member(ctx, s, "deviceType", JSON_STRING, base, true, &v);
}

static bool check_formats(struct shape_ctx *ctx, const json_t *formats)
{
    static const char structs[][20] = {"VkFormatProperties", "VkFormatProperties3"};
    static const char keys[][22] = {"linearTilingFeatures", "optimalTilingFeatures", "bufferFeatures"};
    char path[512], sub[640];
    const char *name;
    json_t *f, *s, *v;
    size_t i, k;

    json_object_foreach((json_t *)formats, name, f)
    {
        snprintf(path, sizeof(path), "capabilities.device.formats.%s", name);
        if (strncmp(name, "VK_FORMAT_", 10))
            return shape_fail(ctx, path, "not a format name (expected VK_FORMAT_...)");
        if (!expect(ctx, f, JSON_OBJECT, path))
            return false;
        for (i = 0; i < 2; ++i)
        {
            snprintf(sub, sizeof(sub), "%s", path);
            if (!member(ctx, f, structs[i], JSON_OBJECT, path, false, &s))
                return false;
            if (!s)
                continue;
            for (k = 0; k < 3; ++k)
            {
                snprintf(sub, sizeof(sub), "%s.%s", path, structs[i]);
                if (!member(ctx, s, keys[k], JSON_ARRAY, sub, true, &v))
                    return false;
                snprintf(sub, sizeof(sub), "%s.%s.%s", path, structs[i], keys[k]);
                if (!check_string_array(ctx, v, sub))
                    return false;
            }
        }
    }
    return true;
}

static bool check_queues(struct shape_ctx *ctx, const json_t *queues)
{
    static const char dims[][7] = {"width", "height", "depth"};
    char path[512], sub[640];
    json_t *q, *p, *v, *g;
    size_t i, k;

    json_array_foreach(queues, i, q)
    {
        snprintf(path, sizeof(path), "capabilities.device.queueFamiliesProperties[%zu]", i);
        if (!expect(ctx, q, JSON_OBJECT, path)
                || !member(ctx, q, "VkQueueFamilyProperties", JSON_OBJECT, path, true, &p))
            return false;
        snprintf(path, sizeof(path), "capabilities.device.queueFamiliesProperties[%zu].VkQueueFamilyProperties", i);
        if (!member(ctx, p, "queueFlags", JSON_ARRAY, path, true, &v))
            return false;
        snprintf(sub, sizeof(sub), "%s.queueFlags", path);
        if (!check_string_array(ctx, v, sub)
                || !member(ctx, p, "queueCount", JSON_INTEGER, path, true, &v)
                || !member(ctx, p, "timestampValidBits", JSON_INTEGER, path, true, &v)
                || !member(ctx, p, "minImageTransferGranularity", JSON_OBJECT, path, true, &g))
            return false;
        snprintf(sub, sizeof(sub), "%s.minImageTransferGranularity", path);
        for (k = 0; k < 3; ++k)
            if (!member(ctx, g, dims[k], JSON_INTEGER, sub, true, &v))
                return false;
    }
    return true;
}

bool caps_vulkan_report_load(struct caps_vulkan_report *report, const char *json, size_t length,
        const char *origin, char *error, size_t error_size)
{
    struct shape_ctx ctx = {origin ? origin : "<vulkan report>", error, error_size, json, length};
    json_error_t jerr = {0};
    json_t *caps;

    memset(report, 0, sizeof(*report));
    report->text = json;
    report->length = length;
    if (!json)
        return shape_fail(&ctx, "$", "no report text");
    caps_json_init();
    if (!(report->root = json_loadb(json, length, JSON_REJECT_DUPLICATES | JSON_DECODE_INT_AS_REAL, &jerr)))
    {
        /* Out of memory is no syntax error at a place in the file. jansson sets
         * no error at all on some of its allocation failures: the code byte is
         * only meaningful because jerr starts zeroed. */
        if ((json_error_code(&jerr) == json_error_out_of_memory || !jerr.text[0]))
            snprintf(error, error_size, "%s: %s", ctx.origin, CAPS_OUT_OF_MEMORY);
        else
            snprintf(error, error_size, "%s:%d:%d: %s", ctx.origin, jerr.line, jerr.column, jerr.text);
        return false;
    }
    if (!expect(&ctx, report->root, JSON_OBJECT, "$")
            || !member(&ctx, report->root, "capabilities", JSON_OBJECT, "$", true, &caps)
            || !member(&ctx, caps, "device", JSON_OBJECT, "capabilities", true, &report->device)
            || !member(&ctx, report->device, "extensions", JSON_OBJECT, "capabilities.device", false, &report->extensions)
            || !member(&ctx, report->device, "features", JSON_OBJECT, "capabilities.device", false, &report->features)
            || !member(&ctx, report->device, "properties", JSON_OBJECT, "capabilities.device", false, &report->properties)
            || !member(&ctx, report->device, "formats", JSON_OBJECT, "capabilities.device", false, &report->formats)
            || !member(&ctx, report->device, "queueFamiliesProperties", JSON_ARRAY, "capabilities.device", false,
                    &report->queues)
            || (report->extensions && !check_extensions(&ctx, report->extensions))
            || (report->features && !check_features(&ctx, report->features))
            || (report->properties && !check_properties(&ctx, report->properties))
            || (report->formats && !check_formats(&ctx, report->formats))
            || (report->queues && !check_queues(&ctx, report->queues)))
    {
        caps_vulkan_report_free(report);
        return false;
    }
    if (!report->features && !report->properties)
    {
        shape_fail(&ctx, "capabilities.device", "has neither features nor properties: nothing to derive from");
        caps_vulkan_report_free(report);
        return false;
    }
    return true;
}

void caps_vulkan_report_free(struct caps_vulkan_report *report)
{
    json_decref(report->root);
    memset(report, 0, sizeof(*report));
}

bool caps_vulkan_is_report(const char *json, size_t length)
{
    json_t *root, *caps;
    bool is;

    caps_json_init();
    if (!json || !(root = json_loadb(json, length, JSON_DECODE_INT_AS_REAL, NULL)))
        return false;
    caps = json_object_get(root, "capabilities");
    is = json_is_object(caps) && json_is_object(json_object_get(caps, "device"));
    json_decref(root);
    return is;
}

/* Vulkan 1.1-1.3 core structs promoted older ones with the same member names:
 * a report of an older driver may list only those. */
static json_t *find_promoted(const json_t *category, const char *member, const char **struct_name)
{
    const char *name;
    json_t *s, *v;

    json_object_foreach((json_t *)category, name, s)
    {
        if ((v = json_object_get(s, member)))
        {
            *struct_name = name;
            return v;
        }
    }
    return NULL;
}

json_t *caps_vulkan_report_input(const struct caps_vulkan_report *report, const char *name, char *path,
        size_t path_size, bool *struct_absent)
{
    char sname[128];
    const char *dot = strchr(name, '.'), *member_name, *category_name;
    const json_t *category;
    json_t *s = NULL, *v;
    size_t n;

    *struct_absent = false;
    if (!dot || (n = (size_t)(dot - name)) >= sizeof(sname))
    {
        snprintf(path, path_size, "%s", name);
        return NULL;
    }
    memcpy(sname, name, n);
    sname[n] = 0;
    member_name = dot + 1;

    if (!strcmp(sname, "VkPhysicalDeviceLimits") || !strcmp(sname, "VkPhysicalDeviceSparseProperties"))
    {
        const char *sub = sname[16] == 'L' ? "limits" : "sparseProperties";
        snprintf(path, path_size, "capabilities.device.properties.VkPhysicalDeviceProperties.%s.%s", sub, member_name);
        s = json_object_get(json_object_get(report->properties, "VkPhysicalDeviceProperties"), sub);
    }
    else
    {
        bool is_feature = strstr(sname, "Features") != NULL;

        category = is_feature ? report->features : report->properties;
        category_name = is_feature ? "features" : "properties";
        snprintf(path, path_size, "capabilities.device.%s.%s.%s", category_name, sname, member_name);
        s = json_object_get(category, sname);
        if (!s && !strncmp(sname, "VkPhysicalDeviceVulkan1", 23) && category)
        {
            const char *found;
            if ((v = find_promoted(category, member_name, &found)))
            {
                snprintf(path, path_size, "capabilities.device.%s.%s.%s", category_name, found, member_name);
                return v;
            }
        }
    }
    if (!s)
    {
        *struct_absent = true;
        return NULL;
    }
    return json_object_get(s, member_name);
}
