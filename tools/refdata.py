"""Readers for the reference TSV files in data/reference/.

Shared by the generators in tools/. Every function returns plain lists of dicts
keyed by the TSV header; versions are ints, with NEVER for '-'.
"""
import csv
import os

NEVER = 0xFFFF
LIVE = ("current", "preview-only")


def version(text):
    return NEVER if text in ("-", "") else int(text)


def read_tsv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def write_if_changed(path, text):
    """Writes `text` to `path` unless it already holds exactly that (so make
    does not rebuild what depends on an unchanged generated file)."""
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except OSError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def ref_path(data_dir, name):
    return os.path.join(data_dir, "reference", name)


def features(data_dir):
    """Live D3D12_FEATURE members that pair with a live struct, sorted by value."""
    rows = []
    for r in read_tsv(ref_path(data_dir, "d3d12-features.tsv")):
        if r["status"] not in LIVE:
            continue
        rows.append(r)
    return rows


def struct_fields(data_dir):
    """Live fields of live feature-data structs, grouped by struct in field order."""
    structs = {}
    for r in read_tsv(ref_path(data_dir, "d3d12-feature-structs.tsv")):
        if r["status"] not in LIVE:
            continue
        structs.setdefault(r["struct"], []).append(r)
    for name, fields in structs.items():
        fields.sort(key=lambda r: [int(p) for p in r["field_index"].split(".")])
    return structs


def enum_values(data_dir):
    """Live enum members grouped by enum type, in declaration order."""
    enums = {}
    for r in read_tsv(ref_path(data_dir, "d3d12-enum-values.tsv")):
        if r["status"] not in LIVE:
            continue
        enums.setdefault(r["enum"], []).append(r)
    return enums


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
