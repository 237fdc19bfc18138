"""Errors users see.  Every message is one line naming what was wrong."""


class WordleOptError(ValueError):
    """Base class: bad input (word, list, pattern, tree, option)."""


class WordListError(WordleOptError):
    """A word list is malformed, or a word is not in the list it must be in."""


class PatternError(WordleOptError):
    """Feedback that is not a colouring."""


class TreeError(WordleOptError):
    """A decision tree that breaks the rules or cannot be read."""


class HardModeError(WordleOptError):
    """A guess that breaks the hard-mode rule in force."""
