"""A Hunspell affix expander: every surface form of a .dic/.aff pair.

We write our own because `unmunch` mishandles Grammalecte's dictionary
(long flags, continuation classes, NEEDAFFIX on affixes). Supported: FLAG
char/long/num/UTF-8, SFX/PFX rules with strip and conditions, two suffix
levels (continuation classes on suffixes), prefix+suffix combinations when
both rules allow cross products, and the NEEDAFFIX, CIRCUMFIX,
ONLYINCOMPOUND, FORBIDDENWORD and KEEPCASE flags. Compounding is not
generated. Prefix rules that add an apostrophe (French elisions: l', d',
qu', lorsqu'...) are skipped: they never give a word of their own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

APOSTROPHES = frozenset("'’")


class AffixFormatError(ValueError):
    """An .aff or .dic file this expander cannot read."""


@dataclass(frozen=True)
class AffixRule:
    """One line of a PFX/SFX block: strip, add, continuation flags, condition."""

    kind: str  # "PFX" or "SFX"
    flag: str
    cross: bool
    strip: str
    add: str
    cont: frozenset[str]
    condition: str
    morph: str = ""
    _pattern: re.Pattern[str] | None = field(default=None, compare=False, repr=False)
    _length: int = field(default=0, compare=False, repr=False)

    def applies(self, word: str) -> bool:
        """Whether the condition and the strip fit `word` (its end for SFX, start for PFX)."""
        if len(word) < self._length:
            return False
        if self.kind == "SFX":
            if self.strip and not word.endswith(self.strip):
                return False
            if self._pattern is None:
                return True
            return self._pattern.fullmatch(word, len(word) - self._length) is not None
        if self.strip and not word.startswith(self.strip):
            return False
        if self._pattern is None:
            return True
        return self._pattern.fullmatch(word, 0, self._length) is not None

    def apply(self, word: str) -> str:
        """`word` with the strip removed and the affix added (no condition check)."""
        if self.kind == "SFX":
            return word[: len(word) - len(self.strip)] + self.add
        return self.add + word[len(self.strip) :]


def _condition_parts(condition: str) -> list[str]:
    """Split a condition into one regex piece per character position."""
    parts: list[str] = []
    i = 0
    while i < len(condition):
        char = condition[i]
        if char == "[":
            end = condition.find("]", i + 1)
            if end < 0:
                raise AffixFormatError(f"unclosed '[' in condition {condition!r}")
            body = condition[i + 1 : end]
            negate = body.startswith("^")
            if negate:
                body = body[1:]
            parts.append(("[^" if negate else "[") + re.escape(body) + "]")
            i = end + 1
        elif char == ".":
            parts.append(".")
            i += 1
        else:
            parts.append(re.escape(char))
            i += 1
    return parts


def make_rule(
    kind: str,
    flag: str,
    cross: bool,
    strip: str,
    add: str,
    cont: frozenset[str],
    condition: str,
    morph: str = "",
) -> AffixRule:
    """An AffixRule with its condition compiled (`.` means no condition)."""
    parts = [] if condition == "." else _condition_parts(condition)
    pattern = re.compile("".join(parts), re.DOTALL) if parts else None
    return AffixRule(kind, flag, cross, strip, add, cont, condition, morph, pattern, len(parts))


@dataclass
class AffixFile:
    """The parts of an .aff file that matter for generating words."""

    flag_format: str = "char"
    prefixes: dict[str, list[AffixRule]] = field(default_factory=dict)
    suffixes: dict[str, list[AffixRule]] = field(default_factory=dict)
    need_affix: str | None = None
    circumfix: str | None = None
    only_in_compound: str | None = None
    forbidden: str | None = None
    keep_case: str | None = None

    def split_flags(self, text: str) -> frozenset[str]:
        """The flags written in `text`, according to the FLAG format."""
        if self.flag_format == "long":
            if len(text) % 2:
                raise AffixFormatError(f"odd number of characters in long flags {text!r}")
            return frozenset(text[i : i + 2] for i in range(0, len(text), 2))
        if self.flag_format == "num":
            return frozenset(part for part in text.split(",") if part)
        return frozenset(text)


def _parse_flag(affix: AffixFile, text: str) -> str:
    flags = affix.split_flags(text)
    if len(flags) != 1:
        raise AffixFormatError(f"expected one flag, got {text!r}")
    return next(iter(flags))


def parse_aff(text: str) -> AffixFile:
    """Read an .aff file (already decoded)."""
    affix = AffixFile()
    lines = [line.split() for line in text.splitlines()]
    i = 0
    while i < len(lines):
        fields = lines[i]
        i += 1
        if not fields or fields[0].startswith("#"):
            continue
        key = fields[0]
        if key == "FLAG" and len(fields) > 1:
            affix.flag_format = {"long": "long", "num": "num"}.get(fields[1], "char")
        elif key in {"NEEDAFFIX", "PSEUDOROOT"} and len(fields) > 1:
            affix.need_affix = _parse_flag(affix, fields[1])
        elif key == "CIRCUMFIX" and len(fields) > 1:
            affix.circumfix = _parse_flag(affix, fields[1])
        elif key == "ONLYINCOMPOUND" and len(fields) > 1:
            affix.only_in_compound = _parse_flag(affix, fields[1])
        elif key == "FORBIDDENWORD" and len(fields) > 1:
            affix.forbidden = _parse_flag(affix, fields[1])
        elif key == "KEEPCASE" and len(fields) > 1:
            affix.keep_case = _parse_flag(affix, fields[1])
        elif key in {"PFX", "SFX"}:
            if len(fields) < 4:
                raise AffixFormatError(f"line {i}: short {key} header")
            flag = _parse_flag(affix, fields[1])
            cross = fields[2] == "Y"
            try:
                count = int(fields[3])
            except ValueError:
                raise AffixFormatError(f"line {i}: bad {key} rule count {fields[3]!r}") from None
            table = affix.prefixes if key == "PFX" else affix.suffixes
            rules = table.setdefault(flag, [])
            for _ in range(count):
                if i >= len(lines):
                    raise AffixFormatError(f"{key} {flag}: fewer rules than announced")
                rule = lines[i]
                i += 1
                if len(rule) < 4 or rule[0] != key or _parse_flag(affix, rule[1]) != flag:
                    raise AffixFormatError(f"line {i}: expected a {key} {flag} rule")
                strip = "" if rule[2] == "0" else rule[2]
                add, _, cont = rule[3].partition("/")
                add = "" if add == "0" else add
                condition = rule[4] if len(rule) > 4 else "."
                morph = " ".join(rule[5:])
                rules.append(
                    make_rule(
                        key, flag, cross, strip, add, affix.split_flags(cont), condition, morph
                    )
                )
    return affix


@dataclass(frozen=True)
class DicEntry:
    """One stem of a .dic file: the word, its flags and its morphological fields."""

    word: str
    flags: frozenset[str]
    morph: tuple[str, ...]


def parse_dic(text: str, affix: AffixFile) -> Iterator[DicEntry]:
    """The entries of a .dic file (the first line, the count, is skipped)."""
    lines = text.splitlines()
    for line in lines[1:]:
        fields = line.split()
        if not fields:
            continue
        head = fields[0]
        slash = _unescaped_slash(head)
        if slash < 0:
            word, flags = head, frozenset[str]()
        else:
            word, flags = head[:slash], affix.split_flags(head[slash + 1 :])
        yield DicEntry(word.replace("\\/", "/"), flags, tuple(fields[1:]))


def _unescaped_slash(text: str) -> int:
    for index, char in enumerate(text):
        if char == "/" and (index == 0 or text[index - 1] != "\\"):
            return index if index > 0 else -1
    return -1


@dataclass(frozen=True)
class _Form:
    word: str
    cont: frozenset[str]  # continuation flags of the outermost suffix (stem flags at level 0)
    rules: tuple[AffixRule, ...]  # suffixes applied, inner first


def _skip_prefix(rule: AffixRule) -> bool:
    return any(char in APOSTROPHES for char in rule.add)


class Expander:
    """Generates every word a stem stands for under an affix file."""

    def __init__(
        self, affix: AffixFile, skip_prefix: Callable[[AffixRule], bool] = _skip_prefix
    ) -> None:
        self.affix = affix
        # Prefix rules that can give a word, by flag (elisions are left out once here).
        self._prefixes = {
            flag: kept
            for flag, rules in affix.prefixes.items()
            if (kept := [rule for rule in rules if not skip_prefix(rule)])
        }

    def _suffix_forms(self, entry: DicEntry) -> list[_Form]:
        affix = self.affix
        forms = [_Form(entry.word, entry.flags, ())]
        for flag in sorted(entry.flags):
            for rule in affix.suffixes.get(flag, ()):
                if not rule.applies(entry.word):
                    continue
                first = rule.apply(entry.word)
                forms.append(_Form(first, rule.cont, (rule,)))
                for flag2 in sorted(rule.cont):
                    for rule2 in affix.suffixes.get(flag2, ()):
                        if rule2.applies(first):
                            forms.append(_Form(rule2.apply(first), rule2.cont, (rule, rule2)))
        return forms

    def _valid(self, flags: frozenset[str], has_other_affix: bool, circumfix_ok: bool) -> bool:
        affix = self.affix
        if affix.need_affix in flags and not has_other_affix:
            return False
        if affix.only_in_compound in flags:
            return False
        return circumfix_ok

    def expand(self, entry: DicEntry) -> Iterator[tuple[str, bool]]:
        """Every (word, forbidden) the entry generates; duplicates are possible."""
        affix = self.affix
        forbidden = affix.forbidden
        circ = affix.circumfix
        stem_forbidden = forbidden is not None and forbidden in entry.flags
        forms = self._suffix_forms(entry)
        for form in forms:
            outer = form.rules[-1] if form.rules else None
            # Suffix-only forms: the stem's NEEDAFFIX is met by any suffix; an
            # outer suffix's own NEEDAFFIX needs a prefix (handled below).
            circ_used = circ is not None and any(circ in r.cont for r in form.rules)
            if outer is None:
                if self._valid(entry.flags, False, True):
                    yield form.word, stem_forbidden
            elif self._valid(outer.cont, False, not circ_used):
                yield form.word, stem_forbidden or forbidden in outer.cont
        # Prefixes: on the stem, or on a suffixed form when every rule allows it.
        prefixes = self._prefixes
        stem_prefix_flags = {f for f in entry.flags if f in prefixes}
        for form in forms:
            if form.rules and not all(r.cross for r in form.rules):
                continue
            flags = set(stem_prefix_flags)
            for rule in form.rules:
                flags.update(f for f in rule.cont if f in prefixes)
            for flag in sorted(flags):
                for prefix in prefixes[flag]:
                    if form.rules and not prefix.cross:
                        continue
                    if not prefix.applies(form.word):
                        continue
                    yield from self._prefixed(entry, form, prefix, stem_forbidden)

    def _prefixed(
        self, entry: DicEntry, form: _Form, prefix: AffixRule, stem_forbidden: bool
    ) -> Iterator[tuple[str, bool]]:
        affix = self.affix
        forbidden = affix.forbidden
        circ = affix.circumfix
        word = prefix.apply(form.word)
        if form.rules:
            outer = form.rules[-1]
            circ_suffix = circ is not None and any(circ in r.cont for r in form.rules)
            circ_prefix = circ is not None and circ in prefix.cont
            if circ_suffix != circ_prefix:  # a circumfix needs both sides
                return
            if affix.only_in_compound in prefix.cont or affix.only_in_compound in outer.cont:
                return
            yield word, stem_forbidden or forbidden in prefix.cont or forbidden in outer.cont
            return
        # Prefix on the bare stem, alone or with a suffix its continuation allows.
        lone_ok = (
            affix.need_affix not in prefix.cont
            and affix.only_in_compound not in prefix.cont
            and not (circ is not None and circ in prefix.cont)
        )
        if lone_ok:
            yield word, stem_forbidden or forbidden in prefix.cont
        for flag in sorted(prefix.cont):
            if flag in entry.flags:
                continue  # already generated through the stem's own suffix flag
            for suffix in affix.suffixes.get(flag, ()):
                if not suffix.applies(entry.word):
                    continue
                if affix.need_affix in suffix.cont or affix.only_in_compound in suffix.cont:
                    continue
                if (circ is not None) and ((circ in suffix.cont) != (circ in prefix.cont)):
                    continue
                yield (
                    prefix.apply(suffix.apply(entry.word)),
                    stem_forbidden or forbidden in prefix.cont or forbidden in suffix.cont,
                )


def expand_all(
    entries: Iterable[DicEntry], affix: AffixFile, keep: Callable[[DicEntry], bool]
) -> set[str]:
    """Every word generated by the kept entries, minus the forbidden ones."""
    expander = Expander(affix)
    words: set[str] = set()
    forbidden: set[str] = set()
    for entry in entries:
        if not keep(entry):
            continue
        for word, is_forbidden in expander.expand(entry):
            (forbidden if is_forbidden else words).add(word)
    return words - forbidden
