"""Run by the conformance suite in a fresh interpreter: read a snapshot and play on.

Arguments: the snapshot's file, the system, the seed, the step it stands after and the
bound. Prints the same digests as ``conformance._digest`` as a JSON list.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from conformance import _digest

from undercroft.engine import snapshot
from undercroft.engine.registry import get


def main(path: str, system: str, seed: str, at: str, bound: str) -> None:
    graph = snapshot.loads(Path(path).read_text())
    if os.environ.get("UNDERCROFT_TEST_RESUME_FRESH_STREAMS"):  # the check's own test
        graph["streams"] = {}
    print(json.dumps(_digest(get(system), graph["state"], graph["agents"], graph["streams"],
                             int(seed), int(at), int(bound))))


if __name__ == "__main__":
    main(*sys.argv[1:])
