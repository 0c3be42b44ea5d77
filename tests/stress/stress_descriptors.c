/*
 * The descriptors' ThreadSanitizer stress test (docs/hardening.md,
 * docs/objects.md "Descriptors"): threads at once write views into their own
 * slots of one heap, race on the same slots of another (D3D12 leaves that to
 * the application; the storage must stay whole), copy between heaps with
 * CopyDescriptorsSimple and CopyDescriptors, and create, write and release
 * heaps of the same device, writing into released ones too (refused); and
 * write CBVs of buffers that live throughout while another thread creates
 * and releases buffers by the hundred (the device's buffer ranges change and
 * grow under the CBV check's reads, which take no lock). The
 * checks at the end do not depend on the interleaving: each own slot holds
 * its writer's last view, each raced slot one of its writers' views, each
 * copied slot nothing or a view of the slot it was copied from; every CBV of
 * a living buffer is written.
 * Exits non-zero on a failed check; TSan (halt_on_error=1) fails it on a race.
 */
#define _GNU_SOURCE
#define MK_TEST_STANDALONE
#include "mk_test.h"

#include <pthread.h>
#include <stdatomic.h>

#include "descriptor_heap.h"

#define WRITERS 4
#define SLOTS_EACH 256 /* four pages per writer */
#define ROUNDS 2000
#define RACED 64
#define CBV_BUFFERS 64
#define CHURNED 150 /* buffers alive at once in buffer_churn: the ranges grow past 64 and 128 */

static ID3D12Device *device;
static ID3D12DescriptorHeap *own_heap, *raced_heap, *copy_heap, *cbv_heap;
static ID3D12Resource *cbv_buffers[CBV_BUFFERS];
static UINT increment;
static atomic_int failures;
static pthread_barrier_t start_line; /* every thread starts at once */

#define CHECK(cond, ...) \
    do { if (!(cond)) { fprintf(stderr, "stress_descriptors: %s: ", #cond); fprintf(stderr, __VA_ARGS__); \
         fputc('\n', stderr); atomic_fetch_add(&failures, 1); } } while (0)

/* A typed buffer SRV whose FirstElement says who wrote it where and when. */
static UINT64 stamp(unsigned writer, unsigned slot, unsigned round)
{
    return ((UINT64)writer << 40) | ((UINT64)slot << 20) | round;
}

/* A struct-returning method: by value on Linux, through RetVal on Windows. */
static D3D12_CPU_DESCRIPTOR_HANDLE heap_cpu_start(ID3D12DescriptorHeap *heap)
{
#ifdef _WIN32
    D3D12_CPU_DESCRIPTOR_HANDLE result;

    heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(heap, &result);
    return result;
#else
    return heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(heap);
#endif
}

static D3D12_CPU_DESCRIPTOR_HANDLE handle(ID3D12DescriptorHeap *heap, unsigned slot)
{
    D3D12_CPU_DESCRIPTOR_HANDLE h = heap_cpu_start(heap);

    h.ptr += (SIZE_T)slot * increment;
    return h;
}

static void write_srv_at(D3D12_CPU_DESCRIPTOR_HANDLE h, UINT64 first)
{
    D3D12_SHADER_RESOURCE_VIEW_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.Format = DXGI_FORMAT_R32_UINT;
    desc.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
    desc.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    desc.Buffer.FirstElement = first;
    desc.Buffer.NumElements = 1;
    ID3D12Device_CreateShaderResourceView(device, NULL, &desc, h);
}

static void write_srv(ID3D12DescriptorHeap *heap, unsigned slot, UINT64 first)
{
    write_srv_at(handle(heap, slot), first);
}

static struct obj_descriptor read_slot(ID3D12DescriptorHeap *heap, unsigned slot)
{
    struct obj_descriptor d;

    obj_descriptor_heap_read(obj_descriptor_heap_from_iface(heap), slot, &d);
    return d;
}

/* Writer w: its own slots, every round; and the raced slots. */
static void *writer(void *arg)
{
    unsigned w = (unsigned)(uintptr_t)arg, round, i;

    for (round = 0; round < ROUNDS; ++round)
    {
        for (i = 0; i < SLOTS_EACH; i += 7)
            write_srv(own_heap, w * SLOTS_EACH + i, stamp(w, w * SLOTS_EACH + i, round));
        write_srv(raced_heap, round % RACED, stamp(w, round % RACED, round));
    }
    return NULL;
}

/* Copies the own heap into the shader-visible one: simple, then in ranges of one. */
static void *copier(void *arg)
{
    D3D12_CPU_DESCRIPTOR_HANDLE dst[4], src[4];
    unsigned round, i;

    (void)arg;
    for (round = 0; round < ROUNDS / 4; ++round)
    {
        ID3D12Device_CopyDescriptorsSimple(device, WRITERS * SLOTS_EACH, handle(copy_heap, 0), handle(own_heap, 0),
                D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
        for (i = 0; i < 4; ++i)
        {
            dst[i] = handle(copy_heap, (round * 13 + i * 101) % (WRITERS * SLOTS_EACH));
            src[i] = handle(own_heap, (round * 13 + i * 101) % (WRITERS * SLOTS_EACH));
        }
        ID3D12Device_CopyDescriptors(device, 4, dst, NULL, 4, src, NULL, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    }
    return NULL;
}

/* Heaps created, written, released; then written again (refused). */
static void *churn(void *arg)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 128, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    D3D12_CPU_DESCRIPTOR_HANDLE gone;
    ID3D12DescriptorHeap *heap;
    unsigned round;
    HRESULT hr;

    (void)arg;
    for (round = 0; round < ROUNDS; ++round)
    {
        hr = ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap);
        CHECK(hr == S_OK, "CreateDescriptorHeap %#x", (unsigned)hr);
        if (FAILED(hr))
            return NULL;
        write_srv(heap, round % 128, stamp(9, round % 128, round));
        CHECK(read_slot(heap, round % 128).kind == OBJ_DESCRIPTOR_SRV, "round %u: not written", round);
        gone = handle(heap, 0);
        ID3D12DescriptorHeap_Release(heap);
        /* Its span is never reused: the write is refused, not misplaced. */
        write_srv_at(gone, stamp(9, 0, round));
    }
    return NULL;
}

static ID3D12Resource *create_buffer(void)
{
    static const D3D12_HEAP_PROPERTIES upload = {D3D12_HEAP_TYPE_UPLOAD, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
    static const D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, 4096, 1, 1, 1, DXGI_FORMAT_UNKNOWN,
            {1, 0}, D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
    ID3D12Resource *buffer = NULL;
    HRESULT hr = ID3D12Device_CreateCommittedResource(device, &upload, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Resource, (void **)&buffer);

    CHECK(hr == S_OK, "CreateCommittedResource %#x", (unsigned)hr);
    return buffer;
}

/* CBVs of the buffers that live throughout, each at another offset every
 * round: every one is written. */
static void *cbv_writer(void *arg)
{
    D3D12_CONSTANT_BUFFER_VIEW_DESC desc;
    unsigned round, i;
    struct obj_descriptor d;

    (void)arg;
    for (round = 0; round < ROUNDS; ++round)
    {
        for (i = 0; i < CBV_BUFFERS; ++i)
        {
            desc.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(cbv_buffers[i]) + (round % 16) * 256;
            desc.SizeInBytes = 256;
            ID3D12Device_CreateConstantBufferView(device, &desc, handle(cbv_heap, i));
            d = read_slot(cbv_heap, i);
            CHECK(d.kind == OBJ_DESCRIPTOR_CBV && d.desc.cbv.BufferLocation == desc.BufferLocation,
                    "round %u: CBV %u not written (kind %d)", round, i, (int)d.kind);
        }
    }
    return NULL;
}

/* Buffers created by the hundred and released, the oldest first or the
 * newest first by turns. */
static void *buffer_churn(void *arg)
{
    ID3D12Resource *buffers[CHURNED];
    unsigned round, i;

    (void)arg;
    for (round = 0; round < ROUNDS / 100; ++round)
    {
        for (i = 0; i < CHURNED; ++i)
            if (!(buffers[i] = create_buffer()))
                return NULL;
        for (i = 0; i < CHURNED; ++i)
            ID3D12Resource_Release(buffers[round % 2 ? i : CHURNED - 1 - i]);
    }
    return NULL;
}

static void *(*const mains[])(void *) = {writer, writer, writer, writer, copier, copier, churn, cbv_writer,
        buffer_churn};

static void *start(void *index)
{
    pthread_barrier_wait(&start_line);
    return mains[(uintptr_t)index](index);
}

static ID3D12DescriptorHeap *create_heap(UINT count, bool visible)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, count,
            visible ? D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE : D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    ID3D12DescriptorHeap *heap = NULL;
    HRESULT hr = ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap);

    if (FAILED(hr))
    {
        fprintf(stderr, "stress_descriptors: CreateDescriptorHeap %#x\n", (unsigned)hr);
        exit(1);
    }
    return heap;
}

int main(void)
{
    pthread_t threads[sizeof(mains) / sizeof(mains[0])];
    struct obj_descriptor d;
    unsigned i, w;
    UINT64 first;

    if (FAILED(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)))
    {
        fprintf(stderr, "stress_descriptors: D3D12CreateDevice failed: %s\n", mockd3d12_last_error());
        return 1;
    }
    increment = ID3D12Device_GetDescriptorHandleIncrementSize(device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    own_heap = create_heap(WRITERS * SLOTS_EACH, false);
    raced_heap = create_heap(RACED, false);
    copy_heap = create_heap(WRITERS * SLOTS_EACH, true);
    cbv_heap = create_heap(CBV_BUFFERS, false);
    for (i = 0; i < CBV_BUFFERS; ++i)
        if (!(cbv_buffers[i] = create_buffer()))
            return 1;

    pthread_barrier_init(&start_line, NULL, (unsigned)(sizeof(threads) / sizeof(threads[0])));
    for (i = 0; i < sizeof(threads) / sizeof(threads[0]); ++i)
        pthread_create(&threads[i], NULL, start, (void *)(uintptr_t)i);
    for (i = 0; i < sizeof(threads) / sizeof(threads[0]); ++i)
        pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&start_line);

    for (w = 0; w < WRITERS; ++w)
    {
        for (i = 0; i < SLOTS_EACH; ++i)
        {
            unsigned s = w * SLOTS_EACH + i;

            d = read_slot(own_heap, s);
            if (i % 7)
                CHECK(d.kind == OBJ_DESCRIPTOR_EMPTY, "own slot %u: kind %d", s, (int)d.kind);
            else
                CHECK(d.kind == OBJ_DESCRIPTOR_SRV && d.desc.srv.Buffer.FirstElement == stamp(w, s, ROUNDS - 1),
                        "own slot %u: kind %d, %#llx", s, (int)d.kind, (unsigned long long)d.desc.srv.Buffer.FirstElement);
            d = read_slot(copy_heap, s);
            first = d.desc.srv.Buffer.FirstElement;
            CHECK(d.kind == OBJ_DESCRIPTOR_EMPTY || (d.kind == OBJ_DESCRIPTOR_SRV && ((first >> 20) & 0xfffff) == s
                    && (first >> 40) == w), "copied slot %u: kind %d, %#llx", s, (int)d.kind, (unsigned long long)first);
        }
    }
    for (i = 0; i < RACED; ++i)
    {
        d = read_slot(raced_heap, i);
        first = d.desc.srv.Buffer.FirstElement;
        CHECK(d.kind == OBJ_DESCRIPTOR_SRV && ((first >> 20) & 0xfffff) == i && (first >> 40) < WRITERS
                && (first & 0xfffff) % RACED == i, "raced slot %u: kind %d, %#llx", i, (int)d.kind,
                (unsigned long long)first);
    }
    for (i = 0; i < CBV_BUFFERS; ++i)
        ID3D12Resource_Release(cbv_buffers[i]);
    ID3D12DescriptorHeap_Release(cbv_heap);
    ID3D12DescriptorHeap_Release(copy_heap);
    ID3D12DescriptorHeap_Release(raced_heap);
    ID3D12DescriptorHeap_Release(own_heap);
    CHECK(ID3D12Device_Release(device) == 0, "the device has references left");
    if (atomic_load(&failures))
    {
        fprintf(stderr, "stress_descriptors: %d failure(s)\n", atomic_load(&failures));
        return 1;
    }
    printf("stress_descriptors: ok\n");
    return 0;
}
