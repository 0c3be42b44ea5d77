#!/usr/bin/env python3
"""Tests of `mockd3d12 fault-check` over examples/device_lost.c: the wrong
path is flagged at exactly its mishandled sites (a crash after an
out-of-memory, a hang after a removal) with exit status 1, the careful path
at none with 0, the leaky one only with --leaks; then the reports (JUnit
parsed with xml.etree, JSON), shards that cover the sweep exactly once, and
the runs that cannot happen (exit status 2).

Then examples/budget_change.c: its wrong path (it drops its cache when the
budget falls below the usage, and goes on writing into it) is flagged at
exactly the budget:0 sites of ExecuteCommandLists, its careful path at none;
and --sweep.

And tests/cli/occlusion_probe.c: a present loop whose wrong path aborts on
DXGI_STATUS_OCCLUDED is flagged at exactly its Present#N occluded sites.

usage: test_fault_check.py PATH/TO/mockd3d12 PATH/TO/device_lost SOURCE_DIR [PATH/TO/budget_change
                           [PATH/TO/occlusion_probe]]
       test_fault_check.py --html PATH/TO/mockd3d12 PATH/TO/device_lost SOURCE_DIR
The second form loads the --html page in headless Chromium and checks its
DOM; it exits 77 (CTest: skipped) when no chromium is installed.
"""
import json
import os
import re
import sys
import tempfile
import xml.etree.ElementTree as ET

import cli_harness

html_mode = sys.argv[1] == "--html"
if html_mode:
    sys.argv.pop(1)
cli, program, source_dir = sys.argv[1], sys.argv[2], sys.argv[3]
budget_program = sys.argv[4] if len(sys.argv) > 4 else None
occlusion_program = sys.argv[5] if len(sys.argv) > 5 else None

# Quick hangs: the wrong path's Signal loop is killed after a second.
FAST = ["--adapters", "warp", "--timeout", "1"]
# The sites device_lost's frame loop has: 1 queue, allocator, list and fence,
# 2 buffers, 3 frames; the start-up budget is named by the first creation; the
# budget drops below the usage at each ExecuteCommandLists (after its buffers:
# nothing more is created, so every path goes on to a clean exit).
FRAME_BUDGETS = {"ExecuteCommandLists#1 budget:0", "ExecuteCommandLists#2 budget:0", "ExecuteCommandLists#3 budget:0"}
SITES = {"CreateCommandQueue#1 oom", "CreateCommandAllocator#1 oom", "CreateCommandList#1 oom", "CreateFence#1 oom",
         "CreateCommittedResource#1 oom", "CreateCommittedResource#2 oom", "ExecuteCommandLists#1 remove:hung",
         "ExecuteCommandLists#2 remove:hung", "ExecuteCommandLists#3 remove:hung",
         "CreateCommandQueue#1 budget:0"} | FRAME_BUDGETS
WRONG = {"CreateCommittedResource#1 oom": "crashed (SIGSEGV)", "CreateCommittedResource#2 oom": "crashed (SIGSEGV)",
         "ExecuteCommandLists#1 remove:hung": "hung (killed after 1 s)",
         "ExecuteCommandLists#2 remove:hung": "hung (killed after 1 s)",
         "ExecuteCommandLists#3 remove:hung": "hung (killed after 1 s)",
         # WARP's upload heaps are local memory: with a budget of 0 its buffer fails too.
         "CreateCommandQueue#1 budget:0": "crashed (SIGSEGV)"}


harness = cli_harness.Harness(cli, timeout=240)
run, check = harness.run, harness.check
clean_env = cli_harness.clean_env


def lines(out, mark):
    """The site lines of the text report with this mark: {"SITE FAULT": "outcome"}."""
    found = {}
    for m in re.finditer(r"^  %s +(\S+ \S+): (.*)$" % mark, out, re.M):
        found[m.group(1)] = m.group(2)
    return found


if html_mode:
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "fault-check.html")
        rc, out, err = run(["fault-check"] + FAST + ["--html", page, program, "wrong"])
        check("html: fault-check ran, a site flagged", rc == 1, out + err)
        dom = cli_harness.browser_dom(page, tmp)
        rows = re.findall(r'<td class="site">([^<]*)</td><td>([^<]*)</td>.*?<td class="verdict (\w+)">([^<]*)', dom)
        check("html: one row per site", {"%s %s" % (r[0], r[1]) for r in rows} == SITES, dom[:3000])
        for site, fault, cls, mark in rows:
            key = "%s %s" % (site, fault)
            check("html: %s: colour class and text mark" % key,
                  (cls, "FLAGGED" in mark) == (("flagged", True) if key in WRONG else ("handled", False)), mark)
        check("html: the verdicts name the call and the fault",
              "CreateCommittedResource#2 oom: crashed (SIGSEGV)" in dom
              and "ExecuteCommandLists#3 remove:hung: hung (killed after 1 s)" in dom, dom[:3000])
        check("html: a section per flagged run", dom.count('class="flagged-run"') == len(WRONG), dom[-3000:])
        check("html: no script and no outside resource", "<script" not in dom and "http" not in dom.split("<body")[1],
              dom[:2000])
    harness.finish()

# ---- The verdicts ----

rc, out, err = run(["fault-check"] + FAST + [program, "correct"])
check("correct: exit 0", rc == 0, out + err)
check("correct: every site found, each handled", set(lines(out, "ok")) == SITES and not lines(out, "FLAGGED"), out)
check("correct: the summary", "1 adapter(s): 13 fault site(s), 13 handled, 0 flagged" in out, out)
check("correct: a frame's budget site ran to the end", lines(out, "ok").get("ExecuteCommandLists#2 budget:0")
      == "handled (exit status 0)", out)
check("correct: a handled site says how the program ended",
      lines(out, "ok").get("CreateFence#1 oom") == "handled (exit status 1)", out)

rc, out, err = run(["fault-check"] + FAST + [program, "wrong"])
check("wrong: exit 1", rc == 1, out + err)
check("wrong: exactly the mishandled sites flagged, each naming the call, the fault and the outcome",
      lines(out, "FLAGGED") == WRONG, out)
check("wrong: the others handled", set(lines(out, "ok")) == SITES - set(WRONG), out)
check("wrong: the plan of each flagged run", "MOCKD3D12_FAULTS=oom@CreateCommittedResource#2" in out, out)

rc, out, err = run(["fault-check"] + FAST + ["--", program, "leaky"])
check("leaky without --leaks: exit 0 ('--' before the program works too)", rc == 0 and not lines(out, "FLAGGED"),
      out + err)
rc, out, err = run(["fault-check", "--leaks"] + FAST + [program, "leaky"])
leaked = lines(out, "FLAGGED")
check("leaky with --leaks: exit 1, each site (where it gave up) flagged with the objects alive at exit",
      rc == 1 and set(leaked) == SITES - FRAME_BUDGETS and leaked["CreateCommandQueue#1 oom"] == "leaked (1 object(s) alive at exit; "
      "exit status 1)" and leaked["CreateFence#1 oom"] == "leaked (4 object(s) alive at exit; exit status 1)"
      and leaked["ExecuteCommandLists#1 remove:hung"].startswith("leaked (7 object(s)"), out + err)
rc, out, err = run(["fault-check", "--leaks"] + FAST + [program, "correct"])
check("correct with --leaks: exit 0", rc == 0, out + err)

rc, out, err = run(["fault-check", "--max-calls", "1"] + FAST + [program, "correct"])
check("--max-calls 1: only each method's first call",
      set(lines(out, "ok")) == {s for s in SITES if "#1 " in s}, out)

# ---- The reports ----

with tempfile.TemporaryDirectory() as tmp:
    junit, js = os.path.join(tmp, "f.xml"), os.path.join(tmp, "f.json")
    rc, out, err = run(["fault-check"] + FAST + ["--junit", junit, "--json", js, program, "wrong"])
    suites = ET.parse(junit).getroot()
    cases = suites.findall("./testsuite/testcase")
    check("junit: one test case per site, classname the adapter, name the site and fault",
          {c.get("name") for c in cases} == SITES and {c.get("classname") for c in cases} == {"warp"},
          open(junit).read()[:3000])
    check("junit: the counts", suites.get("tests") == "13" and suites.get("failures") == "6", open(junit).read()[:500])
    failures = {c.get("name"): c.find("failure").get("message") for c in cases if c.find("failure") is not None}
    check("junit: each failure's message is the verdict",
          failures == {k: "%s: %s" % (k, v) for k, v in WRONG.items()}, repr(failures))
    check("junit: a handled site carries its output",
          next(c for c in cases if c.get("name") == "CreateFence#1 oom").find("system-out").text
          == "device_lost: CreateFence failed: 0x8007000e\n", open(junit).read()[:3000])
    data = json.load(open(js))
    by_site = {s["site"] + " " + s["fault"]: s for s in data["sites"]}
    check("json: every site", set(by_site) == SITES, json.dumps(data)[:3000])
    check("json: summary", data["summary"] == {"sites": 13, "handled": 7, "flagged": len(WRONG),
                                              "leakedWithoutFaults": 0}, repr(data["summary"]))
    crash = by_site["CreateCommittedResource#2 oom"]
    check("json: a crash: status, signal, plan, verdict",
          crash["status"] == "crashed" and crash["signalName"] == "SIGSEGV" and crash["flagged"]
          and crash["MOCKD3D12_FAULTS"] == "oom@CreateCommittedResource#2" and crash["call"] == 2
          and crash["method"] == "CreateCommittedResource" and crash["exitCode"] is None, repr(crash))
    hang = by_site["ExecuteCommandLists#1 remove:hung"]
    check("json: a hang", hang["status"] == "hung" and hang["flagged"]
          and hang["MOCKD3D12_FAULTS"] == "remove:hung@ExecuteCommandLists#1", repr(hang))
    budget = by_site["CreateCommandQueue#1 budget:0"]
    check("json: the start-up budget: named by the first creation, its plan every creation's #1",
          budget["method"] == "CreateCommandQueue" and budget["call"] == 1
          and "budget:0@CreateCommittedResource#1" in budget["MOCKD3D12_FAULTS"], repr(budget))
    handled = by_site["CreateFence#1 oom"]
    check("json: a handled site", handled["status"] == "exited" and handled["exitCode"] == 1
          and not handled["flagged"], repr(handled))
    check("json: the baseline, the adapters, the options",
          data["baselines"][0]["exitCode"] == 0 and data["adapters"][0]["id"] == "warp"
          and data["timeoutSeconds"] == 1 and data["maxCalls"] == 16
          and data["sweep"] == "oom,remove,budget,occluded" and "creation-budget" in data["notSwept"]
          and "occluded" not in data["notSwept"],
          json.dumps(data)[:2000])

    # Shards: together they cover the sweep once.
    seen = []
    for i in (1, 2, 3):
        path = os.path.join(tmp, "shard%d.json" % i)
        rc, out, err = run(["fault-check", "--shard", "%d/3" % i] + FAST + ["--json", path, program, "correct"])
        seen.append({s["site"] + " " + s["fault"] for s in json.load(open(path))["sites"]})
    check("shards: disjoint, together every site", sum(len(s) for s in seen) == len(SITES)
          and set().union(*seen) == SITES, repr(seen))

    # Two adapters: each swept.
    rc, out, err = run(["fault-check", "--adapters", "warp,fl11-minimal", "--timeout", "1", "--json", js, program,
                        "correct"])
    data = json.load(open(js))
    check("--adapters: each adapter's sites", rc == 0 and len(data["sites"]) == 2 * len(SITES)
          and {s["adapter"] for s in data["sites"]} == {"warp", "fl11-minimal"}, out + err)
    check("no trace left behind", not [n for n in os.listdir(tmp) if n.endswith(".jsonl")], repr(os.listdir(tmp)))

# ---- Budget changes: examples/budget_change.c ----

if budget_program:
    # Its sites: the same creations (1 buffer of frame data, 1 cache), 3 frames.
    BSITES = {"CreateCommandQueue#1 oom", "CreateCommandAllocator#1 oom", "CreateCommandList#1 oom",
              "CreateFence#1 oom", "CreateCommittedResource#1 oom", "CreateCommittedResource#2 oom",
              "CreateCommandQueue#1 budget:0"} | FRAME_BUDGETS | {"ExecuteCommandLists#%d remove:hung" % n
                                                                   for n in (1, 2, 3)}
    # The budget falls at frame N's ExecuteCommandLists; frame N+1 sees it, drops the cache and (wrong) writes
    # into it. After the last frame's there is no next frame: nothing mishandled happens.
    BWRONG = {"ExecuteCommandLists#1 budget:0": "crashed (SIGSEGV)",
              "ExecuteCommandLists#2 budget:0": "crashed (SIGSEGV)"}
    rc, out, err = run(["fault-check"] + FAST + [budget_program, "correct"])
    check("budget correct: exit 0, every site handled", rc == 0 and set(lines(out, "ok")) == BSITES
          and not lines(out, "FLAGGED"), out + err)
    check("budget correct: the budget site ran on without the cache",
          lines(out, "ok").get("ExecuteCommandLists#1 budget:0") == "handled (exit status 0)", out)
    rc, out, err = run(["fault-check"] + FAST + [budget_program, "wrong"])
    check("budget wrong: exit 1, exactly the budget changes it mishandles flagged, naming the call and the fault",
          rc == 1 and lines(out, "FLAGGED") == BWRONG and set(lines(out, "ok")) == BSITES - set(BWRONG), out + err)
    check("budget wrong: the flagged run's plan and output",
          "(MOCKD3D12_FAULTS=budget:0@ExecuteCommandLists#2, " in out
          and "budget_change: over budget (131072 of 0 bytes): the cache goes" in out, out)
    rc, out, err = run(["fault-check", "--sweep", "budget"] + FAST + [budget_program, "wrong"])
    check("--sweep budget: only the budget sites (start-up and each frame)",
          rc == 1 and set(lines(out, "ok")) | set(lines(out, "FLAGGED")) == FRAME_BUDGETS
          | {"CreateCommandQueue#1 budget:0"} and lines(out, "FLAGGED") == BWRONG, out + err)
    rc, out, err = run(["fault-check", "--sweep", "creation-budget,oom"] + FAST + [budget_program, "wrong"])
    swept = set(lines(out, "ok")) | set(lines(out, "FLAGGED"))
    check("--sweep creation-budget: budget:0 at each creation call too, no frame or start-up budget",
          rc == 0 and {"CreateFence#1 budget:0", "CreateCommittedResource#2 budget:0"} <= swept
          and not swept & FRAME_BUDGETS and "(Swept: oom,creation-budget." in out
          # The budget falls at the 2nd buffer's creation: its own charge fails (E_OUTOFMEMORY).
          and lines(out, "ok").get("CreateCommittedResource#2 budget:0") == "handled (exit status 1)", out + err)
    rc, out, err = run(["fault-check", "--sweep", "all", "--max-calls", "1"] + FAST + [budget_program, "correct"])
    check("--sweep all", rc == 0 and "(Swept: oom,remove,budget,occluded,creation-budget." in out, out + err)

# ---- Occluded presents: tests/cli/occlusion_probe.c ----

if occlusion_program:
    # 1 queue, 1 fence and 2 back buffers (the swap chain's, libdxgi's calls through D3D12), 3 frames.
    PRESENTS = {"Present#%d %s" % (n, f) for n in (1, 2, 3) for f in ("remove:hung", "budget:0", "occluded")}
    OSITES = {"CreateCommandQueue#1 oom", "CreateCommittedResource#1 oom", "CreateCommittedResource#2 oom",
              "CreateFence#1 oom", "CreateCommandQueue#1 budget:0"} | PRESENTS
    OWRONG = {"Present#%d occluded" % n: "crashed (SIGABRT, an abort)" for n in (1, 2, 3)}
    rc, out, err = run(["fault-check"] + FAST + [occlusion_program, "correct"])
    check("occlusion correct: exit 0, every site handled, an occluded frame skipped",
          rc == 0 and set(lines(out, "ok")) == OSITES and not lines(out, "FLAGGED")
          and lines(out, "ok")["Present#2 occluded"] == "handled (exit status 0)", out + err)
    rc, out, err = run(["fault-check"] + FAST + [occlusion_program, "wrong"])
    check("occlusion wrong: exit 1, exactly the occluded Presents flagged, naming the call and the fault",
          rc == 1 and lines(out, "FLAGGED") == OWRONG and set(lines(out, "ok")) == OSITES - set(OWRONG)
          and "(MOCKD3D12_FAULTS=occluded@Present#3, " in out and "occlusion_probe: frame 3 occluded" in out,
          out + err)
    rc, out, err = run(["fault-check", "--sweep", "oom,remove,budget"] + FAST + [occlusion_program, "wrong"])
    check("--sweep without occluded: nothing flagged", rc == 0 and not lines(out, "FLAGGED")
          and not [s for s in lines(out, "ok") if s.endswith(" occluded")], out + err)

# ---- Cannot run: exit 2 ----

CRASH = [sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"]
HANG = [sys.executable, "-c", "import time; time.sleep(30)"]
ROWS = [
    ("no program", ["fault-check"], 2, r"needs a program to run"),
    ("a program that does not exist", ["fault-check", "/nonexistent/program"], 2, r"cannot run '/nonexistent/program'"),
    ("the baseline crashed", ["fault-check", "--adapters", "warp", "--"] + CRASH, 2,
     r"the run without faults on warp crashed \(SIGSEGV\)"),
    ("the baseline hung", ["fault-check", "--adapters", "warp", "--timeout", "0.5", "--"] + HANG, 2,
     r"the run without faults on warp hung \(killed after 0.5 s\)"),
    ("an unknown adapter", ["fault-check", "--adapters", "no-such-gpu", program, "correct"], 2, r"no-such-gpu"),
    ("a bad --max-calls", ["fault-check", "--max-calls", "0", program, "correct"], 2, r"--max-calls needs"),
    ("a bad --sweep", ["fault-check", "--sweep", "oom,hang", program, "correct"], 2, r"--sweep needs fault kinds"),
    ("a bad --shard", ["fault-check", "--shard", "3/2", program, "correct"], 2, r"--shard needs I/N"),
    ("a report that cannot be written", ["fault-check"] + FAST + ["--junit", "/nonexistent/dir/f.xml", program,
                                                                   "correct"], 2, r"cannot write the file"),
]
for name, args, want_rc, pattern in ROWS:
    rc, out, err = run(args)
    check("%s: exit %d, the message" % (name, want_rc), rc == want_rc and re.search(pattern, err) is not None,
          "rc %d\n%s%s" % (rc, out, err))

harness.finish()
