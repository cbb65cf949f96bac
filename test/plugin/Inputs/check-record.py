"""check-record.py OPT_VIEWER_DIR FILE.opt.yaml: reads an optimization
record with opt-viewer's own parser (optrecord.py) and prints, per mapcost
remark kind and function, the kind of record and the keys of its arguments,
for FileCheck."""
import sys

sys.path.insert(0, sys.argv[1])
import optrecord  # noqa: E402

_, remarks, _ = optrecord.get_remarks(sys.argv[2])
seen = set()
for r in sorted(remarks.values(), key=lambda r: (r.Function, r.Name, r.Line, r.Column)):
    if r.Pass != "mapcost":
        continue
    keys = [k for arg in r.Args for k, _ in arg if k not in ("String", "DebugLoc")]
    line = "%s %s %s: %s" % (type(r).__name__, r.Name, r.Function,
                             " ".join(dict.fromkeys(keys)))
    if line not in seen:
        seen.add(line)
        print(line)
