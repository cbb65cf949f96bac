"""check-sarif.py SCHEMA LOG: validates a SARIF log against the 2.1.0 schema
(python3-jsonschema) and prints its rules and results for FileCheck."""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
log = json.load(open(sys.argv[2]))
jsonschema.validators.validator_for(schema)(schema).validate(log)
print("valid SARIF", log["version"])
run = log["runs"][0]
rules = run["tool"]["driver"]["rules"]
print("rules:", " ".join(r["id"] for r in rules))


def where(loc):
    p = loc["physicalLocation"]
    a = p["artifactLocation"]
    text = a["uri"]
    if a.get("uriBaseId"):
        assert a["uriBaseId"] in run["originalUriBaseIds"], a
        text = a["uriBaseId"] + "/" + text
    region = p.get("region", {})
    for key in ("startLine", "startColumn"):
        if key in region:
            text += ":%d" % region[key]
    return text


for r in run["results"]:
    assert rules[r["ruleIndex"]]["id"] == r["ruleId"]
    related = r.get("relatedLocations") or []
    print(r["ruleId"], r["level"], where(r["locations"][0]),
          "related", where(related[0]) if related else "-",
          "suppressed=%s" % ("(%s)" % r["suppressions"][0]["justification"]
                             if r.get("suppressions") else "no"),
          "fp=%s" % ("yes" if r.get("partialFingerprints") else "no"))
print("messages:")
for r in run["results"]:
    print(r["message"]["text"])
