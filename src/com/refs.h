/*
 * The two counts of an object that others may hold after the application
 * let it go (a heap its placed resources hold, a resource or query heap a
 * recorded command names): `refcount`, the application's, and `internal`,
 * 1 while refcount > 0 plus one per internal holder. The object dies when
 * `internal` reaches 0. An AddRef that brings refcount back from 0 (the
 * application reached a heap its placed resources keep alive, as Windows
 * lets it: vkd3d's test_create_placed_resource) takes back the internal
 * reference the Release to 0 gave up.
 */
#ifndef MOCKD3D12_OBJ_REFS_H
#define MOCKD3D12_OBJ_REFS_H

#include <stdatomic.h>
#include <stdbool.h>

#include <mockd3d12/d3d12.h>

static inline ULONG obj_refs_addref(atomic_ulong *refcount, atomic_ulong *internal)
{
    unsigned long before = atomic_fetch_add(refcount, 1);

    if (!before)
        atomic_fetch_add(internal, 1);
    return (ULONG)before + 1;
}

/* The application's count after the Release; `*dead` tells whether the
 * object's last reference went (the caller destroys it). */
static inline ULONG obj_refs_release(atomic_ulong *refcount, atomic_ulong *internal, bool *dead)
{
    ULONG after = (ULONG)atomic_fetch_sub(refcount, 1) - 1;

    *dead = !after && atomic_fetch_sub(internal, 1) == 1;
    return after;
}

static inline void obj_refs_retain(atomic_ulong *internal)
{
    atomic_fetch_add(internal, 1);
}

/* True when that was the last reference (the caller destroys the object). */
static inline bool obj_refs_unretain(atomic_ulong *internal)
{
    return atomic_fetch_sub(internal, 1) == 1;
}

#endif
