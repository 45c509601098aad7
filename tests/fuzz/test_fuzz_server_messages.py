"""Fuzz the server's message parser (issues 11 and 16): any frame gives one of the
protocol's messages (which reads back equal) or a ProtocolError, never another exception.

Frames are raw bytes, any text, JSON of random shapes, and valid messages of
every type the protocol declares, mutated (wrong types, huge numbers, deep
nesting, Unicode oddities, oversized). The budget is bounded for CI
(`MOTAMOT_FUZZ_EXAMPLES`, default 150 a strategy); `benchmarks/fuzz.py
--target "server message"` runs the long campaign.
"""

from __future__ import annotations

import contextlib
import json
import os
import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motamot.server.protocol import ProtocolError
from tests.fuzz.server_targets import (
    MESSAGE_TYPES,
    OVERSIZED_FRAMES,
    ClientMessage,
    check_frame,
    hostile_frame,
    mutate_frame,
    mutated_message,
    parse_message,
    run_frame,
    seeds,
    tags,
    valid_message,
)

EXAMPLES = int(os.environ.get("MOTAMOT_FUZZ_EXAMPLES", "150"))
BUDGET = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


def result_or_protocol_error(frame: str | bytes) -> ClientMessage | ProtocolError:
    try:
        return check_frame(frame)
    except ProtocolError as error:
        assert error.code in ("malformed", "too_big") and error.detail, error
        return error


@BUDGET
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_any_bytes_or_text_gives_a_message_or_a_protocol_error(frame: str | bytes) -> None:
    result_or_protocol_error(frame)


@BUDGET
@given(json_values, st.sampled_from(sorted(tags())))
def test_json_of_any_shape_gives_a_message_or_a_protocol_error(value: object, tag: str) -> None:
    result_or_protocol_error(json.dumps(value))
    fields = value if isinstance(value, dict) else {"value": value}
    result_or_protocol_error(json.dumps({**fields, "type": tag}))


@BUDGET
@given(st.sampled_from(MESSAGE_TYPES), st.randoms(use_true_random=False))
def test_mutated_messages_of_every_type_give_a_message_or_a_protocol_error(
    kind: type[msgspec.Struct], rng: random.Random
) -> None:
    message = valid_message(kind, rng)
    assert isinstance(check_frame(json.dumps(message)), kind)
    result_or_protocol_error(json.dumps(mutated_message(rng, message)))
    result_or_protocol_error(hostile_frame(rng))


@BUDGET
@given(st.randoms(use_true_random=False))
def test_the_campaigns_byte_mutations_give_a_message_or_a_protocol_error(
    rng: random.Random,
) -> None:
    corpus = seeds()
    with contextlib.suppress(ProtocolError):
        run_frame(mutate_frame(rng, rng.choice(corpus), corpus))


def test_every_message_type_of_the_protocol_is_fuzzed() -> None:
    """The targets read the protocol's own union: a new message type is fuzzed at once."""
    rng = random.Random(1)
    parsed = {type(check_frame(json.dumps(valid_message(kind, rng)))) for kind in MESSAGE_TYPES}
    assert parsed == set(MESSAGE_TYPES) and len(MESSAGE_TYPES) >= 15
    assert {type(parse_message(frame.decode())) for frame in seeds()} == set(MESSAGE_TYPES)


def test_oversized_and_deeply_nested_frames_give_a_message_or_a_protocol_error() -> None:
    results = [result_or_protocol_error(frame) for frame in OVERSIZED_FRAMES]
    too_big = [r.code for r in results if isinstance(r, ProtocolError) and r.code == "too_big"]
    assert len(too_big) == 2  # the two frames over the limit; the others are read


@pytest.mark.parametrize("frame", ["\ud800", '{"type": "ping", "c": 1, "x": "\udcff"}'])
def test_a_lone_surrogate_in_a_text_frame_is_malformed_not_a_crash(frame: str) -> None:
    """Found by this fuzz target: `str.encode` raised UnicodeEncodeError in the size check."""
    with pytest.raises(ProtocolError) as refused:
        parse_message(frame)
    assert refused.value.code == "malformed"
