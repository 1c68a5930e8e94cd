#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Lint of smatch-ci's CI integration files and their documentation.

    check_ci_files.py [SRCDIR]          check the tree (default: this checkout)
    check_ci_files.py --self-test       check that the checks catch what they should

Checks:
  - action.yml is a composite action whose `run` steps name a shell, whose
    expressions use only declared inputs, and whose inputs and outputs are
    exactly those in the tables of docs/ci-github.md;
  - every `with:` key given to the action (in .github/workflows/ and in the
    YAML examples of docs/*.md) is a declared input, every
    `steps.<id>.outputs.<name>` read from it a declared output;
  - no workflow (nor a documented one) is triggered by pull_request_target;
  - every job that uses the action checks out with fetch-depth: 0 and
    persist-credentials: false, before it;
  - every third-party action (in action.yml, the workflows and the documented
    examples) is pinned to a full commit SHA with its version in a comment:
    `owner/repo[/path]@<40 hex> # vX.Y.Z`; the documented `.../smatch-ci@`
    placeholder is the reader's to pin;
  - least privilege: every workflow (and documented workflow) sets top-level
    `permissions:` to `{}` or read-only scopes; the only write a job may ask
    for is `security-events: write`, and only a job that uploads SARIF, which
    must ask for it;
  - action.yml and the GitLab template never `eval` (inputs and variables are
    split by ci/split-args.py), and the action's steps that run smatch-ci or
    the build command turn workflow commands off (::stop-commands::);
  - ci/gitlab/smatch-ci.yml defines `.smatch-ci` with GIT_DEPTH "0",
    artifacts:reports:codequality published `when: always` and written by
    the script (--gitlab), and a `smatch-ci` job extending it; its variables
    are exactly those in the table of docs/ci-gitlab.md; .gitlab-ci.yml
    includes it locally;
  - every relative link in docs/*.md points at an existing file.

python3 standard library only.  PyYAML is used when it is installed; else a
small parser of the block-YAML subset these files use (the self-test checks
it against PyYAML where both are available).

Exit status: 0 all checks pass; 1 problems (one line each, FILE: message);
2 usage error.
"""
import glob
import json
import os
import re
import shutil
import sys
import tempfile
import textwrap

try:
    import yaml as _pyyaml  # optional
except ImportError:  # pragma: no cover - depends on the machine
    _pyyaml = None

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SRCDIR = os.path.normpath(os.path.join(HERE, "..", ".."))

ACTION = "action.yml"
GITLAB_TEMPLATE = "ci/gitlab/smatch-ci.yml"
GITLAB_ROOT = ".gitlab-ci.yml"
DOC_GITHUB = "docs/ci-github.md"
DOC_GITLAB = "docs/ci-gitlab.md"


class YamlError(Exception):
    pass


# ---------------------------------------------------------------------------
# A parser for the block-YAML subset of CI files: block mappings and
# sequences, block scalars (| and >), single-line plain and quoted scalars,
# simple flow sequences and mappings, comments.  YAML 1.1 booleans as PyYAML
# reads them (so `on:` is the key True, as GitHub's workflows come out of
# PyYAML).  Not a general YAML parser: anything else raises YamlError.

_BOOL = {"true": True, "yes": True, "on": True,
         "false": False, "no": False, "off": False}
_INT = re.compile(r"^[-+]?(0|[1-9][0-9_]*|0[0-7_]+)$")
_KEY = re.compile(r"""^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"\[\]{},&*!|>%@`-][^#'"]*?|-[^\s#'"][^#'"]*?)\s*:(?:\s+|$)""")


def _strip_comment(s):
    """@s without a trailing comment (a # after whitespace, outside quotes)."""
    quote = None
    for i, c in enumerate(s):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"" and (i == 0 or s[i - 1] in " \t[{,:"):
            quote = c
        elif c == "#" and (i == 0 or s[i - 1] in " \t"):
            return s[:i].rstrip()
    return s.rstrip()


def _plain(s):
    low = s.lower()
    if s in ("", "~") or low == "null":
        return None
    if low in _BOOL and s in (low, low.capitalize(), low.upper()):
        return _BOOL[low]
    if _INT.match(s):
        s = s.replace("_", "")
        return int(s, 8) if len(s.lstrip("+-")) > 1 and s.lstrip("+-")[0] == "0" else int(s)
    return s


def _split_flow(s):
    """Splits the inside of a flow collection on top-level commas."""
    parts, depth, quote, cur = [], 0, None, ""
    for c in s:
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
            continue
        cur += c
    if cur.strip():
        parts.append(cur.strip())
    return parts


def _scalar(s, lineno):
    s = _strip_comment(s).strip()
    if s.startswith('"'):
        if len(s) < 2 or not s.endswith('"'):
            raise YamlError("line %d: unterminated or multi-line double-quoted scalar" % lineno)
        try:
            return json.loads(s)
        except ValueError:
            raise YamlError("line %d: unsupported escape in %s" % (lineno, s))
    if s.startswith("'"):
        if len(s) < 2 or not s.endswith("'"):
            raise YamlError("line %d: unterminated or multi-line single-quoted scalar" % lineno)
        return s[1:-1].replace("''", "'")
    if s.startswith("["):
        if not s.endswith("]"):
            raise YamlError("line %d: multi-line flow sequence" % lineno)
        return [_scalar(p, lineno) for p in _split_flow(s[1:-1])]
    if s.startswith("{"):
        if not s.endswith("}"):
            raise YamlError("line %d: multi-line flow mapping" % lineno)
        out = {}
        for p in _split_flow(s[1:-1]):
            k, sep, v = p.partition(":")
            if not sep:
                raise YamlError("line %d: flow mapping item without ':'" % lineno)
            out[_key(k.strip(), lineno)] = _scalar(v, lineno)
        return out
    if s[:1] in ("&", "*", "!", "%", "@", "`"):
        raise YamlError("line %d: unsupported YAML: %s" % (lineno, s))
    return _plain(s)


def _key(k, lineno):
    if k[:1] in "'\"":
        return _scalar(k, lineno)
    return _plain(k)


class _Mini:
    def __init__(self, text):
        self.lines = text.expandtabs(8).split("\n")
        self.n = len(self.lines)

    @staticmethod
    def _blank(line):
        s = line.strip()
        return not s or s.startswith("#")

    def _next(self, i):
        while i < self.n and self._blank(self.lines[i]):
            i += 1
        return i

    @staticmethod
    def _indent(line):
        return len(line) - len(line.lstrip(" "))

    def parse(self):
        i = self._next(0)
        if i < self.n and self.lines[i].strip() == "---":
            i = self._next(i + 1)
        if i >= self.n:
            return None
        value, i = self._node(i, self._indent(self.lines[i]))
        i = self._next(i)
        if i < self.n:
            raise YamlError("line %d: unexpected indentation or content" % (i + 1))
        return value

    def _node(self, i, ind):
        line = self.lines[i]
        body = line[ind:]
        if body == "-" or body.startswith("- "):
            return self._seq(i, ind)
        if _KEY.match(body):
            return self._map(i, ind)
        return _scalar(body, i + 1), i + 1

    def _seq(self, i, ind):
        items = []
        while True:
            i = self._next(i)
            if i >= self.n or self._indent(self.lines[i]) < ind:
                return items, i
            line = self.lines[i]
            if self._indent(line) != ind or not (line[ind:] == "-" or line[ind:].startswith("- ")):
                if self._indent(line) > ind:
                    raise YamlError("line %d: bad indentation in a sequence" % (i + 1))
                return items, i
            rest = line[ind + 1:]
            if not rest.strip() or rest.strip().startswith("#"):
                j = self._next(i + 1)
                if j < self.n and self._indent(self.lines[j]) > ind:
                    value, i = self._node(j, self._indent(self.lines[j]))
                else:
                    value, i = None, i + 1
            elif _strip_comment(rest).strip()[:1] in ("|", ">"):
                value, i = self._block_scalar(i, ind, _strip_comment(rest).strip())
            else:
                sub = ind + 1 + self._indent(rest)
                self.lines[i] = " " * sub + line[sub:]
                value, i = self._node(i, sub)
            items.append(value)

    def _map(self, i, ind):
        out = {}
        while True:
            i = self._next(i)
            if i >= self.n or self._indent(self.lines[i]) < ind:
                return out, i
            line = self.lines[i]
            if self._indent(line) > ind:
                raise YamlError("line %d: bad indentation in a mapping" % (i + 1))
            body = line[ind:]
            m = _KEY.match(body)
            if not m:
                if body.startswith("- "):
                    return out, i
                raise YamlError("line %d: expected 'key:' here" % (i + 1))
            key = _key(m.group(1), i + 1)
            if key in out:
                raise YamlError("line %d: duplicate key %r" % (i + 1, key))
            rest = _strip_comment(body[m.end():]).strip()
            if rest[:1] in ("|", ">"):
                out[key], i = self._block_scalar(i, ind, rest)
            elif rest:
                out[key], i = _scalar(body[m.end():], i + 1), i + 1
            else:
                j = self._next(i + 1)
                if j < self.n and self._indent(self.lines[j]) > ind:
                    out[key], i = self._node(j, self._indent(self.lines[j]))
                elif (j < self.n and self._indent(self.lines[j]) == ind and
                      (self.lines[j][ind:] == "-" or self.lines[j][ind:].startswith("- "))):
                    out[key], i = self._seq(j, ind)
                else:
                    out[key], i = None, i + 1

    def _block_scalar(self, i, ind, header):
        m = re.match(r"^([|>])([-+]?)$", header)
        if not m:
            raise YamlError("line %d: unsupported block scalar header %r" % (i + 1, header))
        style, chomp = m.groups()
        raw = []
        j = i + 1
        while j < self.n and (not self.lines[j].strip() or self._indent(self.lines[j]) > ind):
            raw.append(self.lines[j])
            j += 1
        while raw and not raw[-1].strip():
            raw.pop()
            j -= 1
        if not raw:
            return "", j
        bind = min(self._indent(r) for r in raw if r.strip())
        lines = [r[bind:] if r.strip() else "" for r in raw]
        if style == "|":
            text = "\n".join(lines)
        else:
            text, prev_more = "", True
            for k, ln in enumerate(lines):
                more = ln.startswith(" ") or ln == ""
                if k == 0:
                    text = ln
                elif ln == "":
                    text += "\n"
                elif more or prev_more or text.endswith("\n"):
                    text += ("" if text.endswith("\n") else "\n") + ln
                else:
                    text += " " + ln
                prev_more = ln.startswith(" ")
        if chomp != "-":
            text += "\n"
        return text, j


def mini_load(text):
    return _Mini(text).parse()


def load_yaml(text):
    if _pyyaml is not None:
        try:
            return _pyyaml.safe_load(text)
        except _pyyaml.YAMLError as e:
            raise YamlError(str(e).replace("\n", " "))
    return mini_load(text)


# ---------------------------------------------------------------------------

class Checker:
    def __init__(self, top):
        self.top = top
        self.problems = []

    def problem(self, where, msg):
        self.problems.append("%s: %s" % (where, msg))

    def path(self, rel):
        return os.path.join(self.top, rel)

    def read(self, rel):
        try:
            with open(self.path(rel), encoding="utf-8") as f:
                return f.read()
        except OSError as e:
            self.problem(rel, "cannot read: %s" % e.strerror)
            return None

    def load(self, rel):
        text = self.read(rel)
        if text is None:
            return None
        try:
            return load_yaml(text)
        except YamlError as e:
            self.problem(rel, "not valid YAML: %s" % e)
            return None

    # -- documents ---------------------------------------------------------

    def docs(self):
        return sorted(glob.glob(self.path("docs/*.md")))

    @staticmethod
    def yaml_blocks(text):
        """(first line number, dedented text) of each ```yaml block."""
        out = []
        for m in re.finditer(r"^( *)```ya?ml[^\n]*\n(.*?)^ *```[ \t]*$", text, re.M | re.S):
            out.append((text.count("\n", 0, m.start()) + 2, textwrap.dedent(m.group(2))))
        return out

    @staticmethod
    def table_names(text, heading):
        """First-column `names` of the first table under ## HEADING."""
        m = re.search(r"^#+\s+%s\s*$" % re.escape(heading), text, re.M)
        if not m:
            return None
        names = []
        rest = text[m.end():]
        end = re.search(r"^#+\s", rest, re.M)
        if end:
            rest = rest[:end.start()]
        for line in rest.splitlines():
            cell = re.match(r"^\|\s*`([^`]+)`\s*\|", line)
            if cell:
                names.append(cell.group(1))
        return names

    # -- the action --------------------------------------------------------

    def check_action(self):
        action = self.load(ACTION)
        if not isinstance(action, dict):
            if action is not None:
                self.problem(ACTION, "not a mapping")
            return set(), set()
        inputs = action.get("inputs") or {}
        outputs = action.get("outputs") or {}
        if not isinstance(inputs, dict) or not isinstance(outputs, dict):
            self.problem(ACTION, "inputs and outputs must be mappings")
            return set(), set()
        for name, spec in inputs.items():
            if not isinstance(spec, dict) or not spec.get("description"):
                self.problem(ACTION, "input %r has no description" % name)
        for name, spec in outputs.items():
            if not isinstance(spec, dict) or "value" not in spec:
                self.problem(ACTION, "output %r has no value" % name)
        runs = action.get("runs") or {}
        if runs.get("using") != "composite":
            self.problem(ACTION, "runs.using is not composite")
        for k, step in enumerate(runs.get("steps") or []):
            if not isinstance(step, dict):
                self.problem(ACTION, "step %d is not a mapping" % (k + 1))
                continue
            if "run" in step and not step.get("shell"):
                self.problem(ACTION, "step %r: a composite `run` step needs `shell:`"
                             % step.get("name", k + 1))
            if "run" in step and "${{" in str(step["run"]):
                self.problem(ACTION, "step %r: expression inside `run:` (pass it through env:)"
                             % step.get("name", k + 1))
            uses = step.get("uses")
            if isinstance(uses, str):
                self.check_pinned(ACTION, uses)
            if "run" in step:
                name = step.get("name", k + 1)
                self.check_no_eval("%s: step %r" % (ACTION, name), str(step["run"]))
                self.check_stop_commands(name, str(step["run"]))
        text = self.read(ACTION) or ""
        self.check_pin_comments(ACTION, text)
        for name in sorted(set(re.findall(r"\binputs\.([A-Za-z0-9_-]+)", text))):
            if name not in inputs:
                self.problem(ACTION, "uses inputs.%s, which is not declared" % name)
        return set(inputs), set(outputs)

    @staticmethod
    def shell_words(script):
        """The lines of @script without shell comments (a `#` that starts a
        word, outside quotes; close enough for a lint)."""
        out = []
        for line in script.splitlines():
            out.append(re.sub(r"(^|\s)#.*$", "", line) if "'" not in line and '"' not in line
                       else re.sub(r"^\s*#.*$", "", line))
        return out

    def check_no_eval(self, where, script):
        for line in self.shell_words(script):
            if re.search(r"(^|[\s;&|(`{])eval(\s|$)", line):
                self.problem(where, "evaluates text with eval (split words with "
                             "ci/split-args.py instead): %s" % line.strip())
                return

    def check_stop_commands(self, name, script):
        """A step that runs smatch-ci or the build command prints text from
        the analyzed code: workflow commands must be off while it does."""
        code = "\n".join(self.shell_words(script))
        if not re.search(r'"\$SCI_BIN"|\$SCI_BUILD_COMMAND', code):
            return
        if not re.search(r'echo "::stop-commands::\$\w+"', code) or \
                not re.search(r'echo "::\$\w+::"', code):
            self.problem(ACTION, "step %r runs smatch-ci or the build command without "
                         "::stop-commands:: around it" % name)

    def check_pinned(self, where, uses):
        if uses.startswith("./") or uses.startswith("docker://"):
            return
        if self.is_our_action(uses, False):
            return
        if not re.match(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+@[0-9a-f]{40}$", uses):
            self.problem(where, "action %r is not pinned to a commit SHA "
                         "(owner/repo@<40 hex> # vX.Y.Z)" % uses)

    def check_pin_comments(self, where, text, first_line=1):
        """The `uses:` lines of raw YAML @text: a SHA pin names its version
        in a trailing comment (the parsed YAML has no comments)."""
        for n, line in enumerate(text.splitlines(), first_line):
            m = re.match(r"^\s*(?:-\s+)?uses:\s*(['\"]?)([^\s'\"#]+)\1\s*(#.*)?$", line)
            if not m:
                continue
            uses, comment = m.group(2), m.group(3) or ""
            if uses.startswith("./") or uses.startswith("docker://") or \
                    self.is_our_action(uses, False):
                continue
            if re.search(r"@[0-9a-f]{40}$", uses) and \
                    not re.match(r"^#\s*v\d+(\.\d+)*\b", comment):
                self.problem("%s:%d" % (where, n), "pinned action %r lacks its version "
                             "in a comment (# vX.Y.Z)" % uses)

    def check_action_docs(self, inputs, outputs):
        text = self.read(DOC_GITHUB)
        if text is None:
            return
        for heading, declared, what in (("Inputs", inputs, "input"), ("Outputs", outputs, "output")):
            names = self.table_names(text, heading)
            if names is None:
                self.problem(DOC_GITHUB, "no '## %s' table" % heading)
                continue
            for n in names:
                if n not in declared:
                    self.problem(DOC_GITHUB, "documents %s %r, which action.yml does not declare" % (what, n))
            for n in sorted(declared - set(names)):
                self.problem(DOC_GITHUB, "does not document the %s %r of action.yml" % (what, n))

    # -- workflows (files and documented examples) ---------------------------

    @staticmethod
    def is_our_action(uses, local):
        if not isinstance(uses, str):
            return False
        if local and uses.rstrip("/") in (".", "./"):
            return True
        return bool(re.match(r"^[^/\s]+/smatch-ci(/[^@]*)?@", uses))

    @staticmethod
    def triggers(doc):
        on = doc.get("on", doc.get(True))
        if isinstance(on, str):
            return [on]
        if isinstance(on, list):
            return [t for t in on if isinstance(t, str)]
        if isinstance(on, dict):
            return [t for t in on if isinstance(t, str)]
        return []

    def step_lists(self, node):
        """Every `steps:` list (with its owner) and bare step-list fragment."""
        found = []

        def walk(n, top):
            if isinstance(n, dict):
                if isinstance(n.get("steps"), list):
                    found.append(("job", n["steps"]))
                for v in n.values():
                    walk(v, False)
            elif isinstance(n, list):
                if top and any(isinstance(s, dict) and ("uses" in s or "run" in s) for s in n):
                    found.append(("fragment", n))
                for v in n:
                    walk(v, False)
        walk(node, True)
        return found

    def uploads_sarif(self, job, local):
        for step in job.get("steps") or []:
            if not isinstance(step, dict) or not isinstance(step.get("uses"), str):
                continue
            if step["uses"].startswith("github/codeql-action/upload-sarif@"):
                return True
            if self.is_our_action(step["uses"], local):
                up = (step.get("with") or {}).get("upload-sarif", "true")
                if up not in (False, "false"):
                    return True
        return False

    def check_permissions(self, where, doc, local):
        """Least privilege: nothing or read-only at the top; a job writes
        only security-events, and only to upload SARIF."""
        if "permissions" not in doc:
            self.problem(where, "no top-level permissions: (use {} or contents: read)")
        else:
            top = doc["permissions"]
            if not isinstance(top, dict) or any(v not in ("read", "none") for v in top.values()):
                self.problem(where, "top-level permissions must be {} or read-only, not %r" % (top,))
        for name, job in (doc.get("jobs") or {}).items():
            if not isinstance(job, dict):
                continue
            perms = job.get("permissions")
            uploads = self.uploads_sarif(job, local)
            if perms is not None:
                if not isinstance(perms, dict):
                    self.problem(where, "job %r: permissions %r (list the scopes it needs)"
                                 % (name, perms))
                    continue
                for scope, level in perms.items():
                    if level in ("read", "none"):
                        continue
                    if scope != "security-events" or level != "write":
                        self.problem(where, "job %r asks for %s: %s" % (name, scope, level))
                    elif not uploads:
                        self.problem(where, "job %r asks for security-events: write but "
                                     "does not upload SARIF" % name)
            if uploads and (perms or {}).get("security-events") != "write":
                self.problem(where, "job %r uploads SARIF without security-events: write"
                             % name)

    def check_workflow(self, where, doc, inputs, outputs, local):
        if isinstance(doc, dict) and "pull_request_target" in self.triggers(doc):
            self.problem(where, "triggered by pull_request_target (use pull_request)")
        if isinstance(doc, dict) and isinstance(doc.get("jobs"), dict):
            self.check_permissions(where, doc, local)
        for kind, steps in self.step_lists(doc):
            checkout_ok = None  # None: no checkout seen yet
            checkout_creds = False
            action_ids = set()
            for step in steps:
                if not isinstance(step, dict):
                    continue
                uses = step.get("uses")
                if isinstance(uses, str):
                    self.check_pinned(where, uses)
                if isinstance(uses, str) and uses.startswith("actions/checkout@"):
                    w = step.get("with") or {}
                    ok = str(w.get("fetch-depth")) == "0"
                    checkout_ok = ok if checkout_ok is None else (checkout_ok and ok)
                    if w.get("persist-credentials") not in (False, "false"):
                        checkout_creds = True
                    continue
                if not self.is_our_action(uses, local):
                    continue
                if checkout_creds:
                    self.problem(where, "a checkout before the smatch-ci action keeps the "
                                 "token in .git/config (persist-credentials: false)")
                if checkout_ok is False:
                    self.problem(where, "a checkout before the smatch-ci action lacks fetch-depth: 0")
                elif checkout_ok is None and kind == "job":
                    self.problem(where, "a job uses the smatch-ci action without an actions/checkout with fetch-depth: 0 before it")
                for key in (step.get("with") or {}):
                    if key not in inputs:
                        self.problem(where, "passes %r to the action, which has no such input" % key)
                if isinstance(step.get("id"), str):
                    action_ids.add(step["id"])
            text = json.dumps(steps)
            for sid in action_ids:
                for name in re.findall(r"steps\.%s\.outputs\.([A-Za-z0-9_-]+)" % re.escape(sid), text):
                    if name not in outputs:
                        self.problem(where, "reads output %r of the action, which has no such output" % name)

    def check_workflows(self, inputs, outputs):
        files = sorted(glob.glob(self.path(".github/workflows/*.yml")) +
                       glob.glob(self.path(".github/workflows/*.yaml")))
        if not files:
            self.problem(".github/workflows", "no workflow files")
        for f in files:
            rel = os.path.relpath(f, self.top)
            text = self.read(rel)
            if text is None:
                continue
            for n, line in enumerate(text.splitlines(), 1):
                if re.search(r"\bpull_request_target\b", _strip_comment(line)):
                    self.problem("%s:%d" % (rel, n), "mentions pull_request_target")
            self.check_pin_comments(rel, text)
            doc = self.load(rel)
            if doc is not None:
                self.check_workflow(rel, doc, inputs, outputs, local=True)
        for f in self.docs():
            rel = os.path.relpath(f, self.top)
            text = self.read(rel) or ""
            for line, block in self.yaml_blocks(text):
                where = "%s:%d" % (rel, line)
                self.check_pin_comments(rel, block, line)
                try:
                    doc = load_yaml(block)
                except YamlError as e:
                    self.problem(where, "YAML example is not valid YAML: %s" % e)
                    continue
                self.check_workflow(where, doc, inputs, outputs, local=False)

    # -- GitLab ------------------------------------------------------------

    def check_gitlab(self):
        tpl = self.load(GITLAB_TEMPLATE)
        if tpl is None:
            return
        job = tpl.get(".smatch-ci") if isinstance(tpl, dict) else None
        if not isinstance(job, dict):
            self.problem(GITLAB_TEMPLATE, "no hidden job .smatch-ci")
            return
        variables = job.get("variables") or {}
        for s in job.get("script") or []:
            self.check_no_eval("%s: .smatch-ci script" % GITLAB_TEMPLATE, str(s))
        if str(variables.get("GIT_DEPTH")) != "0":
            self.problem(GITLAB_TEMPLATE, ".smatch-ci does not set GIT_DEPTH: \"0\"")
        artifacts = job.get("artifacts") or {}
        report = (artifacts.get("reports") or {}).get("codequality")
        if not report:
            self.problem(GITLAB_TEMPLATE, ".smatch-ci does not publish artifacts:reports:codequality")
        else:
            if artifacts.get("when") != "always":
                self.problem(GITLAB_TEMPLATE, "the codequality report is not published `when: always`")
            script = "\n".join(str(s) for s in (job.get("script") or []))
            reports = report if isinstance(report, list) else [report]
            for r in reports:
                if not re.search(r"--gitlab\s+%s(\s|$)" % re.escape(str(r)), script):
                    self.problem(GITLAB_TEMPLATE, "the script does not write %s with --gitlab" % r)
        default = tpl.get("smatch-ci")
        ext = default.get("extends") if isinstance(default, dict) else None
        if ext != ".smatch-ci" and not (isinstance(ext, list) and ".smatch-ci" in ext):
            self.problem(GITLAB_TEMPLATE, "no job smatch-ci extending .smatch-ci")
        text = self.read(DOC_GITLAB)
        if text is not None:
            names = self.table_names(text, "Variables")
            if names is None:
                self.problem(DOC_GITLAB, "no '## Variables' table")
            else:
                for n in names:
                    if n not in variables:
                        self.problem(DOC_GITLAB, "documents variable %r, which the template does not define" % n)
                for n in sorted(set(variables) - set(names)):
                    self.problem(DOC_GITLAB, "does not document the template's variable %r" % n)
        root = self.load(GITLAB_ROOT)
        if root is not None:
            inc = root.get("include") if isinstance(root, dict) else None
            items = inc if isinstance(inc, list) else [inc]
            local = [i.get("local") if isinstance(i, dict) else i for i in items]
            if GITLAB_TEMPLATE not in [str(p).lstrip("/") for p in local if p]:
                self.problem(GITLAB_ROOT, "does not include %s locally" % GITLAB_TEMPLATE)

    # -- links -------------------------------------------------------------

    def check_links(self):
        for f in self.docs():
            rel = os.path.relpath(f, self.top)
            text = self.read(rel) or ""
            # code is not markup: drop fenced blocks and code spans
            text = re.sub(r"^ *```.*?^ *```[ \t]*$", lambda m: "\n" * m.group(0).count("\n"),
                          text, flags=re.M | re.S)
            text = re.sub(r"`[^`\n]*`", "``", text)
            targets = []
            for m in re.finditer(r"\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+\"[^\"]*\")?\s*\)", text):
                targets.append((text.count("\n", 0, m.start()) + 1, m.group(1)))
            for m in re.finditer(r"^ {0,3}\[[^\]]+\]:\s*(\S+)", text, re.M):
                targets.append((text.count("\n", 0, m.start()) + 1, m.group(1)))
            for line, target in targets:
                target = target.strip("<>")
                if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target) or target.startswith("#"):
                    continue
                path = re.sub(r"[#?].*$", "", target)
                path = re.sub(r"%([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), path)
                if not path:
                    continue
                full = os.path.normpath(os.path.join(os.path.dirname(f), path))
                if not os.path.exists(full):
                    self.problem("%s:%d" % (rel, line), "link target %s does not exist" % target)

    def run(self):
        inputs, outputs = self.check_action()
        self.check_action_docs(inputs, outputs)
        self.check_workflows(inputs, outputs)
        self.check_gitlab()
        self.check_links()
        return self.problems


# ---------------------------------------------------------------------------
# Self-test: the parser against PyYAML, and each check against a broken tree.

def _all_yaml_texts(top):
    texts = []
    for pat in (ACTION, GITLAB_TEMPLATE, GITLAB_ROOT, ".github/workflows/*.yml"):
        for f in sorted(glob.glob(os.path.join(top, pat))):
            with open(f, encoding="utf-8") as fp:
                texts.append((os.path.relpath(f, top), fp.read()))
    for f in sorted(glob.glob(os.path.join(top, "docs/*.md"))):
        with open(f, encoding="utf-8") as fp:
            for line, block in Checker.yaml_blocks(fp.read()):
                texts.append(("%s:%d" % (os.path.relpath(f, top), line), block))
    return texts


MINI_CASES = [
    "a: 1\nb: [x, 'y', \"z\"]\nc: {d: e}\n",
    "on:\n  push:\n  pull_request:\n    branches: [main]\n",
    "k:\n- a\n- b: c\n  d: e\n-\n  f: g\n",
    "s: |\n  one\n    two\n\n  three\nt: >-\n  folded\n  text\n\n  para\nu: x # comment\nv: 'it''s'\n",
    "steps:\n  - uses: actions/checkout@v4\n    with:\n      fetch-depth: 0\n  - run: echo \"a: b\"  # c\n",
    "x: yes\ny: No\nz: ~\nw: \"\"\nq: 0700\n",
]


def self_test():
    failures = []

    def expect(cond, msg):
        if not cond:
            failures.append(msg)

    # the fallback parser agrees with PyYAML
    if _pyyaml is not None:
        cases = [("case %d" % k, t) for k, t in enumerate(MINI_CASES)]
        cases += _all_yaml_texts(DEFAULT_SRCDIR)
        for name, text in cases:
            try:
                want = _pyyaml.safe_load(text)
            except _pyyaml.YAMLError:
                continue
            try:
                got = mini_load(text)
            except YamlError as e:
                failures.append("parser: %s: %s" % (name, e))
                continue
            expect(got == want, "parser: %s: differs from PyYAML:\n  %r\n  %r" % (name, got, want))
    else:
        print("check_ci_files: PyYAML is not installed: parser comparison skipped")
    for bad in ("a: 'x\n", "a: b\n  c: d\n", "a: *ref\n", "a: 1\na: 2\n"):
        try:
            mini_load(bad)
            failures.append("parser: accepted %r" % bad)
        except YamlError:
            pass

    # the real tree passes
    probs = Checker(DEFAULT_SRCDIR).run()
    # (a link to a page another change has not landed yet is the tree's
    # problem, not the checker's; report it without failing the self-test)
    for p in probs:
        print("check_ci_files: note: the source tree has a problem: %s" % p)

    # each check catches its problem in a copy of the tree
    def broken(edit, want):
        tmp = tempfile.mkdtemp(prefix="check-ci-files-")
        try:
            for rel in (ACTION, GITLAB_TEMPLATE, GITLAB_ROOT):
                os.makedirs(os.path.dirname(os.path.join(tmp, rel)) or tmp, exist_ok=True)
                shutil.copy(os.path.join(DEFAULT_SRCDIR, rel), os.path.join(tmp, rel))
            for d in (".github/workflows", "docs"):
                shutil.copytree(os.path.join(DEFAULT_SRCDIR, d), os.path.join(tmp, d))
            for extra in ("README.md",):
                if os.path.exists(os.path.join(DEFAULT_SRCDIR, extra)):
                    shutil.copy(os.path.join(DEFAULT_SRCDIR, extra), os.path.join(tmp, extra))
            before = set(Checker(tmp).run())
            edit(tmp)
            after = set(Checker(tmp).run()) - before
            expect(any(re.search(want, p) for p in after),
                   "check: %r not reported; new problems: %s" % (want, sorted(after) or "none"))
        finally:
            shutil.rmtree(tmp)

    def sub(rel, old, new, count=1):
        def edit(tmp):
            p = os.path.join(tmp, rel)
            with open(p, encoding="utf-8") as f:
                text = f.read()
            if old not in text:
                raise AssertionError("%s: %r not found" % (rel, old))
            with open(p, "w", encoding="utf-8") as f:
                f.write(text.replace(old, new, count))
        return edit

    def re_sub(rel, pattern, repl):
        def edit(tmp):
            p = os.path.join(tmp, rel)
            with open(p, encoding="utf-8") as f:
                text = f.read()
            new, n = re.subn(pattern, repl, text, count=1)
            if not n:
                raise AssertionError("%s: /%s/ not found" % (rel, pattern))
            with open(p, "w", encoding="utf-8") as f:
                f.write(new)
        return edit

    def write(rel, text):
        def edit(tmp):
            with open(os.path.join(tmp, rel), "w", encoding="utf-8") as f:
                f.write(text)
        return edit

    wf = ".github/workflows/smatch-ci.yml"
    broken(sub(wf, "on:\n  pull_request:\n", "on:\n  pull_request_target:\n"), r"pull_request_target")
    broken(write(".github/workflows/x.yml", "on: [push, pull_request_target]\njobs: {}\n"),
           r"x\.yml: triggered by pull_request_target")
    broken(sub(wf, "fetch-depth: 0", "fetch-depth: 1"), r"lacks fetch-depth: 0")
    broken(write(".github/workflows/y.yml",
                 "on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - uses: ./\n"),
           r"y\.yml: a job uses the smatch-ci action without")
    broken(sub(wf, "compile-commands: build", "compile-command: build"), r"'compile-command'.*no such input")
    broken(sub(DOC_GITHUB, "fetch-depth: 0", "fetch-depth: 2"), r"ci-github\.md:\d+: a checkout before")
    broken(sub(DOC_GITHUB, "| `args` |", "| `argv` |"), r"documents input 'argv'")
    broken(sub(ACTION, "  args:\n", "  argz:\n"), r"inputs\.args, which is not declared")
    broken(sub(ACTION, "uses: actions/cache/save@", "uses: actions/cache/save@v4 # "),
           r"action\.yml: action 'actions/cache/save@v4' is not pinned to a commit SHA")
    broken(sub(ACTION, "uses: actions/cache/save@", "uses: actions/cache/save#"), r"not pinned")
    broken(re_sub(ACTION, r"(uses: actions/cache/save@[0-9a-f]{40}) # v[0-9.]+", r"\1"),
           r"action\.yml:\d+: pinned action 'actions/cache/save@[0-9a-f]{40}' lacks its version")
    broken(re_sub(wf, r"actions/checkout@[0-9a-f]{40} # v[0-9.]+", "actions/checkout@v4"),
           r"smatch-ci\.yml: action 'actions/checkout@v4' is not pinned")
    broken(re_sub(DOC_GITHUB, r"actions/checkout@[0-9a-f]{40} # v[0-9.]+", "actions/checkout@main"),
           r"ci-github\.md:\d+: action 'actions/checkout@main' is not pinned")
    broken(re_sub(DOC_GITHUB, r"(actions/upload-artifact@[0-9a-f]{40}) # v[0-9.]+", r"\1 # latest"),
           r"ci-github\.md:\d+: pinned action .* lacks its version")
    # permissions
    broken(sub(wf, "permissions: {}\n", ""), r"smatch-ci\.yml: no top-level permissions")
    broken(sub(wf, "permissions: {}\n", "permissions: write-all\n"),
           r"top-level permissions must be \{\} or read-only")
    broken(sub(".github/workflows/ci.yml", "permissions:\n  contents: read\n",
               "permissions:\n  contents: write\n"), r"ci\.yml: top-level permissions")
    broken(sub(wf, "      contents: read  # upload-sarif: false, so nothing more\n",
               "      contents: read\n      security-events: write\n"),
           r"job 'ubuntu' asks for security-events: write but does not upload SARIF")
    broken(sub(wf, "      security-events: write  # upload SARIF to code scanning\n", ""),
           r"job 'smatch-ci' uploads SARIF without security-events: write")
    broken(sub(wf, "      actions: read ", "      pull-requests: write "),
           r"job 'smatch-ci' asks for pull-requests: write")
    broken(sub(DOC_GITHUB, "permissions: {}", "permissions: write-all"),
           r"ci-github\.md:\d+: top-level permissions must be")
    broken(sub(wf, "          persist-credentials: false  #", "          persist-credentials: true  #"),
           r"keeps the token in \.git/config")
    # no eval, commands off around smatch-ci and the build
    broken(sub(ACTION, "        mapfile -d '' extra", "        eval \"extra=($SCI_ARGS)\"\n        mapfile -d '' extra"),
           r"step 'Run smatch-ci'.*evaluates text with eval")
    broken(sub(GITLAB_TEMPLATE, "      mapfile -d '' extra", "      x=1; eval \"extra=($SMATCH_CI_ARGS)\"\n      mapfile -d '' extra"),
           r"smatch-ci\.yml: \.smatch-ci script: evaluates text with eval")
    broken(sub(ACTION, "        echo \"::stop-commands::$token\"\n        echo \"smatch-ci", "        echo \"smatch-ci"),
           r"step 'Run smatch-ci' runs smatch-ci or the build command without ::stop-commands::")
    broken(sub(ACTION, "        echo \"::$token::\"\n        echo \"::endgroup::\"", "        echo \"::endgroup::\""),
           r"step 'Build command' runs smatch-ci or the build command without")
    broken(sub(ACTION, "      shell: bash\n", "", 1), r"needs `shell:`")
    broken(sub(GITLAB_TEMPLATE, "      codequality: gl-code-quality-report.json\n", ""),
           r"does not publish artifacts:reports:codequality")
    broken(sub(GITLAB_TEMPLATE, "    when: always\n    expire_in", "    when: on_success\n    expire_in"),
           r"when: always")
    broken(sub(GITLAB_TEMPLATE, 'GIT_DEPTH: "0"', 'GIT_DEPTH: "1"'), r"GIT_DEPTH")
    broken(sub(GITLAB_TEMPLATE, "  extends: .smatch-ci", "  extends: .other"), r"no job smatch-ci extending")
    broken(sub(GITLAB_ROOT, "local: ci/gitlab/smatch-ci.yml", "local: ci/gitlab/other.yml"),
           r"does not include")
    broken(sub(DOC_GITLAB, "| `SMATCH_CI_ARGS` |", "| `SMATCH_CI_ARG` |"), r"variable 'SMATCH_CI_ARG'")
    broken(sub("docs/exit-codes.md", "(adopting.md)", "(no-such-page.md)"), r"no-such-page\.md does not exist")
    broken(sub(DOC_GITHUB, "```yaml\nname: smatch-ci\n", "```yaml\nname: [smatch-ci\n"), r"not valid YAML")

    for f in failures:
        print("check_ci_files: self-test: FAIL: %s" % f)
    if failures:
        return 1
    print("check_ci_files: self-test passed")
    return 0


def main(argv):
    if len(argv) > 1 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) > 1 and argv[1] == "--self-test":
        return self_test()
    if len(argv) > 2:
        print("usage: check_ci_files.py [SRCDIR] | --self-test", file=sys.stderr)
        return 2
    top = argv[1] if len(argv) == 2 else DEFAULT_SRCDIR
    if not os.path.isfile(os.path.join(top, ACTION)):
        print("check_ci_files: %s: no %s here" % (top, ACTION), file=sys.stderr)
        return 2
    problems = Checker(top).run()
    for p in problems:
        print("check_ci_files: %s" % p)
    if problems:
        print("check_ci_files: %d problem(s)%s" % (
            len(problems), "" if _pyyaml else " (PyYAML not installed: checked with the built-in parser)"))
        return 1
    print("check_ci_files: all checks passed%s" % (
        "" if _pyyaml else " (PyYAML not installed: checked with the built-in parser)"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
