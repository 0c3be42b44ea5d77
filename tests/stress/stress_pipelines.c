/*
 * The pipelines' ThreadSanitizer stress test (docs/hardening.md,
 * docs/objects.md "Pipeline libraries"): threads at once create graphics and
 * compute pipeline states from one description, store them under names of
 * their own and under one shared name in one library (one store wins, the
 * others are refused), load the shared names again and again — every load of
 * a name hands out the same object — and release their references while
 * others load them. At the end the library serializes and the blob loads
 * back with every name. Exits non-zero on a failed check; TSan
 * (halt_on_error=1) fails it on a race.
 */
#define _GNU_SOURCE
#define MK_TEST_STANDALONE
#include "mk_test.h"

#include <pthread.h>
#include <stdatomic.h>
#include <wchar.h>

#include "dxbc_writer.h"

#define THREADS 6
#define ROUNDS 300

static ID3D12Device *device;
static ID3D12PipelineLibrary1 *library;
static ID3D12RootSignature *root_signature;
static struct shader_blob vs, ps, cs;
static atomic_int failures, shared_stores;
static _Atomic(ID3D12PipelineState *) shared_seen;
static pthread_barrier_t start_line;

#define CHECK(cond, ...) \
    do { if (!(cond)) { fprintf(stderr, "stress_pipelines: %s: ", #cond); fprintf(stderr, __VA_ARGS__); \
         fputc('\n', stderr); atomic_fetch_add(&failures, 1); } } while (0)

static void graphics_desc(D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc)
{
    memset(desc, 0, sizeof(*desc));
    desc->pRootSignature = root_signature;
    desc->VS = shader_code(&vs);
    desc->PS = shader_code(&ps);
    desc->BlendState.RenderTarget[0].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
    desc->SampleMask = ~0u;
    desc->RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
    desc->RasterizerState.CullMode = D3D12_CULL_MODE_BACK;
    desc->PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    desc->NumRenderTargets = 1;
    desc->RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc->SampleDesc.Count = 1;
}

static void *worker(void *arg)
{
    unsigned id = (unsigned)(uintptr_t)arg, round;
    D3D12_GRAPHICS_PIPELINE_STATE_DESC graphics;
    D3D12_COMPUTE_PIPELINE_STATE_DESC compute = {0};
    ID3D12PipelineState *pso, *loaded, *expected;
    WCHAR name[32];
    ID3DBlob *blob;
    HRESULT hr;

    graphics_desc(&graphics);
    compute.pRootSignature = root_signature;
    compute.CS = shader_code(&cs);
    pthread_barrier_wait(&start_line);
    for (round = 0; round < ROUNDS; ++round)
    {
        hr = ID3D12Device_CreateGraphicsPipelineState(device, &graphics, &IID_ID3D12PipelineState, (void **)&pso);
        CHECK(hr == S_OK, "thread %u: CreateGraphicsPipelineState %#x", id, (unsigned)hr);
        if (FAILED(hr))
            continue;
        /* One shared name: exactly one store succeeds over the whole run. */
        hr = ID3D12PipelineLibrary1_StorePipeline(library, L"shared", pso);
        if (hr == S_OK)
            atomic_fetch_add(&shared_stores, 1);
        else
            CHECK(hr == E_INVALIDARG, "thread %u: StorePipeline(shared) %#x", id, (unsigned)hr);
        swprintf(name, 32, L"own-%u-%u", id, round);
        hr = ID3D12PipelineLibrary1_StorePipeline(library, name, pso);
        CHECK(hr == S_OK, "thread %u: StorePipeline(%ls) %#x", id, name, (unsigned)hr);
        hr = ID3D12PipelineState_GetCachedBlob(pso, &blob);
        CHECK(hr == S_OK, "thread %u: GetCachedBlob %#x", id, (unsigned)hr);
        if (SUCCEEDED(hr))
            ID3D10Blob_Release(blob);
        ID3D12PipelineState_Release(pso);

        hr = ID3D12PipelineLibrary1_LoadGraphicsPipeline(library, L"shared", &graphics, &IID_ID3D12PipelineState,
                (void **)&loaded);
        if (SUCCEEDED(hr))
        {
            expected = NULL;
            if (!atomic_compare_exchange_strong(&shared_seen, &expected, loaded))
                CHECK(expected == loaded, "thread %u: two objects for one name", id);
            ID3D12PipelineState_Release(loaded);
        }
        else
        {
            CHECK(hr == E_INVALIDARG, "thread %u: LoadGraphicsPipeline(shared) %#x", id, (unsigned)hr);
        }
        hr = ID3D12PipelineLibrary1_LoadComputePipeline(library, name, &compute, &IID_ID3D12PipelineState,
                (void **)&loaded);
        CHECK(hr == E_INVALIDARG, "thread %u: a compute load of a graphics name: %#x", id, (unsigned)hr);
        hr = ID3D12PipelineLibrary1_LoadGraphicsPipeline(library, name, &graphics, &IID_ID3D12PipelineState,
                (void **)&loaded);
        CHECK(hr == S_OK, "thread %u: LoadGraphicsPipeline(%ls) %#x", id, name, (unsigned)hr);
        if (SUCCEEDED(hr))
            ID3D12PipelineState_Release(loaded);
        if (round % 16 == 0)
            (void)ID3D12PipelineLibrary1_GetSerializedSize(library);
    }
    return NULL;
}

int main(void)
{
    D3D12_ROOT_SIGNATURE_DESC rs_desc = {0, NULL, 0, NULL, D3D12_ROOT_SIGNATURE_FLAG_NONE};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC graphics;
    ID3D12PipelineLibrary1 *again;
    ID3D12PipelineState *loaded;
    pthread_t threads[THREADS];
    ID3D12Device1 *device1;
    ID3DBlob *blob;
    void *data;
    size_t size;
    unsigned i;
    HRESULT hr;

    if (FAILED(hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)))
    {
        fprintf(stderr, "stress_pipelines: D3D12CreateDevice %#x\n", (unsigned)hr);
        return 1;
    }
    if (FAILED(hr = D3D12SerializeRootSignature(&rs_desc, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, NULL))
            || FAILED(hr = ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&root_signature)))
    {
        fprintf(stderr, "stress_pipelines: root signature %#x\n", (unsigned)hr);
        return 1;
    }
    ID3D10Blob_Release(blob);
    shader_build(&vs, &(struct shader_spec){K_VS, 0x50, 0, NULL, 0, DXBC_HASH_VALID});
    shader_build(&ps, &(struct shader_spec){K_PS, 0x50, 0, NULL, 0, DXBC_HASH_VALID});
    shader_build(&cs, &(struct shader_spec){K_CS, 0x50, 0, NULL, 0, DXBC_HASH_VALID});
    ID3D12Device_QueryInterface(device, &IID_ID3D12Device1, (void **)&device1);
    if (FAILED(hr = ID3D12Device1_CreatePipelineLibrary(device1, NULL, 0, &IID_ID3D12PipelineLibrary1,
            (void **)&library)))
    {
        fprintf(stderr, "stress_pipelines: CreatePipelineLibrary %#x\n", (unsigned)hr);
        return 1;
    }
    pthread_barrier_init(&start_line, NULL, THREADS);
    for (i = 0; i < THREADS; ++i)
        pthread_create(&threads[i], NULL, worker, (void *)(uintptr_t)i);
    for (i = 0; i < THREADS; ++i)
        pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&start_line);
    CHECK(atomic_load(&shared_stores) == 1, "%d stores of the shared name succeeded", atomic_load(&shared_stores));

    /* Serialized and loaded back: every name is there. */
    size = ID3D12PipelineLibrary1_GetSerializedSize(library);
    data = malloc(size);
    CHECK(ID3D12PipelineLibrary1_Serialize(library, data, size) == S_OK, "Serialize");
    ID3D12PipelineLibrary1_Release(library);
    hr = ID3D12Device1_CreatePipelineLibrary(device1, data, size, &IID_ID3D12PipelineLibrary1, (void **)&again);
    CHECK(hr == S_OK, "CreatePipelineLibrary from the blob: %#x", (unsigned)hr);
    if (SUCCEEDED(hr))
    {
        graphics_desc(&graphics);
        hr = ID3D12PipelineLibrary1_LoadGraphicsPipeline(again, L"own-3-299", &graphics, &IID_ID3D12PipelineState,
                (void **)&loaded);
        CHECK(hr == S_OK, "a name from the run: %#x", (unsigned)hr);
        if (SUCCEEDED(hr))
            ID3D12PipelineState_Release(loaded);
        ID3D12PipelineLibrary1_Release(again);
    }
    free(data);
    ID3D12Device1_Release(device1);
    ID3D12RootSignature_Release(root_signature);
    CHECK(ID3D12Device_Release(device) == 0, "the device outlives its objects");
    if (atomic_load(&failures))
        return 1;
    printf("stress_pipelines: %d threads x %d rounds, 0 failures\n", THREADS, ROUNDS);
    return 0;
}
