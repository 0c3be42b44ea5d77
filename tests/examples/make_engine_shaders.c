/*
 * Writes the shaders of examples/engine-startup/shaders/ (the checked-in
 * files are its output; the test engine_startup_shaders regenerates them and
 * compares): containers built by tests/unit/dxbc_writer.h — the public DXBC
 * format with a real checksum, a Shader Model 5.1 SHEX program or a 6.x DXIL
 * program header, and an SFI0 part for what a shader requires. They are
 * not compiler output, and nothing runs them: the null device reads their
 * stage, shader model and requirements.
 *
 * usage: make_engine_shaders DIR
 */
#include <stdio.h>

#include <directx/d3d12shader.h>

#include "dxbc_writer.h"

/* The *_typed_uav_load compute shaders load a typed UAV of R16G16B16A16_FLOAT. */
struct example_shader
{
    const char *file;
    unsigned kind, model;
    uint64_t requires;
};

static const /* The *_typed_uav_load compute shaders load a typed UAV of R16G16B16A16_FLOAT. */
struct example_shader shaders[] =
{
    {"vs_5_1.cso", K_VS, 0x51, 0},
    {"ps_5_1.cso", K_PS, 0x51, 0},
    {"cs_5_1.cso", K_CS, 0x51, 0},
    {"cs_5_1_typed_uav_load.cso", K_CS, 0x51, D3D_SHADER_REQUIRES_TYPED_UAV_LOAD_ADDITIONAL_FORMATS},
    {"vs_6_0.cso", K_VS, 0x60, 0},
    {"ps_6_0.cso", K_PS, 0x60, 0},
    {"cs_6_0.cso", K_CS, 0x60, 0},
    {"cs_6_0_typed_uav_load.cso", K_CS, 0x60, D3D_SHADER_REQUIRES_TYPED_UAV_LOAD_ADDITIONAL_FORMATS},
    {"ms_6_5.cso", K_MS, 0x65, 0},
};

int main(int argc, char **argv)
{
    struct shader_blob blob;
    char path[4096];
    unsigned i;
    FILE *f;

    if (argc != 2)
    {
        fprintf(stderr, "usage: make_engine_shaders DIR\n");
        return 2;
    }
    for (i = 0; i < sizeof(shaders) / sizeof(shaders[0]); ++i)
    {
        struct shader_spec spec = {shaders[i].kind, shaders[i].model, shaders[i].requires, NULL, 0, DXBC_HASH_VALID};

        shader_build(&blob, &spec);
        snprintf(path, sizeof(path), "%s/%s", argv[1], shaders[i].file);
        if (!(f = fopen(path, "wb")) || fwrite(blob.bytes, 1, blob.size, f) != blob.size || fclose(f))
        {
            fprintf(stderr, "make_engine_shaders: cannot write %s\n", path);
            return 1;
        }
    }
    return 0;
}
