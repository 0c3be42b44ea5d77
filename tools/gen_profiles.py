#!/usr/bin/env python3
"""Generate the built-in adapter profiles as C strings.

usage: gen_profiles.py DATA_DIR OUT.c [--dump-dir DIR]

Every dump adapter of data/adapters/real-adapters.json whose D3d12info report
is kept in data/adapters/reports is that report (imported by the C importer
when the baker runs, with the entry's provenance as metadata); every other
adapter is converted into the profile shape of docs/profiles.md (its `caps`
are already keyed like our `features`),
keeps the provenance (sources, fieldSources, inferred, confidence, ...) under
`metadata`, and adds the hand-written data/profiles/*.json. Names are checked
by the C loader when the built-ins register (tests/unit/test_profiles.c loads
every one), so this script stays a plain converter.
"""
import glob
import json
import os
import sys

import refdata

# real-adapters.json "name" -> our id. Every entry must be listed: a new entry
# upstream makes the build fail here instead of getting a surprising id.
IDS = {
    "NVIDIA GeForce RTX 4090": "nvidia-rtx-4090",
    "NVIDIA GeForce RTX 3080 Ti": "nvidia-rtx-3080-ti",
    "NVIDIA GeForce RTX 3060 Laptop GPU": "nvidia-rtx-3060-laptop",
    "NVIDIA GeForce RTX 2080": "nvidia-rtx-2080",
    "NVIDIA GeForce GTX 1080 Ti": "nvidia-gtx-1080-ti",
    "AMD Radeon RX 7900 XTX": "amd-rx-7900-xtx",
    "AMD Radeon(TM) Graphics (Radeon 680M, Rembrandt)": "amd-radeon-680m",
    "AMD Radeon(TM) Graphics (Radeon 680M, Rembrandt) - Adrenalin 25.9.1": "amd-radeon-680m-25-9-1",
    "AMD Radeon(TM) Graphics (Granite Ridge iGPU)": "amd-radeon-granite-ridge",
    "AMD Radeon RX 5700 XT": "amd-rx-5700-xt",
    "AMD Radeon RX Vega 64": "amd-rx-vega-64",
    "AMD Radeon RX 580": "amd-rx-580",
    "Intel(R) Arc(TM) A770 Graphics": "intel-arc-a770",
    "Intel(R) Iris(R) Xe Graphics": "intel-iris-xe",
    "Intel(R) HD Graphics 530": "intel-hd-530",
    "Qualcomm(R) Adreno(TM) X1-85 GPU": "qualcomm-adreno-x1-85",
    "Microsoft Basic Render Driver (WARP, Windows 11 24H2/25H2 inbox)": "warp",
    "Microsoft Basic Render Driver (WARP, Microsoft.Direct3D.WARP 1.0.19 NuGet)": "warp-nuget-1-0-19",
    "Microsoft Basic Render Driver (WARP, Windows 11 22H2/23H2 inbox)": "warp-22621",
    "NVIDIA GeForce RTX 5070 Ti": "nvidia-rtx-5070-ti",
}

# Partial entries completed from a closer relative (the upstream driverNote of
# the NuGet WARP says to use the 24H2 inbox WARP for every field it lacks).
INHERITS = {
    "warp-nuget-1-0-19": "warp",
}

# Memory sizes of entries without a capture: the boards' published memory
# size (discrete) or half of a 32 GiB host as Windows shares it (integrated).
# They are identity, not capabilities, and are flagged in metadata.
GIB = 1 << 30
BOARD_MEMORY = {
    "nvidia-rtx-2080": (8 * GIB, 16 * GIB),
    "nvidia-gtx-1080-ti": (11 * GIB, 16 * GIB),
    "amd-rx-7900-xtx": (24 * GIB, 16 * GIB),
    "amd-rx-5700-xt": (8 * GIB, 16 * GIB),
    "amd-rx-vega-64": (8 * GIB, 16 * GIB),
    "amd-rx-580": (8 * GIB, 16 * GIB),
    "intel-iris-xe": (128 << 20, 16 * GIB),
    "intel-hd-530": (128 << 20, 16 * GIB),
    "qualcomm-adreno-x1-85": (0, 16 * GIB),
}

# The user-mode driver version (CheckInterfaceSupport(IDXGIDevice), every
# D3D10+ adapter of Windows answers it) of entries without a capture: an
# observed version where a source names one for this GPU, else the version of
# a report of the same vendor whose driver package served this GPU in that
# period, marked "inferred" (metadata.umdVersion names the basis and the
# sources). A profile that states none gets the loader's synthetic version
# (docs/profiles.md).
UMD_VERSIONS = {
    "nvidia-rtx-2080": ("31.0.15.5186", "inferred", ["DUMP-nvidia-rtx-3080-ti"],
                        "the nvidia-rtx-3080-ti report's driver (R550, April 2024): one NVIDIA package served Turing "
                        "through Ada then"),
    "nvidia-gtx-1080-ti": ("31.0.15.5186", "inferred", ["DUMP-nvidia-rtx-3080-ti"],
                           "the nvidia-rtx-3080-ti report's driver (R550, April 2024): one NVIDIA package served Pascal "
                           "through Ada then"),
    "amd-rx-7900-xtx": ("31.0.24033.1003", "inferred", ["DUMP-amd-radeon-680m-rembrandt-24.5.1"],
                        "the amd-radeon-680m report's driver (Adrenalin 24.5.1), whose package served RDNA1 to RDNA3"),
    "amd-rx-5700-xt": ("31.0.24033.1003", "inferred", ["DUMP-amd-radeon-680m-rembrandt-24.5.1"],
                       "the amd-radeon-680m report's driver (Adrenalin 24.5.1), whose package served RDNA1 to RDNA3"),
    "amd-rx-vega-64": ("31.0.24033.1003", "inferred", ["DUMP-amd-radeon-680m-rembrandt-24.5.1"],
                       "the amd-radeon-680m report's driver (Adrenalin 24.5.1); Vega and Polaris had a package of their "
                       "own from late 2023, of the same release numbers, whose UMD version is not in the record"),
    "amd-rx-580": ("31.0.24033.1003", "inferred", ["DUMP-amd-radeon-680m-rembrandt-24.5.1"],
                   "the amd-radeon-680m report's driver (Adrenalin 24.5.1); Vega and Polaris had a package of their own "
                   "from late 2023, of the same release numbers, whose UMD version is not in the record"),
    "intel-iris-xe": ("31.0.101.5333", "observed", ["SLANG-6171-IRISXE-FP64"],
                      "an Iris Xe's driver named in shader-slang/slang#6171"),
    "intel-hd-530": ("31.0.101.5333", "inferred", ["SLANG-6171-IRISXE-FP64"],
                     "the Iris Xe observation's driver; Gen9 moved to Intel's legacy 31.0.101.2xxx package in 2022, "
                     "whose exact number is not in the record"),
    "qualcomm-adreno-x1-85": ("31.0.121.1", "observed", ["OTS-QC-DXDIAG"],
                              "the DxDiag of llvm/offload-test-suite's Adreno X1-85 machine (#596)"),
    "warp-nuget-1-0-19": ("10.0.26100.8972", "observed", ["OTS-WARP-1452"],
                          "the capture's driverVersion (Microsoft.Direct3D.WARP 1.0.19)"),
}


def umd_number(text):
    """'a.b.c.d' -> the LARGE_INTEGER CheckInterfaceSupport answers."""
    a, b, c, d = (int(x) for x in text.split("."))
    return (a << 48) | (b << 32) | (c << 16) | d


# Upstream section names that differ from our feature names.
FEATURE_RENAMES = {
    "TIGHT_ALIGNMENT": "D3D12_TIGHT_ALIGNMENT",
}

# The rule for an adapter without a report of its own: its per-process GPU
# virtual address space is at least what every real report (confidence
# "dump") of its generation (targetClass) states, else of its vendor: the
# smallest such value (NVIDIA: 40 bits, every NVIDIA report; AMD and Intel:
# 48). The feature-level floor (31 bits at 11_0) is no real adapter's size,
# and a space smaller than the vendor's ever is makes an application run out
# of addresses that fit on every real adapter (docs/profiles.md, "Address space
# of inferred adapters").
VA_FIELD = "MaxGPUVirtualAddressBitsPerProcess"
VA_SECTION = "GPU_VIRTUAL_ADDRESS_SUPPORT"


def address_space_floors(real):
    """{(kind, key): {report id: bits}} for kind "class" (the entry's
    targetClass) and "vendor" (its vendorId), over the dump entries."""
    floors = {}
    for entry in real:
        bits = (entry.get("caps", {}).get(VA_SECTION) or {}).get(VA_FIELD)
        if entry.get("confidence") != "dump" or bits is None:
            continue
        for key in (("class", entry.get("targetClass")), ("vendor", int(str(entry["vendorId"]), 16))):
            floors.setdefault(key, {})[IDS[entry["name"]]] = bits
    return floors


def address_space_floor(entry, floors):
    """(bits, kind, {report id: bits}) for an entry without a report of its
    own, or None."""
    if (entry.get("caps", {}).get(VA_SECTION) or {}).get(VA_FIELD) is not None or IDS[entry["name"]] in INHERITS:
        return None
    for kind, key in (("class", entry.get("targetClass")), ("vendor", int(str(entry["vendorId"]), 16))):
        if (kind, key) in floors:
            reports = floors[(kind, key)]
            return min(reports.values()), kind, reports
    return None


DXGI_ADAPTER_FLAG_SOFTWARE = 2
# Keys of an upstream entry that become profile keys rather than metadata.
CONSUMED = {"caps", "lowerBounds"}


def hex_id(text):
    return "0x%X" % int(text, 16) if isinstance(text, str) else "0x%X" % text


def convert(index, entry, floors):
    name = entry["name"]
    if name not in IDS:
        raise SystemExit("gen_profiles.py: no id for real adapter %r; add it to IDS" % name)
    pid = IDS[name]
    if pid not in UMD_VERSIONS:
        raise SystemExit("gen_profiles.py: %s has no report; give it a driver version in UMD_VERSIONS" % pid)
    profile = {"id": pid, "description": entry.get("dxgiDescription", name)}
    if pid in INHERITS:
        profile["inherits"] = INHERITS[pid]

    adapter = {"vendorId": hex_id(entry["vendorId"]), "deviceId": hex_id(entry["deviceId"])}
    if "subSysId" in entry:
        adapter["subSysId"] = hex_id(entry["subSysId"])
    if "revision" in entry:
        adapter["revision"] = entry["revision"]
    capture = entry.get("capture", {})
    notes = []
    if "dedicatedVideoMemory" in capture:
        adapter["dedicatedVideoMemory"] = capture["dedicatedVideoMemory"]
        adapter["dedicatedSystemMemory"] = 0
        adapter["sharedSystemMemory"] = capture["sharedSystemMemory"]
    elif pid in BOARD_MEMORY:
        video, shared = BOARD_MEMORY[pid]
        adapter["dedicatedVideoMemory"] = video
        adapter["dedicatedSystemMemory"] = 0
        adapter["sharedSystemMemory"] = shared
        notes.append("memory sizes are the board's published size / half of a 32 GiB host, not a capture")
    if "dxgiAdapterFlags" in capture:
        adapter["software"] = bool(capture["dxgiAdapterFlags"] & DXGI_ADAPTER_FLAG_SOFTWARE)
    elif pid not in INHERITS:
        adapter["software"] = False
    adapter["nodeCount"] = 1
    umd = UMD_VERSIONS.get(pid)
    if umd:
        adapter["umdVersion"] = str(umd_number(umd[0]))
    profile["adapter"] = adapter

    features = {}
    for section, fields in entry["caps"].items():
        features[FEATURE_RENAMES.get(section, section)] = fields
    profile["features"] = features
    bounds = {}
    for path, value in (entry.get("lowerBounds") or {}).items():
        section, field = path.split(".", 1)
        bounds[FEATURE_RENAMES.get(section, section) + "." + field] = value
    va = address_space_floor(entry, floors)
    va_path = VA_SECTION + "." + VA_FIELD
    if va and va[0] > bounds.get(va_path, 0):
        bounds[va_path] = va[0]
        notes_va = {"value": va[0], "rule": "at least every real report of its %s" % ("generation" if va[1] == "class"
                    else "vendor"), "reports": va[2]}
    else:
        notes_va = None
    if bounds:
        profile["lowerBounds"] = bounds

    metadata = {"generatedFrom": "data/adapters/real-adapters.json[%d]" % index}
    for key, value in entry.items():
        if key not in CONSUMED:
            metadata[key] = value
    if notes:
        metadata["identityNotes"] = notes
    if notes_va:
        metadata["inferredAddressSpace"] = notes_va
    if umd:
        metadata["umdVersion"] = {"version": umd[0], "basis": umd[1], "sources": umd[2], "note": umd[3]}
    profile["metadata"] = metadata
    return profile


def report_builtin(data_dir, index, entry):
    """A dump entry whose D3d12info report is kept under data/adapters/reports:
    the report itself is the built-in (imported by the C importer at bake
    time, caps_builtin_profile_text), with the entry's provenance as extra
    metadata. None for the others."""
    raw = entry.get("rawDump")
    if not raw:
        return None
    rel = "data/adapters/reports/" + os.path.basename(raw)
    path = os.path.join(data_dir, "adapters", "reports", os.path.basename(raw))
    if not os.path.exists(path):
        raise SystemExit("gen_profiles.py: %s names %s, which is not in data/adapters/reports" % (entry["name"], raw))
    pid = IDS[entry["name"]]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    metadata = {"generatedFrom": "%s (data/adapters/real-adapters.json[%d] for the provenance)" % (rel, index)}
    for key, value in entry.items():
        if key not in CONSUMED and key not in ("descriptorHandleIncrementSize",):
            metadata[key] = value
    return ("built-in:%s" % pid, pid, None, text, rel, json.dumps(metadata, ensure_ascii=False))


def main():
    args = sys.argv[1:]
    dump_dir = None
    if "--dump-dir" in args:
        i = args.index("--dump-dir")
        dump_dir = args[i + 1]
        del args[i:i + 2]
    data_dir, out_path = args
    with open(os.path.join(data_dir, "adapters", "real-adapters.json"), encoding="utf-8") as f:
        real = json.load(f)

    floors = address_space_floors(real)
    profiles = []  # (origin, id, inherits, text, report path or None, extra metadata or None)
    for i, entry in enumerate(real):
        b = report_builtin(data_dir, i, entry)
        if b:
            profiles.append(b)
            continue
        p = convert(i, entry, floors)
        profiles.append(("built-in:%s" % p["id"], p["id"], p.get("inherits"),
                         json.dumps(p, indent=2, ensure_ascii=False), None, None))
    for path in sorted(glob.glob(os.path.join(data_dir, "profiles", "*.json"))):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        p = json.loads(text)
        profiles.append(("data/profiles/" + os.path.basename(path), p.get("id"), p.get("inherits"), text, None, None))

    # Parents register before their children.
    seen = set()
    for origin, pid, parent, _, _, _ in profiles:
        if parent and parent not in seen:
            raise SystemExit("gen_profiles.py: %s inherits %r, which is not an earlier built-in" % (origin, parent))
        if pid in seen:
            raise SystemExit("gen_profiles.py: duplicate id %r" % pid)
        seen.add(pid)

    out = ["/* Generated by tools/gen_profiles.py from data/adapters/real-adapters.json and",
           " * the JSON files of data/profiles. Do not edit. */",
           "#include <stddef.h>",
           "#include \"caps/adapter.h\"",
           "",
           "const struct caps_builtin_profile caps_builtin_profiles[] = {"]
    for origin, pid, _, text, report, metadata in profiles:
        out.append("    {%s, %s," % (refdata.c_string(origin), refdata.c_string(pid)))
        body = text.encode("utf-8")
        out.append("        " + "\n        ".join(refdata.c_string_lines(body)) + ",")
        out.append("        %d," % len(body))
        out.append("        %s," % (refdata.c_string(report) if report else "NULL"))
        out.append("        %s}," % ("\n        ".join(refdata.c_string_lines(metadata.encode("utf-8"))) if metadata else "NULL"))
    out.append("};")
    out.append("const size_t caps_builtin_profile_count = %d;" % len(profiles))
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")

    if dump_dir:
        os.makedirs(dump_dir, exist_ok=True)
        for origin, pid, _, text, _, _ in profiles:
            with open(os.path.join(dump_dir, pid + ".json"), "w", encoding="utf-8") as f:
                f.write(text)


if __name__ == "__main__":
    main()
