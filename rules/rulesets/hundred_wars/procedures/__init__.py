"""Pure procedures of A Hundred Wars: plain inputs + Dice -> a result object."""
