#!/usr/bin/env python3
"""Compile data/vulkan-formats.tsv and data/vulkan-format-rules.tsv into C tables.

usage: gen_vulkan_formats.py DATA_DIR OUT.c

Checks every DXGI name against data/format-support.tsv, every flag against
the D3D12_FORMAT_SUPPORT1/2 members of data/reference/d3d12-enum-values.tsv,
every format_is predicate and the rule set columns. DXGI formats with no
mapping for a rule set are written as unmapped rows (vk NULL), so the import
can say "not supported" for them. src/caps/vulkan_formats.c evaluates the rows.
"""
import os
import re
import sys

import refdata

RULESETS = {"*": "CAPS_VULKAN_RULES_ANY", "vkd3d-proton": "CAPS_VULKAN_RULES_VKD3D_PROTON",
            "vkd3d": "CAPS_VULKAN_RULES_VKD3D"}
ASPECTS = {"color", "depth", "stencil", "depth_stencil", "planar"}
TYPES = {"other", "uint", "sint", "typeless"}
TRAITS = ["dsv", "depth_view", "cast_family", "depth_table"]
PREDICATES = {"typeless", "uint", "sint", "other", "color", "depth", "stencil_only", "planar", "single_aspect",
              "block1", "emulated", "optimal"} | set(TRAITS)
OPS = {"set": "CAPS_VULKAN_FORMAT_SET", "clear": "CAPS_VULKAN_FORMAT_CLEAR", "only": "CAPS_VULKAN_FORMAT_ONLY"}
KINDS = {"vulkan-derived", "d3d12-derived", "constant", "assumed"}
BIT = re.compile(r"^[A-Z0-9_]+$")


def fail(where, msg):
    raise SystemExit("gen_vulkan_formats.py: %s: %s" % (where, msg))


def check_bits(where, text):
    if text in ("-", "any", "none"):
        return
    for item in text.split(","):
        for bit in item.split("|"):
            if not BIT.match(bit):
                fail(where, "%r is not a format feature bit name" % bit)


def main():
    data_dir, out_path = sys.argv[1:]
    dxgi = [(int(r["value"]), r["format"])
            for r in refdata.read_tsv(os.path.join(data_dir, "format-support.tsv"))]
    dxgi_names = {n for _, n in dxgi}
    flags = {}
    for row in refdata.read_tsv(refdata.ref_path(data_dir, "d3d12-enum-values.tsv")):
        for which in ("1", "2"):
            prefix = "D3D12_FORMAT_SUPPORT%s_" % which
            if row["enum"] == "D3D12_FORMAT_SUPPORT" + which and row["member"].startswith(prefix):
                flags[row["member"][len("D3D12_FORMAT_"):]] = (int(which), int(row["value"]))

    path = os.path.join(data_dir, "vulkan-formats.tsv")
    maps = {}
    header = ["format", "rules", "vk_format", "aspect", "type", "block", "traits", "fallback", "when", "cast"]
    for r in refdata.read_tsv(path, header):
        number, where = r.line, r.where
        if r["format"] not in dxgi_names or r["format"] == "UNKNOWN":
            fail(where, "%s is not a DXGI format of format-support.tsv" % r["format"])
        if r["rules"] not in RULESETS:
            fail(where, "unknown rule set %r" % r["rules"])
        if r["aspect"] not in ASPECTS or r["type"] not in TYPES or r["block"] not in ("1", "4"):
            fail(where, "bad aspect, type or block")
        traits = [] if r["traits"] == "-" else r["traits"].split(",")
        for t in traits:
            if t not in TRAITS:
                fail(where, "unknown trait %r" % t)
        fallback = (None, None, None)
        if r["fallback"] != "-":
            m = re.match(r"^([A-Z0-9_]+) (if-lacks|if-gains) ([A-Z0-9_,]+)$", r["fallback"])
            if not m:
                fail(where, "fallback must be 'VK if-lacks BIT' or 'VK if-gains BIT,...'")
            fallback = m.groups()
        for ruleset in (("vkd3d-proton", "vkd3d") if r["rules"] == "*" else (r["rules"],)):
            if (r["format"], ruleset) in maps:
                fail(where, "%s is mapped twice for %s" % (r["format"], ruleset))
            maps[(r["format"], ruleset)] = (number, r, traits, fallback)

    rules = []
    path_rules = os.path.join(data_dir, "vulkan-format-rules.tsv")
    header = ["rules", "op", "flags", "image", "buffer", "format_is", "formats", "device", "kind"]
    for r in refdata.read_tsv(path_rules, header):
        number, where = r.line, r.where
        if r["rules"] not in RULESETS or r["op"] not in OPS or r["kind"] not in KINDS:
            fail(where, "bad rules, op or kind")
        s1 = s2 = 0
        for flag in r["flags"].split("|"):
            if flag not in flags:
                fail(where, "%s is not a D3D12_FORMAT_SUPPORT1/2 member" % flag)
            which, value = flags[flag]
            if which == 1:
                s1 |= value
            else:
                s2 |= value
        check_bits(where, r["image"])
        check_bits(where, r["buffer"])
        if r["format_is"] != "-":
            for item in r["format_is"].split(","):
                for p in item.split("|"):
                    if p.lstrip("!") not in PREDICATES:
                        fail(where, "unknown format_is predicate %r" % p)
        if r["formats"] != "-":
            for name in r["formats"].split(","):
                if name not in dxgi_names:
                    fail(where, "%s is not a DXGI format" % name)
        rules.append((number, r, s1, s2))

    out = ["/* Generated by tools/gen_vulkan_formats.py from data/vulkan-formats.tsv and",
           " * data/vulkan-format-rules.tsv. Do not edit. */",
           "#include \"caps/vulkan.h\"", "#include \"string_pool.h\"", "",
           "const struct caps_vulkan_format_map caps_vulkan_format_maps[] = {"]
    pool = refdata.StringPool()

    def opt(text):  # "-": NULL
        return pool.add(None if text == "-" else text)

    count = 0
    for value, name in dxgi:
        if name == "UNKNOWN":
            continue
        for ruleset in ("vkd3d-proton", "vkd3d"):
            if (name, ruleset) not in maps:
                out.append("    {%d, %d, %s, 0, 0, 0, 0, 0, 0, 0, 0}," % (pool.add(name), value, RULESETS[ruleset]))
                count += 1
                continue
            number, r, traits, fallback = maps[(name, ruleset)]
            attrs = ["CAPS_VULKAN_ASPECT_" + r["aspect"].upper(), "CAPS_VULKAN_TYPE_" + r["type"].upper()]
            if r["block"] == "1":
                attrs.append("CAPS_VULKAN_FORMAT_BLOCK1")
            attrs += ["CAPS_VULKAN_FORMAT_" + t.upper() for t in traits]
            out.append("    {%d, %d, %s, %d, %d, %d, %s, %d, %d, %d, %d}," % (
                pool.add(name), value, RULESETS[ruleset], pool.add(r["vk_format"]), pool.add(r["aspect"]),
                pool.add(r["type"]), " | ".join(attrs), pool.add(" ".join(fallback) if fallback[0] else None),
                opt(r["when"]), opt(r["cast"]), number))
            count += 1
    out.append("};")
    out.append("const size_t caps_vulkan_format_map_count = %d;" % count)
    out.append("")
    out.append("const struct caps_vulkan_format_rule caps_vulkan_format_rules[] = {")
    for number, r, s1, s2 in rules:
        out.append("    {%s, %s, 0x%x, 0x%x, %d, %d, %d, %d, %d, %d, %d, %d}," % (
            RULESETS[r["rules"]], OPS[r["op"]], s1, s2, pool.add(r["flags"]), opt(r["image"]), opt(r["buffer"]),
            opt(r["format_is"]), opt(r["formats"]), opt(r["device"]), pool.add(r["kind"]), number))
    out.append("};")
    out.append("const size_t caps_vulkan_format_rule_count = %d;" % len(rules))
    out.append("")
    out.append("const struct caps_vulkan_format_flag caps_vulkan_format_flags[] = {")
    for name, (which, value) in sorted(flags.items(), key=lambda kv: (kv[1][0], kv[1][1])):
        if value:
            out.append("    {%d, %d, 0x%x}," % (pool.add("D3D12_FORMAT_" + name), which, value))
    out.append("};")
    out.append("const size_t caps_vulkan_format_flag_count = %d;" % sum(1 for v in flags.values() if v[1]))
    out.append("")
    out.append(pool.definition("strings", static=True))
    out.append("")
    out.append("const char *caps_vulkan_format_string(uint32_t at)")
    out.append("{")
    out.append("    return mk_pool_string(strings, at);")
    out.append("}")
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
