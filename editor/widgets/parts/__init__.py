"""Parts every role shares: seat colours, names and cards, section headings, the seat plots,
the sandbox option, and running a widget on its own."""
