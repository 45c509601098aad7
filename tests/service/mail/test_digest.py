"""The daily digest's hour (`service.mail.digest`): every turn of a day goes at the same
next hour, never at once, never more than a day later."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from motamot.service.mail.digest import DAY, DIGEST_HOUR, digest_at, digest_notice
from motamot.service.mail.outbox import Notice


@given(st.floats(min_value=0, max_value=2**40, allow_nan=False))
def test_k10_a_digest_goes_at_the_next_hour_within_a_day(now: float) -> None:
    at = digest_at(now)
    assert now < at <= now + DAY
    assert (at - DIGEST_HOUR * 3600) % DAY == 0


def test_k10_turns_of_one_day_share_their_digest_and_the_hour_starts_the_next() -> None:
    seven = 1_700_000_000 // 86400 * 86400 + DIGEST_HOUR * 3600  # a day's 07:00 UTC
    turn = Notice("p-bob", "turn", "room1", "s2", 12, {"kind": "topword"})
    before = [digest_notice(turn, seven - seconds) for seconds in (1, 3600, 86399)]
    assert {(n.what, n.seq, n.due) for n in before} == {("digest", seven // 86400, seven)}
    assert before[0].data == {"kind": "topword", "since": 12}
    after = digest_notice(turn, seven)
    assert after.due == seven + DAY and after.seq == seven // 86400 + 1
