"""Other games on the same core: Absurdle, and several boards at once."""
