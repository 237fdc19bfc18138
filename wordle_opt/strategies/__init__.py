"""Strategies that pick a guess (entropy, minimax, ..., the optimal tree) and
the simulation of games played by them."""

from wordle_opt.strategies.builtin import STRATEGIES, Strategy, get_strategy
from wordle_opt.strategies.simulation import compare, simulate

__all__ = ["STRATEGIES", "Strategy", "compare", "get_strategy", "simulate"]
