"""The leave model and the tool that fits it from self-play."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from motamot.lexicon import load_lexicon
from motamot.topword.bots.fit import fit, game_samples
from motamot.topword.bots.leave import FEATURES, LeaveModel, leave_features
from motamot.topword.game import Game
from motamot.topword.selfplay import wilson_interval


def test_leave_features_count_tiles_duplicates_and_balance() -> None:
    row = dict(zip(FEATURES, leave_features("EEESTX"), strict=True))
    assert row["E"] == 3 and row["S"] == 1 and row["T"] == 1 and row["X"] == 1
    assert row["duplicate"] == 2  # two extra E
    assert row["imbalance"] == 0  # 3 vowels, 3 consonants
    assert dict(zip(FEATURES, leave_features("KWZ"), strict=True))["imbalance"] == 2


def test_the_fit_recovers_known_leave_values() -> None:
    rng = random.Random(4)
    truth = [round(rng.random() * 4 - 2, 2) for _ in FEATURES]
    samples = []
    for _ in range(3000):
        tiles = [chr(65 + int(rng.random() * 26)) for _ in range(int(rng.random() * 7))]
        features = leave_features(tiles)
        points = 20.0 + sum(w * x for w, x in zip(truth, features, strict=True))
        samples.append((features, points))
    weights, intercept = fit(samples, ridge=0.0)
    assert abs(intercept - 20.0) < 1e-6
    assert all(abs(w - t) < 1e-6 for w, t in zip(weights, truth, strict=True))
    model = LeaveModel.from_weights(weights, {})
    assert abs(model.value("SEE") - sum(truth[i] for i in (18, 4, 4)) - truth[26]) < 1e-6


def test_self_play_samples_pair_a_leave_with_the_next_move() -> None:
    fr = load_lexicon("fr")
    samples = game_samples(Game(["p1", "p2"], 3, fr, scoreless_limit=10), 3)
    assert len(samples) >= 10
    for features, points in samples:
        assert len(features) == len(FEATURES) and sum(features[:26]) <= 7
        assert points >= 0


@given(st.integers(min_value=1, max_value=10_000), st.data())
def test_wilson_interval_holds_the_observed_rate(trials: int, data: st.DataObject) -> None:
    successes = data.draw(st.integers(min_value=0, max_value=trials))
    low, high = wilson_interval(successes, trials)
    assert 0.0 <= low <= successes / trials <= high <= 1.0


@given(st.lists(st.sampled_from(FEATURES[:-2]), max_size=7))
def test_a_leave_value_is_the_weights_times_the_features(tiles: list[str]) -> None:
    """`LeaveModel.value` sums without building the features; it must be the same sum."""
    rng = random.Random(len(tiles))
    weights = [round(rng.random() * 6 - 3, 3) for _ in FEATURES]
    model = LeaveModel.from_weights(weights, {})
    expected = sum(w * x for w, x in zip(weights, leave_features(tiles), strict=True))
    assert abs(model.value(tiles) - expected) < 1e-9
