#!/usr/bin/env python3
"""Compile data/vulkan-rules.tsv (and the reports built in) into C tables.

usage: gen_vulkan_rules.py DATA_DIR OUT.c

Checks what can be checked without evaluating: every target names a field of
data/reference/d3d12-feature-structs.tsv (or is a $variable / format: flag),
every rule set column is known, and every group of rows (one target, one rule
set) ends with a row that always holds, so the evaluator always finds a value.
The expressions themselves are parsed by src/caps/vulkan_derive.c; the unit
test evaluates every row against the fixtures.
"""
import csv
import os
import re
import sys

RULESETS = {"*": "CAPS_VULKAN_RULES_ANY", "vkd3d-proton": "CAPS_VULKAN_RULES_VKD3D_PROTON",
            "vkd3d": "CAPS_VULKAN_RULES_VKD3D"}
KINDS = {"vulkan-derived", "d3d12-derived", "constant", "assumed", "not-handled"}
# Reports embedded as built-in profiles: (name, path under DATA_DIR).
EMBEDDED = [("lavapipe", "reference/vulkaninfo-lavapipe.json")]


def fail(where, msg):
    raise SystemExit("gen_vulkan_rules.py: %s: %s" % (where, msg))


def c_string(text):
    out = []
    for ch in text.encode("utf-8"):
        c = chr(ch)
        if c in "\\\"":
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "?":
            out.append("\\?")
        elif 32 <= ch < 127:
            out.append(c)
        else:
            out.append("\\%03o" % ch)
    return '"' + "".join(out) + '"'


def c_string_lines(text):
    return [c_string(line) for line in text.splitlines(keepends=True)] or ['""']


def load_rules(data_dir):
    fields = set()
    with open(os.path.join(data_dir, "reference", "d3d12-feature-structs.tsv"), encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            fields.add(row["feature"][len("D3D12_FEATURE_"):] + "." + row["field"])
    enum_names = set()
    with open(os.path.join(data_dir, "reference", "d3d12-enum-values.tsv"), encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            enum_names.add(row["member"])
    path = os.path.join(data_dir, "vulkan-rules.tsv")
    rows = []
    header = None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if header is None:
                header = cols
                if header != ["target", "rules", "kind", "value", "when"]:
                    fail("%s:%d" % (path, number), "unexpected header %r" % header)
                continue
            if len(cols) != 5:
                fail("%s:%d" % (path, number), "expected 5 tab-separated columns, got %d" % len(cols))
            target, rules, kind, value, when = (c.strip() for c in cols)
            where = "%s:%d" % (path, number)
            if rules not in RULESETS:
                fail(where, "unknown rule set %r" % rules)
            if kind not in KINDS:
                fail(where, "unknown kind %r" % kind)
            if not value:
                fail(where, "empty value")
            if not (target.startswith("$") or target.startswith("format:") or target in fields):
                fail(where, "%r is not a D3D12 feature field" % target)
            # D3D12 names are resolved at run time; a typo would silently become a string.
            for name in re.findall(r"[A-Za-z0-9_$.]+", value + " " + when):
                if name.startswith("D3D") and "." not in name and name not in enum_names:
                    fail(where, "%s is not a D3D12 enum value" % name)
                if "." in name and not name.startswith(("Vk", "$")) and name not in fields:
                    fail(where, "%s is not a D3D12 feature field" % name)
            rows.append((target, rules, kind, value, when, number))
    # Every group (target x concrete rule set) must end with an unconditional row.
    for ruleset in ("vkd3d-proton", "vkd3d"):
        groups = {}
        for r in rows:
            if r[1] in ("*", ruleset):
                groups.setdefault(r[0], []).append(r)
        for target, group in groups.items():
            if group[-1][4]:
                fail("%s:%d" % (path, group[-1][5]),
                     "%s under %s has no final unconditional row" % (target, ruleset))
            for r in group[:-1]:
                if not r[4]:
                    fail("%s:%d" % (path, r[5]), "%s under %s: unreachable rows after this one" % (target, ruleset))
    return rows


def main():
    data_dir, out_path = sys.argv[1:]
    rows = load_rules(data_dir)
    members = []
    with open(os.path.join(data_dir, "reference", "vulkan-features.tsv"), encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            members.append(row["member"])
    if len(members) != 55:
        fail("vulkan-features.tsv", "expected the 55 VkPhysicalDeviceFeatures members, got %d" % len(members))

    out = ["/* Generated by tools/gen_vulkan_rules.py from data/vulkan-rules.tsv,",
           " * data/reference/vulkan-features.tsv and the embedded reports. Do not edit. */",
           "#include \"caps/vulkan.h\"", "",
           "const struct caps_vulkan_rule caps_vulkan_rules[] = {"]
    for target, rules, kind, value, when, number in rows:
        out.append("    {%s, %s, %s, %s, %s, %d}," % (c_string(target), RULESETS[rules], c_string(kind),
                                                      c_string(value), c_string(when), number))
    out.append("};")
    out.append("const size_t caps_vulkan_rule_count = %d;" % len(rows))
    out.append("")
    out.append("const char *const caps_vulkan_core_features[] = {")
    out.extend("    %s," % c_string(m) for m in members)
    out.append("};")
    out.append("const size_t caps_vulkan_core_feature_count = %d;" % len(members))
    out.append("")
    out.append("const struct caps_vulkan_embedded caps_vulkan_embedded_reports[] = {")
    for name, rel in EMBEDDED:
        with open(os.path.join(data_dir, rel), encoding="utf-8") as f:
            text = f.read()
        out.append("    {%s, %s," % (c_string(name), c_string("data/" + rel)))
        out.append("        " + "\n        ".join(c_string_lines(text)) + ",")
        out.append("        %d}," % len(text.encode("utf-8")))
    out.append("};")
    out.append("const size_t caps_vulkan_embedded_report_count = %d;" % len(EMBEDDED))
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
