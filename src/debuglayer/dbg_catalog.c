/*
 * Lookups in the generated message tables (dbg_messages_gen.c).
 */
#include <stdlib.h>
#include <string.h>

#include "string_pool.h"
#include "debuglayer/dbg_catalog.h"

/* bsearch's comparison for the tables sorted by id, their first member. */
static int compare_id(const void *key, const void *entry)
{
    uint32_t a = *(const uint32_t *)key, b = *(const uint32_t *)entry;

    return a < b ? -1 : a > b;
}

const struct dbg_catalog_entry *dbg_catalog_find(uint32_t id)
{
    return bsearch(&id, dbg_catalog, dbg_catalog_count, sizeof(*dbg_catalog), compare_id);
}

const char *dbg_entry_name(const struct dbg_catalog_entry *entry)
{
    return mk_pool_string(dbg_strings, entry->name);
}

const char *dbg_entry_format(const struct dbg_catalog_entry *entry)
{
    return mk_pool_string(dbg_strings, entry->format);
}

const struct dbg_catalog_entry *dbg_catalog_find_name(const char *name)
{
    size_t i;

    for (i = 0; i < dbg_catalog_count; ++i)
    {
        if (!strcmp(dbg_entry_name(&dbg_catalog[i]), name))
            return &dbg_catalog[i];
    }
    return NULL;
}

const char *dbg_message_id_name(uint32_t id)
{
    const struct dbg_id_name *entry = bsearch(&id, dbg_id_names, dbg_id_name_count, sizeof(*dbg_id_names), compare_id);

    return entry ? mk_pool_string(dbg_strings, entry->name) : NULL;
}

const char *dbg_category_name(uint32_t category)
{
    return category < dbg_category_name_count ? mk_pool_string(dbg_strings, dbg_category_names[category]) : NULL;
}

const char *dbg_severity_name(uint32_t severity)
{
    return severity < dbg_severity_name_count ? mk_pool_string(dbg_strings, dbg_severity_names[severity]) : NULL;
}
