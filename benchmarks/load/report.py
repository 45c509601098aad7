"""The printed report of a run: the figures issue 27 asks for, and the old model's line."""

from __future__ import annotations

import math
import os
from collections import Counter

from load import figures as f
from load.browser import Record
from load.run import Outcome
from load.servers import SAMPLE_EVERY, Samples

GROUPS = ("first", "later")
#: Cores others may use during a run whose figures still count as the server's own.
QUIET_OTHERS = 0.3


def _records(outcome: Outcome) -> list[Record]:
    return [record for client in outcome.clients for record in client.records]


def _counter(counter: Counter[str]) -> str:
    return ", ".join(f"{key} {value:,}" for key, value in counter.most_common()) or "none"


def _mb(value: float) -> str:
    return "?" if math.isnan(value) else f"{value:.0f}"


def _load(load: tuple[float, float, float]) -> str:
    return " ".join(f"{x:.2f}" for x in load)


def setup_line(outcome: Outcome) -> str:
    s = outcome.setup
    rooms = math.ceil(s.players / s.size)
    later = round(rooms * s.later) if s.model.ends else 0
    where = f"{s.processes} process(es), store {s.store}"
    if s.processes > 1:
        where += f", players routed by {s.route}"
    return (
        f"{s.players:,} players in {rooms:,} rooms of {s.size} ({later} rooms start "
        f"{s.round_seconds / 2:.0f} s later); {where}; {s.clients} client process(es)"
    )


def report_people(outcome: Outcome) -> list[str]:
    """Every figure of a run of the `people` model."""
    records = _records(outcome)
    stop = max((w[0] + w[1] for r in records for w in r.words), default=outcome.plan.stop_at)
    line = f.timeline(records, outcome.samples, min(stop, outcome.plan.stop_at))
    f.with_playing(line, records)
    out = [f"load average at start {_load(outcome.load_start)}; {setup_line(outcome)}"]
    out += _connection_lines(outcome, records)
    steady = f.steady_words(records, line)
    seconds = line.steady_seconds()
    cpu = f.steady_cpu_per_word(outcome.samples, line, steady.count)
    out.append(
        f"steady ({seconds:.0f} s with ≥{f.STEADY_SHARE:.0%} of rooms playing, no round end "
        f"near): {steady.count:,} words, {steady.count / seconds if seconds else 0:.0f}/s, "
        f"word-ack {steady.ms()}; server {cpu * 1000:.2f} ms CPU per word"
    )
    first = f.per_second_p99(records, outcome.plan.starts[0], 10)
    out.append(
        "first 10 s of the first rounds, word-ack p99 per second (ms): "
        + " ".join("-" if math.isnan(x) else f"{x * 1000:.0f}" for x in first)
    )
    out += _burst_lines(line, outcome.samples)
    out += _results_lines(records, line)
    out += _count_lines(records, outcome)
    out += _client_lines(outcome, line)
    return out


def _connection_lines(outcome: Outcome, records: list[Record]) -> list[str]:
    delays, span, never = f.connection(records)
    return [
        f"seated over HTTP in {outcome.played.seating_seconds:.1f} s; "
        f"sockets: {len(records) - never:,} "
        f"welcomed {span:.1f} s after the first opened (per socket {delays.ms()}), "
        f"{never} never welcomed"
    ]


def _burst_lines(line: f.Timeline, samples: Samples) -> list[str]:
    out = [
        "round ends (deadline → results frame per player; words of the rooms still playing "
        "while it lasts; the server's CPU seconds meanwhile, which a busy machine changes "
        "little; server RSS before the first deadline → 2 s after the last results):"
    ]
    for burst in line.bursts:
        spread = burst.last_deadline - burst.first_deadline
        lasted = burst.end - burst.first_deadline
        cpu = samples.cpu_between(burst.first_deadline, burst.end + SAMPLE_EVERY)
        out.append(
            f"  {GROUPS[burst.group]:5} round {burst.number:2}: {burst.results.count:,} players "
            f"(deadlines within {spread:.1f} s, lasted {lasted:.1f} s, server CPU {cpu:.1f} s): "
            "results "
            f"{burst.results.ms()}, {burst.missing} missing; still playing: "
            f"{burst.playing.count:,} words, {burst.playing.ms()}; "
            f"RSS {_mb(burst.rss_before)} → {_mb(burst.rss_after)} MB"
        )
    return out


def _results_lines(records: list[Record], line: f.Timeline) -> list[str]:
    everyone, missing = f.all_results(records)
    out = [
        f"all results (every player, every round): {everyone.ms()}, {missing} missing of "
        f"{everyone.count + missing:,}"
    ]
    if missing:
        out.append(f"  missing results: {f.missing_detail(records)}")
    firsts = [b for b in line.bursts if b.group == 0]
    if len(firsts) > 1:
        after = " ".join(_mb(b.rss_after) for b in firsts)
        out.append(f"server RSS after each round of the first rooms (MB): {after}")
        if len(firsts) >= 3:
            second, last = firsts[1].rss_after, firsts[-1].rss_after
            out.append(
                f"RSS after round {len(firsts)} vs after round 2: {last:.0f} / {second:.0f} MB "
                f"= {last / second - 1:+.1%}"
            )
    return out


def _client_lines(outcome: Outcome, line: f.Timeline) -> list[str]:
    start = outcome.plan.starts[0]
    cost = f.client_cost(outcome.clients, line, start)
    machine = f.machine_cpu(outcome.samples, start)
    clients = cost.cpu_per_second + machine.coordinator
    others = machine.busy - machine.servers - clients - machine.backing
    backing = f"PostgreSQL + Redis {machine.backing:.2f}, " if outcome.samples.backed else ""
    return [
        f"clients (the load generator): {cost.processes} process(es), {cost.cpu_per_second:.2f} "
        f"CPU s/s together; loop lag {cost.lag.ms()}, steady p99 "
        f"{cost.steady_lag.p99 * 1000:.0f} ms, during the round ends p99 "
        f"{cost.burst_lag.p99 * 1000:.0f} / max {cost.burst_lag.top * 1000:.0f} ms "
        f"(the largest {cost.worst_at:.0f} s after the first start)",
        f"machine over the rounds: {machine.busy:.2f} of {os.cpu_count()} cores busy: server "
        f"{machine.servers:.2f}, clients and coordinator {clients:.2f}, {backing}"
        f"everything else {others:.2f} "
        f"({_verdict(others)}); load average at end {_load(outcome.load_end)}",
    ]


def _verdict(others: float) -> str:
    if others <= QUIET_OTHERS:
        return "a quiet machine: these figures are the server's"
    return "a shared machine: latencies include waiting for a core others held"


def report_old(outcome: Outcome) -> str:
    """The old model's one line (its rounds never end: the whole window is steady)."""
    records = _records(outcome)
    line = f.timeline(records, outcome.samples, outcome.plan.stop_at)
    steady = f.steady_words(records, line)
    seconds = line.steady_seconds()
    cpu = f.steady_cpu_per_word(outcome.samples, line, steady.count)
    cost = f.client_cost(outcome.clients, line, outcome.plan.starts[0])
    counts = f.counts(records)
    duplicates = counts.outcomes["duplicate_entry"] / max(1, sum(counts.outcomes.values()))
    return (
        f"old model (2 s beat, half junk repeats, no round end; {outcome.setup.players:,} players, "
        f"rooms of {outcome.setup.size}, fresh server, {seconds:.0f} s): {steady.count:,} words, "
        f"{steady.count / seconds if seconds else 0:.0f}/s, word-ack {steady.ms()}, "
        f"{duplicates:.0%} duplicate_entry; server {cpu * 1000:.2f} ms CPU per word; clients "
        f"{cost.cpu_per_second:.2f} CPU s/s, lag p99 {cost.lag.p99 * 1000:.0f} ms; load "
        f"{_load(outcome.load_start)} → {_load(outcome.load_end)}"
    )


def _count_lines(records: list[Record], outcome: Outcome) -> list[str]:
    counts = f.counts(records)
    pings = f.pings(records)
    sent = sum(counts.outcomes.values())
    out = [
        f"ping RTT {pings.ms()} ({pings.count:,} pongs, {counts.pings_unanswered:,} pings "
        f"unanswered)",
        f"words: {sent:,} sent ({_counter(counts.kinds)}); answers: {_counter(counts.outcomes)}; "
        f"late (> {f.LATE_SECONDS:.0f} s) {counts.late:,}; written while closed {counts.unsent:,}",
        f"sockets: {counts.resyncs:,} resyncs, {counts.reconnects:,} reconnects; closes not "
        f"asked for: {_counter(counts.closes)}; failed opens: {_counter(counts.open_failures)}; "
        f"error frames: {_counter(counts.errors)}; start refusals: "
        f"{_counter(counts.start_refusals)}",
    ]
    out += _server_lines(outcome)
    return out


def _server_lines(outcome: Outcome) -> list[str]:
    start = outcome.plan.starts[0]
    inside = [row for row in outcome.samples.rows if row[0] >= start]
    out = []
    if len(inside) > 1:
        cpu = f.machine_cpu(outcome.samples, start).servers
        rss = [sum(row[2]) for row in inside]
        out.append(
            f"server: {cpu:.2f} CPU s/s over the rounds; RSS at the first start "
            f"{rss[0]:.0f} MB, peak {max(rss):.0f} MB, at the end {rss[-1]:.0f} MB"
        )
    out += outcome.log
    return out
