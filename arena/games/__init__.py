"""Games as one contract: a descriptor per game (:mod:`arena.games.descriptor`), typed options
(:mod:`arena.games.options`) and the registry (:mod:`arena.games.registry`)."""
