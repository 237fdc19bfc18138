"""Reviews of played games: each guess's exact cost against the best guess."""

from wordle_opt.reviews.reviewer import Review, review

__all__ = ["Review", "review"]
