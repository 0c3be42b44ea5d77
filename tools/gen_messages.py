#!/usr/bin/env python3
"""Generates the debug layer's message tables (src/debuglayer/dbg_catalog.h).

    gen_messages.py DATA_DIR OUTPUT.c

Inputs:
  data/messages.tsv                     our catalog: id, value, category, severity,
                                        format (printf, "\\t" for a tab), args
  data/reference/d3d12-message-ids.tsv  every D3D12_MESSAGE_ID / CATEGORY /
                                        SEVERITY member Microsoft declared

Outputs one C file with four tables: the catalog (sorted by id), the name of
every live message id (sorted by value, for AddMessage with any id), and the
category and severity names. The catalog is checked here: known category and
severity, ids that match the reference (or sit at 65536 and above, past every
declared id), and formats whose conversions are the safe few we support and
match the documented argument list.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refdata  # noqa: E402

OUR_FIRST_ID = 65536
PREFIX = "D3D12_MESSAGE_ID_"
# flags/width, length, conversion: only these lengths and conversions are safe.
ANY_CONVERSION = re.compile(r"%([-+ #0]*[0-9]*(?:\.[0-9]+)?)(ll|l|hh|h|z|j|t|L)?([a-zA-Z%])")
ALLOWED = {("", "s"), ("", "u"), ("", "d"), ("", "x"), ("", "X"), ("", "%"),
           ("ll", "u"), ("ll", "d"), ("ll", "x"), ("ll", "X")}


def fail(msg):
    raise SystemExit("gen_messages.py: " + msg)


def unescape(text):
    """The TSV cannot hold a tab inside a field: formats spell it \\t."""
    return text.replace("\\t", "\t").replace("\\n", "\n")


def split_args(text):
    """Splits the args column on commas outside quotes and parentheses."""
    parts, depth, quoted, cur = [], 0, False, []
    for ch in text:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch == "(":
            depth += 1
        elif not quoted and ch == ")":
            depth -= 1
        if ch == "," and depth == 0 and not quoted:
            parts.append("".join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def main():
    if len(sys.argv) != 3:
        fail("usage: gen_messages.py DATA_DIR OUTPUT.c")
    data_dir, out_path = sys.argv[1], sys.argv[2]

    categories, severities, ids = {}, {}, {}
    for r in refdata.read_tsv(refdata.ref_path(data_dir, "d3d12-message-ids.tsv")):
        if r["status"] not in ("current", "preview-only", "retail-only"):
            continue
        value = int(r["value"])
        if r["enum"] == "D3D12_MESSAGE_CATEGORY":
            categories[r["member"][len("D3D12_MESSAGE_CATEGORY_"):]] = value
        elif r["enum"] == "D3D12_MESSAGE_SEVERITY":
            severities[r["member"][len("D3D12_MESSAGE_SEVERITY_"):]] = value
        elif r["enum"] == "D3D12_MESSAGE_ID":
            name = r["member"][len(PREFIX):]
            if name == "D3D12_MESSAGES_END":
                continue
            ids.setdefault(value, name)  # aliases: the first declared name wins

    catalog = []
    for r in refdata.read_tsv(os.path.join(data_dir, "messages.tsv")):
        ident, value = r["id"], int(r["value"])
        where = "messages.tsv: " + ident
        if not ident.startswith(PREFIX):
            fail(where + ": the id must start with " + PREFIX)
        name = ident[len(PREFIX):]
        if value >= OUR_FIRST_ID:
            if value in ids:
                fail(where + ": value %d is already declared" % value)
        elif ids.get(value) != name:
            fail(where + ": Microsoft's value %d is %s" % (value, ids.get(value)))
        if r["category"] not in categories:
            fail(where + ": unknown category " + r["category"])
        if r["severity"] not in severities:
            fail(where + ": unknown severity " + r["severity"])
        fmt = unescape(r["format"])
        convs = ANY_CONVERSION.findall(fmt)
        for flags, length, conv in convs:
            if (length or "", conv) not in ALLOWED or (conv == "%" and (flags or length)):
                fail(where + ": conversion %%%s%s%s is not one of %%s %%u %%d %%x %%X %%llu %%lld %%llx %%llX"
                     % (flags, length or "", conv))
        if fmt.count("%") != sum(2 if c[2] == "%" else 1 for c in convs):
            fail(where + ": a stray %% in the format")
        used = [c for c in convs if c[2] != "%"]
        args = [a for a in split_args(r["args"]) if "(unused" not in a]
        if len(used) != len(args):
            fail(where + ": the format takes %d arguments, the args column lists %d" % (len(used), len(args)))
        catalog.append((value, name, r["category"], r["severity"], fmt))
    catalog.sort()
    for i in range(1, len(catalog)):
        if catalog[i][0] == catalog[i - 1][0]:
            fail("messages.tsv: value %d appears twice" % catalog[i][0])
    for value, name, _, _, _ in catalog:
        if value >= OUR_FIRST_ID:
            ids[value] = name

    out = []
    w = out.append
    w("/* Generated by tools/gen_messages.py from data/messages.tsv and")
    w(" * data/reference/d3d12-message-ids.tsv. Do not edit. */")
    w('#include "debuglayer/dbg_catalog.h"')
    w("")
    pool = refdata.StringPool()
    rows = ["    {%d, %d, %d /* %s */, %d /* %s */, %d}," % (value, pool.add(name), categories[cat], cat,
                                                          severities[sev], sev, pool.add(fmt))
            for value, name, cat, sev, fmt in catalog]
    id_rows = ["    {%d, %d}," % (value, pool.add(ids[value])) for value in sorted(ids)]
    name_tables = []
    for label, table in (("category", categories), ("severity", severities)):
        names = [0] * (max(table.values()) + 1)
        for n, v in table.items():
            names[v] = pool.add(n)
        name_tables.append((label, names, table))
    w(pool.definition("dbg_strings"))
    w("")
    w("const struct dbg_catalog_entry dbg_catalog[] =")
    w("{")
    out.extend(rows)
    w("};")
    w("const size_t dbg_catalog_count = %d;" % len(catalog))
    w("")
    w("const struct dbg_id_name dbg_id_names[] =")
    w("{")
    out.extend(id_rows)
    w("};")
    w("const size_t dbg_id_name_count = %d;" % len(ids))
    w("")
    for label, names, table in name_tables:
        by_value = {v: n for n, v in table.items()}
        w("const uint32_t dbg_%s_names[] =" % label)
        w("{")
        for v, offset in enumerate(names):
            w("    %d, /* %s */" % (offset, by_value.get(v, "-")))
        w("};")
        w("const size_t dbg_%s_name_count = %d;" % (label, len(names)))
        w("")

    refdata.write_if_changed(out_path, "\n".join(out))


if __name__ == "__main__":
    main()
