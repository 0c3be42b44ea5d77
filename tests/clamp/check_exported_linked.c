/*
 * A program linked against libd3d12.so (no -rdynamic) that defines
 * D3D12SDKVersion as an Agility SDK application does: the library refers to
 * the symbol weakly, so the link exports it and the loader binds it. The
 * current runtime is the export's: retail 615 with its release's preview 716.
 * Exits non-zero, naming what differs, otherwise.
 */
#include <stdio.h>

#include <mockd3d12/d3d12.h>
#include <mockd3d12/mockd3d12.h>

__attribute__((visibility("default"))) const UINT D3D12SDKVersion = 615;

int main(void)
{
    mockd3d12_runtime r;
    HRESULT hr;

    if (FAILED(hr = mockd3d12_get_runtime(&r)))
    {
        fprintf(stderr, "mockd3d12_get_runtime: %#x (%s)\n", (unsigned)hr, mockd3d12_last_error());
        return 1;
    }
    if (r.kind != MOCKD3D12_RUNTIME_RETAIL || r.sdk_version != 615 || r.preview_sdk_version != 716)
    {
        fprintf(stderr, "runtime kind %d %u/%u, expected retail 615/716 (the exported D3D12SDKVersion)\n",
                (int)r.kind, r.sdk_version, r.preview_sdk_version);
        return 1;
    }
    return 0;
}
