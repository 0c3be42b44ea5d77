/*
 * Links the zip's MSVC import library (lib/d3d12.lib) as link.exe would: built
 * for x86_64-pc-windows-msvc by clang and linked by lld-link (which reads
 * MSVC's import-library format) without a C library, and run under Wine by
 * scripts/package.sh. Exit status 0 when the loaded d3d12.dll is mockd3d12's
 * and D3D12GetDebugInterface answers.
 */
typedef long HRESULT;
typedef struct { unsigned long a; unsigned short b, c; unsigned char d[8]; } GUID;

__declspec(dllimport) const char *mockd3d12_version(void);
__declspec(dllimport) HRESULT __stdcall D3D12GetDebugInterface(const GUID *iid, void **debug);
__declspec(dllimport) void __stdcall ExitProcess(unsigned int code);

void mainCRTStartup(void)
{
    /* IID_ID3D12Debug */
    static const GUID iid = {0x344488b7, 0x6846, 0x474b, {0xb9, 0x89, 0xf0, 0x27, 0x44, 0x82, 0x45, 0xe0}};
    const char *version = mockd3d12_version();
    void *debug = 0;
    HRESULT hr = D3D12GetDebugInterface(&iid, &debug);

    ExitProcess(version && version[0] >= '0' && version[0] <= '9' && hr == 0 && debug ? 0 : 1);
}
