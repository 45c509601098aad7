"""One round of a Boggle room as the room folds it: grid, times, words and their verdicts."""

from __future__ import annotations

from dataclasses import dataclass, field

import msgspec

from motamot.boggle.grid import Grid
from motamot.boggle.referee import Feedback, Verdict, WordChecker
from motamot.boggle.round import Entry, RoundResult, Sheet, SheetJudge
from motamot.boggle.rules import BoggleRules
from motamot.lexicon import Lexicon, try_fold
from motamot.service.boggle.events import WordWritten
from motamot.service.boggle.feedback import instant_feedback
from motamot.service.boggle.grid_words import GridWords
from motamot.service.boggle.tally import SeatTally
from motamot.service.rooms.outcomes import Refusal

#: The verdicts of a word that counts for now: accepted, or written (checked at the end).
STANDING = (Feedback.ACCEPTED, Feedback.WRITTEN)
#: Longer than any word a 10x10 grid can spell is still refused politely, not stored.
MAX_WORD = 64
#: Entries one player may write in a round: far above what anybody types, and it bounds
#: what the round's results carry to every seat.
MAX_ENTRIES = 500


@dataclass
class RoundState:
    """One round: its grid and times, every word written with its verdict, the bots' plan."""

    number: int
    seed: int
    grid: Grid
    start: float
    deadline: float
    #: The settings the round was started under: a later change of settings (between
    #: rounds) must not re-judge it, live or rebuilt from the events.
    rules: BoggleRules
    lexicon: Lexicon
    verify_at_end: bool
    #: Seats taking part, in seat order (those present at the start, then late writers).
    players: list[str]
    #: The seq of RoundStarted and of RoundEnded: the events between are this round's.
    started_seq: int = 0
    ended_seq: int | None = None
    words: dict[str, list[WordWritten]] = field(default_factory=dict)
    folded: dict[str, set[str]] = field(default_factory=dict)
    #: Each word's instant verdict, decided when the room took it (by the word's seq);
    #: `verdict` reads them (and judges again the words of a round put away).
    verdicts: dict[int, Verdict] = field(default_factory=dict)
    #: The bots' words still to write, as (referee time, seat, text) in time order.
    plan: list[tuple[float, str, str]] = field(default_factory=list)
    cursor: int = 0
    ended_at: float | None = None
    stopped: bool = False
    result: RoundResult | None = None
    #: What everybody is shown of the ended round, built once for every seat, spectator
    #: and reconnecting page (`views.result_shown`, and the RoundEnded event as sent).
    shown_result: msgspec.Raw | None = None
    shown_end: msgspec.Raw | None = None
    #: What the results will show of the grid, built while the round runs (`grid_words`),
    #: dropped once the results are.
    grid_words: GridWords | None = field(default=None, repr=False, compare=False)
    #: The referee on this round's grid, remembering each text's verdict: the end of the
    #: round judges again (`judge_round`) what was judged when written.
    check: WordChecker = field(init=False, repr=False, compare=False)
    #: Each seat's sheet judged as its words come (`SheetJudge`): the round's end only
    #: crosses out and totals.
    judges: dict[str, SheetJudge] = field(default_factory=dict, repr=False, compare=False)
    #: What the match keeps of each seat's part once the round is put away (`put_away`).
    tallies: dict[str, SeatTally] | None = field(default=None, repr=False, compare=False)
    #: `players` as a set: whether a word's writer takes part already is asked for every
    #: word, and an arena round's list holds thousands (its scan was a fifth of a
    #: replica's time at 7,000 players)
    taking_part: set[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.check = WordChecker(self.grid, self.rules, self.lexicon)
        self.taking_part = set(self.players)

    def put_away(self, tallies: dict[str, SeatTally]) -> None:
        """The room has moved on to the next round: what only this ended round's live
        end needed goes, and what the match needs of it stays (`tallies`, each seat's
        total and figures). The judged sheets, the frames as sent and the sheets' judges
        made a room of ten rounds hold ten rounds of results (bench_server --rounds 10);
        what refuses a repeat (the folded words), the bots' plan, the instant verdicts
        and the referee's memory of each text serve a running round alone. A result or a
        verdict asked again is judged anew from the words, by the same referee."""
        assert not self.running, "a running round is not put away"
        self.result = self.shown_result = self.shown_end = self.grid_words = None
        self.judges, self.tallies = {}, tallies
        self.folded, self.plan, self.cursor, self.verdicts = {}, [], 0, {}
        self.check = WordChecker(self.grid, self.rules, self.lexicon)

    def verdict(self, word: WordWritten) -> Verdict:
        """The instant verdict `word` was given. A round put away forgot them (a page
        catching up from one of its events is rare; its memory grew with every round): the
        referee's verdict is a function of the text on the round's grid, rules and
        dictionary, so judging it again gives what the writer was told."""
        known = self.verdicts.get(word.seq)
        if known is None:
            known = instant_feedback(self.check(word.text), self.verify_at_end)
        return known

    def judge(self, seat: str) -> SheetJudge:
        judge = self.judges.get(seat)
        if judge is None:
            judge = SheetJudge(self.rules, self.check, self.elapsed(self.deadline))
            self.judges[seat] = judge
        return judge

    @property
    def away(self) -> bool:
        """Put away: the result and judges are gone, and a result asked again (a record,
        the terminal) is judged from the words."""
        return self.tallies is not None

    @property
    def running(self) -> bool:
        return self.ended_at is None

    def elapsed(self, at: float) -> float:
        """Seconds from the start to referee time `at`, to the microsecond (monotonic in `at`,
        so a word on time by the referee's clock is on time for `judge_round`)."""
        return round(at - self.start, 6)

    def sheet(self, seat: str, name: str) -> Sheet:
        return Sheet(
            name, tuple(Entry(w.text, self.elapsed(w.at)) for w in self.words.get(seat, ()))
        )

    def count(self, seat: str, upto: int | None = None) -> int:
        """How many words `seat` wrote (up to event `upto`)."""
        words = self.words.get(seat, ())
        return len(words) if upto is None else sum(1 for w in words if w.seq <= upto)

    def standing(self, seat: str, upto: int | None = None) -> int:
        """How many of `seat`'s words stand for now (up to event `upto`), as the others are
        told: the accepted ones, or with the dictionary checked at the end every word on
        the grid (written); a refused word is not counted (the terminal's count too)."""
        return sum(
            1
            for w in self.words.get(seat, ())
            if (upto is None or w.seq <= upto) and self.verdict(w).feedback in STANDING
        )


def entry_refusal(state: RoundState, seat: str, text: str, now: float) -> str | Refusal:
    """The text `seat` writes into the running round `state` at `now`, as it is stored
    (trimmed), or why the room will not take it: too late (B10), empty, too long,
    written already (B9: answered from memory, nothing stored), or one too many."""
    if state.rules.is_late(now, state.deadline):
        return Refusal("after_deadline")
    text = text.strip()
    if not text:
        return Refusal("empty_word")
    if len(text) > MAX_WORD:
        return Refusal("too_long", {"max": MAX_WORD})
    folded = try_fold(text)
    if folded is not None and folded in state.folded.get(seat, ()):
        return Refusal("duplicate_entry", {"word": folded})
    if state.count(seat) >= MAX_ENTRIES:
        return Refusal("too_many_entries", {"max": MAX_ENTRIES})
    return text


def take_word(state: RoundState, event: WordWritten) -> Verdict:
    """Fold a word written into its round: the writer takes part, the word is kept with
    its instant verdict (decided here once, so the writer's answer, every view and every
    replica show the same one) and its folded form (B9)."""
    if event.seat not in state.taking_part:
        state.taking_part.add(event.seat)
        state.players.append(event.seat)
    state.words.setdefault(event.seat, []).append(event)
    state.judge(event.seat).add(Entry(event.text, state.elapsed(event.at)))
    verdict = state.verdicts[event.seq] = instant_feedback(
        state.check(event.text), state.verify_at_end
    )
    folded = try_fold(event.text)
    if folded is not None:
        state.folded.setdefault(event.seat, set()).add(folded)
    return verdict
