"""same-results.py A.sarif DIR: the results of scripts/mapcost's SARIF (A)
and of the plugin's own (-mapcost-report-format=sarif, the one .sarif file
in DIR) agree in rule, level, message, locations, fingerprint and
suppression; prints their count."""
import json
import os
import sys

KEYS = ("ruleId", "ruleIndex", "level", "message", "locations", "relatedLocations",
        "partialFingerprints", "suppressions")


def results(path):
    run = json.load(open(path))["runs"][0]
    return run["originalUriBaseIds"], [{k: r.get(k) for k in KEYS} for r in run["results"]]


script = results(sys.argv[1])
reports = [f for f in os.listdir(sys.argv[2]) if f.endswith(".sarif")]
assert len(reports) == 1, reports
plugin = results(os.path.join(sys.argv[2], reports[0]))
for a, b in zip(script[1], plugin[1]):
    assert a == b, "\nscript: %s\nplugin: %s" % (a, b)
assert script == plugin
print("same results:", len(script[1]))
