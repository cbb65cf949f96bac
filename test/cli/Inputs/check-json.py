"""check-json.py OUT FILE...: checks the output of `%rc scripts/mapcost
--format=json FILE...` (a JSON document, then `exit status N`) against
CONTRACT §3, and prints what FileCheck compares: files, kernels, arrays."""
import json
import sys

text = open(sys.argv[1]).read()
body, _, status = text.rstrip("\n").rpartition("\n")
assert status in ("exit status 0", "exit status 1", "exit status 3"), status
doc = json.loads(body)
assert doc["version"] == 1 and set(doc) == {"version", "files"}, doc.keys()
assert [f["file"] for f in doc["files"]] == sys.argv[2:], doc["files"]
VERDICTS = {"drf", "race", "barrier-divergence", "inconclusive"}
for f in doc["files"]:
    assert set(f) == {"file", "headers", "kernels"}, f.keys()
    assert f["headers"] in ("cuda-sdk", "prelude")
    print("file", f["file"], "headers", f["headers"])
    for k in f["kernels"]:
        for key in ("name", "mangled", "verdict", "checked", "assumptions", "reasons",
                    "arrays", "barrier_divergence", "costs", "total_cost"):
            assert key in k, key
        assert k["verdict"] in VERDICTS, k["verdict"]
        assert set(k["checked"]) == {"block", "grid"}
        assert all(isinstance(x, str) for x in k["assumptions"] + k["reasons"])
        if k["verdict"] == "inconclusive":
            assert k["reasons"], "an inconclusive kernel says why"
        assert isinstance(k["barrier_divergence"], list) and isinstance(k["costs"], list)
        assert isinstance(k["total_cost"], dict)
        assert k["file"].endswith("kernels.cu") and k["line"] > 0
        print("kernel", k["name"], k["mangled"])
        for a in k["arrays"]:
            assert a["space"] in ("shared", "global") and a["verdict"] in VERDICTS - {
                "barrier-divergence"}
            assert isinstance(a["races"], list)
            print("  array", a["name"], a["space"], a["type"])
print("ok")
