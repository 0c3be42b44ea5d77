/*
 * Lookups in the generated message tables (dbg_messages_gen.c).
 */
#include <string.h>

#include "debuglayer/dbg_catalog.h"

const struct dbg_catalog_entry *dbg_catalog_find(uint32_t id)
{
    size_t lo = 0, hi = dbg_catalog_count;

    while (lo < hi)
    {
        size_t mid = lo + (hi - lo) / 2;

        if (dbg_catalog[mid].id == id)
            return &dbg_catalog[mid];
        if (dbg_catalog[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const struct dbg_catalog_entry *dbg_catalog_find_name(const char *name)
{
    size_t i;

    for (i = 0; i < dbg_catalog_count; ++i)
    {
        if (!strcmp(dbg_catalog[i].name, name))
            return &dbg_catalog[i];
    }
    return NULL;
}

const char *dbg_message_id_name(uint32_t id)
{
    size_t lo = 0, hi = dbg_id_name_count;

    while (lo < hi)
    {
        size_t mid = lo + (hi - lo) / 2;

        if (dbg_id_names[mid].id == id)
            return dbg_id_names[mid].name;
        if (dbg_id_names[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const char *dbg_category_name(uint32_t category)
{
    return category < dbg_category_name_count ? dbg_category_names[category] : NULL;
}

const char *dbg_severity_name(uint32_t severity)
{
    return severity < dbg_severity_name_count ? dbg_severity_names[severity] : NULL;
}
