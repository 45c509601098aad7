"""What the operator of a public server chooses beyond the game: metrics, where they are
served. One value passed through `serve.build_app` and `build_cluster_app`, so that a new
choice is one new field."""

from __future__ import annotations

from dataclasses import dataclass, field

from motamot.server.metrics import Metrics


@dataclass
class Operations:
    """An operator's choices for one server process (the defaults: metrics kept, served
    at `/metrics` on the public port)."""

    #: None: no metrics kept (nothing measured on the hot path, no `/metrics`).
    metrics: Metrics | None = field(default_factory=Metrics)
    #: Serve `/metrics` on the public port (False: on the port `serve` opens for them).
    metrics_here: bool = True
