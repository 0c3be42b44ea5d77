#!/usr/bin/env python3
"""Generate include/mockd3d12/d3d12_next.h: everything newer than DirectX-Headers 1.606.

usage: gen_next_header.py DATA_DIR OUT.h

The baseline is the DirectX-Headers release the project builds against
(1.606.4: D3D12_SDK_VERSION 606, D3D12_PREVIEW_SDK_VERSION 706). Anything the
reference data says was first declared after it is declared here, each block
behind a guard that skips it when the installed headers already declare it.
Whether the baseline has an item is decided from the data (first_retail), never
by reading the installed headers at build time.

The guard rule (see docs/abi.md):
  retail DirectX-Headers (default):   declared iff D3D12_SDK_VERSION >= first_retail
  preview DirectX-Headers (MOCKD3D12_DIRECTX_HEADERS_PREVIEW is defined):
                                      declared iff D3D12_PREVIEW_SDK_VERSION >= first_preview
Retail 1.619 and preview 1.719 declare the same two numbers, so which track the
installed headers follow cannot be read from the numbers. The header defines
MOCKD3D12_DIRECTX_HEADERS_PREVIEW itself when d3d12.h defined one of the macros
of data/directx-headers-preview-markers.tsv (interfaces only previews declare);
for a preview without any of them the user defines it. A struct that older
versions declared with another layout (removed fields) is also skipped over
their span: MOCKD3D12_DXH_DECLARED_IN(first_retail, last_retail, first_preview,
last_preview).

Types the reference TSVs do not describe (helper structs of feature structs,
types used by the ID3D12Device12..15 methods) are in data/helper-types.tsv: their
layouts were read from the public microsoft/DirectX-Headers IDL (facts only).
The work-graph interfaces of state objects (ID3D12StateObjectProperties1,
ID3D12WorkGraphProperties) are rows of data/state-object-interfaces.tsv, in the
columns of the reference interfaces TSV; its baseline rows
(ID3D12StateObjectProperties) only lay out the vtables of their children.
"""
import sys

import refdata
from refdata import NEVER, version

BASE_RETAIL = 606

# Our own interface ID for the provisional ID3D12Device17 (random, fixed once).
IID_DEVICE17 = "8a6c1f3e-5d27-4b9a-9e04-3c7b2f81d6a5"


def helper_types(data_dir):
    """[(type, first_retail, first_preview, C text)] from data/helper-types.tsv,
    whose rows are the declarations' lines (one type's rows are contiguous)."""
    types = []
    for r in refdata.read_tsv(data_dir + "/helper-types.tsv", ["type", "first_retail", "first_preview", "c"]):
        versions = vpair(r)
        if types and types[-1][0] == r["type"]:
            if types[-1][1:3] != versions:
                refdata.fail(r.where, "%s: every row of a type has the same versions" % r["type"])
            types[-1][3].append(r["c"])
            continue
        if any(t[0] == r["type"] for t in types):
            refdata.fail(r.where, "%s: the rows of a type are contiguous" % r["type"])
        types.append((r["type"], versions[0], versions[1], [r["c"]]))
    return [(name, first_retail, first_preview, "\n".join(lines)) for name, first_retail, first_preview, lines in types]


def preview_markers(data_dir):
    """The macros of data/directx-headers-preview-markers.tsv, in file order."""
    markers = []
    for r in refdata.read_tsv(data_dir + "/directx-headers-preview-markers.tsv", ["macro", "previews", "source"]):
        m = r["macro"]
        if not (m.startswith("__") and m.endswith("_INTERFACE_DEFINED__") and m.replace("_", "").isalnum()):
            refdata.fail(r.where, "%r: a marker is an interface's __X_INTERFACE_DEFINED__ macro" % m)
        if m in markers:
            refdata.fail(r.where, "%s: listed twice" % m)
        if not r["previews"].split():
            refdata.fail(r.where, "%s: name the previews that define it" % m)
        markers.append(m)
    if not markers:
        refdata.fail(data_dir + "/directx-headers-preview-markers.tsv", "no marker")
    return markers


# Helper types are placed after the enums (they use them) and before the
# feature-data structs; D3D12_LINEAR_ALGEBRA_* need the enum typedefs first.


def guard(first_retail, first_preview):
    return "#if !MOCKD3D12_DXH_DECLARES(%u, %u)" % (first_retail, first_preview)


def vpair(row):
    return version(row["first_retail"]), version(row["first_preview"])


def in_baseline(first_retail):
    return first_retail <= BASE_RETAIL


def c_decl(ctype, name):
    """'WCHAR[128]', 'szX' -> 'WCHAR szX[128]'; 'const GUID*', 'p' -> 'const GUID *p'."""
    array = ""
    if "[" in ctype:
        ctype, array = ctype[:ctype.index("[")], ctype[ctype.index("["):]
    stars = ""
    while ctype.endswith("*"):
        stars += "*"
        ctype = ctype[:-1]
    return "%s %s%s%s" % (ctype.strip(), stars, name, array)


# ---- device interfaces ----

NEW_INTERFACES = ["ID3D12Device12", "ID3D12Device13", "ID3D12Device14", "ID3D12Device15"]
DEVICE17 = {
    "interface": "ID3D12Device17", "uuid": IID_DEVICE17, "parent": "ID3D12Device15",
    "methods": [{"method": "CheckFeatureSupport1", "return_type": "HRESULT", "c_struct_return": "0",
                 "params": "D3D12_FEATURE Feature, void* pFeatureSupportData, "
                           "UINT FeatureSupportDataSize, UINT SDKVersion"}],
}


def load_interfaces(data_dir):
    """{name: {"uuid", "parent", "methods": [rows in method_index order]}} for live rows."""
    ifaces = {}
    for r in refdata.read_tsv(refdata.ref_path(data_dir, "d3d12-device-interfaces.tsv")):
        if r["status"] not in refdata.LIVE:
            continue
        i = ifaces.setdefault(r["interface"], {"interface": r["interface"], "uuid": r["uuid"],
                                                "parent": r["parent"], "methods": []})
        i["methods"].append(r)
    for i in ifaces.values():
        i["methods"].sort(key=lambda r: int(r["method_index"]))
    return ifaces


def load_state_object_interfaces(data_dir, name="state-object-interfaces.tsv"):
    """{name: interface} of data/state-object-interfaces.tsv (or another file of
    its columns), and the names of those newer than the baseline (the ones to
    declare), in file order."""
    ifaces, new = {}, []
    for r in refdata.read_tsv(data_dir + "/" + name):
        if r["status"] not in refdata.LIVE:
            continue
        if r["interface"] not in ifaces:
            ifaces[r["interface"]] = {"interface": r["interface"], "uuid": r["uuid"], "parent": r["parent"],
                                      "methods": []}
            if not in_baseline(version(r["iface_first_retail"])):
                new.append(r["interface"])
        ifaces[r["interface"]]["methods"].append(r)
    for i in ifaces.values():
        i["methods"].sort(key=lambda r: int(r["method_index"]))
    return ifaces, new


def split_params(params):
    """'UINT a, const X* const* b' -> [('UINT', 'a'), ('const X* const*', 'b')]."""
    if params.strip() in ("", "void"):
        return []
    out = []
    for p in params.split(","):
        p = p.strip()
        i = len(p)
        while i > 0 and (p[i - 1].isalnum() or p[i - 1] == "_"):
            i -= 1
        out.append((p[:i].strip(), p[i:]))
    return out


def chain(ifaces, name):
    """[(interface, method row), ...] from IUnknown's first method to name's last."""
    if name == "IUnknown":
        return [("IUnknown", {"method": "QueryInterface", "return_type": "HRESULT", "c_struct_return": "0",
                              "params": "REFIID riid, void** ppvObject"}),
                ("IUnknown", {"method": "AddRef", "return_type": "ULONG", "c_struct_return": "0", "params": "void"}),
                ("IUnknown", {"method": "Release", "return_type": "ULONG", "c_struct_return": "0", "params": "void"})]
    i = ifaces[name]
    return chain(ifaces, i["parent"]) + [(name, m) for m in i["methods"]]


def guid_parts(uuid):
    h = uuid.replace("-", "")
    return "0x%s,0x%s,0x%s,%s" % (h[0:8], h[8:12], h[12:16],
                                  ",".join("0x" + h[16 + 2 * k:18 + 2 * k] for k in range(8)))


def c_param(ptype, pname):
    return "%s %s" % (ptype, pname)


def interface_block(ifaces, iface):
    name = iface["interface"]
    g = guid_parts(iface["uuid"])
    methods = chain(ifaces, name)
    out = []
    w = out.append
    w("#ifndef __%s_FWD_DEFINED__" % name)
    w("#define __%s_FWD_DEFINED__" % name)
    w("typedef interface %s %s;" % (name, name))
    w("#endif")
    w("")
    w("#ifndef __%s_INTERFACE_DEFINED__" % name)
    w("#define __%s_INTERFACE_DEFINED__" % name)
    w("")
    w("EXTERN_C const IID IID_%s;" % name)
    w("")
    w("#if defined(__cplusplus) && !defined(CINTERFACE)")
    w("MIDL_INTERFACE(\"%s\")" % iface["uuid"])
    w("%s : public %s" % (name, iface["parent"]))
    w("{")
    w("public:")
    for m in iface["methods"]:
        params = split_params(m["params"])
        plist = ", ".join(c_param(t, n) for t, n in params) or "void"
        if m["c_struct_return"] == "1":
            w("#if defined(_MSC_VER) || !defined(_WIN32)")
            w("    virtual %s STDMETHODCALLTYPE %s(%s) = 0;" % (m["return_type"], m["method"], plist))
            w("#else")
            w("    virtual %s *STDMETHODCALLTYPE %s(%s) = 0;" % (
                m["return_type"], m["method"], ", ".join(["%s *RetVal" % m["return_type"]]
                                                         + [c_param(t, n) for t, n in params])))
            w("#endif")
        else:
            w("    virtual %s STDMETHODCALLTYPE %s(%s) = 0;" % (m["return_type"], m["method"], plist))
    w("};")
    w("#ifdef WINADAPTER_IID")
    w("WINADAPTER_IID(%s, %s);" % (name, g))
    w("#else")
    w("__CRT_UUID_DECL(%s, %s)" % (name, g))
    w("#endif")
    w("#else /* C style interface */")
    w("typedef struct %sVtbl" % name)
    w("{")
    w("    BEGIN_INTERFACE")
    last_owner = None
    for owner, m in methods:
        if owner != last_owner:
            w("    /* %s methods */" % owner)
            last_owner = owner
        params = split_params(m["params"])
        this = "%s *This" % name
        args = ", ".join([this] + [c_param(t, n) for t, n in params])
        if m["c_struct_return"] == "1":
            w("#if !defined(_WIN32)")
            w("    %s (STDMETHODCALLTYPE *%s)(%s);" % (m["return_type"], m["method"], args))
            w("#else")
            w("    %s *(STDMETHODCALLTYPE *%s)(%s);" % (
                m["return_type"], m["method"],
                ", ".join([this, "%s *RetVal" % m["return_type"]] + [c_param(t, n) for t, n in params])))
            w("#endif")
        else:
            w("    %s (STDMETHODCALLTYPE *%s)(%s);" % (m["return_type"], m["method"], args))
    w("    END_INTERFACE")
    w("} %sVtbl;" % name)
    w("")
    w("interface %s" % name)
    w("{")
    w("    CONST_VTBL struct %sVtbl *lpVtbl;" % name)
    w("};")
    w("")
    w("#ifdef COBJMACROS")
    for owner, m in methods:
        names = [n for _, n in split_params(m["params"])]
        if m["c_struct_return"] == "1":
            w("#if !defined(_WIN32)")
            w("#define %s_%s(%s) ((This)->lpVtbl->%s(%s))" % (name, m["method"], ",".join(["This"] + names),
                                                              m["method"], ",".join(["This"] + names)))
            w("#else")
            w("#define %s_%s(%s) ((This)->lpVtbl->%s(%s))" % (
                name, m["method"], ",".join(["This", "RetVal"] + names), m["method"], ",".join(["This", "RetVal"] + names)))
            w("#endif")
        else:
            w("#define %s_%s(%s) ((This)->lpVtbl->%s(%s))" % (name, m["method"], ",".join(["This"] + names),
                                                              m["method"], ",".join(["This"] + names)))
    w("#endif /* COBJMACROS */")
    w("#endif /* C style interface */")
    w("")
    w("DEFINE_GUID(IID_%s, %s);" % (name, g))
    w("")
    w("#endif /* __%s_INTERFACE_DEFINED__ */" % name)
    return "\n".join(out)


def declared_interfaces(data_dir):
    """Every interface this header declares, in order, and the whole {name: interface}."""
    ifaces = load_interfaces(data_dir)
    ifaces["ID3D12Device17"] = DEVICE17
    so_ifaces, so_new = load_state_object_interfaces(data_dir)
    ifaces.update(so_ifaces)
    ext_ifaces, ext_new = load_state_object_interfaces(data_dir, "api-extension-interfaces.tsv")
    ifaces.update(ext_ifaces)
    return NEW_INTERFACES + ["ID3D12Device17"] + so_new + ext_new, ifaces


def interface_blocks(data_dir):
    names, ifaces = declared_interfaces(data_dir)
    blocks = [interface_block(ifaces, ifaces[n]) for n in names]
    x = ["/* Every IID this header declares, for the library's storage (src/iids.c):",
         " * X(interface, l, w1, w2, b1, ..., b8). */",
         "#define MOCKD3D12_NEXT_IIDS(X) \\"]
    for n in names:
        x.append("    X(%s, %s) \\" % (n, guid_parts(ifaces[n]["uuid"])))
    x.append("")
    return blocks, "\n".join(x), ifaces


# ---- --abi-table: the facts tests/unit/test_abi.c checks the header against ----

# x86_64/aarch64 Linux (LP64, 4-byte wchar_t) size and alignment of the types
# feature-data fields use; struct helpers are the sizes of data/helper-types.tsv's.
# Windows x64 (LLP64) differs in none of them but WCHAR, 2 bytes there (no
# field is a long): abi_table writes the layouts of both.
LP64_TYPES = {
    "BOOL": (4, 4), "UINT": (4, 4), "INT": (4, 4), "UINT32": (4, 4), "UINT8": (1, 1),
    "UINT64": (8, 8), "SIZE_T": (8, 8), "GUID": (16, 4), "WCHAR": (4, 4),
    "D3D12_VERSION_NUMBER": (8, 8), "D3D12_HEAP_PROPERTIES": (20, 4),
    "D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT": (20, 4),
    "D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT": (32, 8),
    "D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT": (44, 4),
    "D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT": (20, 4),
    "D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT": (12, 4),
    "D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT": (12, 4),
}


def lp64(ctype, enums, wchar=4):
    count = 1
    if "[" in ctype:
        count = int(ctype[ctype.index("[") + 1:ctype.index("]")])
        ctype = ctype[:ctype.index("[")]
    if ctype.endswith("*"):
        size, align = 8, 8
    elif ctype in enums or ctype.startswith("D3D12_") and ctype.endswith(("_TIER", "_FLAGS", "_TYPE", "_LAYOUT", "_DIMENSION")) \
            or ctype in ("DXGI_FORMAT", "D3D_SHADER_MODEL", "D3D_FEATURE_LEVEL", "D3D_ROOT_SIGNATURE_VERSION"):
        size, align = 4, 4
    elif ctype == "WCHAR":
        size, align = wchar, wchar
    else:
        size, align = LP64_TYPES[ctype]
    return size * count, align


def struct_layouts(data_dir, wchar=4):
    """[(struct, size, [(field, offset)])] for the structs this header declares,
    on a 64-bit ABI whose WCHAR is `wchar` bytes (4: LP64 Linux, 2: Windows x64)."""
    enums = {e["enum"] for e in refdata.read_tsv(refdata.ref_path(data_dir, "d3d12-enum-values.tsv"))}
    by_struct = {}
    for fld in refdata.read_tsv(refdata.ref_path(data_dir, "d3d12-feature-structs.tsv")):
        by_struct.setdefault(fld["struct"], []).append(fld)
    out = []
    for sname in sorted(by_struct):
        rows = by_struct[sname]
        live = [x for x in rows if x["status"] in refdata.LIVE]
        if not live or in_baseline(min(version(x["first_retail"]) for x in rows)):
            continue
        live.sort(key=lambda x: [int(n) for n in x["field_index"].split(".")])
        off, salign, fields = 0, 1, []
        union = None  # (index, start, size, align)
        for x in live:
            size, align = lp64(x["type"], enums, wchar)
            if x["container"] != "-":
                idx = x["field_index"].split(".")[0]
                if union is None or union[0] != idx:
                    union = [idx, off, 0, 1]
                union[2] = max(union[2], size)
                union[3] = max(union[3], align)
                continue
            if union is not None:
                off = close_union(union, fields, live)
                salign = max(salign, union[3])
                union = None
            off = (off + align - 1) // align * align
            fields.append((x["field"], off))
            off += size
            salign = max(salign, align)
        if union is not None:
            off = close_union(union, fields, live)
            salign = max(salign, union[3])
        out.append((sname, (off + salign - 1) // salign * salign, fields))
    return out


def close_union(union, fields, live):
    idx, start, size, align = union
    start = (start + align - 1) // align * align
    for x in live:
        if x["container"] != "-" and x["field_index"].split(".")[0] == idx:
            fields.append((x["field"], start))
    return start + size


def abi_table(data_dir, out_path):
    _, _, ifaces = interface_blocks(data_dir)
    declared, _ = declared_interfaces(data_dir)
    out = ["/* Generated by tools/gen_next_header.py --abi-table. Do not edit. */",
           "#include <stddef.h>", ""]
    w = out.append
    w("static const struct abi_slot abi_slots[] = {")
    names = ["ID3D12Device"] + ["ID3D12Device%d" % n for n in range(1, 16)] + ["ID3D12Device17"] \
        + [n for n in declared if not n.startswith("ID3D12Device")]
    vtbls = []
    for name in names:
        slot = 0
        for owner, m in chain(ifaces, name):
            expected = int(m["vtable_slot"]) if "vtable_slot" in m else slot
            w("    {\"%s\", \"%s\", \"%s\", %d, offsetof(%sVtbl, %s)}," % (name, owner, m["method"], expected,
                                                                      name, m["method"]))
            slot += 1
        vtbls.append((name, slot))
    w("};")
    w("")
    w("static const struct abi_vtbl abi_vtbls[] = {")
    for name, n in vtbls:
        w("    {\"%s\", %d, sizeof(%sVtbl)}," % (name, n, name))
    w("};")
    w("")
    w("static const struct abi_iid abi_iids[] = {")
    for name in declared:
        w("    {\"%s\", &IID_%s, \"%s\"}," % (name, name, ifaces[name]["uuid"]))
    w("};")
    w("")
    # The layouts: Windows x64's (2-byte WCHAR), then LP64 Linux's (4-byte
    # wchar_t); ABI_TABLE_WCHAR_SIZE says which the compiler took.
    for cond, wchar in (("#if defined(_WIN32)", 2), ("#else", 4)):
        w(cond)
        w("#define ABI_TABLE_WCHAR_SIZE %d" % wchar)
        w("static const struct abi_struct abi_structs[] = {")
        fields = []
        for sname, size, flds in struct_layouts(data_dir, wchar):
            w("    {\"%s\", %d, %d, %d}," % (sname, size, len(fields), len(flds)))
            fields.extend((sname, f, o) for f, o in flds)
        w("};")
        w("")
        w("static const struct abi_field abi_fields[] = {")
        for sname, f, o in fields:
            w("    {\"%s\", %d, offsetof(%s, %s)}," % (f, o, sname, f))
        w("};")
    w("#endif")
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


# The element types of D3D12_FEATURE_DATA_COOPERATIVE_VECTOR's arrays (previews
# 717-719): field names and types as the DirectX-Headers IDL of those tags has them.
WITHDRAWN_HELPERS = {
    "D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL": [
        ("D3D12_LINEAR_ALGEBRA_DATATYPE", "InputType"), ("D3D12_LINEAR_ALGEBRA_DATATYPE", "InputInterpretation"),
        ("D3D12_LINEAR_ALGEBRA_DATATYPE", "MatrixInterpretation"),
        ("D3D12_LINEAR_ALGEBRA_DATATYPE", "BiasInterpretation"), ("D3D12_LINEAR_ALGEBRA_DATATYPE", "OutputType"),
        ("BOOL", "TransposeSupported")],
    "D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE": [
        ("D3D12_LINEAR_ALGEBRA_DATATYPE", "InputType"), ("D3D12_LINEAR_ALGEBRA_DATATYPE", "AccumulationType")],
}


def withdrawn_declarations(data_dir):
    """The features, enums, helper types and structs of the withdrawn preview
    features, each behind MOCKD3D12_DXH_DECLARED_IN of the feature's span: a
    header of those previews declares them, any other (older or newer) does not."""
    blocks = []
    spans = refdata.withdrawn(data_dir)
    features = [f for f in refdata.features(data_dir) if f["withdrawn"] == "1"]
    structs = refdata.struct_fields(data_dir)
    enums = refdata.enum_values(data_dir)

    def span_guard(first, last):
        return "#if !MOCKD3D12_DXH_DECLARED_IN(%u, %u, %u, %u)" % (NEVER, NEVER, first, last)

    declared_enums = set()
    for f in features:
        first, last = spans[f["feature"]]
        feature_row = [r for r in refdata.read_tsv(refdata.ref_path(data_dir, "d3d12-features.tsv"))
                       if r["feature"] == f["feature"]][0]
        if feature_row["status"] not in refdata.LIVE:
            blocks.append("%s\n#define %s ((D3D12_FEATURE)%s)\n#endif" % (span_guard(first, last), f["feature"],
                                                                         f["value"]))
        fields = structs[f["data_struct"]]
        for fld in fields:
            t = fld["type"].rstrip("*")
            if t in enums and t not in declared_enums and all(e["status"] == "removed" for e in enums[t]):
                declared_enums.add(t)
                body = ["%s\ntypedef enum %s\n{" % (span_guard(first, last), t)]
                body += ["    %s = %s," % (e["member"], e["value"]) for e in enums[t]]
                body.append("} %s;\n#endif" % t)
                blocks.append("\n".join(body))
            if t in WITHDRAWN_HELPERS and t not in declared_enums:
                declared_enums.add(t)
                body = ["%s\ntypedef struct %s\n{" % (span_guard(first, last), t)]
                body += ["    %s;" % c_decl(ft, fn) for ft, fn in WITHDRAWN_HELPERS[t]]
                body.append("} %s;\n#endif" % t)
                blocks.append("\n".join(body))
        # Installed headers of a span where the struct had another layout
        # (refdata.withdrawn_layouts) declare it with that layout: leave it to them.
        others = "".join(" && !MOCKD3D12_DXH_DECLARED_IN(%u, %u, %u, %u)"
                         % (NEVER, NEVER, lay["first_preview"], lay["last_preview"])
                         for lay in refdata.withdrawn_layouts(data_dir) if lay["feature"] == f["feature"])
        body = ["%s%s\ntypedef struct %s\n{" % (span_guard(first, last), others, f["data_struct"])]
        body += ["    %s;" % c_decl(fld["type"], fld["field"]) for fld in fields]
        body.append("} %s;\n#endif" % f["data_struct"])
        blocks.append("\n".join(body))
    return blocks


def main():
    if sys.argv[1] == "--abi-table":
        abi_table(sys.argv[2], sys.argv[3])
        return
    data_dir, out_path = sys.argv[1], sys.argv[2]
    out = []
    w = out.append
    min_preview = [0]  # the oldest preview headers that hold the whole baseline

    def note_baseline(r, p):
        if in_baseline(r) and p != NEVER:
            min_preview[0] = max(min_preview[0], p)

    # ---- features ----
    feature_rows = refdata.read_tsv(refdata.ref_path(data_dir, "d3d12-features.tsv"))
    feature_blocks = []
    for f in feature_rows:
        if f["status"] not in refdata.LIVE:
            continue
        r, p = vpair(f)
        note_baseline(r, p)
        if in_baseline(r):
            continue
        feature_blocks.append("%s\n#define %s ((D3D12_FEATURE)%s)\n#endif" % (guard(r, p), f["feature"], f["value"]))

    # ---- enums ----
    enum_rows = refdata.read_tsv(refdata.ref_path(data_dir, "d3d12-enum-values.tsv"))
    by_enum = {}
    for e in enum_rows:
        by_enum.setdefault(e["enum"], []).append(e)
    new_enum_blocks = []
    member_blocks = []
    notes = []
    for ename, rows in by_enum.items():
        live = [e for e in rows if e["status"] in refdata.LIVE]
        if not live:
            continue
        type_r = min(version(e["first_retail"]) for e in rows)
        type_p = min(version(e["first_preview"]) for e in rows)
        baseline_names = {e["member"] for e in rows if in_baseline(version(e["first_retail"]))}
        inside = []
        macros = []
        for e in live:
            r, p = vpair(e)
            note_baseline(r, p)
            if in_baseline(r):
                continue
            if e["member"] in baseline_names:
                # Declared by the baseline with an older value (D3D_HIGHEST_SHADER_MODEL):
                # an enumerator cannot be redefined, and shadowing it with a macro would
                # silently change the meaning of client code. Expose the newest value
                # under our own name instead.
                notes.append(e["member"])
                macros.append("/* %s is %s in the installed headers' enum; mockd3d12's newest value: */\n"
                              "#define MOCKD3D12_NEXT_%s ((%s)%s)" % (e["member"], "older", e["member"], ename, e["value"]))
                continue
            if not in_baseline(type_r) and (r, p) == (type_r, type_p):
                inside.append(e)
            else:
                macros.append("%s\n#define %s ((%s)%s)\n#endif" % (guard(r, p), e["member"], ename, e["value"]))
        if not in_baseline(type_r):
            body = ["%s\ntypedef enum %s\n{" % (guard(type_r, type_p), ename)]
            for e in inside:
                body.append("    %s = %s," % (e["member"], e["value"]))
            if not inside:
                # Every member came later than the type; keep the enum non-empty.
                body.append("    MOCKD3D12_%s_PLACEHOLDER_ = 0," % ename)
            body.append("} %s;" % ename)
            if rows[0]["flags_basis"] == "DEFINE_ENUM_FLAG_OPERATORS":
                body.append("DEFINE_ENUM_FLAG_OPERATORS(%s)" % ename)
            body.append("#endif")
            new_enum_blocks.append("\n".join(body))
        member_blocks.extend(macros)

    # ---- feature-data structs ----
    field_rows = refdata.read_tsv(refdata.ref_path(data_dir, "d3d12-feature-structs.tsv"))
    by_struct = {}
    for fld in field_rows:
        by_struct.setdefault(fld["struct"], []).append(fld)
    struct_blocks = []
    for sname in sorted(by_struct):
        rows = by_struct[sname]
        live = [x for x in rows if x["status"] in refdata.LIVE]
        if not live:
            continue
        # The struct with its live layout first appeared with its first live field:
        # D3D12_FEATURE_DATA_D3D12_OPTIONS22 existed in preview 715 with another
        # field, was gone in 716-717 and came back in 719.
        s_r = min(version(x["first_retail"]) for x in live)
        s_p = min(version(x["first_preview"]) for x in live)
        note_baseline(s_r, s_p)
        if in_baseline(min(version(x["first_retail"]) for x in rows)):
            late = [x["field"] for x in live if not in_baseline(version(x["first_retail"]))]
            if late:
                # The baseline declares this struct without these fields: the
                # tables' offsetof() would not compile. No such struct today.
                raise SystemExit("%s gained fields after %d: %s (needs a mockd3d12 replacement struct)"
                                 % (sname, BASE_RETAIL, ", ".join(late)))
            continue
        live.sort(key=lambda x: [int(n) for n in x["field_index"].split(".")])
        # Versions that declared the struct with an older layout before the live
        # one (its removed fields' spans) declare the name too: leave it to them.
        older = sorted({(version(x["first_retail"]), version(x["last_retail"]),
                         version(x["first_preview"]), version(x["last_preview"]))
                        for x in rows if x["status"] not in refdata.LIVE
                        and (version(x["first_retail"]) < s_r or version(x["first_preview"]) < s_p)})
        body = ["%s%s\ntypedef struct %s\n{" % (guard(s_r, s_p), "".join(
            " && !MOCKD3D12_DXH_DECLARED_IN(%u, %u, %u, %u)" % span for span in older), sname)]
        union_of = None
        for x in live:
            idx = x["field_index"].split(".")
            if x["container"] != "-":
                if union_of != idx[0]:
                    if union_of is not None:
                        body.append("    };")
                    body.append("    union\n    {")
                    union_of = idx[0]
                body.append("        %s;" % c_decl(x["type"], x["field"]))
                continue
            if union_of is not None:
                body.append("    };")
                union_of = None
            body.append("    %s;" % c_decl(x["type"], x["field"]))
        if union_of is not None:
            body.append("    };")
        body.append("} %s;\n#endif" % sname)
        struct_blocks.append("\n".join(body))

    # ---- our own debug-message IDs, and the real ones the catalog uses that
    # are newer than the oldest DirectX-Headers (an enum member: by version) ----
    message_blocks = []
    real_ids = {r["member"]: r for r in refdata.read_tsv(refdata.ref_path(data_dir, "d3d12-message-ids.tsv"))
                if r["enum"] == "D3D12_MESSAGE_ID"}
    for m in refdata.read_tsv(data_dir + "/messages.tsv"):
        if int(m["value"]) >= 65536:
            message_blocks.append("#ifndef %s\n#define %s ((D3D12_MESSAGE_ID)%s)\n#endif" % (m["id"], m["id"], m["value"]))
        elif m["id"] in real_ids and not in_baseline(vpair(real_ids[m["id"]])[0]):
            message_blocks.append("%s\n#define %s ((D3D12_MESSAGE_ID)%s)\n#endif"
                                  % (guard(*vpair(real_ids[m["id"]])), m["id"], m["value"]))

    withdrawn_blocks = withdrawn_declarations(data_dir)

    helper_blocks = []
    for name, r, p, text in helper_types(data_dir):
        helper_blocks.append("/* %s */\n%s\n%s\n#endif" % (name, guard(r, p), text))

    # ---- the header ----
    w("/* Generated by tools/gen_next_header.py from the data/reference TSVs, data/messages.tsv,")
    w(" * data/helper-types.tsv, data/state-object-interfaces.tsv and data/directx-headers-preview-markers.tsv.")
    w(" * Do not edit.")
    w(" *")
    w(" * Declarations newer than DirectX-Headers %d (up to SDK 620 / preview 721) and the" % BASE_RETAIL)
    w(" * provisional ID3D12Device17. Each block is skipped when the installed DirectX-Headers")
    w(" * already declare it; see docs/abi.md for the rule. A preview DirectX-Headers is")
    w(" * recognised by the interfaces only previews declare; for one that declares none of them,")
    w(" * define MOCKD3D12_DIRECTX_HEADERS_PREVIEW.")
    w(" */")
    w("#ifndef MOCKD3D12_D3D12_NEXT_H")
    w("#define MOCKD3D12_D3D12_NEXT_H")
    w("")
    w("#ifndef __d3d12_h__")
    w("#error \"include <mockd3d12/d3d12.h> (or DirectX-Headers' d3d12.h) before mockd3d12/d3d12_next.h\"")
    w("#endif")
    w("")
    markers = preview_markers(data_dir)
    w("/* Interfaces no retail DirectX-Headers declares (data/directx-headers-preview-markers.tsv). */")
    w("#if !defined(MOCKD3D12_DIRECTX_HEADERS_PREVIEW) && ( \\")
    w(" || \\\n".join("    defined(%s)" % m for m in markers) + ")")
    w("#define MOCKD3D12_DIRECTX_HEADERS_PREVIEW 1")
    w("#endif")
    w("")
    w("#ifdef MOCKD3D12_DIRECTX_HEADERS_PREVIEW")
    w("#if D3D12_PREVIEW_SDK_VERSION < %d" % min_preview[0])
    w("#error \"mockd3d12 needs preview DirectX-Headers %d or newer\"" % min_preview[0])
    w("#endif")
    w("#define MOCKD3D12_DXH_DECLARES(first_retail, first_preview) (D3D12_PREVIEW_SDK_VERSION >= (first_preview))")
    w("#define MOCKD3D12_DXH_DECLARED_IN(first_retail, last_retail, first_preview, last_preview) \\")
    w("    (D3D12_PREVIEW_SDK_VERSION >= (first_preview) && D3D12_PREVIEW_SDK_VERSION <= (last_preview))")
    w("#else")
    w("#if D3D12_SDK_VERSION < %d" % BASE_RETAIL)
    w("#error \"mockd3d12 needs DirectX-Headers 1.%d or newer\"" % BASE_RETAIL)
    w("#endif")
    w("#define MOCKD3D12_DXH_DECLARES(first_retail, first_preview) (D3D12_SDK_VERSION >= (first_retail))")
    w("#define MOCKD3D12_DXH_DECLARED_IN(first_retail, last_retail, first_preview, last_preview) \\")
    w("    (D3D12_SDK_VERSION >= (first_retail) && D3D12_SDK_VERSION <= (last_retail))")
    w("#endif")
    w("")
    w("/* The SDK versions these declarations go up to. */")
    w("#define MOCKD3D12_NEXT_SDK_VERSION 620")
    w("#define MOCKD3D12_NEXT_PREVIEW_SDK_VERSION 721")
    w("")
    w("/* ---- D3D12_FEATURE members (D3D12_FEATURE is an existing enum: macros) ---- */")
    w("")
    w("\n\n".join(feature_blocks))
    w("")
    w("/* ---- New enum types used by feature-data structs ---- */")
    w("")
    w("\n\n".join(new_enum_blocks))
    w("")
    w("/* ---- New members of enums (macros with a cast) ---- */")
    w("")
    w("\n\n".join(member_blocks))
    w("")
    w("/* ---- Helper types the feature structs and device interfaces need ---- */")
    w("")
    w("\n\n".join(helper_blocks))
    w("")
    w("/* ---- D3D12_FEATURE_DATA_* structs ---- */")
    w("")
    w("\n\n".join(struct_blocks))
    w("")
    w("/* ---- Withdrawn preview features (data/withdrawn-preview-features.tsv): declared unless the")
    w(" * installed headers are one of the previews that had them ---- */")
    w("")
    w("\n\n".join(withdrawn_blocks))
    w("")
    blocks, iid_list, _ = interface_blocks(data_dir)
    w("/* ---- ID3D12Device12..15 (from the reference data), the provisional ID3D12Device17 and the")
    w(" * work-graph state-object interfaces (data/state-object-interfaces.tsv) ---- */")
    w("/* ID3D12Device16 is not exposed: no published header declares it (docs/abi.md). */")
    w("")
    w("\n\n".join(blocks))
    w("")
    w(iid_list)
    w("/* ---- mockd3d12's own debug-layer message IDs (>= 65536, above every real one) ---- */")
    w("")
    w("\n\n".join(message_blocks))
    w("")
    w("#endif /* MOCKD3D12_D3D12_NEXT_H */")

    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
