/*
 * The Present row (objects.h): a flip-model swap chain of mockd3d12's libdxgi
 * on a direct queue of the bench's device, presented in a loop. libdxgi is
 * dlopen()ed (BENCH_LIBDXGI, the build tree's libdxgi.so) rather than
 * linked: it links libd3d12.so, whose exports must not meet the copy of
 * mk_core linked into this program. Everything it does to the device goes
 * through the queue's COM interface (the chain's back buffers, its fence and
 * each Present's Signal), so the chain works on our device like on any;
 * its IIDs come from the library too. On Linux any non-zero HWND is a window
 * (docs/dxgi.md, "Windows without a display").
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include <mockd3d12/dxgi.h>

#include "objects.h"

struct present
{
    void *library;
    ID3D12CommandQueue *queue;
    IDXGIFactory2 *factory;
    IDXGISwapChain3 *chain;
};

typedef HRESULT (WINAPI *create_factory2_fn)(UINT flags, REFIID riid, void **factory);

void bench_present_close(void *ctx)
{
    struct present *p = ctx;

    if (p->chain)
        p->chain->lpVtbl->Release(p->chain);
    if (p->factory)
        p->factory->lpVtbl->Release(p->factory);
    if (p->queue)
        p->queue->lpVtbl->Release(p->queue);
    /* libdxgi stays loaded: its library, libd3d12.so, keeps its state until exit. */
    free(p);
}

void *bench_present_open(void *device, char *why, size_t why_size)
{
    DXGI_SWAP_CHAIN_DESC1 desc = {1280, 720, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE, {1, 0},
            DXGI_USAGE_RENDER_TARGET_OUTPUT, 2, DXGI_SCALING_STRETCH, DXGI_SWAP_EFFECT_FLIP_DISCARD,
            DXGI_ALPHA_MODE_UNSPECIFIED, 0};
    D3D12_COMMAND_QUEUE_DESC queue = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    const IID *iid_factory2, *iid_chain3;
    ID3D12Device *d = device;
    create_factory2_fn create;
    IDXGISwapChain1 *chain1;
    struct present *p;
    HRESULT hr;

    if (!(p = calloc(1, sizeof(*p))))
    {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    if (!(p->library = dlopen(BENCH_LIBDXGI, RTLD_NOW | RTLD_LOCAL)))
    {
        snprintf(why, why_size, "no libdxgi: %s", dlerror());
        goto failed;
    }
    create = (create_factory2_fn)dlsym(p->library, "CreateDXGIFactory2");
    iid_factory2 = dlsym(p->library, "IID_IDXGIFactory2");
    iid_chain3 = dlsym(p->library, "IID_IDXGISwapChain3");
    if (!create || !iid_factory2 || !iid_chain3)
    {
        snprintf(why, why_size, "libdxgi lacks CreateDXGIFactory2 or an IID");
        goto failed;
    }
    if (FAILED(hr = d->lpVtbl->CreateCommandQueue(d, &queue, &IID_ID3D12CommandQueue, (void **)&p->queue)))
    {
        snprintf(why, why_size, "CreateCommandQueue failed: 0x%08x", (unsigned)hr);
        goto failed;
    }
    if (FAILED(hr = create(0, iid_factory2, (void **)&p->factory)))
    {
        snprintf(why, why_size, "CreateDXGIFactory2 failed: 0x%08x", (unsigned)hr);
        goto failed;
    }
    if (FAILED(hr = p->factory->lpVtbl->CreateSwapChainForHwnd(p->factory, (IUnknown *)p->queue,
            (HWND)(uintptr_t)1, &desc, NULL, NULL, &chain1)))
    {
        snprintf(why, why_size, "CreateSwapChainForHwnd failed: 0x%08x", (unsigned)hr);
        goto failed;
    }
    hr = chain1->lpVtbl->QueryInterface(chain1, iid_chain3, (void **)&p->chain);
    chain1->lpVtbl->Release(chain1);
    if (FAILED(hr))
    {
        p->chain = NULL;
        snprintf(why, why_size, "the swap chain has no IDXGISwapChain3: 0x%08x", (unsigned)hr);
        goto failed;
    }
    return p;

failed:
    bench_present_close(p);
    return NULL;
}

/* Present(0, 0), and the index of the buffer to draw next, as a frame asks. */
void bench_present_loop(void *ctx, size_t n)
{
    struct present *p = ctx;
    IDXGISwapChain3 *chain = p->chain;
    UINT index = chain->lpVtbl->GetCurrentBackBufferIndex(chain);
    size_t i;

    for (i = 0; i < n; ++i)
    {
        if (FAILED(chain->lpVtbl->Present(chain, 0, 0)))
            abort();
        if (chain->lpVtbl->GetCurrentBackBufferIndex(chain) != (index ^= 1))
            abort();
    }
}
