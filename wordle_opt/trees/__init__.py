"""Decision trees: nodes, the tree with its lists, the text and JSON files, and
verification from the rules alone."""

from wordle_opt.trees.node import Node
from wordle_opt.trees.tree import Tree
from wordle_opt.trees.verification import VerifyReport, verify

__all__ = ["Node", "Tree", "VerifyReport", "verify"]
