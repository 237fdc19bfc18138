"""Bundled word lists (package data); see README.md here."""
