#!/usr/bin/env python3
"""Validate smatch-ci's machine-readable reports.

    validate_reports.py [--schema-dir DIR] --sarif FILE... --gitlab FILE...

SARIF files are checked against the official SARIF 2.1.0 schema and against
the upload rules of GitHub code scanning that the schema does not express
(every ruleId names a rule of its run, ruleIndex agrees with it, artifact
URIs are relative to a uriBaseId or file: URIs, the documented hard limits).
GitLab Code Quality files are checked item by item against GitLab's schema
and against what GitLab's parser needs besides (a top-level array, known
severities, a relative path and a line, fingerprints unique in the file).

The schemas: --schema-dir, else tests/schemas/ in the source tree (copies
kept in the tree), else <source>/../shared/schemas.

Exit status: 0 every file is valid; 1 some file is not (each problem is
printed as FILE: JSON-PATH: message); 2 usage error or missing schemas.
Needs python3-jsonschema; imports nothing else outside the standard library.
"""
import argparse
import json
import os
import re
import sys

SARIF_SCHEMA = "sarif-schema-2.1.0.json"
GITLAB_SCHEMA = "gitlab-codeclimate-degradation.schema.json"

# GitHub code scanning's hard limits (docs: "SARIF results exceed limits").
MAX_RUNS = 20
MAX_RESULTS = 25000
MAX_RULES = 25000
MAX_EXTENSIONS = 100
MAX_THREAD_FLOW_LOCATIONS = 10000
MAX_LOCATIONS = 1000
MAX_TAGS = 20

SARIF_LEVELS = ("none", "note", "warning", "error")
GITLAB_SEVERITIES = ("info", "minor", "major", "critical", "blocker")


class SchemaMissing(Exception):
    pass


# ---- RFC 3986, enough to tell a URI from a file name -------------------

_PCHAR = r"(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})"
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
_AUTHORITY = re.compile(
    r"^(?:(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*@)?"
    r"(?:\[[0-9A-Fa-f:.vV]+\]|(?:[A-Za-z0-9\-._~!$&'()*+,;=]"
    r"|%[0-9A-Fa-f]{2})*)(?::[0-9]*)?$")
_PATH = re.compile(r"^(?:" + _PCHAR + r"|/)*$")
_QUERY = re.compile(r"^(?:" + _PCHAR + r"|[/?])*$")


def _split(ref):
    """RFC 3986 appendix B: scheme, authority, path, query, fragment."""
    m = re.match(r"^(?:([^:/?#]+):)?(?://([^/?#]*))?([^?#]*)"
                 r"(?:\?([^#]*))?(?:#(.*))?$", ref)
    return m.groups()


def is_uri_reference(ref):
    if not isinstance(ref, str):
        return True  # not this checker's business
    scheme, authority, path, query, fragment = _split(ref)
    if scheme is not None and not _SCHEME.match(scheme + ":"):
        return False
    if scheme is None and ":" in path.split("/", 1)[0]:
        return False  # a relative path whose first segment has ':'
    if authority is not None and not _AUTHORITY.match(authority):
        return False
    if not _PATH.match(path):
        return False
    for part in (query, fragment):
        if part is not None and not _QUERY.match(part):
            return False
    return True


def is_uri(ref):
    if not isinstance(ref, str):
        return True
    return bool(_SCHEME.match(ref)) and is_uri_reference(ref)


# ---- helpers ------------------------------------------------------------

def _no_duplicates(pairs):
    seen = {}
    for k, v in pairs:
        if k in seen:
            raise ValueError("duplicate key %r" % k)
        seen[k] = v
    return seen


def load_json(path):
    """Returns (document, None) or (None, error message)."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        return None, "cannot read: %s" % e
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return None, "not UTF-8: %s" % e
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates), None
    except ValueError as e:
        return None, "not JSON: %s" % e


def schema_dir(explicit=None):
    """The directory holding both schemas, or raise SchemaMissing."""
    if explicit:
        candidates = [explicit]
    else:
        here = os.path.dirname(os.path.abspath(__file__))
        candidates = [os.path.join(here, "..", "schemas")]
        src = os.environ.get("SCI_SOURCE_DIR")
        if src:
            candidates.append(os.path.join(src, "..", "shared", "schemas"))
        candidates.append(os.path.join(here, "..", "..", "..", "shared",
                                       "schemas"))
    for d in candidates:
        d = os.path.normpath(d)
        if all(os.path.isfile(os.path.join(d, s))
               for s in (SARIF_SCHEMA, GITLAB_SCHEMA)):
            return d
    raise SchemaMissing(
        "schemas %s and %s not found in: %s (tests/schemas/ of the source "
        "tree should hold them, or pass --schema-dir)" % (SARIF_SCHEMA, GITLAB_SCHEMA,
                           ", ".join(os.path.normpath(c)
                                     for c in candidates)))


def _validator(schema_path):
    import jsonschema

    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    checker = jsonschema.FormatChecker()
    # jsonschema only checks "uri" when optional packages are installed;
    # these two are what a SARIF consumer relies on, so check them always.
    checker.checks("uri")(is_uri)
    checker.checks("uri-reference")(is_uri_reference)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=checker)


def _path(parts):
    return "$" + "".join("[%d]" % p if isinstance(p, int) else ".%s" % p
                         for p in parts)


def _schema_errors(validator, doc, prefix=()):
    errors = []
    for e in sorted(validator.iter_errors(doc),
                    key=lambda e: [str(p) for p in e.absolute_path]):
        errors.append("%s: %s" % (_path(list(prefix) +
                                        list(e.absolute_path)),
                                  e.message))
    return errors


# ---- SARIF --------------------------------------------------------------

def _check_artifact_location(loc, where, base_ids, errors):
    if not isinstance(loc, dict) or "uri" not in loc:
        return
    uri = loc["uri"]
    if not isinstance(uri, str):
        return
    if "\\" in uri:
        errors.append("%s.uri: backslash in URI %r" % (where, uri))
    if _SCHEME.match(uri):
        if not uri.lower().startswith("file:"):
            errors.append("%s.uri: %r is not a file: URI or a relative "
                          "reference" % (where, uri))
        if "uriBaseId" in loc:
            errors.append("%s: absolute URI %r with a uriBaseId"
                          % (where, uri))
    else:
        if uri.startswith("/"):
            errors.append("%s.uri: %r is relative to the host, not to the "
                          "checkout" % (where, uri))
        base = loc.get("uriBaseId")
        if base is not None and base_ids is not None and base not in base_ids:
            errors.append("%s.uriBaseId: %r is not in originalUriBaseIds"
                          % (where, base))


def _each_physical_location(result):
    """Yields (json-path suffix, physicalLocation) of a result."""
    for key in ("locations", "relatedLocations"):
        for i, loc in enumerate(result.get(key) or []):
            if isinstance(loc, dict) and "physicalLocation" in loc:
                yield "%s[%d].physicalLocation" % (key, i), \
                    loc["physicalLocation"]
    for c, flow in enumerate(result.get("codeFlows") or []):
        for t, tf in enumerate(flow.get("threadFlows") or []):
            for k, tfl in enumerate(tf.get("locations") or []):
                loc = tfl.get("location") or {}
                if "physicalLocation" in loc:
                    yield ("codeFlows[%d].threadFlows[%d].locations[%d]"
                           ".location.physicalLocation" % (c, t, k),
                           loc["physicalLocation"])


def _check_run(run, where, errors):
    driver = run.get("tool", {}).get("driver", {})
    rules = driver.get("rules") or []
    ids = [r.get("id") for r in rules]
    if len(rules) > MAX_RULES:
        errors.append("%s: %d rules, GitHub accepts %d"
                      % (where, len(rules), MAX_RULES))
    seen = set()
    for i, rid in enumerate(ids):
        if rid in seen:
            errors.append("%s.tool.driver.rules[%d]: duplicate rule id %r"
                          % (where, i, rid))
        seen.add(rid)
        tags = (rules[i].get("properties") or {}).get("tags") or []
        if len(tags) > MAX_TAGS:
            errors.append("%s.tool.driver.rules[%d]: %d tags, GitHub "
                          "accepts %d" % (where, i, len(tags), MAX_TAGS))
    if len(run.get("tool", {}).get("extensions") or []) > MAX_EXTENSIONS:
        errors.append("%s.tool.extensions: more than %d"
                      % (where, MAX_EXTENSIONS))

    base_ids = run.get("originalUriBaseIds")
    for name, base in (base_ids or {}).items():
        uri = base.get("uri") if isinstance(base, dict) else None
        if uri is None:
            continue
        w = "%s.originalUriBaseIds.%s.uri" % (where, name)
        if not _SCHEME.match(uri):
            errors.append("%s: %r is not an absolute URI" % (w, uri))
        if not uri.endswith("/"):
            errors.append("%s: %r does not end with '/'" % (w, uri))

    results = run.get("results") or []
    if len(results) > MAX_RESULTS:
        errors.append("%s: %d results, GitHub accepts %d"
                      % (where, len(results), MAX_RESULTS))
    for i, res in enumerate(results):
        w = "%s.results[%d]" % (where, i)
        rid = res.get("ruleId", (res.get("rule") or {}).get("id"))
        if rid is None:
            errors.append("%s: no ruleId" % w)
        elif rid not in seen:
            errors.append("%s.ruleId: %r is not a rule of the run" % (w, rid))
        if "ruleIndex" in res:
            idx = res["ruleIndex"]
            if not (isinstance(idx, int) and 0 <= idx < len(rules)):
                errors.append("%s.ruleIndex: %r is out of range" % (w, idx))
            elif rid is not None and ids[idx] != rid:
                errors.append("%s.ruleIndex: rules[%d] is %r, not %r"
                              % (w, idx, ids[idx], rid))
        level = res.get("level")
        if level is not None and level not in SARIF_LEVELS:
            errors.append("%s.level: %r" % (w, level))
        if not (res.get("message") or {}).get("text"):
            errors.append("%s.message.text: missing or empty" % w)
        if len(res.get("locations") or []) > MAX_LOCATIONS:
            errors.append("%s.locations: more than %d" % (w, MAX_LOCATIONS))
        rel_ids = [l.get("id") for l in res.get("relatedLocations") or []
                   if "id" in l]
        if len(rel_ids) != len(set(rel_ids)):
            errors.append("%s.relatedLocations: duplicate ids" % w)
        for c, flow in enumerate(res.get("codeFlows") or []):
            for t, tf in enumerate(flow.get("threadFlows") or []):
                n = len(tf.get("locations") or [])
                if n > MAX_THREAD_FLOW_LOCATIONS:
                    errors.append("%s.codeFlows[%d].threadFlows[%d]: %d "
                                  "locations, GitHub accepts %d"
                                  % (w, c, t, n, MAX_THREAD_FLOW_LOCATIONS))
        for suffix, phys in _each_physical_location(res):
            _check_artifact_location(phys.get("artifactLocation"),
                                     "%s.%s.artifactLocation" % (w, suffix),
                                     base_ids, errors)
    for i, inv in enumerate(run.get("invocations") or []):
        for j, note in enumerate(inv.get("toolExecutionNotifications") or []):
            for k, loc in enumerate(note.get("locations") or []):
                phys = loc.get("physicalLocation") or {}
                _check_artifact_location(
                    phys.get("artifactLocation"),
                    "%s.invocations[%d].toolExecutionNotifications[%d]"
                    ".locations[%d].physicalLocation.artifactLocation"
                    % (where, i, j, k), base_ids, errors)


def validate_sarif(doc, validator):
    """Returns a list of problems (empty: valid)."""
    errors = _schema_errors(validator, doc)
    if errors or not isinstance(doc, dict):
        return errors  # the rules below assume the schema's shape
    runs = doc.get("runs") or []
    if not runs:
        errors.append("$.runs: no run")
    if len(runs) > MAX_RUNS:
        errors.append("$.runs: %d runs, GitHub accepts %d"
                      % (len(runs), MAX_RUNS))
    for i, run in enumerate(runs):
        _check_run(run, "$.runs[%d]" % i, errors)
    return errors


# ---- GitLab Code Quality ------------------------------------------------

def validate_gitlab(doc, validator):
    """Returns a list of problems (empty: valid)."""
    if not isinstance(doc, list):
        return ["$: a Code Quality report is a JSON array, not %s"
                % type(doc).__name__]
    errors = []
    fingerprints = {}
    for i, item in enumerate(doc):
        w = "$[%d]" % i
        item_errors = _schema_errors(validator, item, (i,))
        errors.extend(item_errors)
        if item_errors or not isinstance(item, dict):
            continue
        if not isinstance(item.get("check_name"), str) or \
                not item["check_name"]:
            errors.append("%s.check_name: missing or empty" % w)
        if not item["description"]:
            errors.append("%s.description: empty" % w)
        if item["severity"] not in GITLAB_SEVERITIES:
            errors.append("%s.severity: %r is not one of %s"
                          % (w, item["severity"], ", ".join(GITLAB_SEVERITIES)))
        fp = item["fingerprint"]
        if not fp:
            errors.append("%s.fingerprint: empty" % w)
        elif fp in fingerprints:
            errors.append("%s.fingerprint: same as $[%d]"
                          % (w, fingerprints[fp]))
        else:
            fingerprints[fp] = i
        loc = item["location"]
        path = loc.get("path")
        if not isinstance(path, str) or not path:
            errors.append("%s.location.path: missing or empty" % w)
        elif path.startswith("/"):
            errors.append("%s.location.path: %r is not relative to the "
                          "repository" % (w, path))
        line = (loc.get("lines") or {}).get("begin")
        if line is None:
            line = ((loc.get("positions") or {}).get("begin") or {}) \
                .get("line")
        if not isinstance(line, int) or isinstance(line, bool) or line < 1:
            errors.append("%s.location: no lines.begin or "
                          "positions.begin.line >= 1" % w)
    return errors


# ---- command line -------------------------------------------------------

def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Validate SARIF and GitLab Code Quality reports.")
    ap.add_argument("--sarif", nargs="+", action="append", default=[],
                    metavar="FILE", help="SARIF 2.1.0 log(s)")
    ap.add_argument("--gitlab", nargs="+", action="append", default=[],
                    metavar="FILE", help="GitLab Code Quality report(s)")
    ap.add_argument("--schema-dir", metavar="DIR",
                    help="directory holding the two schemas")
    args = ap.parse_args(argv)
    sarif = [f for group in args.sarif for f in group]
    gitlab = [f for group in args.gitlab for f in group]
    if not sarif and not gitlab:
        ap.error("nothing to validate: give --sarif and/or --gitlab files")
    try:
        d = schema_dir(args.schema_dir)
        sarif_v = _validator(os.path.join(d, SARIF_SCHEMA))
        gitlab_v = _validator(os.path.join(d, GITLAB_SCHEMA))
    except SchemaMissing as e:
        print("validate_reports: %s" % e, file=sys.stderr)
        return 2
    except ImportError as e:
        print("validate_reports: %s (install python3-jsonschema)" % e,
              file=sys.stderr)
        return 2

    bad = 0
    for files, check in ((sarif, lambda doc: validate_sarif(doc, sarif_v)),
                         (gitlab,
                          lambda doc: validate_gitlab(doc, gitlab_v))):
        for path in files:
            doc, err = load_json(path)
            problems = [err] if err else check(doc)
            for p in problems:
                print("%s: %s" % (path, p))
            if problems:
                bad += 1
    if bad:
        print("validate_reports: %d of %d file(s) invalid"
              % (bad, len(sarif) + len(gitlab)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
