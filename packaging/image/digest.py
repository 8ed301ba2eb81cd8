#!/usr/bin/env python3
"""Content digest of a sandbox image root.

sha256 over a canonical listing of every path below the root, sorted
bytewise: one line per entry with its type (d, f, l, other), its permission
bits in octal and its path; a regular file adds the sha256 of its content, a
symlink its target. Timestamps and owners are left out on purpose: they do
not change what runs. Printed as `sha256:<hex>`.
"""
import hashlib
import os
import stat
import sys


def entries(root):
    root_b = os.fsencode(root)
    for dirpath, dirnames, filenames in os.walk(root_b):
        for name in dirnames + filenames:
            full = os.path.join(dirpath, name)
            yield os.path.relpath(full, root_b), full


def line(rel, full):
    st = os.lstat(full)
    mode = b"%o" % stat.S_IMODE(st.st_mode)
    if stat.S_ISREG(st.st_mode):
        h = hashlib.sha256()
        with open(full, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
        return b"f " + mode + b" " + rel + b" " + h.hexdigest().encode()
    if stat.S_ISLNK(st.st_mode):
        return b"l " + mode + b" " + rel + b" -> " + os.readlink(full)
    kind = b"d" if stat.S_ISDIR(st.st_mode) else b"o"
    return kind + b" " + mode + b" " + rel


def main():
    total = hashlib.sha256()
    for rel, full in sorted(entries(sys.argv[1])):
        total.update(line(rel, full) + b"\n")
    print("sha256:" + total.hexdigest())


if __name__ == "__main__":
    main()
