"""deploy/prometheus/alerts.yml and deploy/grafana/motamot.json against what a server
serves at /metrics, and /metrics against the rules `promtool check metrics` applies.

Debian's promtool comes only with the whole `prometheus` package (a 96 MB server whose
install starts a daemon): .ci/run takes promtool out of the downloaded package and runs
`promtool check rules` and `promtool check metrics` against a real server; these checks
say the same where promtool is not at hand, with what promtool does not check. The rules
file is read as Prometheus reads it (YAML: groups of rules, each
alert with an expression, a duration, a severity and a summary), every metric an
expression or a panel names must be one the server serves, and each expression's
brackets, braces and quotes must pair up."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from motamot.server.serve import build_app
from motamot.service.ports import ManualClock
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.server.helpers import create, hello

ROOT = Path(__file__).resolve().parents[2]
ALERTS = ROOT / "deploy" / "prometheus" / "alerts.yml"
DASHBOARD = ROOT / "deploy" / "grafana" / "motamot.json"
#: Series Prometheus makes itself, not the server.
PROMETHEUS_OWN = {"up"}
#: PromQL's words: functions, aggregations, keywords (anything else before `(`, `{` or
#: a comparison is a metric's name).
PROMQL = {
    "sum", "count", "rate", "increase", "histogram_quantile", "by", "without", "or",
    "and", "unless", "max", "min", "avg", "le", "on", "ignoring",
}  # fmt: skip
NAME = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*")


@pytest.fixture(scope="module")
def exposition() -> Iterator[str]:
    """What /metrics says after a page, a 404, a socket opened and closed."""

    async def factory() -> MemoryStore:
        return MemoryStore()

    with TestClient(build_app(factory, ManualClock(), default_kinds())) as client:
        assert client.get("/").status_code == 200
        assert client.get("/no/such/page").status_code == 404
        room, ana = create(client, duration=60)
        with client.websocket_connect(f"/ws/{room}") as socket:
            hello(socket, ana)
        assert client.get("/readyz").status_code == 200
        yield client.get("/metrics").text


def served(exposition: str) -> set[str]:
    """Every series name /metrics serves (a histogram's and a counter's included)."""
    names = set()
    for family in text_string_to_metric_families(exposition):
        names.add(family.name)
        names.update(sample.name for sample in family.samples)
        if family.type == "histogram":
            names.update(f"{family.name}_{end}" for end in ("bucket", "sum", "count"))
        if family.type == "counter":
            names.add(f"{family.name}_total")
    return names


def metrics_in(expr: str) -> set[str]:
    """The metric names a PromQL expression reads."""
    without_strings = re.sub(r'"[^"]*"', '""', expr)
    without_matchers = re.sub(r"\{[^}]*\}", "", without_strings)
    without_groupings = re.sub(r"\b(?:by|without|on|ignoring)\s*\([^)]*\)", "", without_matchers)
    without_ranges = re.sub(r"\[[^\]]*\]", "", without_groupings)
    names = {name for name in NAME.findall(without_ranges) if not name[0].isdigit()}
    return {name for name in names if name not in PROMQL and not re.fullmatch(r"\d*e\d+", name)}


def paired(expr: str) -> bool:
    stack = []
    pairs = {")": "(", "]": "[", "}": "{"}
    for char in re.sub(r'"[^"]*"', '""', expr):
        if char in "([{":
            stack.append(char)
        elif char in pairs and (not stack or stack.pop() != pairs[char]):
            return False
    return not stack and expr.count('"') % 2 == 0


def rules() -> list[dict[str, Any]]:
    document = yaml.safe_load(ALERTS.read_text("utf-8"))
    assert set(document) == {"groups"}
    found = []
    for group in document["groups"]:
        assert set(group) == {"name", "rules"} and group["rules"]
        found += group["rules"]
    return found


def test_the_server_serves_what_an_operator_alerts_on(exposition: str) -> None:
    names = served(exposition)
    for name in (
        "process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds",
        "process_max_fds", "python_info", "motamot_build_info", "motamot_ready",
        "motamot_http_requests_total", "motamot_http_request_seconds_bucket",
        "motamot_socket_closes_total", "motamot_store_errors_total",
        "motamot_broker_errors_total", "motamot_players_in_play", "motamot_rooms_in_play",
    ):  # fmt: skip
        assert name in names, name
    assert re.search(r'^motamot_build_info\{.*version="\d+\.\d+\.\d+"', exposition, re.M)
    assert 'motamot_http_requests_total{family="home",status="200"} 1.0' in exposition
    assert 'motamot_http_requests_total{family="other",status="404"} 1.0' in exposition
    assert "motamot_ready 1.0" in exposition
    assert 'motamot_socket_closes_total{code="1000"} 1.0' in exposition  # the page closed it


def test_the_exposition_passes_promtool_s_lint(exposition: str) -> None:
    """`promtool check metrics`: HELP for each, counters named *_total, units as
    suffixes in base units, no colon in an exported name."""
    for family in text_string_to_metric_families(exposition):
        assert family.documentation, f"{family.name}: no HELP"
        assert ":" not in family.name
        assert not re.search(r"_(ms|milliseconds|kb|mb|percent)$", family.name), family.name
        for sample in family.samples:
            if family.type == "counter" and not sample.name.endswith("_created"):
                assert sample.name.endswith("_total"), sample.name
            if family.type == "gauge":
                assert not sample.name.endswith("_total"), sample.name
    if shutil.which("promtool"):
        checked = subprocess.run(
            ["promtool", "check", "metrics"], input=exposition, capture_output=True, text=True
        )
        assert checked.returncode == 0, checked.stdout + checked.stderr


def test_every_alert_is_whole_and_reads_only_served_metrics(exposition: str) -> None:
    names = served(exposition) | PROMETHEUS_OWN
    alerts = rules()
    assert len({rule["alert"] for rule in alerts}) == len(alerts) >= 10
    for rule in alerts:
        assert set(rule) <= {"alert", "expr", "for", "labels", "annotations"}, rule
        assert re.fullmatch(r"Motamot[A-Za-z]+", rule["alert"])
        assert rule["labels"]["severity"] in ("warning", "critical")
        assert rule["annotations"]["summary"]
        assert "for" not in rule or re.fullmatch(r"\d+[smh]", rule["for"])
        assert paired(rule["expr"]), rule["expr"]
        read = metrics_in(rule["expr"])
        assert read and read <= names, (rule["alert"], read - names)
    if shutil.which("promtool"):
        checked = subprocess.run(["promtool", "check", "rules", str(ALERTS)], capture_output=True)
        assert checked.returncode == 0, checked.stdout


def test_the_check_finds_a_metric_the_server_does_not_serve(exposition: str) -> None:
    assert metrics_in('sum by (instance) (rate(motamot_words_total{x="a"}[5m])) > 2e9') == {
        "motamot_words_total"
    }
    assert "motamot_words_total" not in served(exposition)
    assert not paired("sum(rate(x[5m])")


def test_every_panel_of_the_dashboard_reads_served_metrics(exposition: str) -> None:
    dashboard = json.loads(DASHBOARD.read_text("utf-8"))
    names = served(exposition)
    assert dashboard["uid"] == "motamot" and dashboard["panels"]
    ids = [panel["id"] for panel in dashboard["panels"]]
    assert len(set(ids)) == len(ids)
    for panel in dashboard["panels"]:
        for target in panel["targets"]:
            assert paired(target["expr"])
            read = metrics_in(target["expr"])
            assert read and read <= names, (panel["title"], read - names)
