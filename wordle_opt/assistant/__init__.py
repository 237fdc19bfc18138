"""The play assistant: the best next guess for a game in progress, and what it costs."""
