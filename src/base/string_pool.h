/*
 * The strings of a generated table, stored as offsets into one char array
 * (tools/refdata.py's StringPool writes both). A table of pointers is
 * relocated by the dynamic loader at every process start, which writes, and
 * so copies, every page it lies on; a table of offsets stays in read-only
 * pages the process only reads when it looks (docs/performance.md).
 */
#ifndef MOCKD3D12_BASE_STRING_POOL_H
#define MOCKD3D12_BASE_STRING_POOL_H

#include <stdint.h>

/* The string at `offset` of `pool`; offset 0 is NULL. */
static inline const char *mk_pool_string(const char *pool, uint32_t offset)
{
    return offset ? pool + offset : (const char *)0;
}

/* The same for a table whose every row has its string (a name): never NULL
 * (offset 0 would be ""), so no test, and no NULL a compiler could see
 * reaching a "%s" once it has inlined the accessor. */
static inline const char *mk_pool_text(const char *pool, uint32_t offset)
{
    return pool + offset;
}

#endif
