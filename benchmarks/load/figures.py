"""The figures of one run, from what the browsers recorded and the servers' readings.

Time is the machine's clock (epoch seconds) on both sides: the server's
deadlines and the browsers' receipt times compare directly. A *burst* is one
group of rooms ending one round: from its first deadline to the moment its
last player held the results. *Steady* is the time when at least STEADY_SHARE
of the rooms are in a running round and no burst is near (BURST_MARGIN before
and after). A word counts where it was sent; a late answer counts at its full
wait, and a word whose socket closed, or never answered, at the time it waited.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from load.browser import Record
from load.servers import Samples
from load.worker import ClientFigures

#: Share of the rooms in a running round for a moment to count as steady.
STEADY_SHARE = 0.9
#: Seconds kept out of the steady time before a burst and after its last results.
BURST_MARGIN = (1.0, 2.0)
#: An answer slower than this is late.
LATE_SECONDS = 1.0
#: Outcomes that are no answer from the server.
NO_ANSWER = ("closed", "unanswered")


def quantile(values: Sequence[float], q: float) -> float:
    """Nearest-rank quantile of sorted `values` (nan if there are none)."""
    if not values:
        return math.nan
    return values[min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))]


@dataclass(frozen=True)
class Spread:
    """p50, p99 and max of some seconds (sorted once), and how many."""

    count: int
    p50: float
    p99: float
    top: float

    @staticmethod
    def of(values: Iterable[float]) -> Spread:
        ordered = sorted(values)
        top = ordered[-1] if ordered else math.nan
        return Spread(len(ordered), quantile(ordered, 0.5), quantile(ordered, 0.99), top)

    def ms(self) -> str:
        if not self.count:
            return "none"
        p50, p99, top = (f"{x * 1000:.0f}" for x in (self.p50, self.p99, self.top))
        return f"p50 {p50} / p99 {p99} / max {top} ms"


@dataclass(frozen=True)
class Burst:
    """One group's end of one round."""

    group: int
    number: int
    first_deadline: float
    last_deadline: float
    #: when the last player held the results (the last deadline if nobody did)
    end: float
    #: deadline → results, per player who got them
    results: Spread
    #: players of the round who never got its results
    missing: int
    #: words of the rooms still playing, sent during the burst
    playing: Spread = Spread(0, math.nan, math.nan, math.nan)
    rss_before: float = math.nan
    rss_after: float = math.nan


@dataclass
class Timeline:
    """When rooms play: their rounds, the bursts, the steady intervals."""

    rooms: int
    starts: list[float] = field(default_factory=list)
    deadlines: list[float] = field(default_factory=list)
    bursts: list[Burst] = field(default_factory=list)
    steady: list[tuple[float, float]] = field(default_factory=list)

    def in_steady(self, when: float) -> bool:
        index = bisect.bisect_right(self.steady, (when, math.inf)) - 1
        return index >= 0 and self.steady[index][0] <= when < self.steady[index][1]

    def steady_seconds(self) -> float:
        return sum(end - start for start, end in self.steady)


def room_rounds(records: list[Record]) -> dict[str, dict[int, tuple[float, float, int]]]:
    """Each room's rounds (start, deadline, group) as any of its browsers saw them."""
    rooms: dict[str, dict[int, tuple[float, float, int]]] = {}
    for record in records:
        known = rooms.setdefault(record.room, {})
        for number, seen in record.rounds.items():
            known.setdefault(number, (seen.start, seen.deadline, record.group))
    return rooms


def bursts(records: list[Record], samples: Samples) -> list[Burst]:
    """Every (group, round) end, in time order."""
    rounds = room_rounds(records)
    keys = sorted({(group, n) for r in rounds.values() for n, (_, _, group) in r.items()})
    found: list[Burst] = []
    for group, number in keys:
        deadlines = [r[number][1] for r in rounds.values() if number in r and r[number][2] == group]
        delays, missing, last = [], 0, max(deadlines)
        for record in records:
            if record.group != group or number not in rounds[record.room]:
                continue
            seen = record.rounds.get(number)
            if seen is None or seen.results_at is None:
                missing += 1
            else:
                delays.append(seen.results_at - seen.deadline)
                last = max(last, seen.results_at)
        first = min(deadlines)
        rss_before = sum(samples.at(first)[2]) if samples.rows else math.nan
        rss_after = sum(samples.at(last + BURST_MARGIN[1])[2]) if samples.rows else math.nan
        found.append(
            Burst(
                group,
                number,
                first,
                max(deadlines),
                last,
                Spread.of(delays),
                missing,
                rss_before=rss_before,
                rss_after=rss_after,
            )
        )
    return sorted(found, key=lambda b: b.first_deadline)


def timeline(records: list[Record], samples: Samples, stop: float) -> Timeline:
    """The rounds of every room, their bursts, and the steady intervals up to `stop`."""
    rounds = room_rounds(records)
    line = Timeline(len(rounds))
    for known in rounds.values():
        for start, deadline, _ in known.values():
            line.starts.append(start)
            line.deadlines.append(min(deadline, stop))
    line.starts.sort()
    line.deadlines.sort()
    line.bursts = bursts(records, samples)
    quiet = [(b.first_deadline - BURST_MARGIN[0], b.end + BURST_MARGIN[1]) for b in line.bursts]
    edges = sorted({*line.starts, *line.deadlines, *(t for q in quiet for t in q), stop})
    for start, end in itertools.pairwise(edges):
        if end > stop:
            break
        middle = (start + end) / 2
        running = bisect.bisect_right(line.starts, middle) - bisect.bisect_right(
            line.deadlines, middle
        )
        near = any(lo <= middle < hi for lo, hi in quiet)
        if running >= STEADY_SHARE * line.rooms and not near:
            if line.steady and line.steady[-1][1] == start:
                line.steady[-1] = (line.steady[-1][0], end)
            else:
                line.steady.append((start, end))
    return line


def with_playing(line: Timeline, records: list[Record]) -> None:
    """Each burst's words of the rooms still playing (sent between its first deadline and
    its end; a word is only sent while its room's round runs)."""
    words = sorted((w[0], w[1]) for r in records for w in r.words)
    times = [w[0] for w in words]
    for index, burst in enumerate(line.bursts):
        lo = bisect.bisect_left(times, burst.first_deadline)
        hi = bisect.bisect_right(times, max(burst.end, burst.last_deadline))
        line.bursts[index] = replace(burst, playing=Spread.of(w[1] for w in words[lo:hi]))


@dataclass(frozen=True)
class ClientCost:
    """What the load generator itself took: CPU seconds per second, loop lag."""

    processes: int
    cpu_per_second: float
    lag: Spread
    steady_lag: Spread
    #: during the round ends (from a burst's first deadline to its end)
    burst_lag: Spread
    #: seconds from the first start to the largest lag
    worst_at: float


def client_cost(clients: list[ClientFigures], line: Timeline, start: float) -> ClientCost:
    """From `start` (the plan's first start) to the end of each client's readings."""
    cpu, wall = 0.0, 0.0
    for client in clients:
        after = [sample for sample in client.cpu if sample[0] >= start]
        if len(after) > 1:
            cpu += after[-1][1] - after[0][1]
            wall = max(wall, after[-1][0] - after[0][0])
    lags = [(lag, at) for c in clients for at, lag in c.lags if at >= start]
    steady = [lag for lag, at in lags if line.in_steady(at)]
    windows = [(b.first_deadline, b.end) for b in line.bursts]
    burst = [lag for lag, at in lags if any(lo <= at <= hi for lo, hi in windows)]
    worst = max(lags, default=(math.nan, start))
    return ClientCost(
        len(clients),
        cpu / wall if wall else math.nan,
        Spread.of(lag for lag, _ in lags),
        Spread.of(steady),
        Spread.of(burst),
        worst[1] - start,
    )


@dataclass(frozen=True)
class Counts:
    """Everything counted over the whole run."""

    outcomes: Counter[str]
    kinds: Counter[str]
    late: int
    resyncs: int
    reconnects: int
    closes: Counter[str]
    open_failures: Counter[str]
    unsent: int
    errors: Counter[str]
    start_refusals: Counter[str]
    pings_unanswered: int


def counts(records: list[Record]) -> Counts:
    return Counts(
        Counter(w[2] for r in records for w in r.words),
        Counter(w[3] for r in records for w in r.words),
        sum(1 for r in records for w in r.words if w[1] > LATE_SECONDS and w[2] not in NO_ANSWER),
        sum(r.resyncs for r in records),
        sum(r.reconnects for r in records),
        Counter(f"{code} {reason}".strip() for r in records for _, code, reason in r.closes),
        Counter(kind for r in records for kind in r.open_failures),
        sum(r.unsent for r in records),
        Counter(code for r in records for code in r.errors),
        Counter(code for r in records for code in r.start_refusals),
        sum(r.pings_unanswered for r in records),
    )


def connection(records: list[Record]) -> tuple[Spread, float, int]:
    """Per player: first attempt → welcome; the span from the first attempt to the last
    welcome; how many were never welcomed."""
    opened = [r.first_open for r in records if r.first_open[1] is not None]
    if not opened:
        return Spread.of([]), math.nan, len(records)
    span = max(w for _, w in opened if w is not None) - min(a for a, _ in opened)
    delays = Spread.of(w - a for a, w in opened if w is not None)
    return delays, span, len(records) - len(opened)


def per_second_p99(records: list[Record], start: float, seconds: int) -> list[float]:
    """The p99 (s) of the words sent in each second from `start`."""
    buckets: list[list[float]] = [[] for _ in range(seconds)]
    for record in records:
        for sent, latency, _, _ in record.words:
            index = math.floor(sent - start)
            if 0 <= index < seconds:
                buckets[index].append(latency)
    return [quantile(sorted(b), 0.99) for b in buckets]


def steady_words(records: list[Record], line: Timeline) -> Spread:
    return Spread.of(w[1] for r in records for w in r.words if line.in_steady(w[0]))


def steady_cpu_per_word(samples: Samples, line: Timeline, words: int) -> float:
    """Server CPU seconds per word sent in the steady intervals."""
    if not words:
        return math.nan
    return sum(samples.cpu_between(lo, hi) for lo, hi in line.steady) / words


def pings(records: list[Record]) -> Spread:
    return Spread.of(rtt for r in records for _, rtt in r.pings)


def all_results(records: list[Record]) -> tuple[Spread, int]:
    """Deadline → results over every player of every round its room played; how many
    never got them."""
    rounds = room_rounds(records)
    delays, missing = [], 0
    for record in records:
        for number in rounds[record.room]:
            seen = record.rounds.get(number)
            if seen is None or seen.results_at is None:
                missing += 1
            else:
                delays.append(seen.results_at - seen.deadline)
    return Spread.of(delays), missing


def missing_detail(records: list[Record]) -> str:
    """Who missed results: how many rooms, whether their sockets closed, how many events
    frames they got at all (none: the room's feed never reached them)."""
    rounds = room_rounds(records)
    missed = [
        r
        for r in records
        if any(n not in r.rounds or r.rounds[n].results_at is None for n in rounds[r.room])
    ]
    rooms = {r.room for r in missed}
    closed = sum(1 for r in missed if r.closes)
    silent = sum(1 for r in missed if r.event_frames == 0)
    return (
        f"{len(missed)} player(s) in {len(rooms)} room(s); {closed} of them had a socket "
        f"closed, {silent} got no events frame at all"
    )


@dataclass(frozen=True)
class MachineCpu:
    """CPU seconds per second over the rounds: the machine, the servers, this coordinator,
    PostgreSQL + Redis (all their processes, whoever uses them)."""

    busy: float
    servers: float
    coordinator: float
    backing: float


def machine_cpu(samples: Samples, start: float) -> MachineCpu:
    """From `start` to the last reading."""
    rows = [row for row in samples.rows if row[0] >= start]
    machine = [row for row in samples.machine if row[0] >= start]
    if len(rows) < 2 or len(machine) < 2:
        return MachineCpu(math.nan, math.nan, math.nan, math.nan)
    wall = rows[-1][0] - rows[0][0]
    first, last = machine[0], machine[-1]
    return MachineCpu(
        (last[1] - first[1]) / wall,
        (sum(rows[-1][1]) - sum(rows[0][1])) / wall,
        (last[2] - first[2]) / wall,
        (last[3] - first[3]) / wall,
    )
