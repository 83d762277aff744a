#!/usr/bin/env python3
"""Writes the expected entry of each python-sdk differential fixture: `DIR/<name>.py` (the Python
equivalent of `DIR/<name>.rs` by the profile's mapping) registered with the real SDK, printed to
`DIR/<name>.json` as `{"tool": ...}` or `{"error": true, "why": ...}`, like the conformance cases.

    python3 tests/differential/python_sdk/expect.py testdata/python-sdk/differential
"""

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import HERE, ensure_venv  # noqa: E402


def main() -> None:
    directory = Path(sys.argv[1]).resolve()
    names = sorted(p.stem for p in directory.glob("*.py"))
    python = ensure_venv()
    p = subprocess.run([str(python), str(HERE / "sdk_list.py"), str(directory), *names],
                       capture_output=True, text=True, check=True)
    for name, result in json.loads(p.stdout).items():
        expected = result if "tool" in result else {"error": True, "why": result["error"]}
        (directory / f"{name}.json").write_text(json.dumps(expected, indent=2, ensure_ascii=False) + "\n")
        print(f"{name}: {'tool' if 'tool' in result else result['error']}")


if __name__ == "__main__":
    main()
