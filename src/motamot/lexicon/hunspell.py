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
from typing import ClassVar

from motamot.errors import CodedError

APOSTROPHES = frozenset("'’")


class AffixFormatError(CodedError, ValueError):
    """An .aff or .dic file this expander cannot read; `in_file` names the file and the
    line, its `error` what is wrong there."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "in_file": "{path}, line {line}: {error}",
        "unclosed_class": "unclosed '[' in condition {condition!r}",
        "empty_class": "empty '[]' in condition {condition!r}",
        "odd_long_flags": "odd number of characters in long flags {text!r}",
        "not_one_flag": "expected one flag, got {text!r}",
        "short_header": "short {kind} header (expected '{kind} FLAG Y|N COUNT')",
        "bad_count": "bad {kind} rule count {count!r}",
        "missing_rules": "{kind} {flag}: fewer rules than announced",
        "bad_rule": "not a {kind} {flag} rule ('{kind} FLAG STRIP ADD [CONDITION]')",
    }


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
                raise AffixFormatError("unclosed_class", condition=condition)
            body = condition[i + 1 : end]
            negate = body.startswith("^")
            if negate:
                body = body[1:]
            if not body:  # `[]` or `[^]`: a class of nothing, which no regex can say
                raise AffixFormatError("empty_class", condition=condition)
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
                raise AffixFormatError("odd_long_flags", text=text)
            return frozenset(text[i : i + 2] for i in range(0, len(text), 2))
        if self.flag_format == "num":
            return frozenset(part for part in text.split(",") if part)
        return frozenset(text)


def _parse_flag(affix: AffixFile, text: str) -> str:
    flags = affix.split_flags(text)
    if len(flags) != 1:
        raise AffixFormatError("not_one_flag", text=text)
    return next(iter(flags))


class _Lines:
    """The lines of a file split into fields, read one by one; `read` is how many."""

    def __init__(self, text: str) -> None:
        self.lines = [line.split() for line in text.splitlines()]
        self.read = 0

    def __bool__(self) -> bool:
        return self.read < len(self.lines)

    def next(self) -> list[str]:
        self.read += 1
        return self.lines[self.read - 1]


def parse_aff(text: str, path: str = "<aff>") -> AffixFile:
    """Read an .aff file (already decoded); AffixFormatError names `path` and the line."""
    affix = AffixFile()
    lines = _Lines(text)
    try:
        while lines:
            _read_aff_line(affix, lines)
    except AffixFormatError as error:
        raise AffixFormatError("in_file", path=path, line=lines.read, error=error) from None
    return affix


#: One-flag settings: the key as written → the AffixFile attribute it sets.
_FLAG_KEYS = {
    "NEEDAFFIX": "need_affix",
    "PSEUDOROOT": "need_affix",
    "CIRCUMFIX": "circumfix",
    "ONLYINCOMPOUND": "only_in_compound",
    "FORBIDDENWORD": "forbidden",
    "KEEPCASE": "keep_case",
}


def _read_aff_line(affix: AffixFile, lines: _Lines) -> None:
    """Read the next line (a whole PFX/SFX block when it is a block's header)."""
    fields = lines.next()
    if not fields or fields[0].startswith("#"):
        return
    key = fields[0]
    if key == "FLAG" and len(fields) > 1:
        affix.flag_format = {"long": "long", "num": "num"}.get(fields[1], "char")
    elif key in _FLAG_KEYS and len(fields) > 1:
        setattr(affix, _FLAG_KEYS[key], _parse_flag(affix, fields[1]))
    elif key in {"PFX", "SFX"}:
        _read_affix_block(affix, key, fields, lines)


def _read_affix_block(affix: AffixFile, kind: str, header: list[str], lines: _Lines) -> None:
    """A PFX/SFX block: `KIND FLAG Y|N COUNT`, then COUNT rules of that flag."""
    if len(header) < 4:
        raise AffixFormatError("short_header", kind=kind)
    flag = _parse_flag(affix, header[1])
    cross = header[2] == "Y"
    count = header[3]
    if not (count.isascii() and count.isdigit() and len(count) <= 9):
        raise AffixFormatError("bad_count", kind=kind, count=count[:20])
    table = affix.prefixes if kind == "PFX" else affix.suffixes
    rules = table.setdefault(flag, [])
    for _ in range(int(count)):
        if not lines:
            raise AffixFormatError("missing_rules", kind=kind, flag=flag)
        rule = lines.next()
        if len(rule) < 4 or rule[0] != kind or _parse_flag(affix, rule[1]) != flag:
            raise AffixFormatError("bad_rule", kind=kind, flag=flag)
        strip = "" if rule[2] == "0" else rule[2]
        add, _, cont = rule[3].partition("/")
        add = "" if add == "0" else add
        condition = rule[4] if len(rule) > 4 else "."
        morph = " ".join(rule[5:])
        flags = affix.split_flags(cont)
        rules.append(make_rule(kind, flag, cross, strip, add, flags, condition, morph))


@dataclass(frozen=True)
class DicEntry:
    """One stem of a .dic file: the word, its flags and its morphological fields."""

    word: str
    flags: frozenset[str]
    morph: tuple[str, ...]


def parse_dic(text: str, affix: AffixFile, path: str = "<dic>") -> Iterator[DicEntry]:
    """The entries of a .dic file (the first line, the count, is skipped);
    AffixFormatError names `path` and the line."""
    lines = text.splitlines()
    for number, line in enumerate(lines[1:], 2):
        fields = line.split()
        if not fields:
            continue
        head = fields[0]
        slash = _unescaped_slash(head)
        if slash < 0:
            word, flags = head, frozenset[str]()
        else:
            try:
                word, flags = head[:slash], affix.split_flags(head[slash + 1 :])
            except AffixFormatError as error:
                raise AffixFormatError("in_file", path=path, line=number, error=error) from None
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
