/*
 * libFuzzer target: arbitrary sequences of ID3D12InfoQueue1 calls on a
 * debug device (filters push/pop/add/get/clear, message count limits, stored
 * messages get/clear, callbacks register/unregister, AddMessage and
 * AddApplicationMessage, break and mute settings), one opcode byte per call.
 *
 * Invariants besides "no crash, no leak": the two-call size protocols agree
 * (GetMessage / Get*Filter succeed with exactly the size they reported), a
 * stored message's text is NUL-terminated within its reported length, and
 * the stored-message count never exceeds a set limit.
 */
#define COBJMACROS
#include <stdbool.h>

#include "fuzz_common.h"

#include "caps/caps.h"
#include "debuglayer/dbg_private.h"
#include "debuglayer/debuglayer.h"
#include "device.h"

#define MAX_CALLS 256
#define MAX_LIST 16

struct callback_state
{
    ID3D12InfoQueue1 *queue;
    unsigned calls;
};

static void discard_output(void *context, const char *line)
{
    (void)context;
    (void)line;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    dbg_set_output_hook(discard_output, NULL);
    return 0;
}

static void __stdcall on_message(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
        D3D12_MESSAGE_ID id, LPCSTR text, void *context)
{
    struct callback_state *state = context;

    (void)category;
    (void)severity;
    (void)id;
    FUZZ_CHECK(text != NULL, "a callback got no text");
    (void)strlen(text);
    /* Reentrancy: a callback may read the queue. */
    if (state && state->queue && !(state->calls++ & 3))
        (void)ID3D12InfoQueue1_GetNumStoredMessages(state->queue);
}

/* A filter description whose lists live in `storage` (sizes from the input). */
struct filter_storage
{
    D3D12_MESSAGE_CATEGORY categories[2][MAX_LIST];
    D3D12_MESSAGE_SEVERITY severities[2][MAX_LIST];
    D3D12_MESSAGE_ID ids[2][MAX_LIST];
};

static void make_filter(struct fuzz_input *in, D3D12_INFO_QUEUE_FILTER *filter, struct filter_storage *s)
{
    D3D12_INFO_QUEUE_FILTER_DESC *descs[2] = {&filter->AllowList, &filter->DenyList};
    unsigned k, i;

    memset(filter, 0, sizeof(*filter));
    for (k = 0; k < 2; ++k)
    {
        D3D12_INFO_QUEUE_FILTER_DESC *d = descs[k];

        d->NumCategories = fuzz_u8(in) % (MAX_LIST + 1);
        d->NumSeverities = fuzz_u8(in) % (MAX_LIST + 1);
        d->NumIDs = fuzz_u8(in) % (MAX_LIST + 1);
        for (i = 0; i < d->NumCategories; ++i)
            s->categories[k][i] = (D3D12_MESSAGE_CATEGORY)(fuzz_u8(in) % 12);
        for (i = 0; i < d->NumSeverities; ++i)
            s->severities[k][i] = (D3D12_MESSAGE_SEVERITY)(fuzz_u8(in) % 7);
        for (i = 0; i < d->NumIDs; ++i)
            s->ids[k][i] = (D3D12_MESSAGE_ID)fuzz_u16(in);
        /* A zero count with a NULL list is what clients usually pass. */
        d->pCategoryList = d->NumCategories ? s->categories[k] : NULL;
        d->pSeverityList = d->NumSeverities ? s->severities[k] : NULL;
        d->pIDList = d->NumIDs ? s->ids[k] : NULL;
    }
}

/* Get*Filter's two calls: the size, then exactly that many bytes. */
static void get_filter(ID3D12InfoQueue1 *queue, bool storage, uint8_t how)
{
    D3D12_INFO_QUEUE_FILTER *filter;
    SIZE_T size = 0;
    HRESULT hr;

    hr = storage ? ID3D12InfoQueue1_GetStorageFilter(queue, NULL, &size)
            : ID3D12InfoQueue1_GetRetrievalFilter(queue, NULL, &size);
    FUZZ_CHECK(SUCCEEDED(hr) && size >= sizeof(*filter), "Get%sFilter(NULL): %#x, size %zu",
            storage ? "Storage" : "Retrieval", (unsigned)hr, (size_t)size);
    if (how & 1)
        size -= 1 + how % sizeof(*filter); /* too small: must fail cleanly */
    if (!(filter = malloc(size)))
        return;
    hr = storage ? ID3D12InfoQueue1_GetStorageFilter(queue, filter, &size)
            : ID3D12InfoQueue1_GetRetrievalFilter(queue, filter, &size);
    FUZZ_CHECK((how & 1) ? FAILED(hr) : hr == S_OK, "Get%sFilter with %s size: %#x",
            storage ? "Storage" : "Retrieval", (how & 1) ? "a short" : "the reported", (unsigned)hr);
    free(filter);
}

static void get_message(ID3D12InfoQueue1 *queue, UINT64 index, uint8_t how)
{
    D3D12_MESSAGE *message;
    SIZE_T size = 0, reported;
    HRESULT hr;

    hr = ID3D12InfoQueue1_GetMessage(queue, index, NULL, &size);
    if (FAILED(hr))
        return;
    FUZZ_CHECK(size >= sizeof(*message), "GetMessage(%llu, NULL) reported %zu bytes", (unsigned long long)index,
            (size_t)size);
    reported = size;
    if (how & 1)
        size -= 1 + how % 8;
    if (!(message = malloc(size)))
        return;
    hr = ID3D12InfoQueue1_GetMessage(queue, index, message, &size);
    if (how & 1)
    {
        FUZZ_CHECK(FAILED(hr), "GetMessage with %zu of %zu bytes: %#x", (size_t)size, (size_t)reported,
                (unsigned)hr);
    }
    else
    {
        FUZZ_CHECK(hr == S_OK, "GetMessage with the reported %zu bytes: %#x", (size_t)reported, (unsigned)hr);
        FUZZ_CHECK(message->pDescription && message->DescriptionByteLength
                && (const char *)message->pDescription + message->DescriptionByteLength <= (const char *)message + size
                && !message->pDescription[message->DescriptionByteLength - 1],
                "message %llu's text is not within its %zu bytes", (unsigned long long)index, (size_t)size);
    }
    free(message);
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t length)
{
    struct fuzz_input in = {bytes, length, 0};
    struct callback_state states[4] = {{0}};
    DWORD cookies[8] = {0};
    unsigned cookie_count = 0, calls;
    struct filter_storage storage;
    D3D12_INFO_QUEUE_FILTER filter;
    ID3D12InfoQueue1 *queue;
    struct mk_device *device;
    ID3D12Debug *debug;
    UINT64 limit = (UINT64)-1;
    char text[65];
    HRESULT hr;

    if (FAILED(dbg_get_debug_interface(&IID_ID3D12Debug, (void **)&debug)))
        return 0;
    ID3D12Debug_EnableDebugLayer(debug);
    ID3D12Debug_Release(debug);
    hr = mk_device_create(caps_adapter_at(0), NULL, D3D_FEATURE_LEVEL_11_0, &device);
    dbg_reset();
    if (FAILED(hr))
        return 0;
    hr = ID3D12Device_QueryInterface((ID3D12Device *)&device->ID3D12Device17_iface, &IID_ID3D12InfoQueue1,
            (void **)&queue);
    FUZZ_CHECK(SUCCEEDED(hr), "a debug device has no ID3D12InfoQueue1: %#x", (unsigned)hr);
    for (calls = 0; calls < 4; ++calls)
        states[calls].queue = queue;

    for (calls = 0; calls < MAX_CALLS && fuzz_left(&in); ++calls)
    {
        uint8_t op = fuzz_u8(&in), arg = fuzz_u8(&in);
        bool storage_side = arg & 0x80;

        switch (op % 24)
        {
            case 0: /* AddMessage */
            case 1:
            {
                D3D12_MESSAGE_CATEGORY c = (D3D12_MESSAGE_CATEGORY)(fuzz_u8(&in) % 13);
                D3D12_MESSAGE_SEVERITY s = (D3D12_MESSAGE_SEVERITY)(fuzz_u8(&in) % 8);
                D3D12_MESSAGE_ID id = (D3D12_MESSAGE_ID)fuzz_u16(&in);
                size_t n = arg % sizeof(text);
                fuzz_bytes(&in, text, n);
                text[n] = 0;
                ID3D12InfoQueue1_AddMessage(queue, c, s, id, (arg & 0x40) ? NULL : text);
                break;
            }
            case 2:
            {
                size_t n = arg % sizeof(text);
                fuzz_bytes(&in, text, n);
                text[n] = 0;
                ID3D12InfoQueue1_AddApplicationMessage(queue, (D3D12_MESSAGE_SEVERITY)(fuzz_u8(&in) % 8),
                        (arg & 0x40) ? NULL : text);
                break;
            }
            case 3:
                limit = (arg & 0x40) ? (UINT64)-1 : (UINT64)(arg % 32);
                ID3D12InfoQueue1_SetMessageCountLimit(queue, limit);
                break;
            case 4:
                ID3D12InfoQueue1_ClearStoredMessages(queue);
                break;
            case 5:
                get_message(queue, arg % 40, fuzz_u8(&in));
                break;
            case 6:
                (void)ID3D12InfoQueue1_GetNumMessagesAllowedByStorageFilter(queue);
                (void)ID3D12InfoQueue1_GetNumMessagesDeniedByStorageFilter(queue);
                (void)ID3D12InfoQueue1_GetNumStoredMessagesAllowedByRetrievalFilter(queue);
                (void)ID3D12InfoQueue1_GetNumMessagesDiscardedByMessageCountLimit(queue);
                (void)ID3D12InfoQueue1_GetMessageCountLimit(queue);
                break;
            case 7:
                make_filter(&in, &filter, &storage);
                if (storage_side)
                    ID3D12InfoQueue1_AddStorageFilterEntries(queue, (arg & 1) ? NULL : &filter);
                else
                    ID3D12InfoQueue1_AddRetrievalFilterEntries(queue, (arg & 1) ? NULL : &filter);
                break;
            case 8:
                get_filter(queue, storage_side, arg);
                break;
            case 9:
                if (storage_side)
                    ID3D12InfoQueue1_ClearStorageFilter(queue);
                else
                    ID3D12InfoQueue1_ClearRetrievalFilter(queue);
                break;
            case 10:
                if (storage_side)
                    ID3D12InfoQueue1_PushEmptyStorageFilter(queue);
                else
                    ID3D12InfoQueue1_PushEmptyRetrievalFilter(queue);
                break;
            case 11:
                if (storage_side)
                    ID3D12InfoQueue1_PushCopyOfStorageFilter(queue);
                else
                    ID3D12InfoQueue1_PushCopyOfRetrievalFilter(queue);
                break;
            case 12:
                make_filter(&in, &filter, &storage);
                if (storage_side)
                    ID3D12InfoQueue1_PushStorageFilter(queue, (arg & 1) ? NULL : &filter);
                else
                    ID3D12InfoQueue1_PushRetrievalFilter(queue, (arg & 1) ? NULL : &filter);
                break;
            case 13:
                if (storage_side)
                    ID3D12InfoQueue1_PopStorageFilter(queue);
                else
                    ID3D12InfoQueue1_PopRetrievalFilter(queue);
                break;
            case 14:
                (void)ID3D12InfoQueue1_GetStorageFilterStackSize(queue);
                (void)ID3D12InfoQueue1_GetRetrievalFilterStackSize(queue);
                break;
            case 15:
                ID3D12InfoQueue1_SetBreakOnCategory(queue, (D3D12_MESSAGE_CATEGORY)(arg % 13), FALSE);
                ID3D12InfoQueue1_SetBreakOnSeverity(queue, (D3D12_MESSAGE_SEVERITY)(arg % 8), FALSE);
                ID3D12InfoQueue1_SetBreakOnID(queue, (D3D12_MESSAGE_ID)fuzz_u16(&in), FALSE);
                break;
            case 16:
                (void)ID3D12InfoQueue1_GetBreakOnCategory(queue, (D3D12_MESSAGE_CATEGORY)(arg % 13));
                (void)ID3D12InfoQueue1_GetBreakOnSeverity(queue, (D3D12_MESSAGE_SEVERITY)(arg % 8));
                (void)ID3D12InfoQueue1_GetBreakOnID(queue, (D3D12_MESSAGE_ID)fuzz_u16(&in));
                break;
            case 17:
                ID3D12InfoQueue1_SetMuteDebugOutput(queue, arg & 1);
                (void)ID3D12InfoQueue1_GetMuteDebugOutput(queue);
                break;
            case 18: /* RegisterMessageCallback */
            case 19:
            {
                DWORD cookie = 0;
                hr = ID3D12InfoQueue1_RegisterMessageCallback(queue, (arg & 0x40) ? NULL : on_message,
                        (D3D12_MESSAGE_CALLBACK_FLAGS)(arg & 3), (arg & 0x20) ? NULL : &states[arg % 4],
                        (arg & 0x10) ? NULL : &cookie);
                if (SUCCEEDED(hr) && cookie_count < 8)
                    cookies[cookie_count++] = cookie;
                break;
            }
            case 20:
                if (cookie_count && !(arg & 1))
                {
                    unsigned slot = arg % cookie_count;
                    ID3D12InfoQueue1_UnregisterMessageCallback(queue, cookies[slot]);
                    --cookie_count;
                    cookies[slot] = cookies[cookie_count];
                }
                else
                {
                    ID3D12InfoQueue1_UnregisterMessageCallback(queue, fuzz_u32(&in)); /* a made-up cookie */
                }
                break;
            case 21: /* the device's own messages (CheckFeatureSupport's) */
            {
                D3D12_FEATURE_DATA_D3D12_OPTIONS options;
                ID3D12Device_CheckFeatureSupport((ID3D12Device *)&device->ID3D12Device17_iface,
                        (D3D12_FEATURE)(arg % 64), &options, (arg & 1) ? sizeof(options) : 3);
                break;
            }
            case 22:
                get_message(queue, fuzz_u32(&in), 0);
                break;
            default:
                (void)ID3D12InfoQueue1_GetNumStoredMessages(queue);
                break;
        }
        if (limit != (UINT64)-1)
            FUZZ_CHECK(ID3D12InfoQueue1_GetNumStoredMessages(queue) <= limit, "%llu messages stored, limit %llu",
                    (unsigned long long)ID3D12InfoQueue1_GetNumStoredMessages(queue), (unsigned long long)limit);
    }

    ID3D12InfoQueue1_Release(queue);
    ID3D12Device_Release((ID3D12Device *)&device->ID3D12Device17_iface);
    return 0;
}
