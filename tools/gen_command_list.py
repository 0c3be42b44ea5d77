#!/usr/bin/env python3
"""Generates the command list's recording methods and its vtable.

Usage: gen_command_list.py DATA_DIR D3D12_H OUTPUT HANDWRITTEN [TEST_OUTPUT]

Reads, from the DirectX-Headers' d3d12.h the library is built with, the C
vtable of the newest ID3D12GraphicsCommandList<N> it declares (every method
with its parameters, in vtable order); data/command-list-next.tsv (the
interfaces past N, which the vtable gets after N's methods, as a newer
d3d12.h lays them out); and data/command-list-gates.tsv (which feature field
gates which method). Writes, for src/objects/command_list.c to
include twice (OBJ_COMMAND_LIST_GEN_PART 1, then 2):

  part 1:
  * OBJ_COMMAND_LIST_IFACE, the newest interface, and the IIDs of
    ID3D12CommandList and every ID3D12GraphicsCommandList<n> up to it;
  * obj_command_list_gates[], one row per gate whose method the headers
    declare, every name checked against data/reference;
  * OBJ_LIST_OP_<Method>, the D3D12_AUTO_BREADCRUMB_OP each method of
    data/dred-ops.tsv leaves in DRED's breadcrumbs (the methods and ops the
    headers declare), for the methods written by hand;
  part 2:
  * for every method not in HANDWRITTEN (a comma-separated list of the
    methods written by hand in command_list.c), a static function
    d3d12_command_list_<Method> that records nothing: it calls
    list_record(list, gate, op, "<Interface>::<Method>"), gate being the row
    of the method or -1, op its OBJ_LIST_OP_<Method> or -1. Every such
    method returns void (checked);
  * the vtable, in the header's order.

TEST_OUTPUT, when given, is the tests' view of the same methods
(tests/unit/test_command_list_calls.c includes it): every generated method's
name and a call of it with zeroed arguments, by index.

A method the headers declare twice (none today) stops the generator.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refdata  # noqa: E402

GATE_HEADER = ["method", "feature", "field", "test", "message"]
MAX_GATES = 64
VTBL_RE = re.compile(r"typedef struct ID3D12GraphicsCommandList(\d*)Vtbl\s*\{(.*?)\}\s*ID3D12GraphicsCommandList\1Vtbl;",
                     re.S)
ENTRY_RE = re.compile(r"DECLSPEC_XFGVIRT\(\s*(\w+)\s*,\s*(\w+)\s*\)\s*"
                      r"([\w\s\*]+?)\(\s*STDMETHODCALLTYPE\s*\*\s*(\w+)\s*\)\s*\((.*?)\)\s*;", re.S)
# SAL annotations: _In_, _In_reads_(n), _Out_writes_bytes_opt_( *pDataSize ), ...
SAL_RE = re.compile(r"\b_[A-Z][A-Za-z0-9_]*_\s*(\((?:[^()]|\([^()]*\))*\))?")


def fail(msg):
    raise SystemExit("gen_command_list.py: " + msg)


def split_params(text):
    params, depth, cur = [], 0, []
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            params.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    params.append("".join(cur))
    return [" ".join(p.split()) for p in params if p.strip()]


def param_name(decl):
    m = re.match(r"^(.*?)(\w+)\s*(\[[^\]]*\])?$", decl)
    if not m:
        fail("cannot read the parameter %r" % decl)
    return m.group(2)


def read_vtable(header_path):
    with open(header_path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    versions = {}
    for m in VTBL_RE.finditer(text):
        versions[int(m.group(1) or 0)] = m.group(2)
    if not versions:
        fail("%s declares no ID3D12GraphicsCommandList vtable" % header_path)
    newest = max(versions)
    missing = [n for n in range(newest + 1) if n not in versions]
    if missing:
        fail("%s lacks ID3D12GraphicsCommandList%s" % (header_path, missing[0] or ""))
    methods, seen = [], set()
    for m in ENTRY_RE.finditer(versions[newest]):
        iface, name, ret, ptr_name, params = m.groups()
        if name != ptr_name:
            fail("DECLSPEC_XFGVIRT(%s, %s) precedes the pointer %s" % (iface, name, ptr_name))
        if name in seen:
            fail("%s is declared twice" % name)
        seen.add(name)
        decls = split_params(SAL_RE.sub(" ", params))
        methods.append({"iface": iface, "name": name, "ret": " ".join(ret.split()), "params": decls[1:]})
    return newest, methods


NEXT_HEADER = ["interface", "iid", "first_retail", "first_preview", "method", "params", "declared"]


def read_next(data_dir, newest):
    """The interfaces of data/command-list-next.tsv past ID3D12GraphicsCommandList<newest>,
    in order: [(name, number, iid, first_retail, first_preview, [methods])]."""
    interfaces = []
    for r in refdata.read_tsv(os.path.join(data_dir, "command-list-next.tsv"), NEXT_HEADER):
        m = re.match(r"^ID3D12GraphicsCommandList(\d+)$", r["interface"])
        if not m:
            refdata.fail(r.where, "%s is no ID3D12GraphicsCommandList<n>" % r["interface"])
        number = int(m.group(1))
        if number <= newest:
            continue
        if not re.match(r"^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$", r["iid"]):
            refdata.fail(r.where, "%s is no IID" % r["iid"])
        method = {"iface": r["interface"], "name": r["method"], "ret": "void",
                  "params": split_params(r["params"]) if r["params"] != "void" else []}
        if interfaces and interfaces[-1][0] == r["interface"]:
            interfaces[-1][5].append(method)
            continue
        expected = interfaces[-1][1] + 1 if interfaces else newest + 1
        if number != expected:
            refdata.fail(r.where, "%s follows ID3D12GraphicsCommandList%d" % (r["interface"], expected - 1))
        interfaces.append((r["interface"], number, r["iid"], refdata.version(r["first_retail"]),
                           refdata.version(r["first_preview"]), [method]))
    return interfaces


def iid_initializer(text):
    parts = text.split("-")
    rest = parts[3] + parts[4]
    return "{0x%s, 0x%s, 0x%s, {%s}}" % (parts[0], parts[1], parts[2],
                                          ", ".join("0x" + rest[i:i + 2] for i in range(0, 16, 2)))


def read_gates(data_dir):
    features = {r["feature"][len("D3D12_FEATURE_"):]: r for r in refdata.features(data_dir)}
    structs = refdata.struct_fields(data_dir)
    enums = refdata.enum_values(data_dir)
    messages = {r["member"]: int(r["value"]) for r in refdata.read_tsv(refdata.ref_path(data_dir, "d3d12-message-ids.tsv"))
                if r["enum"] == "D3D12_MESSAGE_ID" and r["status"] in refdata.LIVE}
    gates = []
    for r in refdata.read_tsv(os.path.join(data_dir, "command-list-gates.tsv"), GATE_HEADER):
        feature = features.get(r["feature"])
        if not feature:
            refdata.fail(r.where, "no live feature D3D12_FEATURE_%s" % r["feature"])
        fields = {f["field"]: f for f in structs.get(feature["data_struct"], [])}
        field = fields.get(r["field"])
        if not field:
            refdata.fail(r.where, "%s has no field %s" % (feature["data_struct"], r["field"]))
        test, value, minimum = r["test"], "", 0
        if test.startswith(">= "):
            value = test[3:]
            members = {e["member"]: int(e["value"], 0) for e in enums.get(field["type"], [])}
            if value not in members:
                refdata.fail(r.where, "%s is no value of %s (the type of %s)" % (value, field["type"], r["field"]))
            minimum = members[value]
            kind = "OBJ_GATE_AT_LEAST"
        elif test == "true":
            kind = "OBJ_GATE_NONZERO"
        elif test == "list-type":
            if field["type"] != "D3D12_COMMAND_LIST_SUPPORT_FLAGS":
                refdata.fail(r.where, "list-type needs a D3D12_COMMAND_LIST_SUPPORT_FLAGS field, %s is %s"
                             % (r["field"], field["type"]))
            kind = "OBJ_GATE_LIST_TYPE"
        else:
            refdata.fail(r.where, "unknown test %r (>= VALUE, true, list-type)" % test)
        if r["message"] not in messages:
            refdata.fail(r.where, "%s is no live D3D12_MESSAGE_ID" % r["message"])
        gates.append(dict(r, kind=kind, value=value, minimum=minimum, feature_value=int(feature["value"]),
                          message_value=messages[r["message"]]))
    return gates


OPS_HEADER = ["method", "op"]
OP_RE = re.compile(r"\bD3D12_AUTO_BREADCRUMB_OP_(\w+)\s*=\s*(\d+)")


def read_ops(data_dir, header_path, names):
    """data/dred-ops.tsv's rows whose method and op the headers declare: {method: op}."""
    with open(header_path, encoding="utf-8", errors="replace") as f:
        declared = {m.group(1) for m in OP_RE.finditer(f.read())}
    ops, seen = {}, set()
    for r in refdata.read_tsv(os.path.join(data_dir, "dred-ops.tsv"), OPS_HEADER):
        if not re.match(r"^[A-Z][A-Z0-9_]*$", r["op"]):
            refdata.fail(r.where, "%r is no D3D12_AUTO_BREADCRUMB_OP_ suffix" % r["op"])
        if r["method"] in seen:
            refdata.fail(r.where, "%s has two rows" % r["method"])
        seen.add(r["method"])
        if r["method"] in names and r["op"] in declared:
            ops[r["method"]] = r["op"]
    return ops


def main():
    if len(sys.argv) not in (5, 6):
        fail("usage: gen_command_list.py DATA_DIR D3D12_H OUTPUT HANDWRITTEN [TEST_OUTPUT]")
    data_dir, header, output, handwritten = sys.argv[1:5]
    test_output = sys.argv[5] if len(sys.argv) == 6 else None
    handwritten = set(filter(None, handwritten.split(",")))
    newest, methods = read_vtable(header)
    extra = read_next(data_dir, newest)
    extra_methods = [m for i in extra for m in i[5]]
    names = {m["name"]: m for m in methods + extra_methods}
    if len(names) != len(methods) + len(extra_methods):
        fail("data/command-list-next.tsv declares a method the headers already have")
    for name in sorted(handwritten - set(names)):
        fail("%s is written by hand but is no method of ID3D12GraphicsCommandList%d" % (name, newest))
    gates = [g for g in read_gates(data_dir) if g["method"] in names]
    if len(gates) > MAX_GATES:
        fail("%d gates: obj_command_list_gates is indexed by a 64-bit mask" % len(gates))
    gate_of = {g["method"]: i for i, g in enumerate(gates)}
    op_of = read_ops(data_dir, header, names)
    for g in gates:
        if g["method"] in handwritten:
            fail("%s is gated but written by hand" % g["method"])

    iface = "ID3D12GraphicsCommandList%s" % (newest or "")
    out = ["/* Generated by tools/gen_command_list.py from %s and data/command-list-gates.tsv: do not edit. */"
           % os.path.basename(header), ""]
    out.append("#if OBJ_COMMAND_LIST_GEN_PART == 1")
    out.append("#define OBJ_COMMAND_LIST_IFACE %s" % iface)
    out.append("#define OBJ_COMMAND_LIST_VTBL %sVtbl" % iface)
    out.append("")
    for name, number, iid, first_retail, first_preview, _ in extra:
        out.append("#define MK_IID_VALUE_iid_%s %s" % (name, iid_initializer(iid)))
    out.append("")
    out.append("/* Every interface a list answers; those newer than the headers only on a")
    out.append(" * runtime that has them (list_interface_known: the SDK versions, retail and")
    out.append(" * preview, that introduced each). */")
    out.append("#define LIST_INTERFACE(iid) MK_INTERFACE_AT(struct obj_command_list, obj, ID3D12GraphicsCommandList_iface, iid)")
    out.append("static const struct mk_interface command_list_interfaces[] =")
    out.append("{")
    out.append("    LIST_INTERFACE(IID_ID3D12CommandList),")
    for n in range(newest + 1):
        out.append("    LIST_INTERFACE(IID_ID3D12GraphicsCommandList%s)," % (n or ""))
    for name, number, iid, first_retail, first_preview, _ in extra:
        out.append("    MK_INTERFACE_IF(struct obj_command_list, obj, ID3D12GraphicsCommandList_iface, iid_%s, "
                   "%du << 16 | %du)," % (name, first_retail, first_preview))
    out.append("    OBJ_CHILD_INTERFACES(struct obj_command_list, ID3D12GraphicsCommandList_iface),")
    out.append("};")
    out.append("#undef LIST_INTERFACE")
    out.append("")
    out.append("const struct obj_command_list_gate obj_command_list_gates[] =")
    out.append("{")
    for g in gates:
        out.append("    /* %s::%s */" % (names[g["method"]]["iface"], g["method"]))
        out.append("    {MK_FIELD_%s_%s, %s, %du /* %s */, (D3D12_MESSAGE_ID)%d /* %s */},"
                   % (g["feature"], g["field"], g["kind"], g["minimum"], g["value"] or "-", g["message_value"],
                      g["message"]))
    if not gates:
        out.append("    {0},")
    out.append("};")
    out.append("const size_t obj_command_list_gate_count = %d;" % len(gates))
    out.append("")
    out.append("/* The breadcrumb each method leaves (data/dred-ops.tsv). */")
    for name in sorted(op_of):
        out.append("#define OBJ_LIST_OP_%s ((int)D3D12_AUTO_BREADCRUMB_OP_%s)" % (name, op_of[name]))
    out.append("")
    out.append("#else /* part 2: the recording methods and the vtable */")
    out.append("")
    for m in methods + extra_methods:
        if m["name"] in handwritten:
            continue
        if m["ret"] != "void":
            fail("%s returns %s: write it by hand" % (m["name"], m["ret"]))
        params = ["%s *iface" % iface] + m["params"]
        out.append("static void STDMETHODCALLTYPE d3d12_command_list_%s(%s)" % (m["name"], ", ".join(params)))
        out.append("{")
        unused = [param_name(p) for p in m["params"]]
        if unused:
            out.append("    " + " ".join("(void)%s;" % n for n in unused))
        out.append("    list_record(impl_from_iface(iface), %d, %s, \"%s::%s\");"
                   % (gate_of.get(m["name"], -1), "OBJ_LIST_OP_" + m["name"] if m["name"] in op_of else "-1",
                      m["iface"], m["name"]))
        out.append("}")
        out.append("")
    # The vtable: the newest installed interface's, then the newer ones'
    # methods (data/command-list-next.tsv) in the same layout a newer d3d12.h has.
    out.append("struct command_list_vtbl")
    out.append("{")
    out.append("    %sVtbl base;" % iface)
    for m in extra_methods:
        params = ["%s *This" % iface] + m["params"]
        out.append("    void (STDMETHODCALLTYPE *%s)(%s); /* %s */" % (m["name"], ", ".join(params), m["iface"]))
    if not extra_methods:
        out.append("    char no_newer_methods; /* nothing past %s */" % iface)
    out.append("};")
    out.append("")
    out.append("static const struct command_list_vtbl d3d12_command_list_vtbl =")
    out.append("{")
    out.append("    {")
    current = None
    for m in methods:
        if m["iface"] != current:
            current = m["iface"]
            out.append("        /* %s methods */" % current)
        out.append("        d3d12_command_list_%s," % m["name"])
    out.append("    },")
    current = None
    for m in extra_methods:
        if m["iface"] != current:
            current = m["iface"]
            out.append("    /* %s methods (data/command-list-next.tsv) */" % current)
        out.append("    d3d12_command_list_%s," % m["name"])
    if not extra_methods:
        out.append("    0,")
    out.append("};")
    out.append("#endif")
    refdata.write_if_changed(output, "\n".join(out) + "\n")
    if test_output:
        write_test_calls(test_output, header, iface, gates, gate_of, extra_methods,
                         [m for m in methods + extra_methods if m["name"] not in handwritten])


def write_test_calls(path, header, iface, gates, gate_of, extra_methods, generated):
    out = ["/* Generated by tools/gen_command_list.py from %s and data/command-list-next.tsv: do not edit. */"
           % os.path.basename(header), ""]
    out.append("typedef %s every_method_list;" % iface)
    out.append("")
    out.append("/* The newest interface's vtable, then the methods newer than the headers. */")
    out.append("struct every_method_vtbl")
    out.append("{")
    out.append("    %sVtbl base;" % iface)
    for m in extra_methods:
        out.append("    void (STDMETHODCALLTYPE *%s)(%s);" % (m["name"], ", ".join(["%s *This" % iface] + m["params"])))
    out.append("};")
    out.append("")
    out.append("static const struct { const char *name; int gate; } every_method[] =")
    out.append("{")
    for m in generated:
        out.append("    {\"%s::%s\", %d}," % (m["iface"], m["name"], gate_of.get(m["name"], -1)))
    out.append("};")
    out.append("")
    out.append("/* Calls every_method[index] with every argument zero. */")
    out.append("static void call_every_method(every_method_list *list, unsigned index)")
    out.append("{")
    out.append("    const struct every_method_vtbl *vtbl = (const struct every_method_vtbl *)list->lpVtbl;")
    out.append("")
    out.append("    (void)vtbl;")
    out.append("    switch (index)")
    out.append("    {")
    extra = {m["name"] for m in extra_methods}
    for i, m in enumerate(generated):
        decls = ["%s = {0};" % p for p in m["params"]]
        args = ["list"] + [param_name(p) for p in m["params"]]
        call = ("vtbl->%s(%s);" if m["name"] in extra else "vtbl->base.%s(%s);") % (m["name"], ", ".join(args))
        out.append("        case %d: { %s%s } break;" % (i, " ".join(decls) + " " if decls else "", call))
    out.append("    }")
    out.append("}")
    refdata.write_if_changed(path, "\n".join(out) + "\n")


if __name__ == "__main__":
    main()
