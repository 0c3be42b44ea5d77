/*
 * A present loop with two ways of reading what Present answers, for
 * tests/cli/test_fault_check.py (fault-check's occluded sites):
 *
 *   occlusion_probe correct   a failure (a removed device) ends the program
 *                             with a message and exit status 1;
 *                             DXGI_STATUS_OCCLUDED is a success: the frame
 *                             was not shown, the loop goes on;
 *   occlusion_probe wrong     handles the device-lost codes the same way, but
 *                             takes any other answer but S_OK for a bug and
 *                             aborts: DXGI_STATUS_OCCLUDED included.
 *
 * Both handle a creation that fails (exit status 1). fault-check flags
 * exactly the wrong path's Present#N occluded sites, crashed (SIGABRT).
 */
#define COBJMACROS
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mockd3d12/d3d12.h>
#include <mockd3d12/dxgi.h>

#define FRAMES 3

int main(int argc, char **argv)
{
    D3D12_COMMAND_QUEUE_DESC queue_desc;
    DXGI_SWAP_CHAIN_DESC1 desc;
    ID3D12CommandQueue *queue = NULL;
    IDXGISwapChain1 *chain = NULL;
    IDXGIFactory2 *factory = NULL;
    ID3D12Device *device = NULL;
    HWND window = 0;
    int careful, ret = 1;
    unsigned i;
    HRESULT hr;

    if (argc != 2 || (strcmp(argv[1], "correct") && strcmp(argv[1], "wrong")))
    {
        fprintf(stderr, "usage: occlusion_probe correct|wrong\n");
        return 2;
    }
    careful = !strcmp(argv[1], "correct");
    memset(&queue_desc, 0, sizeof(queue_desc));
    queue_desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    memset(&desc, 0, sizeof(desc));
    desc.Width = 64;
    desc.Height = 64;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    desc.BufferCount = 2;
    desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
    if (FAILED(hr = CreateDXGIFactory1(&IID_IDXGIFactory2, (void **)&factory))
            || FAILED(hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device))
            || FAILED(hr = ID3D12Device_CreateCommandQueue(device, &queue_desc, &IID_ID3D12CommandQueue,
                    (void **)&queue))
            || FAILED(hr = mockd3d12_dxgi_create_window(64, 64, &window))
            || FAILED(hr = IDXGIFactory2_CreateSwapChainForHwnd(factory, (IUnknown *)queue, window, &desc, NULL, NULL,
                    &chain)))
    {
        printf("occlusion_probe: setting up failed: %#x\n", (unsigned)hr);
        goto done;
    }
    for (i = 0; i < FRAMES; ++i)
    {
        hr = IDXGISwapChain1_Present(chain, 1, 0);
        if (hr == DXGI_ERROR_DEVICE_REMOVED || hr == DXGI_ERROR_DEVICE_RESET || (careful && FAILED(hr)))
        {
            printf("occlusion_probe: Present failed: %#x\n", (unsigned)hr);
            goto done;
        }
        if (hr == DXGI_STATUS_OCCLUDED)
            printf("occlusion_probe: frame %u occluded\n", i + 1);
        fflush(stdout);
        /* The wrong path: anything but S_OK is a bug. */
        if (!careful && hr != S_OK)
            abort();
    }
    printf("occlusion_probe: %u frames\n", FRAMES);
    ret = 0;
done:
    if (chain)
        IDXGISwapChain1_Release(chain);
    if (window)
        mockd3d12_dxgi_destroy_window(window);
    if (queue)
        ID3D12CommandQueue_Release(queue);
    if (device)
        ID3D12Device_Release(device);
    if (factory)
        IDXGIFactory2_Release(factory);
    return ret;
}
