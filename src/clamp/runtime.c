/*
 * The simulated runtime version: which D3D12_SDK_VERSION /
 * D3D12_PREVIEW_SDK_VERSION new devices run at, and where the CheckFeatureSupport1
 * cutoff lies.
 *
 * Sources, strongest first (docs/clamping.md):
 *   1. mockd3d12_set_runtime()            the whole configuration;
 *   2. the environment                    MOCKD3D12_SDK_VERSION, ..._PREVIEW_SDK_VERSION,
 *                                         ..._RUNTIME_KIND, ..._CUTOFF_*, ..._CLAMP_RETROACTIVE;
 *   3. the Agility SDK loader's choice: the last ID3D12SDKConfiguration::
 *      SetSDKVersion, else the main program's D3D12SDKVersion;
 *   4. the defaults                       retail 620 / 721, cutoff 620 / 721.
 * The environment is read again for every device: tests change it between
 * devices, and a few getenv() calls cost nothing next to a device creation.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clamp/clamp.h"
#include "clamp/clamp_private.h"
#include "platform.h"

#define CLAMP_RETAIL_MAX 699u      /* retail numbers are below 700 */
#define CLAMP_PREVIEW_MIN 700u
#define CLAMP_VERSION_MAX (MK_NEVER - 1u) /* the tables store versions in 16 bits */

static const mockd3d12_runtime clamp_default_runtime =
{
    .kind = MOCKD3D12_RUNTIME_RETAIL,
    .sdk_version = 620,
    .preview_sdk_version = 721,
    .cutoff_sdk_version = 620,
    .cutoff_preview_sdk_version = 721,
    .retroactive = FALSE,
};

/* The control-API choice; read and written under the lock, never on the
 * CheckFeatureSupport path (devices copy their runtime at creation). */
static mk_mutex control_lock = MK_MUTEX_INIT;
static bool control_set;
static mockd3d12_runtime control_runtime;
static bool sdk_configuration_set;
static UINT sdk_configuration_version;

UINT clamp_partner_preview_version(UINT sdk_version)
{
    size_t i;

    for (i = 0; i < clamp_sdk_release_count; ++i)
    {
        if (clamp_sdk_releases[i].kind == MOCKD3D12_RUNTIME_RETAIL && clamp_sdk_releases[i].sdk_version == sdk_version)
            return clamp_sdk_releases[i].preview_sdk_version;
    }
    return sdk_version + 101 >= CLAMP_PREVIEW_MIN ? sdk_version + 101 : CLAMP_PREVIEW_MIN;
}

UINT clamp_partner_sdk_version(UINT preview_sdk_version)
{
    size_t i;

    for (i = 0; i < clamp_sdk_release_count; ++i)
    {
        if (clamp_sdk_releases[i].kind == MOCKD3D12_RUNTIME_PREVIEW
                && clamp_sdk_releases[i].preview_sdk_version == preview_sdk_version)
            return clamp_sdk_releases[i].sdk_version;
    }
    if (preview_sdk_version - 101 > CLAMP_RETAIL_MAX)
        return CLAMP_RETAIL_MAX;
    return preview_sdk_version - 101 >= 1 ? preview_sdk_version - 101 : 1;
}

UINT clamp_runtime_effective_version(const mockd3d12_runtime *runtime)
{
    if (!runtime)
        return 0;
    return runtime->kind == MOCKD3D12_RUNTIME_PREVIEW ? runtime->preview_sdk_version : runtime->sdk_version;
}

bool clamp_runtime_has_device17(const mockd3d12_runtime *runtime)
{
    if (runtime->kind == MOCKD3D12_RUNTIME_PREVIEW)
        return runtime->preview_sdk_version >= runtime->cutoff_preview_sdk_version;
    return runtime->sdk_version >= runtime->cutoff_sdk_version;
}

HRESULT clamp_runtime_validate(const mockd3d12_runtime *runtime, char *why, size_t why_size)
{
    char dummy[160]; /* the reason is dropped, but written whole */

    if (!why || !why_size)
    {
        why = dummy;
        why_size = sizeof(dummy);
    }
    if (!runtime)
    {
        snprintf(why, why_size, "no runtime given");
        return E_INVALIDARG;
    }
    if (runtime->kind != MOCKD3D12_RUNTIME_RETAIL && runtime->kind != MOCKD3D12_RUNTIME_PREVIEW)
    {
        snprintf(why, why_size, "runtime kind %d is neither retail (0) nor preview (1)", (int)runtime->kind);
        return E_INVALIDARG;
    }
    if (runtime->sdk_version < 1 || runtime->sdk_version > CLAMP_RETAIL_MAX)
    {
        snprintf(why, why_size, "sdk_version %u is not a retail SDK version (1 to %u)",
                runtime->sdk_version, CLAMP_RETAIL_MAX);
        return E_INVALIDARG;
    }
    if (runtime->preview_sdk_version < CLAMP_PREVIEW_MIN || runtime->preview_sdk_version > CLAMP_VERSION_MAX)
    {
        snprintf(why, why_size, "preview_sdk_version %u is not a preview SDK version (%u to %u)",
                runtime->preview_sdk_version, CLAMP_PREVIEW_MIN, CLAMP_VERSION_MAX);
        return E_INVALIDARG;
    }
    if (runtime->cutoff_sdk_version > CLAMP_RETAIL_MAX)
    {
        snprintf(why, why_size, "cutoff_sdk_version %u is not a retail SDK version (0 to %u)",
                runtime->cutoff_sdk_version, CLAMP_RETAIL_MAX);
        return E_INVALIDARG;
    }
    if (runtime->cutoff_preview_sdk_version > CLAMP_VERSION_MAX
            || (runtime->cutoff_preview_sdk_version && runtime->cutoff_preview_sdk_version < CLAMP_PREVIEW_MIN))
    {
        snprintf(why, why_size, "cutoff_preview_sdk_version %u is neither 0 nor a preview SDK version (%u to %u)",
                runtime->cutoff_preview_sdk_version, CLAMP_PREVIEW_MIN, CLAMP_VERSION_MAX);
        return E_INVALIDARG;
    }
    return S_OK;
}

/* A runtime chosen by one number (an exported D3D12SDKVersion, a
 * CreateDeviceFactory argument): a retail number gives a retail runtime, a
 * preview number (>= 700) a preview runtime; the partner number is the one
 * the same release declared. */
static bool apply_single_version(mockd3d12_runtime *r, UINT version)
{
    if (version >= 1 && version <= CLAMP_RETAIL_MAX)
    {
        r->kind = MOCKD3D12_RUNTIME_RETAIL;
        r->sdk_version = version;
        r->preview_sdk_version = clamp_partner_preview_version(version);
        return true;
    }
    if (version >= CLAMP_PREVIEW_MIN && version <= CLAMP_VERSION_MAX)
    {
        r->kind = MOCKD3D12_RUNTIME_PREVIEW;
        r->preview_sdk_version = version;
        r->sdk_version = clamp_partner_sdk_version(version);
        return true;
    }
    return false;
}

/* Collects the first configuration error; later ones are still checked so
 * that the best-effort runtime ignores every malformed variable. */
struct env_errors
{
    char *why;
    size_t why_size;
    bool failed;
};

static void env_error(struct env_errors *e, const char *name, const char *value, const char *expected)
{
    if (e->failed)
        return;
    e->failed = true;
    snprintf(e->why, e->why_size, "%s=\"%s\" is invalid: expected %s", name, value, expected);
}

/* A decimal number in [min, max] (or exactly 0 when allow_zero), the whole
 * string. Returns false for anything else. */
static bool parse_version(const char *text, UINT min, UINT max, bool allow_zero, UINT *out)
{
    unsigned long v = 0;
    const char *p;

    for (p = text; *p; ++p)
    {
        if (!isdigit((unsigned char)*p))
            return false;
        v = v * 10 + (unsigned long)(*p - '0');
        if (v > max)
            return false;
    }
    if (p == text)
        return false;
    if (v == 0 && allow_zero)
    {
        *out = 0;
        return true;
    }
    if (v < min)
        return false;
    *out = (UINT)v;
    return true;
}

static void env_version(struct env_errors *e, const char *name, UINT min, UINT max, bool allow_zero,
        const char *expected, bool *given, UINT *out)
{
    const char *text = mk_getenv(name);

    *given = false;
    if (!text)
        return;
    if (!parse_version(text, min, max, allow_zero, out))
    {
        env_error(e, name, text, expected);
        return;
    }
    *given = true;
}

static bool same_word(const char *a, const char *b)
{
    for (; *a && *b; ++a, ++b)
    {
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return false;
    }
    return !*a && !*b;
}

/* Everything below the control API, in precedence order. */
static void runtime_from_environment(mockd3d12_runtime *r, struct env_errors *e)
{
    UINT exported, configured = 0, sdk = 0, preview = 0, cutoff = 0, cutoff_preview = 0;
    bool has_sdk, has_preview, has_cutoff, has_cutoff_preview, has_configured;
    const char *text;

    *r = clamp_default_runtime;

    /* 3. The Agility SDK loader loads the runtime the program asks for:
     * SetSDKVersion's number, else the exported one. */
    mk_mutex_lock(&control_lock);
    if ((has_configured = sdk_configuration_set))
        configured = sdk_configuration_version;
    mk_mutex_unlock(&control_lock);
    if (has_configured)
    {
        if (!apply_single_version(r, configured))
        {
            char value[16];
            snprintf(value, sizeof(value), "%u", configured);
            env_error(e, "ID3D12SDKConfiguration::SetSDKVersion", value,
                    "a retail (1 to 699) or preview (700 to 65534) SDK version");
        }
    }
    else if ((exported = mk_main_program_sdk_version()))
    {
        if (!apply_single_version(r, exported))
        {
            char value[16];
            snprintf(value, sizeof(value), "%u", exported);
            env_error(e, "the main program's exported D3D12SDKVersion", value,
                    "a retail (1 to 699) or preview (700 to 65534) SDK version");
        }
    }

    /* 2. The environment. A number given alone names one release: its partner
     * comes from the same release unless given too. */
    env_version(e, "MOCKD3D12_SDK_VERSION", 1, CLAMP_RETAIL_MAX, false,
            "a retail SDK version, a decimal number from 1 to 699", &has_sdk, &sdk);
    env_version(e, "MOCKD3D12_PREVIEW_SDK_VERSION", CLAMP_PREVIEW_MIN, CLAMP_VERSION_MAX, false,
            "a preview SDK version, a decimal number from 700 to 65534", &has_preview, &preview);
    if (has_sdk)
    {
        r->sdk_version = sdk;
        r->preview_sdk_version = has_preview ? preview : clamp_partner_preview_version(sdk);
    }
    else if (has_preview)
    {
        r->preview_sdk_version = preview;
        r->sdk_version = clamp_partner_sdk_version(preview);
    }
    if ((text = mk_getenv("MOCKD3D12_RUNTIME_KIND")))
    {
        if (same_word(text, "retail"))
            r->kind = MOCKD3D12_RUNTIME_RETAIL;
        else if (same_word(text, "preview"))
            r->kind = MOCKD3D12_RUNTIME_PREVIEW;
        else
            env_error(e, "MOCKD3D12_RUNTIME_KIND", text, "retail or preview");
    }

    env_version(e, "MOCKD3D12_CUTOFF_SDK_VERSION", 0, CLAMP_RETAIL_MAX, true,
            "a retail SDK version, a decimal number from 0 to 699", &has_cutoff, &cutoff);
    env_version(e, "MOCKD3D12_CUTOFF_PREVIEW_SDK_VERSION", CLAMP_PREVIEW_MIN, CLAMP_VERSION_MAX, true,
            "0 or a preview SDK version, a decimal number from 700 to 65534", &has_cutoff_preview, &cutoff_preview);
    if (has_cutoff)
        r->cutoff_sdk_version = cutoff;
    if (has_cutoff_preview)
        r->cutoff_preview_sdk_version = cutoff_preview;
    if ((text = mk_getenv("MOCKD3D12_CLAMP_RETROACTIVE")))
    {
        if (!strcmp(text, "1"))
            r->retroactive = TRUE;
        else if (!strcmp(text, "0"))
            r->retroactive = FALSE;
        else
            env_error(e, "MOCKD3D12_CLAMP_RETROACTIVE", text, "0 or 1");
    }
}

static bool runtime_from_control(mockd3d12_runtime *out)
{
    bool set;

    mk_mutex_lock(&control_lock);
    if ((set = control_set))
        *out = control_runtime;
    mk_mutex_unlock(&control_lock);
    return set;
}

HRESULT clamp_runtime_current_checked(mockd3d12_runtime *out, char *why, size_t why_size)
{
    char message[256];
    struct env_errors e = {message, sizeof(message), false};

    message[0] = 0;
    if (runtime_from_control(out))
        return S_OK;
    runtime_from_environment(out, &e);
    if (e.failed)
    {
        /* Never fall back silently: the harness asked for something we cannot give. */
        fprintf(stderr, "mockd3d12: %s\n", message);
        if (why && why_size)
            snprintf(why, why_size, "%s", message);
        return E_INVALIDARG;
    }
    if (FAILED(clamp_runtime_validate(out, message, sizeof(message))))
    {
        fprintf(stderr, "mockd3d12: the runtime configuration is invalid: %s\n", message);
        if (why && why_size)
            snprintf(why, why_size, "%s", message);
        return E_INVALIDARG;
    }
    return S_OK;
}

void clamp_runtime_current(mockd3d12_runtime *out)
{
    /* Best effort for callers that cannot fail: malformed variables are
     * reported on stderr and ignored. */
    if (FAILED(clamp_runtime_current_checked(out, NULL, 0)) && FAILED(clamp_runtime_validate(out, NULL, 0)))
        *out = clamp_default_runtime;
}

HRESULT clamp_runtime_for_sdk_version(UINT sdk_version, mockd3d12_runtime *out)
{
    mockd3d12_runtime r;
    HRESULT hr;

    if (FAILED(hr = clamp_runtime_current_checked(&r, NULL, 0)))
        return hr;
    if (!apply_single_version(&r, sdk_version))
        return E_INVALIDARG;
    *out = r;
    return S_OK;
}

void clamp_reset(void)
{
    mk_mutex_lock(&control_lock);
    control_set = false;
    sdk_configuration_set = false;
    sdk_configuration_version = 0;
    mk_mutex_unlock(&control_lock);
}

void clamp_runtime_set_sdk_configuration(UINT version)
{
    mk_mutex_lock(&control_lock);
    sdk_configuration_set = true;
    sdk_configuration_version = version;
    mk_mutex_unlock(&control_lock);
}

UINT clamp_runtime_sdk_configuration(void)
{
    UINT version;

    mk_mutex_lock(&control_lock);
    version = sdk_configuration_set ? sdk_configuration_version : 0;
    mk_mutex_unlock(&control_lock);
    return version;
}

HRESULT clamp_runtime_set(const mockd3d12_runtime *runtime, char *why, size_t why_size)
{
    if (runtime && FAILED(clamp_runtime_validate(runtime, why, why_size)))
        return E_INVALIDARG;
    mk_mutex_lock(&control_lock);
    if ((control_set = runtime != NULL))
        control_runtime = *runtime;
    mk_mutex_unlock(&control_lock);
    return S_OK;
}
