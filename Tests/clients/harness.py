"""What every end-to-end check of a built `hig` shares: the client checks beside this file
(mcp_client_test.py, datasette_test.py) and Tests/Archive/archive_test.py import it.

A script calls `check(name, condition, detail)` once per fact, which prints `ok    name` or
`FAIL  name detail`; `run_checks` runs the script's body, counts an exception (a hang past its
time limit, a crash of `hig`, a protocol failure) as one more failure, prints `N passed, M failed`
and exits 1 on any failure, which ends `.ci/run`. The folders a script asks for are removed when
it exits, whatever happened.
"""

import atexit
import os
import shutil
import subprocess
import sys
import tempfile

# Tests/clients/harness.py -> the repository.
REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED_EDITIONS = os.path.join(REPOSITORY, "Tests", "Fixtures", "seed-editions")

passed = 0
failed = 0


def check(name, condition, detail=""):
    """Counts one check and prints one line for it."""
    global passed, failed
    if condition:
        passed += 1
        print(f"ok    {name}")
    else:
        failed += 1
        print(f"FAIL  {name} {detail}")


def temporary_folder(prefix):
    """A new folder, removed with everything in it when the script exits."""
    folder = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def hig_environment(editions=None):
    """This process's environment without the user's HIG_DB and HIG_EDITIONS, with `editions`
    as HIG_EDITIONS when given, so that `hig` reads only what the check names."""
    environment = dict(os.environ)
    environment.pop("HIG_DB", None)
    environment.pop("HIG_EDITIONS", None)
    if editions:
        environment["HIG_EDITIONS"] = editions
    return environment


def run(command, timeout, check=False):
    """Runs `command` to its end with no input and a time limit, its output collected as text."""
    return subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=timeout,
                          check=check, env=hig_environment())


def run_checks(usage, arguments, body):
    """Runs `body(*sys.argv[1:])` when it has `arguments` (a range of counts), then prints the
    tally and exits: 0 when every check passed, 1 otherwise."""
    global failed
    given = sys.argv[1:]
    if len(given) not in arguments:
        sys.exit(f"usage: {usage}")
    try:
        body(*given)
    except Exception as error:  # a hang, a crash of hig, a protocol failure: the checks after it did not run
        failed += 1
        print(f"FAIL  the checks ended early: {type(error).__name__}: {error}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
