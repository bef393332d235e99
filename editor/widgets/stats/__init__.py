"""Card statistics (issue 17): what each card of a program did in battle, as a view any part of
the app can show (:class:`~editor.widgets.stats.card_stats_view.CardStatsView`), and a window that
counts them over replays without freezing the app
(:class:`~editor.widgets.stats.card_stats_dialog.CardStatsDialog`).

Reusing them elsewhere (the card list's share per card, say):

- the numbers are :class:`arena.card_stats.ProgramStats` (``stats.cards[i]`` is card ``i``'s
  :class:`~arena.card_stats.CardTally`; ``stats.share(tally)`` its share of the program's
  choices), from :func:`arena.card_stats.stats_of_battle` for a battle just played, or
  :func:`arena.stats_count.count_stats` over replay files (``step(done, total)`` reports progress
  and may raise to stop);
- count replays off the GUI thread and off its GIL: ``FunctionJob("card statistics").start(lambda
  control: count_in_child_process(files, control))`` (:mod:`editor.widgets.stats.stats_count`,
  :mod:`editor.widgets.parts.worker_thread`; the counting runs in a child process), its
  ``finished`` carries the :class:`~arena.stats_count.CountedStats` (None after
  ``failed`` or ``cancelled``); or let :meth:`CardStatsDialog.count` do it with progress and Cancel;
- show them: ``CardStatsView.show_stats(stats)``, ``show_message(text)`` when there are none;
  ``cardChosen(card)`` says which card's row the user chose (``RANDOM`` for the random picks)."""
