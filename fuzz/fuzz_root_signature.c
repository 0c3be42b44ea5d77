/*
 * libFuzzer target: the root signature parser (src/objects/root_signature_codec.c)
 * and what follows it. The input's first byte chooses how the rest is read:
 * even, as a whole DXBC container (the checksum almost never matches, so this
 * mostly exercises the container checks); odd, as the bytes of an RTS0 part,
 * wrapped in a container with the right checksum, so the part's parser sees
 * every input.
 *
 * Invariants besides "no crash, no leak": a root signature that parses is
 * valid (obj_rs_validate passes), serializes again, and the new blob parses
 * to a description that serializes to the same bytes; every conversion of it
 * either succeeds with the asked version or refuses with E_INVALIDARG
 * (only 1.2 samplers with flags older versions lack), and a successful
 * conversion is valid too.
 */
#include "fuzz_common.h"

#include <mockd3d12/d3d12.h>

#include "alloc.h"
#include "root_signature_codec.h"

#define MAX_PART 65536

static void check_round_trip(const struct obj_rs *rs)
{
    struct obj_rs *again, *converted;
    void *blob, *blob2;
    size_t size, size2;
    char why[512];
    unsigned version;
    HRESULT hr;

    hr = obj_rs_validate(&rs->desc, why, sizeof(why));
    FUZZ_CHECK(SUCCEEDED(hr), "a parsed root signature is invalid: %s", why);
    hr = obj_rs_serialize(&rs->desc, 0, &blob, &size, why, sizeof(why));
    FUZZ_CHECK(SUCCEEDED(hr), "a parsed root signature does not serialize: %s", why);
    hr = obj_rs_parse(blob, size, 0, &again, why, sizeof(why));
    FUZZ_CHECK(SUCCEEDED(hr), "a serialized root signature does not parse: %s", why);
    hr = obj_rs_serialize(&again->desc, 0, &blob2, &size2, why, sizeof(why));
    FUZZ_CHECK(SUCCEEDED(hr), "a reparsed root signature does not serialize: %s", why);
    FUZZ_CHECK(size == size2 && !memcmp(blob, blob2, size), "serialize(parse(serialize(x))) differs");
    mk_free(blob2);
    mk_free(again);
    mk_free(blob);

    for (version = D3D_ROOT_SIGNATURE_VERSION_1_0; version <= D3D_ROOT_SIGNATURE_VERSION_1_2; ++version)
    {
        hr = obj_rs_convert(&rs->desc, (D3D_ROOT_SIGNATURE_VERSION)version, &converted);
        if (hr == E_INVALIDARG)
        {
            FUZZ_CHECK(rs->desc.Version == D3D_ROOT_SIGNATURE_VERSION_1_2 && version != D3D_ROOT_SIGNATURE_VERSION_1_2,
                    "conversion %u -> %u refused", (unsigned)rs->desc.Version, version);
            continue;
        }
        FUZZ_CHECK(SUCCEEDED(hr), "conversion %u -> %u: %#x", (unsigned)rs->desc.Version, version, (unsigned)hr);
        FUZZ_CHECK(converted->desc.Version == version, "conversion %u -> %u gave version %u",
                (unsigned)rs->desc.Version, version, (unsigned)converted->desc.Version);
        hr = obj_rs_validate(&converted->desc, why, sizeof(why));
        FUZZ_CHECK(SUCCEEDED(hr), "conversion %u -> %u is invalid: %s", (unsigned)rs->desc.Version, version, why);
        mk_free(converted);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t container[44 + MAX_PART];
    uint32_t checksum[4], total;
    struct obj_rs *rs;
    char why[512];
    size_t part;

    if (!size)
        return 0;
    if (!(data[0] & 1))
    {
        if (SUCCEEDED(obj_rs_parse(data + 1, size - 1, 0, &rs, why, sizeof(why))))
        {
            check_round_trip(rs);
            mk_free(rs);
        }
        return 0;
    }
    part = size - 1 > MAX_PART ? MAX_PART : size - 1;
    total = (uint32_t)(44 + part);
    memset(container, 0, 44);
    memcpy(container, "DXBC", 4);
    container[20] = 1;
    memcpy(container + 24, &total, 4);
    container[28] = 1;
    container[32] = 36;
    memcpy(container + 36, "RTS0", 4);
    memcpy(container + 40, &(uint32_t){(uint32_t)part}, 4);
    memcpy(container + 44, data + 1, part);
    obj_dxbc_checksum(container, total, checksum);
    memcpy(container + 4, checksum, sizeof(checksum));
    if (SUCCEEDED(obj_rs_parse(container, total, 0, &rs, why, sizeof(why))))
    {
        check_round_trip(rs);
        mk_free(rs);
    }
    return 0;
}
