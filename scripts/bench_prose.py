"""Time prose extraction (edgegram.engine.prose.mask) on generated 5,000-line source files.

    PYTHONPATH=. python scripts/bench_prose.py [--lines 5000] [--runs 20]

Prints, per language, the median and best milliseconds of ``mask`` over the runs (the
first, which loads the grammar, is reported apart). The target is <= 50 ms a file.
"""

from __future__ import annotations

import argparse
import statistics
import time

from edgegram.engine.prose import mask

_PYTHON_UNIT = '''

# Compute the running total of the values, wrapped over
# two comment lines so that the sentence continues here.
def total_{n}(values, start=0):
    """Return the sum of ``values`` plus ``start``.

    The values are added one by one; see https://example.com/docs for details.
    """
    result = start  # the accumulator starts at ``start``
    for value in values:
        result += value
    message = "a string literal that is not checked"
    return result
'''
_JS_UNIT = """

/**
 * Compute the running total of the values, wrapped over
 * two comment lines so that the sentence continues here.
 * @param {number[]} values - The values to add.
 */
function total{n}(values, start = 0) {
  let result = start; // the accumulator starts at `start`
  for (const value of values) {
    result += value;
  }
  const message = "a string literal that is not checked";
  return result;
}
"""


def _source(unit: str, lines: int) -> str:
    parts, count, n = [], 0, 0
    while count < lines:
        piece = unit.replace("{n}", str(n))
        parts.append(piece)
        count += piece.count("\n")
        n += 1
    return "".join(parts)


def _time(text: str, language: str, runs: int) -> tuple[float, float, float, float]:
    """First-call, median and best wall milliseconds, and median CPU milliseconds (which
    other processes on a shared machine disturb less)."""
    started = time.perf_counter()
    mask(text, language)
    first = (time.perf_counter() - started) * 1000
    wall, cpu = [], []
    for _ in range(runs):
        started, started_cpu = time.perf_counter(), time.process_time()
        mask(text, language)
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    return first, statistics.median(wall), min(wall), statistics.median(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    for language, unit in (("python", _PYTHON_UNIT), ("javascript", _JS_UNIT)):
        text = _source(unit, args.lines)
        first, median, best, cpu = _time(text, language, args.runs)
        print(
            f"{language}: {text.count(chr(10))} lines, {len(text)} chars: first {first:.1f} ms, "
            f"median {median:.1f} ms, best {best:.1f} ms (median CPU {cpu:.1f} ms) over {args.runs} runs"
        )


if __name__ == "__main__":
    main()
