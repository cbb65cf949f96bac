"""gpuverify.test's check: the header is included when it exists, and its
absence is an error (exit status 2) when it does not."""
import os
import sys

runtime, out, log = sys.argv[1:]
out = open(out).read()
log = open(log).read() if os.path.exists(log) else ""
if os.path.exists(os.path.join(runtime, "gpuverify.h")):
    assert "-include " in log and "runtime/gpuverify.h race.cu" in log, log
    assert out.endswith("exit status 1\n"), out
else:
    assert "--compat=gpuverify: " in out and "runtime/gpuverify.h is missing" in out, out
    assert out.endswith("exit status 2\n"), out
print("ok")
