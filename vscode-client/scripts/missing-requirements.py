"""The requirements that the distributions in a folder need on a given Python and that the
folder lacks: pip evaluates environment markers (``python_version < "3.11"``) for the Python
that runs it, even with ``--python-version``, so the bundle asks for the others itself.

``python missing-requirements.py FOLDER VERSION`` prints one requirement a line.
"""

from __future__ import annotations

import email
import os
import platform
import sys
from pathlib import Path

from pip._vendor.packaging.requirements import Requirement
from pip._vendor.packaging.utils import canonicalize_name


def missing(folder: Path, version: str) -> list[str]:
    environment = {
        "python_version": version,
        "python_full_version": f"{version}.0",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "sys_platform": sys.platform,
        "os_name": os.name,
        "platform_system": platform.system(),
        "platform_machine": platform.machine(),
        "extra": "",
    }
    installed = {
        canonicalize_name(p.name.removesuffix(".dist-info").rsplit("-", 1)[0])
        for p in folder.glob("*.dist-info")
    }
    found: set[str] = set()
    for metadata in folder.glob("*.dist-info/METADATA"):
        message = email.message_from_bytes(metadata.read_bytes())
        for line in message.get_all("Requires-Dist") or []:
            requirement = Requirement(line)
            if requirement.marker is not None and not requirement.marker.evaluate(environment):
                continue
            if canonicalize_name(requirement.name) not in installed:
                found.add(f"{requirement.name}{requirement.specifier}")
    return sorted(found)


if __name__ == "__main__":
    print("\n".join(missing(Path(sys.argv[1]), sys.argv[2])))
