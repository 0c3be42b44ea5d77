#!/usr/bin/env python3
"""Generators of the mock Direct3D 11 runtime (src/d3d11/, docs/d3d11.md).

  gen_d3d11.py stubs MINGW_INCLUDE_DIR METHODS_TXT CONTEXT_DEFAULTS_TSV OUT.c OUT.h
      The vtables of ID3D11Device5, ID3D11DeviceContext4 and ID3D11On12Device,
      read from mingw-w64's C declarations (never retyped): every method named
      in METHODS_TXT is declared in OUT.h and implemented by hand in
      src/d3d11/; every context method with rows in CONTEXT_DEFAULTS_TSV
      (data/d3d11-context-defaults.tsv) gets a generated body that writes the
      default state those rows give; every other method gets a generated stub
      that does nothing and returns E_NOTIMPL / 0.

  gen_d3d11.py mapping MAPPING_TSV OUT.c
      data/d3d11-mapping.tsv as a C table (struct d3d11_rule, d3d11_private.h).

  gen_d3d11.py formats FORMAT_LEVELS_TSV FORMAT_SUPPORT_TSV OUT.c
      data/d3d11-format-levels.tsv as one dense table per feature level
      (struct d3d11_format_level, d3d11_private.h): the D3D11 bits a device
      of that level may report for each DXGI_FORMAT value of
      data/format-support.tsv.

  gen_d3d11.py messages MESSAGES_TSV MINGW_INCLUDE_DIR OUT.c OUT.h
      data/d3d11-messages.tsv as the debug layer's catalog (struct
      d3d11_message_entry, enum d3d11_message_key), each D3D11_MESSAGE_ID's
      value read from mingw-w64's d3d11sdklayers.h (never retyped).

  gen_d3d11.py resources RESOURCE_RULES_TSV OUT.c
      data/d3d11-resource-rules.tsv as C tables (struct d3d11_usage_rule,
      d3d11_resource_limit, d3d11_copy_rule; d3d11_private.h): what
      CreateBuffer and CreateTexture1D/2D/3D accept per usage, the texture
      dimensions per feature level and which cast families copy into others.

  gen_d3d11.py states STATE_RULES_TSV OUT.c
      data/d3d11-state-rules.tsv as the C table d3d11_query_rules (struct
      d3d11_query_rule; d3d11_private.h): the query types CreateQuery and
      CreatePredicate accept, per feature level, and their data sizes.

  gen_d3d11.py doc MAPPING_TSV OUT.md
      The same table as the Markdown docs/d3d11.md embeds.
  gen_d3d11.py check-doc MAPPING_TSV DOC.md
      Fails unless DOC.md contains that table verbatim (test d3d11_mapping_doc).
"""
import re
import sys

import refdata

INTERFACES = [
    # (interface whose vtable is used, header, C prefix of the methods)
    ("ID3D11Device5", "d3d11_4.h", "d3d11_device"),
    ("ID3D11DeviceContext4", "d3d11_3.h", "d3d11_context"),
    ("ID3D11On12Device", "d3d11on12.h", "d3d11on12_device"),
]


def parse_vtbl(text, iface):
    m = re.search(r"typedef struct %sVtbl \{(.*?)\} %sVtbl;" % (iface, iface), text, re.S)
    if not m:
        raise SystemExit("gen_d3d11: %sVtbl not found" % iface)
    body = re.sub(r"/\*.*?\*/", "", m.group(1))
    body = body.replace("BEGIN_INTERFACE", "").replace("END_INTERFACE", "")
    methods = []
    for decl in body.split(";"):
        decl = " ".join(decl.split())
        if not decl:
            continue
        mm = re.match(r"(.*?)\(STDMETHODCALLTYPE \*(\w+)\)\((.*)\)$", decl)
        if not mm:
            raise SystemExit("gen_d3d11: cannot parse %r in %sVtbl" % (decl, iface))
        methods.append((mm.group(1).strip(), mm.group(2), mm.group(3).strip()))
    return methods


def param_names(params):
    """The parameter names of a declaration's parameter list ("UINT *pNum, FLOAT BlendFactor[4]")."""
    names = []
    for decl in params.split(","):
        m = re.search(r"(\w+)\s*(?:\[\w*\])?\s*$", decl.strip())
        if not m:
            raise SystemExit("gen_d3d11: cannot read the parameter %r" % decl)
        names.append(m.group(1))
    return names


IDENT_OR_NUMBER = re.compile(r"^(?:[A-Za-z_]\w*|\d+)$")


def read_context_defaults(path, methods):
    """data/d3d11-context-defaults.tsv as {method: [row, ...]} (rows in file order), checked against
    the ID3D11DeviceContext4 methods [(ret, name, params)]: every row names a void method and one of its
    parameters, and every void Get* method has rows."""
    by_name = {name: (ret, params) for ret, name, params in methods}
    defaults = {}
    for row in refdata.read_tsv(path, ("method", "output", "count", "first", "slots", "value", "source")):
        where = row.where
        if row["method"] not in by_name:
            refdata.fail(where, "ID3D11DeviceContext4 has no method %s" % row["method"])
        ret, params = by_name[row["method"]]
        names = param_names(params)
        if ret != "void":
            refdata.fail(where, "%s returns %s; only void methods get default-state bodies" % (row["method"], ret))
        if row["output"] not in names[1:]:
            refdata.fail(where, "%s has no parameter %s" % (row["method"], row["output"]))
        count = row["count"]
        if count == "-":
            if row["first"] != "-" or row["slots"] != "-":
                refdata.fail(where, "a single value (count -) has first and slots -")
        else:
            for cell in (count.lstrip("*"), row["first"], row["slots"]):
                if not IDENT_OR_NUMBER.match(cell):
                    refdata.fail(where, "bad count/first/slots cell %r" % cell)
                if not cell.isdigit() and not cell.startswith("D3D11_") and cell not in names:
                    refdata.fail(where, "%r is neither a number, a D3D11_ constant nor a parameter of %s"
                                 % (cell, row["method"]))
        if not row["value"]:
            refdata.fail(where, "empty value")
        defaults.setdefault(row["method"], []).append(row)
    for ret, name, _ in methods:
        if ret == "void" and "Get" in name and name != "GetDevice" and name not in defaults:
            refdata.fail(path, "no rows for the getter %s" % name)
    return defaults


def default_body(rows):
    """The C statements of a getter that writes the default state of its rows."""
    out = []
    for row in rows:
        p, value = row["output"], row["value"]
        if row["count"] == "-":
            store = "memset(%s, 0, sizeof(*%s))" % (p, p) if value == "zero" else "*%s = %s" % (p, value)
            out.append("    if (%s)" % p)
            out.append("        %s;" % store)
            continue
        count, guard = row["count"], p
        if count.startswith("*"):
            guard = "%s && %s" % (p, count[1:])
        store = "memset(&%s[i], 0, sizeof(%s[i]))" % (p, p) if value == "zero" else "%s[i] = %s" % (p, value)
        out.append("    if (%s)" % guard)
        out.append("    {")
        out.append("        UINT i, n = d3d11_slot_span(%s, %s, %s);" % (row["first"], count, row["slots"]))
        out.append("")
        out.append("        for (i = 0; i < n; ++i)")
        out.append("            %s;" % store)
        out.append("    }")
    return out


SLOT_SPAN = """/* How many of the caller's `count` entries, the first for slot `first`, name
 * slots that exist (of `slots`): the entries a getter writes. */
static inline UINT d3d11_slot_span(UINT first, UINT count, UINT slots)
{
    if (first >= slots)
        return 0;
    return count < slots - first ? count : slots - first;
}
"""


def gen_stubs(include_dir, methods_txt, defaults_tsv, out_c, out_h):
    implemented = {}
    with open(methods_txt) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                iface, method = line.split()
                implemented.setdefault(iface, set()).add(method)
    c = ["/* Generated by tools/gen_d3d11.py from mingw-w64's headers: do not edit. */",
         "#include \"d3d11_private.h\"", "#include \"d3d11_methods.h\"", "",
         "#if defined(__GNUC__)", "#pragma GCC diagnostic ignored \"-Wunused-parameter\"", "#endif", "",
         SLOT_SPAN]
    h = ["/* Generated by tools/gen_d3d11.py from mingw-w64's headers: do not edit. */",
         "#ifndef MOCKD3D12_D3D11_METHODS_H", "#define MOCKD3D12_D3D11_METHODS_H", "",
         "#include \"d3d11_private.h\"", ""]
    for iface, header, prefix in INTERFACES:
        with open("%s/%s" % (include_dir, header)) as f:
            methods = parse_vtbl(f.read(), iface)
        names = {name for _, name, _ in methods}
        defaults = read_context_defaults(defaults_tsv, methods) if iface == "ID3D11DeviceContext4" else {}
        clash = set(defaults) & implemented.get(iface, set())
        if clash:
            raise SystemExit("gen_d3d11: %s both in methods.txt and %s" % (", ".join(sorted(clash)), defaults_tsv))
        missing = implemented.get(iface, set()) - names
        if missing:
            raise SystemExit("gen_d3d11: %s has no method(s) %s" % (iface, ", ".join(sorted(missing))))
        entries = []
        for ret, name, params in methods:
            fn = "%s_%s" % (prefix, name)
            sig = "%s STDMETHODCALLTYPE %s(%s)" % (ret, fn, params)
            if name in implemented.get(iface, set()):
                h.append("%s;" % sig)
            else:
                c.append("static %s" % sig)
                c.append("{")
                if name in defaults:
                    c.extend(default_body(defaults[name]))
                elif ret == "void":
                    pass
                elif ret == "HRESULT":
                    c.append("    return E_NOTIMPL;")
                else:
                    c.append("    %s zero;" % ret)
                    c.append("    memset(&zero, 0, sizeof(zero));")
                    c.append("    return zero;")
                c.append("}")
                c.append("")
            entries.append(fn)
        c.append("const %sVtbl %s_vtbl =" % (iface, prefix))
        c.append("{")
        c.extend("    %s," % e for e in entries)
        c.append("};")
        c.append("")
        h.append("extern const %sVtbl %s_vtbl;" % (iface, prefix))
        h.append("")
    h.append("#endif")
    with open(out_c, "w") as f:
        f.write("\n".join(c) + "\n")
    with open(out_h, "w") as f:
        f.write("\n".join(h) + "\n")


RUNTIMES = {"11.0": "MOCKD3D12_D3D11_RUNTIME_11_0", "11.1": "MOCKD3D12_D3D11_RUNTIME_11_1",
            "11.2": "MOCKD3D12_D3D11_RUNTIME_11_2", "11.3": "MOCKD3D12_D3D11_RUNTIME_11_3",
            "11.4": "MOCKD3D12_D3D11_RUNTIME_11_4"}
LEVELS = {"-": "0", "9_1": "D3D_FEATURE_LEVEL_9_1", "9_2": "D3D_FEATURE_LEVEL_9_2",
          "9_3": "D3D_FEATURE_LEVEL_9_3", "10_0": "D3D_FEATURE_LEVEL_10_0", "10_1": "D3D_FEATURE_LEVEL_10_1",
          "11_0": "D3D_FEATURE_LEVEL_11_0", "11_1": "D3D_FEATURE_LEVEL_11_1",
          "12_0": "D3D_FEATURE_LEVEL_12_0", "12_1": "D3D_FEATURE_LEVEL_12_1"}
SOURCE_RE = re.compile(r"^(?:const:(\d+)|(\w+)\.(\w+)(?:(>=|&)(\d+))?)$")


def read_mapping(path):
    """Returns (features, fields): rows of the two kinds, in file order."""
    features, fields = [], []
    # No header: two kinds of row, told apart by the first cell.
    for lineno, cols in refdata.read_lines(path):
        where = "%s:%d" % (path, lineno)
        if cols[0] == "feature":
            if len(cols) != 5:
                raise SystemExit("%s: a feature row has 5 columns" % where)
            _, name, struct, runtime, note = cols
            if runtime not in RUNTIMES:
                raise SystemExit("%s: unknown runtime %r" % (where, runtime))
            features.append(dict(name=name, struct=struct, runtime=runtime, note=note))
        elif cols[0] == "field":
            if len(cols) != 8:
                raise SystemExit("%s: a field row has 8 columns" % where)
            _, feature, member, source, min_fl, cap, value, note = cols
            if not any(x["name"] == feature for x in features):
                raise SystemExit("%s: field of undeclared feature %s" % (where, feature))
            m = SOURCE_RE.match(source)
            if not m:
                raise SystemExit("%s: bad source %r" % (where, source))
            if min_fl not in LEVELS:
                raise SystemExit("%s: bad minimum feature level %r" % (where, min_fl))
            if cap != "-" and not cap.isdigit():
                raise SystemExit("%s: bad cap %r" % (where, cap))
            if value != "-" and not value.isdigit():
                raise SystemExit("%s: bad value %r" % (where, value))
            fields.append(dict(feature=feature, member=member, source=source, m=m, min_fl=min_fl,
                               cap=cap, value=value, note=note))
        else:
            raise SystemExit("%s: unknown row kind %r" % (where, cols[0]))
    return features, fields


def gen_mapping(tsv, out_c):
    features, fields = read_mapping(tsv)
    c = ["/* Generated by tools/gen_d3d11.py from data/d3d11-mapping.tsv: do not edit. */",
         "#include \"d3d11_private.h\"", "", "const struct d3d11_feature_rule d3d11_feature_rules[] =", "{"]
    structs = {}
    for ft in features:
        feature = ("MOCKD3D12_D3D11_FEATURE_%s" if ft["name"] == "DISPLAYABLE" else "D3D11_FEATURE_%s") % ft["name"]
        structs[ft["name"]] = ft["struct"]
        c.append("    {%s, \"%s\", sizeof(%s), %s}," % (feature, ft["name"], ft["struct"], RUNTIMES[ft["runtime"]]))
    c += ["};", "const unsigned d3d11_feature_rule_count = sizeof(d3d11_feature_rules) / sizeof(d3d11_feature_rules[0]);",
          "", "const struct d3d11_field_rule d3d11_field_rules[] =", "{"]
    for fd in fields:
        struct = structs[fd["feature"]]
        m = fd["m"]
        feature = ("MOCKD3D12_D3D11_FEATURE_%s" if fd["feature"] == "DISPLAYABLE" else "D3D11_FEATURE_%s") % fd["feature"]
        if m.group(1) is not None:
            src = "D3D11_SOURCE_CONST, 0, 0, 0, %s, D3D11_OP_NONE, 0" % m.group(1)
        else:
            d12, d12field, op, operand = m.group(2), m.group(3), m.group(4), m.group(5)
            d12struct = "D3D12_FEATURE_DATA_%s" % d12
            src = "D3D11_SOURCE_D3D12, D3D12_FEATURE_%s, offsetof(%s, %s), sizeof(((%s *)0)->%s), 0, %s, %s" % (
                d12, d12struct, d12field, d12struct, d12field,
                {None: "D3D11_OP_NONE", ">=": "D3D11_OP_GE", "&": "D3D11_OP_AND"}[op], operand or "0")
        c.append("    {%s, \"%s\", offsetof(%s, %s), sizeof(((%s *)0)->%s), %s, %s, %s, %s}," % (
            feature, fd["member"], struct, fd["member"], struct, fd["member"], src, LEVELS[fd["min_fl"]],
            "UINT_MAX" if fd["cap"] == "-" else fd["cap"], "0" if fd["value"] == "-" else fd["value"]))
    c += ["};", "const unsigned d3d11_field_rule_count = sizeof(d3d11_field_rules) / sizeof(d3d11_field_rules[0]);"]
    with open(out_c, "w") as f:
        f.write("\n".join(c) + "\n")


def gen_doc(tsv, out_md):
    features, fields = read_mapping(tsv)
    out = ["| feature | since | field | value | from FL | cap | why |", "|---|---|---|---|---|---|---|"]
    for ft in features:
        rows = [fd for fd in fields if fd["feature"] == ft["name"]]
        first = True
        for fd in rows or [None]:
            head = "| `%s` | %s " % (ft["name"], ft["runtime"]) if first else "| | "
            first = False
            if fd is None:
                out.append(head + "| | %s | | | |" % ft["note"])
                continue
            value = fd["source"].replace("const:", "")
            if fd["value"] != "-":
                value = "%s if %s" % (fd["value"], value)
            out.append(head + "| `%s` | `%s` | %s | %s | %s |" % (
                fd["member"], value, fd["min_fl"], fd["cap"], fd["note"]))
    with open(out_md, "w") as f:
        f.write("\n".join(out) + "\n")


def check_doc(tsv, md):
    """Exit 1 unless md contains the table gen_doc writes, verbatim."""
    import tempfile, os
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "table.md")
        gen_doc(tsv, out)
        table = open(out).read()
    if table not in open(md).read():
        sys.stderr.write("%s does not contain the table of %s; regenerate it with\n"
                         "  tools/gen_d3d11.py doc %s /dev/stdout\n" % (md, tsv, tsv))
        sys.exit(1)


FORMAT_LEVELS = ["9_1", "9_2", "9_3", "10_0", "10_1", "11_0", "11_1"]


def bits_expr(cell, prefix, where):
    """A support cell as a C expression: "-", "ALL", "ALL-A|B" or "A|B"."""
    if cell == "-":
        return "0u"
    if cell == "ALL":
        return "~0u"
    names, negate = cell, False
    if cell.startswith("ALL-"):
        names, negate = cell[4:], True
    if not re.match(r"^[A-Z0-9_]+(\|[A-Z0-9_]+)*$", names):
        raise SystemExit("%s: bad support cell %r" % (where, cell))
    expr = "|".join("%s%s" % (prefix, n) for n in names.split("|"))
    return "~(UINT)(%s)" % expr if negate else "(UINT)(%s)" % expr


def gen_formats(levels_tsv, formats_tsv, out_c):
    formats = {row["format"]: int(row["value"]) for row in refdata.read_tsv(formats_tsv)}
    count = max(formats.values()) + 1
    table = {}
    for row in refdata.read_tsv(levels_tsv, ("level", "format", "support1", "support2", "source")):
        where = row.where
        if row["level"] not in FORMAT_LEVELS:
            raise SystemExit("%s: unknown level %r" % (where, row["level"]))
        if row["format"] != "*" and row["format"] not in formats:
            raise SystemExit("%s: unknown format %r" % (where, row["format"]))
        key = (row["level"], row["format"])
        if key in table:
            raise SystemExit("%s: a second row for %s %s" % (where, row["level"], row["format"]))
        table[key] = (bits_expr(row["support1"], "D3D11_FORMAT_SUPPORT_", where),
                      bits_expr(row["support2"], "D3D11_FORMAT_SUPPORT2_", where))
    c = ["/* Generated by tools/gen_d3d11.py from data/d3d11-format-levels.tsv: do not edit. */",
         "#include \"d3d11_private.h\"", "",
         "const struct d3d11_format_level d3d11_format_levels[] =", "{"]
    for level in FORMAT_LEVELS:
        if (level, "*") not in table:
            raise SystemExit("%s: no * row for level %s" % (levels_tsv, level))
        c.append("    {%s, {" % LEVELS[level])
        for value in range(count):
            name = next((n for n, v in formats.items() if v == value), None)
            s1, s2 = table.get((level, name), table[(level, "*")]) if name else table[(level, "*")]
            c.append("        {%s, %s}, /* %s */" % (s1, s2, name or value))
        c.append("    }},")
    c += ["};", "const unsigned d3d11_format_level_count = sizeof(d3d11_format_levels) / sizeof(d3d11_format_levels[0]);",
          "/* D3D11_FORMAT_VALUES (d3d11_private.h) must be the table's width. */",
          "typedef char d3d11_format_values_check[D3D11_FORMAT_VALUES == %d ? 1 : -1];" % count]
    refdata.write_if_changed(out_c, "\n".join(c) + "\n")


D3D11_CATEGORIES = ["APPLICATION_DEFINED", "MISCELLANEOUS", "INITIALIZATION", "CLEANUP", "COMPILATION",
                    "STATE_CREATION", "STATE_SETTING", "STATE_GETTING", "RESOURCE_MANIPULATION", "EXECUTION", "SHADER"]
D3D11_SEVERITIES = ["CORRUPTION", "ERROR", "WARNING", "INFO", "MESSAGE"]


def gen_resources(tsv, out_c):
    usages, limits, families = [], [], []
    for where, cells in read_tsv_rows(tsv):
        kind = cells[0]
        if kind == "usage" and len(cells) == 11:
            usage, kinds, bind, bind_req, cpu, cpu_req, init, fl, runtime = cells[1:10]
            if kinds not in ("any", "buffer", "texture") or bind_req not in ("yes", "no") or init not in ("yes", "no"):
                raise SystemExit("%s: bad usage row" % where)
            usages.append("    {D3D11_USAGE_%s, D3D11_RESOURCE_KIND_%s, %s, %s, %s, %s, %s, %s, %s}," % (
                usage, kinds.upper(), bits_expr(bind, "D3D11_BIND_", where), "true" if bind_req == "yes" else "false",
                bits_expr(cpu, "D3D11_CPU_ACCESS_", where), bits_expr(cpu_req, "D3D11_CPU_ACCESS_", where),
                "true" if init == "yes" else "false", LEVELS[fl],
                "(mockd3d12_d3d11_runtime)0" if runtime == "-" else RUNTIMES[runtime]))
        elif kind == "limit" and len(cells) == 8:
            limits.append("    {%s, %s}," % (LEVELS[cells[1]], ", ".join(str(int(c)) for c in cells[2:7])))
        elif kind == "copy" and len(cells) == 5:
            others = cells[2].split(",")
            if len(others) > 2:
                raise SystemExit("%s: more than 2 families" % where)
            families.append("    {DXGI_FORMAT_%s, %d, {%s}, %s}," % (
                cells[1], len(others), ", ".join("DXGI_FORMAT_%s" % m for m in others), LEVELS[cells[3]]))
        else:
            raise SystemExit("%s: unknown row %r" % (where, cells[0]))
    c = ["/* Generated by tools/gen_d3d11.py from data/d3d11-resource-rules.tsv: do not edit. */",
         "#include \"d3d11_private.h\"", "",
         "const struct d3d11_usage_rule d3d11_usage_rules[] =", "{"] + usages + ["};",
         "const unsigned d3d11_usage_rule_count = sizeof(d3d11_usage_rules) / sizeof(d3d11_usage_rules[0]);", "",
         "const struct d3d11_resource_limit d3d11_resource_limits[] =", "{"] + limits + ["};",
         "const unsigned d3d11_resource_limit_count = sizeof(d3d11_resource_limits) / sizeof(d3d11_resource_limits[0]);",
         "", "const struct d3d11_copy_rule d3d11_copy_rules[] =", "{"] + families + ["};",
         "const unsigned d3d11_copy_rule_count = sizeof(d3d11_copy_rules) / sizeof(d3d11_copy_rules[0]);"]
    with open(out_c, "w") as f:
        f.write("\n".join(c) + "\n")


def gen_states(tsv, out_c):
    queries = []
    for where, cells in read_tsv_rows(tsv):
        if cells[0] == "query" and len(cells) == 7:
            name, fl, predicate, create_predicate, size = cells[1:6]
            if predicate not in ("yes", "no") or create_predicate not in ("yes", "no") or fl not in LEVELS:
                raise SystemExit("%s: bad query row" % where)
            queries.append("    {D3D11_QUERY_%s, \"%s\", %s, %s, %s, %d}," % (
                name, name, LEVELS[fl], "true" if predicate == "yes" else "false",
                "true" if create_predicate == "yes" else "false", int(size)))
        else:
            raise SystemExit("%s: unknown row %r" % (where, cells[0]))
    c = ["/* Generated by tools/gen_d3d11.py from data/d3d11-state-rules.tsv: do not edit. */",
         "#include \"d3d11_private.h\"", "",
         "const struct d3d11_query_rule d3d11_query_rules[] =", "{"] + queries + ["};",
         "const unsigned d3d11_query_rule_count = sizeof(d3d11_query_rules) / sizeof(d3d11_query_rules[0]);"]
    with open(out_c, "w") as f:
        f.write("\n".join(c) + "\n")


def read_tsv_rows(path):
    """(where, cells) of every non-comment, non-empty line."""
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            yield "%s:%d" % (path, n), line.split("\t")


def message_ids(include_dir):
    """D3D11_MESSAGE_ID names (without the prefix) -> values, from the header."""
    with open("%s/d3d11sdklayers.h" % include_dir) as f:
        text = f.read()
    m = re.search(r"typedef enum D3D11_MESSAGE_ID \{(.*?)\} D3D11_MESSAGE_ID;", text, re.S)
    if not m:
        raise SystemExit("gen_d3d11: D3D11_MESSAGE_ID not found in d3d11sdklayers.h")
    ids, value = {}, -1
    for item in m.group(1).split(","):
        item = item.strip()
        if not item:
            continue
        mm = re.match(r"D3D11_MESSAGE_ID_(\w+)(?:\s*=\s*(\w+))?$", item)
        if not mm:
            raise SystemExit("gen_d3d11: cannot read %r of D3D11_MESSAGE_ID" % item)
        if mm.group(2) is None:
            value += 1
        elif mm.group(2).startswith("D3D11_MESSAGE_ID_"):
            value = ids[mm.group(2)[len("D3D11_MESSAGE_ID_"):]]
        else:
            value = int(mm.group(2), 0)
        ids[mm.group(1)] = value
    return ids


def c_string(text):
    return '"%s"' % text.replace("\\", "\\\\").replace('"', '\\"')


def gen_messages(tsv, include_dir, out_c, out_h):
    ids = message_ids(include_dir)
    rows = refdata.read_tsv(tsv, ("key", "id", "category", "severity", "format"))
    h = ["/* Generated by tools/gen_d3d11.py from data/d3d11-messages.tsv: do not edit. */",
         "#ifndef MOCKD3D12_D3D11_MESSAGES_H", "#define MOCKD3D12_D3D11_MESSAGES_H", "",
         "enum d3d11_message_key", "{"]
    c = ["/* Generated by tools/gen_d3d11.py from data/d3d11-messages.tsv: do not edit. */",
         "#include \"d3d11_private.h\"", "", "const struct d3d11_message_entry d3d11_messages[] =", "{"]
    for row in rows:
        if row["id"] not in ids:
            raise SystemExit("%s: no D3D11_MESSAGE_ID_%s in d3d11sdklayers.h" % (row.where, row["id"]))
        if row["category"] not in D3D11_CATEGORIES or row["severity"] not in D3D11_SEVERITIES:
            raise SystemExit("%s: unknown category or severity" % row.where)
        h.append("    D3D11_MSG_%s," % row["key"])
        c.append("    {%#x, \"%s\", %d, %d, %s}," % (ids[row["id"]], row["id"], D3D11_CATEGORIES.index(row["category"]),
                 D3D11_SEVERITIES.index(row["severity"]), c_string(row["format"])))
    h += ["    D3D11_MSG_COUNT", "};", "", "#endif"]
    c += ["};"]
    c.append("const char *const d3d11_message_categories[] = {%s};" % ", ".join('"%s"' % x for x in D3D11_CATEGORIES))
    c.append("const char *const d3d11_message_severities[] = {%s};" % ", ".join('"%s"' % x for x in D3D11_SEVERITIES))
    refdata.write_if_changed(out_c, "\n".join(c) + "\n")
    refdata.write_if_changed(out_h, "\n".join(h) + "\n")


def main():
    if len(sys.argv) == 7 and sys.argv[1] == "stubs":
        gen_stubs(*sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] == "mapping":
        gen_mapping(*sys.argv[2:])
    elif len(sys.argv) == 6 and sys.argv[1] == "messages":
        gen_messages(*sys.argv[2:])
    elif len(sys.argv) == 5 and sys.argv[1] == "formats":
        gen_formats(*sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] == "resources":
        gen_resources(*sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] == "states":
        gen_states(*sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] == "check-doc":
        check_doc(*sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] == "doc":
        gen_doc(*sys.argv[2:])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
