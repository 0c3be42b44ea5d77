#!/usr/bin/env python3
"""Checks d3d12.dll's export table against the real runtime's ordinals.

usage: check_exports.py OBJDUMP d3d12.dll

The ordinals are the published ones (docs/windows.md): the ones we implement
must carry their number, the runtime's private ones (100-117 not listed here)
must stay unused, and every other export (the control API, IIDs) must have an
ordinal of 1000 or more, i.e. be listed in src/d3d12.def; GNU ld would give
a forgotten one the lowest free ordinal, one of the runtime's.
"""
import re
import subprocess
import sys

RUNTIME = {
    101: "D3D12CreateDevice",
    102: "D3D12GetDebugInterface",
    107: "D3D12CreateRootSignatureDeserializer",
    108: "D3D12CreateVersionedRootSignatureDeserializer",
    110: "D3D12EnableExperimentalFeatures",
    111: "D3D12GetInterface",
    116: "D3D12SerializeRootSignature",
    117: "D3D12SerializeVersionedRootSignature",
}


def exports(objdump, dll):
    text = subprocess.run([objdump, "-p", dll], check=True, capture_output=True, text=True).stdout
    base = int(re.search(r"Ordinal Base\s+(\d+)", text).group(1))
    table = text.split("[Ordinal/Name Pointer] Table", 1)[1]
    result = {}
    for line in table.splitlines()[1:]:
        m = re.match(r"\s*\[\s*(\d+)\]\s+(\S+)\s*$", line)
        if not m:
            break
        result[m.group(2)] = base + int(m.group(1))
    return result


def main():
    found = exports(sys.argv[1], sys.argv[2])
    errors = []
    for ordinal, name in sorted(RUNTIME.items()):
        if found.get(name) != ordinal:
            errors.append("%s: ordinal %s, expected %d" % (name, found.get(name), ordinal))
    for name, ordinal in sorted(found.items()):
        if name not in RUNTIME.values() and ordinal < 1000:
            errors.append("%s: ordinal %d is in the runtime's range (list it in src/d3d12.def)" % (name, ordinal))
    for e in errors:
        print("check_exports: " + e)
    print("check_exports: %d exports, %d errors" % (len(found), len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
