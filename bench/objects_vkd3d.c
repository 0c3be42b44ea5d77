/*
 * objects.c again, for vkd3d: its COM methods and exports called with the
 * Windows x64 convention, its structure returns through the explicit
 * pointer (objects.c's header says why).
 */
#define BENCH_VKD3D 1
#include "objects.c"
