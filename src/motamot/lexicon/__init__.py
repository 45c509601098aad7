"""Word lists: folding (W2), the compiled DAWG, built-in and user dictionaries."""

from motamot.lexicon.dawg import Lexicon, LexiconFormatError
from motamot.lexicon.fold import FoldError, FoldReason, fold, try_fold
from motamot.lexicon.layout import NO_NODE
from motamot.lexicon.registry import (
    BUILTIN_DICTIONARIES,
    DEFAULT_DICTIONARY,
    DictionaryNotFound,
    compile_user_list,
    load_lexicon,
)
from motamot.lexicon.wordlist import WordListError

__all__ = [
    "BUILTIN_DICTIONARIES",
    "DEFAULT_DICTIONARY",
    "NO_NODE",
    "DictionaryNotFound",
    "FoldError",
    "FoldReason",
    "Lexicon",
    "LexiconFormatError",
    "WordListError",
    "compile_user_list",
    "fold",
    "load_lexicon",
    "try_fold",
]
