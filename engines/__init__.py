"""Pure game rules, one package per game. No I/O, no processes, no Qt, no global randomness."""
