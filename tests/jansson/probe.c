/*
 * libjansson on demand (src/lib/jansson_on_demand.c, tests/jansson.cmake): a
 * program linked against libd3d12.so alone starts without libjansson mapped,
 * creates a device with it still unmapped, and maps it only when it registers
 * a profile file.
 *
 *   probe PROFILE                 the file registers (S_OK); libjansson is
 *                                 mapped afterwards
 *   probe PROFILE --refused TEXT  the registration fails, its error naming TEXT
 */
#include <stdio.h>
#include <string.h>

#include <mockd3d12/d3d12.h>
#include <mockd3d12/mockd3d12.h>

static int jansson_mapped(void)
{
    char line[512];
    FILE *maps = fopen("/proc/self/maps", "r");
    int found = 0;

    if (!maps)
        return -1;
    while (!found && fgets(line, sizeof(line), maps))
        found = strstr(line, "libjansson") != NULL;
    fclose(maps);
    return found;
}

int main(int argc, char **argv)
{
    char error[512] = "";
    ID3D12Device *device;
    HRESULT hr;

    if (argc != 2 && !(argc == 4 && !strcmp(argv[2], "--refused")))
    {
        fprintf(stderr, "usage: probe PROFILE [--refused TEXT]\n");
        return 2;
    }
    if (jansson_mapped())
    {
        fprintf(stderr, "libjansson is mapped at start\n");
        return 1;
    }
    if (FAILED(hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)))
    {
        fprintf(stderr, "D3D12CreateDevice: %#x\n", (unsigned)hr);
        return 1;
    }
    device->lpVtbl->Release(device);
    if (jansson_mapped())
    {
        fprintf(stderr, "creating a device on a built-in adapter mapped libjansson\n");
        return 1;
    }
    hr = mockd3d12_register_profile_file(argv[1], error, sizeof(error));
    if (argc == 4)
    {
        if (SUCCEEDED(hr) || !strstr(error, argv[3]))
        {
            fprintf(stderr, "registering %s: %#x \"%s\", expected a failure naming \"%s\"\n", argv[1], (unsigned)hr,
                    error, argv[3]);
            return 1;
        }
        printf("refused as expected: %s\n", error);
        return 0;
    }
    if (FAILED(hr))
    {
        fprintf(stderr, "registering %s: %#x %s\n", argv[1], (unsigned)hr, error);
        return 1;
    }
    if (jansson_mapped() != 1)
    {
        fprintf(stderr, "the profile registered without libjansson mapped\n");
        return 1;
    }
    printf("registered %s; libjansson mapped only then\n", argv[1]);
    return 0;
}
