"""Card statistics (issue 17): what each card of a program did in battle, as a view any part of
the app can show (:class:`~editor.widgets.stats.card_stats_view.CardStatsView`), and a window that
counts them over replays without freezing the app
(:class:`~editor.widgets.stats.card_stats_dialog.CardStatsDialog`)."""
