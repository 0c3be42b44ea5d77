#!/usr/bin/env python3
"""The engine start-up example (examples/engine-startup/) as a test.

usage: check_engine_startup.py shaders GENERATOR SHADER_DIR
       check_engine_startup.py run CLI SHADER_DIR PROGRAM [RUNNER...]

shaders: GENERATOR (tests/examples/make_engine_shaders.c) writes the
shaders again into a temporary directory; they must be the checked-in files,
byte for byte.

run: for every built-in adapter (`CLI adapters --json`), PROGRAM runs on a
machine of that adapter (MOCKD3D12_ADAPTERS), through RUNNER when given
(`wine` for the Windows build):
  * the checking run must end with "engine start-up complete on ..." and exit 0;
  * the run with --skip-checks must do the same when the checking run adapted
    nothing; else it must exit 1 with "refused: STEP: HRESULT: MESSAGE", where
    STEP is the first step the checking run adapted and MESSAGE names the
    capability that adaptation named ("adapt: STEP: STRUCT.FIELD is ..." names
    FIELD);
  * for each step the checking run adapted, the run with --skip-check=STEP
    (that check alone skipped) must be refused at STEP in the same way.
Prints one line per adapter; exit status 1 when any adapter failed.
"""
import filecmp
import json
import os
import re
import subprocess
import sys
import tempfile

ADAPT = re.compile(r"^adapt: ([^:]+): (?:[A-Z0-9_]+\.)?([A-Za-z0-9_]+) ")
REFUSED = re.compile(r"^refused: ([^:]+): (0x[0-9a-f]{8}): (.*)$")
COMPLETE = re.compile(r"^engine start-up complete on .+$")


def check_shaders(generator, shader_dir):
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([generator, tmp], check=True)
        made = sorted(os.listdir(tmp))
        kept = sorted(os.listdir(shader_dir))
        if made != kept:
            print("the shaders are %s, the generator writes %s" % (kept, made))
            return 1
        _, mismatch, errors = filecmp.cmpfiles(tmp, shader_dir, made, shallow=False)
        if mismatch or errors:
            print("not what the generator writes: %s; run %s %s" % (mismatch + errors, generator, shader_dir))
            return 1
    print("%d shaders, as the generator writes them" % len(made))
    return 0


def run(runner, program, shader_dir, adapter, option):
    env = dict(os.environ, MOCKD3D12_ADAPTERS=adapter)
    args = runner + [program] + ([option] if option else []) + [shader_dir]
    p = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)
    lines = [l.rstrip("\r") for l in p.stdout.splitlines()]
    return p.returncode, lines


def refused_at(runner, program, shader_dir, adapter, option, step, field):
    """None when the run with `option` is refused at `step` naming `field`."""
    status, lines = run(runner, program, shader_dir, adapter, option)
    refused = REFUSED.match(lines[-1]) if lines else None
    if status != 1 or not refused:
        return "%s was not refused at %s (%s): exit %d, %s" % (option, step, field, status, lines[-1:] or "no output")
    if refused.group(1) != step:
        return "%s was refused at %s, expected %s (%s): %s" % (option, refused.group(1), step, field, lines[-1])
    if field not in refused.group(3):
        return "%s was refused at %s with a message not naming %s: %s" % (option, step, field, refused.group(3))
    return None


def check_adapter(runner, program, shader_dir, adapter):
    status, lines = run(runner, program, shader_dir, adapter, None)
    if status != 0 or not lines or not COMPLETE.match(lines[-1]):
        return "the checking run: exit %d, %s" % (status, lines[-1:] or "no output"), 0
    adapted = [ADAPT.match(l) for l in lines if l.startswith("adapt: ")]
    if None in adapted:
        return "an adapt line names no STRUCT.FIELD: %s" % lines, 0
    if not adapted:
        status, skipped = run(runner, program, shader_dir, adapter, "--skip-checks")
        if status != 0 or not skipped or not COMPLETE.match(skipped[-1]):
            return "nothing to adapt, but --skip-checks: exit %d, %s" % (status, skipped[-1:] or "no output"), 0
        return None, 0
    problem = refused_at(runner, program, shader_dir, adapter, "--skip-checks", adapted[0].group(1),
                         adapted[0].group(2))
    for m in adapted:
        problem = problem or refused_at(runner, program, shader_dir, adapter, "--skip-check=" + m.group(1),
                                        m.group(1), m.group(2))
    return problem, len(adapted)


def check_run(cli, shader_dir, program, runner):
    adapters = json.loads(subprocess.run([cli, "adapters", "--json"], check=True, capture_output=True,
                                         text=True).stdout)
    failures = refusals = 0
    for adapter in adapters:
        problem, adapted = check_adapter(runner, program, shader_dir, adapter["id"])
        print("%s: %s" % (adapter["id"], problem or ("ok, %d step(s) adapted and refused without the check" % adapted
                                                      if adapted else "ok, nothing to adapt")))
        failures += problem is not None
        refusals += adapted
    print("%d adapters, %d failed; %d refusals checked" % (len(adapters), failures, refusals))
    return 1 if failures or not adapters else 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "shaders":
        return check_shaders(sys.argv[2], sys.argv[3])
    if len(sys.argv) >= 5 and sys.argv[1] == "run":
        return check_run(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
