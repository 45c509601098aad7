"""Oversized and hostile inputs: time and peak memory of each refusal (issue 16: < 500 MB),
then the server's hostile table (issue 26).

    python benchmarks/bench_hostile_inputs.py [--tiny-fs DIR] [--only cli|server] [--ids N]

Each case runs `motamot` in a fresh process and prints its exit code, wall
time, peak resident memory (VmHWM) and the first line of its message. The
baseline, measured in the same run, is `motamot dict info` of the built-in
list (a process that does almost nothing). `--tiny-fs DIR`: a nearly full
small filesystem (e.g. `mount -t tmpfs -o size=64k tmpfs DIR`) for a real
"disk full" case.

The server's table (`hostile_server.py`): each attack on a fresh `motamot serve`
(huge body, huge header, many headers, slow heads, unknown room ids by the
`--ids` on each route that looks one up, many sockets of one seat), with the
server's resident memory before, at its peak and after, and the worst ping of a
normal player of another room meanwhile. The machine's load is printed before and
after each table (the machine is shared: read the pings against it).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "benchmarks"))

from hostile_server import server_table  # noqa: E402

from motamot.lexicon import load_lexicon  # noqa: E402
from motamot.lexicon.wordlist import MAX_LINES, MAX_WORDS  # noqa: E402
from tests.fuzz.measure import Measured, run_motamot  # noqa: E402


def gzip_of_lines(megabytes: int) -> bytes:
    """A gzip file whose text is `megabytes` MB of short lines (about 1 MB per GB)."""
    block = b"abcdefghij\n" * 95_000
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    parts = [packer.compress(block) for _ in range(megabytes * (1 << 20) // len(block) + 1)]
    return b"".join([*parts, packer.flush()])


def distinct_words(count: int, seed: int) -> bytes:
    rng = random.Random(seed)
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choices("abcdefghijklmnopqrstuvwxyz", k=rng.randint(6, 12))))
    return "".join(f"{word}\n" for word in words).encode()


def cli_table(tiny_fs: Path | None) -> None:
    """Each command-line case in a fresh process: exit code, seconds, peak memory."""
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        env = {"MOTAMOT_CACHE_DIR": str(tmp / "cache")}
        files = {
            "word10mb.txt": b"a" * 10_000_000 + b"\n",
            "bomb1gb.txt.gz": gzip_of_lines(1024),
            "lines.txt": b"ab\n" * (MAX_LINES + 1),
            "words.txt": distinct_words(MAX_WORDS + 1, 1),
            "random.txt": distinct_words(MAX_WORDS, 2),
            "en.txt": "".join(f"{w}\n" for w in load_lexicon("en")).encode(),
        }
        for name, data in files.items():
            (tmp / name).write_bytes(data)
        cases: list[tuple[str, list[str], dict[str, str]]] = [
            ("baseline: dict info fr", ["dict", "info"], env),
            ("10 MB single word", ["dict", "build", str(tmp / "word10mb.txt"), "--name", "x"], env),
            (
                f"gzip {len(files['bomb1gb.txt.gz']) / 1e6:.1f} MB -> 1 GB",
                ["dict", "build", str(tmp / "bomb1gb.txt.gz"), "--name", "x"],
                env,
            ),
            (
                f"{MAX_LINES + 1:,} lines",
                ["dict", "build", str(tmp / "lines.txt"), "--name", "x"],
                env,
            ),
            (
                f"{MAX_WORDS + 1:,} words",
                ["dict", "build", str(tmp / "words.txt"), "--name", "x"],
                env,
            ),
            (
                f"{MAX_WORDS:,} random words",
                ["dict", "build", str(tmp / "random.txt"), "--name", "x"],
                env,
            ),
            ("en export (accepted)", ["dict", "build", str(tmp / "en.txt"), "--name", "x"], env),
            ("--dict of 5,000 chars", ["dict", "info", "--dict", "x" * 5000], env),
            ("--dict /proc/self/mem", ["dict", "info", "--dict", "/proc/self/mem"], env),
            ("--dict /dev/zero", ["dict", "info", "--dict", "/dev/zero"], env),
            (
                "cache is a file",
                ["dict", "build", str(tmp / "en.txt"), "--name", "x"],
                {"MOTAMOT_CACHE_DIR": str(tmp / "word10mb.txt")},
            ),
        ]
        if tiny_fs:
            cases.append(
                (
                    f"disk full ({tiny_fs})",
                    ["dict", "build", str(tmp / "en.txt"), "--name", "x"],
                    {"MOTAMOT_CACHE_DIR": str(tiny_fs)},
                )
            )
        print(f"{'case':34} {'exit':>4} {'seconds':>8} {'peak MB':>8}  message")
        base: Measured | None = None
        for label, argv, case_env in cases:
            result = run_motamot("--lang", "en", *argv, env=case_env, timeout=600)
            base = base or result
            message = (result.stderr or result.stdout).strip().splitlines()
            first = message[0][:70] if message else ""
            print(
                f"{label:34} {result.returncode:>4} {result.seconds:8.2f}"
                f" {result.max_rss_mb:8.1f}  {first}"
            )
        assert base is not None
        print(f"(baseline process: {base.seconds:.2f} s, {base.max_rss_mb:.1f} MB)")


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"machine load {one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} cores)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tiny-fs", type=Path, help="a small filesystem to fill")
    parser.add_argument("--only", choices=("cli", "server"), help="one table only")
    parser.add_argument(
        "--ids", type=int, default=100_000, help="unknown room ids per route (server table)"
    )
    args = parser.parse_args()
    for table in ("cli", "server"):
        if args.only not in (None, table):
            continue
        print(load(), flush=True)
        if table == "cli":
            cli_table(args.tiny_fs)
        else:
            with tempfile.TemporaryDirectory() as folder:
                server_table(Path(folder), args.ids)
        print(load(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
