#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Splits a string into words the way a shell splits a command line, and
expands nothing.

    split-args.py STRING

Prints each word of STRING followed by a NUL byte, for bash's
`mapfile -d '' words`.  Used by action.yml (the `args` input) and
ci/gitlab/smatch-ci.yml (SMATCH_CI_ARGS): those strings come from workflow
inputs and CI/CD variables, and `eval` on them would run any `$(...)` they
hold.

What is special, as in bash:
  - blanks (space, tab, newline) separate words;
  - '...' keeps everything inside literally;
  - "..." keeps everything inside literally except that a backslash before
    one of  " \\ $ `  gives that character, and a backslash before a newline
    removes both;
  - outside quotes a backslash makes the next character literal, and a
    backslash before a newline removes both;
  - quotes join with what is next to them: --x="a b" is one word.
Nothing else is: $VAR, $(...), `...`, globs (* ? [), ~, #, ; | & < > ( )
are ordinary characters and reach smatch-ci as written.

Exit status: 0, words printed; 2, STRING is unbalanced (an unterminated
quote or a trailing backslash), with a message on stderr and nothing on
stdout.  The message gives the position, not the text, so that it is safe
to show in a CI log.
"""
import os
import sys

BLANKS = " \t\n"
DQUOTE_ESCAPES = '"\\$`'


class SplitError(ValueError):
    pass


def split(s):
    """The words of @s (a list of str).  Raises SplitError when unbalanced."""
    words = []
    word = None  # None: between words; "" is an (empty) word in progress
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c in BLANKS:
            if word is not None:
                words.append(word)
                word = None
            i += 1
        elif c == "'":
            end = s.find("'", i + 1)
            if end < 0:
                raise SplitError("unterminated single quote at character %d" % (i + 1))
            word = (word or "") + s[i + 1:end]
            i = end + 1
        elif c == '"':
            start = i
            i += 1
            word = word or ""
            while True:
                if i >= n:
                    raise SplitError("unterminated double quote at character %d" % (start + 1))
                c = s[i]
                if c == '"':
                    i += 1
                    break
                if c == "\\" and i + 1 < n and s[i + 1] == "\n":
                    i += 2
                elif c == "\\" and i + 1 < n and s[i + 1] in DQUOTE_ESCAPES:
                    word += s[i + 1]
                    i += 2
                else:
                    word += c
                    i += 1
        elif c == "\\":
            if i + 1 >= n:
                raise SplitError("trailing backslash at character %d" % (i + 1))
            if s[i + 1] != "\n":
                word = (word or "") + s[i + 1]
            i += 2
        else:
            word = (word or "") + c
            i += 1
    if word is not None:
        words.append(word)
    return words


def main(argv):
    if len(argv) != 2:
        print("usage: split-args.py STRING", file=sys.stderr)
        return 2
    try:
        words = split(argv[1])
    except SplitError as e:
        print("split-args: %s" % e, file=sys.stderr)
        return 2
    out = sys.stdout.buffer
    for w in words:
        # os.fsencode: give back the bytes the environment held, even when
        # they are not valid in the locale's encoding
        out.write(os.fsencode(w) + b"\0")
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
