"""What the CLI's Python tests (test_fault_check.py, test_forward_check.py,
test_matrix.py) share: running the CLI without the caller's MOCKD3D12_*
variables, counting checks, and loading an --html page in headless Chromium.

    harness = cli_harness.Harness(cli, timeout=240)
    rc, out, err = harness.run(["matrix", ...], {"MOCKD3D12_FAULTS": "..."})
    harness.check("name", ok, detail)
    dom = cli_harness.browser_dom(page, tmp)   # exits 77 (skipped) without chromium
    harness.finish()                           # "N passed, M failed", exit 1 on a failure
"""
import os
import shutil
import subprocess
import sys


def clean_env(extra=None):
    """This process's environment without MOCKD3D12_* variables, plus `extra`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MOCKD3D12_")}
    env.update(extra or {})
    return env


class Harness:
    def __init__(self, cli, timeout):
        self.cli, self.timeout = cli, timeout
        self.failed = self.checks = 0

    def run(self, args, extra_env=None, **kwargs):
        """The CLI's exit status, stdout and stderr (decoded, errors replaced)."""
        p = subprocess.run([self.cli] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=clean_env(extra_env), timeout=self.timeout, **kwargs)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")

    def check(self, name, ok, detail=""):
        self.checks += 1
        if ok:
            print("ok   %s" % name)
        else:
            self.failed += 1
            print("FAIL %s\n%s" % (name, detail[-3000:]))

    def finish(self):
        print("%d passed, %d failed" % (self.checks - self.failed, self.failed))
        sys.exit(1 if self.failed else 0)


def browser():
    """Debian's chromium, or None."""
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def browser_dom(page, profile_dir):
    """The DOM headless Chromium builds from the file `page`; exits 77 (CTest:
    skipped) when no chromium is installed."""
    chromium = browser()
    if not chromium:
        print("SKIP: no chromium on this machine (Debian's package 'chromium'); the --html page was not loaded "
              "in a browser")
        sys.exit(77)
    return subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile_dir,
                           "--dump-dom", "file://" + page], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=120).stdout.decode("utf-8", "replace")
